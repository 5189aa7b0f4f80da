package dev.arbor.inspector;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.inspector.capture.Capture;
import dev.arbor.inspector.model.Model;
import dev.arbor.inspector.model.Wire;
import dev.arbor.inspector.studio.Studio;
import dev.arbor.inspector.web.Controls;
import dev.arbor.inspector.web.WebServer;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.reload.ReloadListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A live inspector: a web page, served on 127.0.0.1, showing every attached machine's chart with
 * its active states and designer variables, its trace step by step, its timers and the telegrams
 * between agents, while the game runs; with controls to send events and to pause and step the
 * game loop. On each chart it marks what the machines of that chart have covered, and greys what
 * its analysis ({@code dev.arbor.analysis.ChartAnalysis}, run once a chart in the background)
 * finds no run can ever reach.
 *
 * <pre>{@code
 * Inspector inspector = Inspector.start(InspectorOptions.defaults());   // prints the page's URL
 * inspector.attach(guard, "guard-1");
 * while (running) {
 *     inspector.gate();            // once per tick: counts it, and waits here while the page pauses the game
 *     guard.update();
 * }
 * inspector.close();
 * }</pre>
 *
 * <p>It is held to the game's budget. An attached machine's listener writes each record into a
 * preallocated ring of the thread that runs it: no allocation, no lock, no I/O on the game thread.
 * A collector thread drains the rings into the model the page is drawn from; when it falls behind
 * (or nothing reads), records are dropped and counted, never queued without bound. A machine not
 * attached pays nothing. Attach, detach and {@link #gate()} on the game thread.
 *
 * <p>The game loop owns time: pausing and stepping from the page take effect in {@link #gate()},
 * and events sent from the page reach their machine through {@link Machine#post}, fired by its next
 * {@link Machine#update()}.
 */
public final class Inspector implements AutoCloseable {
    private final InspectorOptions options;
    private final Capture capture;
    private final Model model;
    private final Collector collector;
    private final WebServer server;
    private final URI url;

    private Inspector(InspectorOptions options, Capture capture, Model model, Collector collector, WebServer server,
                      URI url) {
        this.options = options;
        this.capture = capture;
        this.model = model;
        this.collector = collector;
        this.server = server;
        this.url = url;
    }

    /**
     * Starts an inspector and its web server, and prints the page's URL unless the options are quiet.
     *
     * @param options where to listen, who may connect, and the capture's sizes
     * @return the running inspector, to attach machines to; close it to stop the server
     * @throws IllegalArgumentException when the options bind an address other than loopback without allowing it
     * @throws IOException              when the server cannot listen
     */
    public static Inspector start(InspectorOptions options) throws IOException {
        Objects.requireNonNull(options, "options");
        Capture capture = new Capture(options.ringCapacity());
        Model model = new Model(options.traceLength());
        Collector collector = new Collector(capture, model);
        Inspector inspector = serve(options, model, capture, collector);
        collector.start();
        return inspector;
    }

    /**
     * Serves a recording ({@link #record}, {@code arbor inspect --record}) with no game running:
     * the page shows the session as it ended, with its traces to step through.
     *
     * @param recording a file written by {@link #record}
     * @param options   where to listen and who may connect
     * @return the inspector serving the recording; it has no game to attach to or control
     * @throws IllegalArgumentException naming the file and line of the first record that cannot be read
     * @throws IOException              when the file cannot be read or the server cannot listen
     */
    public static Inspector replay(Path recording, InspectorOptions options) throws IOException {
        Objects.requireNonNull(recording, "recording");
        Model model = new Model(options.traceLength());
        try (BufferedReader in = Files.newBufferedReader(recording, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                Wire.Line parsed;
                try {
                    parsed = Wire.read(line);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(recording + ":" + n + ": " + e.getMessage(), e);
                }
                if (n == 1 && !(parsed instanceof Wire.Hello)) {
                    throw new IllegalArgumentException(recording + ":1: not an Arbor inspector recording (no hello line)");
                }
                if (parsed instanceof Wire.ChartLine c) {
                    model.addChart(c.chart());
                } else if (parsed instanceof Wire.RecordLine r) {
                    model.apply(r.rec());
                }
            }
            if (n == 0) {
                throw new IllegalArgumentException(recording + ": empty, not an Arbor inspector recording");
            }
        }
        return serve(options, model, null, null);
    }

    private static Inspector serve(InspectorOptions options, Model model, Capture capture, Collector collector)
            throws IOException {
        InetAddress address = InetAddress.getByName(options.host());
        boolean loopback = address.isLoopbackAddress();
        if (!loopback && !options.allowRemote()) {
            throw new IllegalArgumentException("the inspector listens on loopback unless allowed: binding "
                    + options.host() + " needs allowRemote (--allow-remote), and then every request needs the token");
        }
        InspectorOptions.StudioFile studioFile = options.studio();
        // The studio always has a token: on loopback it guards the studio's requests and the writes.
        String token = options.token() != null ? options.token() : loopback && studioFile == null ? null : newToken();
        boolean tokenEverywhere = options.token() != null || !loopback;
        boolean controls = loopback || options.allowRemoteControls();
        WebServer.Settings settings = new WebServer.Settings(address, options.port(), token, controls,
                options.framesPerSecond(), options.maxClients(), tokenEverywhere);
        Controls c = capture == null ? null : new LiveControls(capture, collector);
        Studio studio = studioFile == null ? null : new Studio(studioFile.file(), studioFile.loader(), studioFile.libraries());
        String title = capture == null ? "Arbor inspector (replay)" : studio != null ? "Arbor studio" : "Arbor inspector";
        WebServer server = new WebServer(settings, model, c, title, studio);
        server.start();
        String host = address.isAnyLocalAddress() ? InetAddress.getLocalHost().getHostAddress() : address.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        URI url = URI.create("http://" + host + ":" + server.port() + "/" + (token == null ? "" : "?token=" + token));
        if (options.printUrl()) {
            System.out.println("Arbor inspector: " + url);
            System.out.flush();
        }
        return new Inspector(options, capture, model, collector, server, url);
    }

    private static String newToken() {
        byte[] b = new byte[18];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** {@return the page's address (with its token when one is needed)} */
    public URI url() {
        return url;
    }

    // ---------------------------------------------------------------- the game thread

    /**
     * Attaches a machine under a name (shown and filtered on the page; need not be unique).
     * Call on the machine's thread, between its steps.
     *
     * @param machine the machine to show; events sent from the page reach it through {@link Machine#post}
     * @param name    its name on the page
     * @return this inspector, to attach more
     * @throws IllegalArgumentException when it is attached already
     */
    public Inspector attach(Machine<?> machine, String name) {
        live().attach(machine, name, null);
        return this;
    }

    /**
     * Attaches a machine whose events must go another way than {@link Machine#post}, such as an
     * SCXML session's queue: events sent from the page, checked against the chart's names, are
     * handed to {@code sender} by name, on a server thread (it must be thread-safe).
     *
     * @param machine the machine to show
     * @param name    its name on the page
     * @param sender  takes the name of each event sent from the page
     * @return this inspector, to attach more
     * @throws IllegalArgumentException when it is attached already
     */
    public Inspector attach(Machine<?> machine, String name, Consumer<String> sender) {
        live().attach(machine, name, Objects.requireNonNull(sender, "sender"));
        return this;
    }

    /**
     * Detaches a machine: it pays nothing again.
     *
     * @param machine an attached machine
     * @return false when it was not attached
     */
    public boolean detach(Machine<?> machine) {
        return live().detach(machine);
    }

    /**
     * Attaches a dispatcher, for the page's sequence view of the telegrams between agents and its
     * list of pending ones. Agents are named after their machines when those are attached first.
     *
     * @param dispatcher the dispatcher whose telegrams to show
     * @return this inspector, to attach more
     * @throws IllegalArgumentException when it is attached already or has another listener
     */
    public Inspector attach(Dispatcher dispatcher) {
        live().attach(dispatcher);
        return this;
    }

    /**
     * Detaches a dispatcher, which then has no listener.
     *
     * @param dispatcher an attached dispatcher
     * @return false when it was not attached
     */
    public boolean detach(Dispatcher dispatcher) {
        return live().detach(dispatcher);
    }

    /**
     * The game loop's gate: call once per tick, before ticking the machines. It counts the tick,
     * samples the clocks of the machines the page shows and, while the page has the game paused,
     * waits here until it steps or resumes. Returns at once otherwise, allocating nothing.
     * If the thread is interrupted while waiting, it returns with the interrupt flag set.
     *
     * @return the tick about to run (1, 2, ...)
     */
    public long gate() {
        try {
            return live().gate();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return capture.currentTick();
        }
    }

    /** Pauses the game at its next {@link #gate()}, as the page's Pause button does. */
    public void pause() {
        live().pause();
    }

    /** While paused, lets one tick through the gate. */
    public void step() {
        live().step();
    }

    /** Lets the game run again. */
    public void resume() {
        live().resume();
    }

    /** {@return whether the game is paused, from the page or by {@link #pause()}} */
    public boolean isPaused() {
        return capture != null && capture.paused();
    }

    /**
     * Tells the page that a machine moved onto a new chart, with the move's report. Call on the game thread.
     *
     * @param machine the attached machine that moved
     * @param report  what {@link Machine#moveTo} returned
     */
    public void reloaded(Machine<?> machine, MigrationReport report) {
        live().reloaded(machine, report);
    }

    /**
     * A {@link ReloadListener} for a {@code ChartWatcher} that tells this inspector of every move
     * (the page redraws the chart and shows the report) and then tells {@code next}.
     *
     * @param next the listener told of everything after this inspector
     * @param <C>  the owner type of the watched chart
     * @return the listener to give the watcher
     */
    public <C> ReloadListener<C> reloadListener(ReloadListener<C> next) {
        Objects.requireNonNull(next, "next");
        return new ReloadListener<>() {
            @Override
            public void loaded(Path file, Chart<C> chart) {
                synchronized (model) {
                    model.loaded();
                }
                next.loaded(file, chart);
            }

            @Override
            public void loadFailed(Path file, Exception error) {
                Model.LoadFailure failure = new Model.LoadFailure(String.valueOf(file), problems(file, error),
                        capture == null ? model.tick() : capture.currentTick());
                synchronized (model) {
                    model.loadFailed(failure);
                }
                next.loadFailed(file, error);
            }

            @Override
            public void moved(Path file, Machine<C> machine, MigrationReport report) {
                reloaded(machine, report);
                next.moved(file, machine, report);
            }

            @Override
            public void moveFailed(Path file, Machine<C> machine, RuntimeException error) {
                next.moveFailed(file, machine, error);
            }
        };
    }

    /** What is wrong with a file that did not load, each problem at its place and on its state where the loader names one. */
    private static List<Model.LoadProblem> problems(Path file, Exception error) {
        List<Model.LoadProblem> out = new ArrayList<>();
        if (error instanceof ChartFileException e) {
            for (ChartFileException.Problem p : e.problems()) {
                out.add(new Model.LoadProblem(p.file(), p.line(), p.column(), p.message(), p.state()));
            }
        } else {
            String m = error.getMessage();
            out.add(new Model.LoadProblem(String.valueOf(file), 0, 0,
                    error.getClass().getSimpleName() + (m == null ? "" : ": " + m), null));
        }
        return out;
    }

    // ---------------------------------------------------------------- recording and state

    /**
     * Writes the inspection stream to a file from now on (replacing any earlier recording): the
     * charts and attached machines as they are, then every record, in the documented wire format.
     *
     * @param file the file to write, replaced if it exists
     * @throws IOException when the file cannot be opened
     */
    public void record(Path file) throws IOException {
        live();
        collector.record(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    /** Stops recording (the file is complete and closed). */
    public void stopRecording() {
        live();
        flush();
        collector.closeRecording();
    }

    /** Waits until every record written so far has reached the model (and the recording). */
    public void flush() {
        if (collector != null) {
            collector.drainAll();
        }
    }

    /**
     * What the inspector is doing.
     *
     * @param attached    machines attached
     * @param collected   records the collector has read so far
     * @param dropped     records dropped so far: not written because a ring was full
     * @param backlog     words written and not yet collected
     * @param clients     pages open
     * @param framesSent  frames sent to pages so far
     * @param bytesSent   bytes of frames sent so far
     * @param tick        the game tick of the last gate
     */
    public record Stats(int attached, long collected, long dropped, int backlog, int clients, long framesSent,
                        long bytesSent, long tick) {}

    /** {@return what the inspector is doing now} */
    public Stats stats() {
        int attached;
        synchronized (model) {
            attached = model.attachedCount();
        }
        boolean live = capture != null;
        return new Stats(attached, live ? collector.collected() : 0, live ? capture.dropped() : 0,
                live ? capture.pending() : 0, server.clients(), server.framesSent(), server.bytesSent(),
                live ? capture.currentTick() : model.tick());
    }

    /** {@return the options it was started with} */
    public InspectorOptions options() {
        return options;
    }

    /** Stops the server and the collector (finishing the recording); attached machines keep running, detached. */
    @Override
    public void close() {
        server.close();
        if (collector != null) {
            collector.stop();
        }
    }

    private Capture live() {
        if (capture == null) {
            throw new IllegalStateException("a replayed recording has no game to attach to or control");
        }
        return capture;
    }

    /** How long a request to the game thread waits for the gate. */
    private static final int GATE_WAIT_SECONDS = 3;

    /** What the page may do to a live game. */
    private static final class LiveControls implements Controls {
        private final Capture capture;
        private final Collector collector;

        LiveControls(Capture capture, Collector collector) {
            this.capture = capture;
            this.collector = collector;
        }

        @Override
        public String send(int slot, String name) {
            Machine<?> m = capture.machineAt(slot);
            if (m == null) {
                return "no machine is attached as " + slot;
            }
            if (name.isEmpty()) {
                return "no event named";
            }
            Chart<?> chart = m.chart();
            Optional<Object> event = chart.namedEvent(name);
            if (event.isEmpty()) {
                String named = chart.namedEvents().stream()
                        .map(e -> e instanceof Enum<?> en ? en.name() : String.valueOf(e)).collect(Collectors.joining(", "));
                return "chart '" + chart.name() + "' has no event '" + name + "'"
                        + (named.isEmpty() ? " (it names none)" : " (it names: " + named + ")");
            }
            Consumer<String> sender = capture.senderAt(slot);
            if (sender != null) {
                sender.accept(name);
            } else {
                m.post(event.get()); // the game thread fires it at the machine's next update()
            }
            return null;
        }

        @Override
        public String setVariable(int slot, String name, String value) {
            Machine<?> m = capture.machineAt(slot);
            if (m == null) {
                return "no machine is attached as " + slot;
            }
            if (!capture.paused()) {
                throw new IllegalStateException("the game is running: pause it to set a variable");
            }
            // Run on the game thread, where the machine lives; the server thread waits for the words.
            AtomicBoolean claimed = new AtomicBoolean();
            CompletableFuture<String> done = new CompletableFuture<>();
            capture.atGate(() -> {
                if (!claimed.compareAndSet(false, true)) {
                    return; // the request gave up waiting: nothing is set
                }
                try {
                    m.variables().set(name, value);
                    done.complete(null);
                } catch (RuntimeException e) {
                    done.complete(e.getMessage() == null ? e.toString() : e.getMessage());
                }
            });
            try {
                return done.get(GATE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                if (claimed.compareAndSet(false, true)) {
                    throw new IllegalStateException("the game did not reach its gate within " + GATE_WAIT_SECONDS
                            + " seconds; nothing was set");
                }
                return done.join(); // the game thread took it just now
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the game's gate");
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }

        @Override
        public void pause() {
            capture.pause();
        }

        @Override
        public void step() {
            capture.step();
        }

        @Override
        public void resume() {
            capture.resume();
        }

        @Override
        public boolean paused() {
            return capture.paused();
        }

        @Override
        public long dropped() {
            return collector.dropped();
        }

        @Override
        public int backlog() {
            return capture.pending();
        }

        @Override
        public long tick() {
            return capture.currentTick();
        }

        @Override
        public void sample(int[] slots) {
            capture.sample(slots);
        }
    }

    /** For tests: the model the page is drawn from (read under its lock). */
    Model model() {
        return model;
    }
}
