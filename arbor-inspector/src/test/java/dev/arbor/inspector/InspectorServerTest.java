package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Machine;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The web server's rules: its own Host and Origin only, the token when one is set, controls checked, output bounded. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class InspectorServerTest {

    static InspectorOptions quiet() {
        return InspectorOptions.defaults().quiet();
    }

    @Test
    void listensOnLoopbackByDefaultAndRefusesAnyOtherAddressUnlessAllowed() throws Exception {
        try (Inspector inspector = Inspector.start(quiet())) {
            assertThat(inspector.url().getHost()).isEqualTo("127.0.0.1");
            assertThat(inspector.url().getQuery()).isNull(); // no token on loopback
        }
        assertThatThrownBy(() -> Inspector.start(quiet().withHost("0.0.0.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("binding 0.0.0.0 needs allowRemote");
    }

    @Test
    void refusesAForeignHostOrOrigin() throws Exception {
        try (Inspector inspector = Inspector.start(quiet())) {
            URI u = inspector.url();
            String own = Http.host(u);
            assertThat(Http.get(u, "/api/status", own).status()).isEqualTo(200);
            assertThat(Http.get(u, "/api/status", "localhost:" + u.getPort()).status()).isEqualTo(200);
            // DNS rebinding: a page of evil.example resolved to 127.0.0.1 sends its own name as Host
            Http.Response rebound = Http.get(u, "/", "evil.example:" + u.getPort());
            assertThat(rebound.status()).isEqualTo(403);
            assertThat(rebound.body()).contains("Host 'evil.example:" + u.getPort() + "' is not this inspector's");
            assertThat(Http.get(u, "/api/status", "127.0.0.1:1").status()).isEqualTo(403);
            // a cross-site request from another page carries that page's Origin
            Http.Response cross = Http.post(u, "/api/control", own, "{\"action\":\"pause\"}",
                    "Origin: http://evil.example");
            assertThat(cross.status()).isEqualTo(403);
            assertThat(cross.body()).contains("Origin 'http://evil.example' is not this inspector's");
            assertThat(inspector.isPaused()).isFalse();
            assertThat(Http.post(u, "/api/control", own, "{\"action\":\"pause\"}",
                    "Origin: http://" + own).status()).isEqualTo(200);
            assertThat(inspector.isPaused()).isTrue();
        }
    }

    @Test
    void aTokenOnceSetIsRequiredOnEveryRequest() throws Exception {
        String token = "s3cret-token-0123456789";
        try (Inspector inspector = Inspector.start(quiet().withToken(token))) {
            URI u = inspector.url();
            assertThat(u.getQuery()).isEqualTo("token=" + token);
            String own = Http.host(u);
            Http.Response none = Http.get(u, "/api/status", own);
            assertThat(none.status()).isEqualTo(401);
            assertThat(none.body()).contains("needs its access token");
            assertThat(Http.get(u, "/", own).status()).isEqualTo(401);
            assertThat(Http.get(u, "/api/status?token=wrong-token-0123456789", own).status()).isEqualTo(401);
            assertThat(Http.get(u, "/api/status?token=" + token, own).status()).isEqualTo(200);
            assertThat(Http.get(u, "/api/status", own, "X-Arbor-Token: " + token).status()).isEqualTo(200);
        }
    }

    @Test
    void eventsFromThePageAreCheckedAgainstTheChartAndPostedToTheMachine() throws Exception {
        try (Inspector inspector = Inspector.start(quiet()); GameLoop loop = new GameLoop(inspector, 5)) {
            Machine<Npc.Owner> npc = loop.add(Npc.chart().newMachine(new Npc.Owner()), "npc-1");
            URI u = inspector.url();
            String own = Http.host(u);
            Http.Response unknown = Http.post(u, "/api/send", own, "{\"machine\":0,\"event\":\"DANCE\"}");
            assertThat(unknown.status()).isEqualTo(400);
            assertThat(unknown.body()).contains("chart 'npc' has no event 'DANCE'", "SEE_ENEMY");
            assertThat(Http.post(u, "/api/send", own, "{\"machine\":7,\"event\":\"HIT\"}").body())
                    .contains("no machine is attached as 7");
            assertThat(Http.post(u, "/api/send", own, "{\"machine\":\"x\"}").status()).isEqualTo(400);
            assertThat(Http.post(u, "/api/send", own, "not json").body()).contains("the body is not JSON");
            // a form post from another site cannot carry the JSON type without a preflight
            assertThat(Http.post(u, "/api/send", own, "machine=0", "Content-Type: application/x-www-form-urlencoded")
                    .status()).isEqualTo(415);
            assertThat(Http.post(u, "/api/send", own, "[1,2]").status()).isEqualTo(400);
            assertThat(Http.post(u, "/api/control", own, "{\"action\":\"explode\"}").body())
                    .contains("action must be pause, step or resume");
            assertThat(loop.call(() -> npc.isIn(Npc.St.WALK))).isTrue();

            assertThat(Http.post(u, "/api/send", own, "{\"machine\":0,\"event\":\"SEE_ENEMY\"}").status())
                    .isEqualTo(200);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!loop.call(() -> npc.isIn(Npc.St.COMBAT)) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(loop.call(() -> npc.isIn(Npc.St.COMBAT))).isTrue();
        }
    }

    @Test
    void controlsAreOffOnAnInspectorThatDoesNotAllowThem() throws Exception {
        // A page on a non-loopback bind gets no controls unless they are allowed; the rule is the
        // server's, checked here on loopback with controls off (tests listen on loopback only).
        dev.arbor.inspector.model.Model model = new dev.arbor.inspector.model.Model(8);
        var settings = new dev.arbor.inspector.web.WebServer.Settings(java.net.InetAddress.getLoopbackAddress(), 0,
                null, false, 10, 2);
        var controls = new dev.arbor.inspector.web.Controls() {
            boolean paused;

            public String send(int slot, String event) {
                throw new AssertionError("must not be called");
            }

            public void pause() {
                paused = true;
            }

            public void step() {}

            public void resume() {}

            public boolean paused() {
                return paused;
            }

            public long dropped() {
                return 0;
            }

            public int backlog() {
                return 0;
            }

            public void sample(int[] slots) {}

            @Override
            public long tick() {
                return 0;
            }
        };
        try (var server = new dev.arbor.inspector.web.WebServer(settings, model, controls, "t")) {
            server.start();
            URI u = URI.create("http://127.0.0.1:" + server.port() + "/");
            Http.Response r = Http.post(u, "/api/control", Http.host(u), "{\"action\":\"pause\"}");
            assertThat(r.status()).isEqualTo(403);
            assertThat(r.body()).contains("controls are off");
            assertThat(Http.post(u, "/api/send", Http.host(u), "{\"machine\":0,\"event\":\"A\"}").status())
                    .isEqualTo(403);
            assertThat(controls.paused).isFalse();
        }
    }

    @Test
    void tenThousandMachinesTickingAt60HzKeepTheOutputWithinItsRate() throws Exception {
        try (Inspector inspector = Inspector.start(quiet().withFramesPerSecond(10))) {
            List<Machine<Npc.Owner>> npcs = new ArrayList<>();
            var chart = Npc.chart();
            for (int i = 0; i < 10_000; i++) {
                Machine<Npc.Owner> m = chart.newMachine(new Npc.Owner());
                inspector.attach(m, "npc-" + i);
                m.start();
                npcs.add(m);
            }
            try (Stream stream = new Stream(inspector.url())) {
                stream.view(3); // a page showing the first 100 and one selected machine
                long start = System.nanoTime();
                long framesBefore = 0;
                long measuredFrom = 0;
                for (int tick = 1; tick <= 180; tick++) { // three seconds at 60 Hz
                    inspector.gate();
                    for (int i = 0; i < npcs.size(); i++) {
                        Machine<Npc.Owner> m = npcs.get(i);
                        if ((i + tick) % 30 == 0) {
                            m.fire(m.isIn(Npc.St.WALK) || m.isIn(Npc.St.WAIT) ? Npc.Ev.ARRIVED : Npc.Ev.LOST_ENEMY);
                        }
                        m.update();
                    }
                    if (tick == 60) {
                        framesBefore = inspector.stats().framesSent();
                        measuredFrom = System.nanoTime();
                    }
                    long due = start + tick * TimeUnit.SECONDS.toNanos(1) / 60;
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                }
                double seconds = (System.nanoTime() - measuredFrom) / 1e9;
                long frames = inspector.stats().framesSent() - framesBefore;
                Inspector.Stats stats = inspector.stats();
                // one page: at most 10 frames a second, whatever 10,000 machines do (a frame's gap is 100 ms)
                assertThat(frames / seconds).isLessThanOrEqualTo(11.0);
                assertThat(frames).isGreaterThan(0);
                assertThat(stats.bytesSent() / Math.max(1, stats.framesSent())).isLessThan(64 * 1024);
                assertThat(stats.attached()).isEqualTo(10_000);
                assertThat(stream.lastFrame()).contains("\"total\":10000");
            }
        }
    }

    @Test
    void aClientThatStopsReadingBlocksNeitherTheGameNorGrowsMemory() throws Exception {
        try (Inspector inspector = Inspector.start(quiet().withFramesPerSecond(60).withRingCapacity(1 << 12))) {
            var chart = Npc.chart();
            List<Machine<Npc.Owner>> npcs = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                Machine<Npc.Owner> m = chart.newMachine(new Npc.Owner());
                inspector.attach(m, "npc-" + i);
                m.start();
                npcs.add(m);
            }
            URI u = inspector.url();
            // Opens the stream and never reads it: the server's writes fill the socket and block.
            try (Socket stalled = new Socket(u.getHost(), u.getPort())) {
                stalled.setReceiveBufferSize(4096);
                stalled.getOutputStream().write(("GET /api/stream?client=stalled HTTP/1.1\r\nHost: " + Http.host(u)
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                stalled.getOutputStream().flush();
                Thread.sleep(200);
                // it asks for big frames (500 rows and a machine's trace), which soon fill the socket
                assertThat(Http.post(u, "/api/view?client=stalled", Http.host(u),
                        "{\"filter\":\"\",\"offset\":0,\"limit\":500,\"selected\":1}").status()).isEqualTo(200);
                try (Stream reader = new Stream(u)) {
                    reader.view(0);
                    long heapBefore = usedHeapAfterGc();
                    long start = System.nanoTime();
                    long ticks = 0;
                    long stalledAt3s = -1;
                    long readerAt3s = -1;
                    while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5)) {
                        if (stalledAt3s < 0 && System.nanoTime() - start > TimeUnit.SECONDS.toNanos(3)) {
                            readerAt3s = reader.frames();
                            stalledAt3s = framesWritten(u, "stalled");
                        }
                        inspector.gate();
                        for (Machine<Npc.Owner> m : npcs) {
                            m.fire(Npc.Ev.ARRIVED);
                            m.update();
                        }
                        ticks++;
                    }
                    long heapAfter = usedHeapAfterGc();
                    Inspector.Stats stats = inspector.stats();
                    // the game ran flat out for four seconds (thousands of ticks of 2,000 machines), unhindered
                    assertThat(ticks).isGreaterThan(100);
                    assertThat(stats.clients()).isEqualTo(2);
                    // the stalled page's stream blocked once the socket was full (it got no frame in the last two
                    // seconds) while the reader went on getting them
                    assertThat(framesWritten(u, "stalled")).isEqualTo(stalledAt3s);
                    // (at most 120 at 60 a second; on two busy cores, with the game running flat out, far fewer)
                    assertThat(reader.frames() - readerAt3s).isGreaterThan(5);
                    // nothing queued for it: the rings are bounded and the heap did not grow with the stream
                    assertThat(stats.backlog()).isLessThanOrEqualTo(1 << 12);
                    assertThat(heapAfter - heapBefore).isLessThan(48L << 20);
                }
            }
        }
    }

    /** Frames the server has written to a page's stream, from its status. */
    private static long framesWritten(URI u, String client) throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + client + "\":(\\d+)")
                .matcher(Http.get(u, "/api/status", Http.host(u)).body());
        assertThat(m.find()).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
    }

    /** A page's stream, read on a thread of its own, counting frames. */
    static final class Stream implements AutoCloseable {
        private final URI base;
        private final String client = "t" + System.nanoTime();
        private final Socket socket;
        private final Thread reader;
        private volatile long frames;
        private volatile String last = "";
        /** The last frames, newest last. */
        private final java.util.concurrent.ConcurrentLinkedDeque<String> recent = new java.util.concurrent.ConcurrentLinkedDeque<>();

        Stream(URI base) throws Exception {
            this.base = base;
            socket = new Socket(base.getHost(), base.getPort());
            socket.getOutputStream().write(("GET /api/stream?client=" + client + " HTTP/1.1\r\nHost: " + Http.host(base)
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            reader = new Thread(this::read, "test-stream-reader");
            reader.setDaemon(true);
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (frames == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }

        private void read() {
            try (InputStream in = socket.getInputStream()) {
                java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
                int c;
                while ((c = in.read()) >= 0) {
                    if (c == '\n') {
                        String l = line.toString(StandardCharsets.UTF_8);
                        if (l.startsWith("data: ")) {
                            last = l;
                            recent.addLast(l);
                            if (recent.size() > 50) {
                                recent.pollFirst();
                            }
                            frames++;
                        }
                        line.reset();
                    } else {
                        line.write(c);
                    }
                }
            } catch (Exception e) {
                // closed
            }
        }

        void view(int selected) throws Exception {
            Http.Response r = Http.post(base, "/api/view?client=" + client, Http.host(base),
                    "{\"filter\":\"\",\"offset\":0,\"limit\":100,\"selected\":" + selected + "}");
            assertThat(r.status()).isEqualTo(200);
        }

        long frames() {
            return frames;
        }

        String lastFrame() {
            return last;
        }

        /** The newest of the last 50 frames that contains {@code text}, or null. */
        String lastFrameWith(String text) {
            for (var it = recent.descendingIterator(); it.hasNext(); ) {
                String f = it.next();
                if (f.contains(text)) {
                    return f;
                }
            }
            return null;
        }

        @Override
        public void close() throws Exception {
            socket.close();
        }
    }
}
