package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor inspect} and {@code arbor demo NAME --inspect}: a game in real time behind the printed URL. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InspectCommandTest {
    private static final Pattern URL = Pattern.compile("Arbor inspector: (http://127\\.0\\.0\\.1:\\d+/)");

    /** Runs the command on another thread; returns once its URL is printed. */
    private static final class Running {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final CompletableFuture<Integer> exit;
        final URI url;

        Running(String... args) throws Exception {
            PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
            exit = CompletableFuture.supplyAsync(() -> Main.execute(args, ps, ps));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            Matcher m;
            while (!(m = URL.matcher(out())).find()) {
                if (exit.isDone() || System.nanoTime() > deadline) {
                    throw new AssertionError("no URL printed: " + out());
                }
                Thread.sleep(20);
            }
            url = URI.create(m.group(1));
        }

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String get(String path) throws Exception {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(url.resolve(path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            return r.body();
        }

        /** The status, once it says {@code what} (the game attaches its machines just after the URL is printed). */
        String status(String what) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            String s;
            while (!(s = get("/api/status")).contains(what) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            return s;
        }

        int await() throws Exception {
            return exit.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aDemoRunsInRealTimeWithTheInspectorUntilStopped() throws Exception {
        Running demo = new Running("demo", "guard", "--inspect", "--tick-rate", "50", "--stop-after", "400"); // eight seconds: time to ask while it runs, on a busy machine too
        assertThat(demo.get("/")).contains("<title>Arbor inspector</title>");
        assertThat(demo.status("\"attached\":1")).contains("\"controls\":true");
        assertThat(demo.await()).isZero();
        assertThat(demo.out()).contains("running the guard demo in real time (50.0 ticks a second)",
                "Guard NPC (component HSM)", "-- the story starts again");
    }

    @Test
    void aJsonChartRunsWithItsEventsRecordedAndTheRecordingReplays(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("door.jsonl");
        Running run = new Running("inspect", Cli.chart("door.json").toString(), "--events", "knock open close",
                "--tick-rate", "50", "--stop-after", "25", "--record", recording.toString());
        assertThat(run.status("\"attached\":1")).contains("\"attached\":1");
        assertThat(run.await()).isZero();
        // the chart's log lines are printed as arbor run prints them; the page shows the rest of the trace
        assertThat(run.out()).contains("running " + Cli.chart("door.json"), "log closed: who is there?")
                .doesNotContain("enter closed");
        assertThat(Files.readAllLines(recording)).first().asString().contains("\"format\":\"arbor-inspector\"");
        assertThat(Files.readString(recording)).contains("\"event\":\"knock\"", "\"event\":\"open\"", "\"event\":\"close\"");

        Running replay = new Running("inspect", "--replay", recording.toString(), "--tick-rate", "50", "--stop-after", "10");
        assertThat(replay.status("\"attached\":1")).contains("\"replay\":true", "\"controls\":false");
        assertThat(replay.await()).isZero();
        assertThat(replay.out()).contains("serving the recording " + recording);
    }

    @Test
    void anScxmlDocumentRunsOnItsSession() throws Exception {
        Running run = new Running("inspect", Cli.chart("lamp.scxml").toString(), "--events", "flip",
                "--tick-rate", "50", "--stop-after", "20");
        assertThat(run.status("\"attached\":1")).contains("\"attached\":1");
        assertThat(run.await()).isZero();
    }

    @Test
    void badInputIsRefusedWithAClearMessage(@TempDir Path dir) throws Exception {
        Cli none = Cli.run("inspect");
        assertThat(none.exit()).isEqualTo(1);
        assertThat(none.err()).contains("arbor: inspect needs a chart FILE (or --replay RECORDING)");
        Cli remote = Cli.run("inspect", Cli.chart("door.json").toString(), "--host", "0.0.0.0", "--stop-after", "1");
        assertThat(remote.exit()).isEqualTo(1);
        assertThat(remote.err()).contains("binding 0.0.0.0 needs allowRemote (--allow-remote)");
        Path junk = dir.resolve("junk.jsonl");
        Files.writeString(junk, "hello\n");
        Cli replay = Cli.run("inspect", "--replay", junk.toString());
        assertThat(replay.exit()).isEqualTo(1);
        assertThat(replay.err()).contains("arbor: " + junk + ":1: not JSON");
        Cli rate = Cli.run("demo", "guard", "--inspect", "--tick-rate", "0");
        assertThat(rate.exit()).isEqualTo(1);
        assertThat(rate.err()).contains("--tick-rate must be more than 0");
    }
}
