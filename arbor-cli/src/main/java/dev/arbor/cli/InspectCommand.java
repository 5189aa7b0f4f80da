package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.inspector.Inspector;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import dev.arbor.scxml.ScxmlSession;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor inspect FILE}: runs a chart file in real time with the live inspector, its events
 * fired one a tick, hot-reloading a JSON file when it changes; {@code arbor inspect --replay FILE}
 * serves a recording with no game running.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Runs a chart file (JSON or SCXML) in real time and serves the live inspector; prints its URL.",
                "A JSON file is reloaded when it changes (the page redraws and shows the migration report).",
                "With --replay, serves a recording made with --record instead, with no game running."})
final class InspectCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "The chart file (.json or .scxml).")
    Path file;

    @Mixin
    ComponentsOption components = new ComponentsOption();

    @Option(names = {"-e", "--events"}, paramLabel = "EVENTS", defaultValue = "",
            description = "Events to fire, one a tick from the first, separated by spaces.")
    String events;

    @Option(names = "--replay", paramLabel = "RECORDING", description = "Serve a recording instead of running a chart.")
    Path replay;

    @Mixin
    InspectorOptionsMixin inspect = new InspectorOptionsMixin();

    @ParentCommand
    Main main;

    @Override
    public Integer call() throws Exception {
        if (replay != null) {
            if (file != null) {
                throw new CliFailure("give a chart FILE or --replay RECORDING, not both");
            }
            return serveReplay();
        }
        if (file == null) {
            throw new CliFailure("inspect needs a chart FILE (or --replay RECORDING)");
        }
        ChartFiles.Loaded loaded = ChartFiles.loadOrFail(file, components.libraries);
        try (Inspector inspector = inspect.start(main.out)) {
            if (loaded instanceof ChartFiles.Scxml scxml) {
                runScxml(scxml, inspector);
            } else {
                runJson((ChartFiles.Json<?>) loaded, inspector);
            }
        }
        return 0;
    }

    private int serveReplay() throws InterruptedException {
        try (Inspector inspector = Inspector.replay(replay, inspect.options().quiet())) {
            main.out.println("Arbor inspector: " + inspector.url());
            main.out.println("serving the recording " + replay + "; stop with Ctrl-C");
            main.out.flush();
            long start = System.nanoTime();
            for (long t = 1; !inspect.over(t); t++) {
                inspect.pace(start, t);
            }
            return 0;
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), e);
        } catch (IOException e) {
            throw new CliFailure(replay + ": cannot be read (" + e.getMessage() + ")", e);
        }
    }

    private Queue<String> events() {
        return new ArrayDeque<>(Arrays.stream(events.trim().split("\\s+")).filter(e -> !e.isEmpty()).toList());
    }

    /** A JSON chart: one machine, its events one a tick, the file watched for changes. */
    private <C> void runJson(ChartFiles.Json<C> json, Inspector inspector) throws IOException {
        TraceWriter trace = new TraceWriter(main.out);
        ChartLoader<C> loader = ChartFiles.loader(json.components());
        ReloadListener<C> printer = ChartFiles.printingReloads(main.out);
        try (ChartWatcher<C> watcher = ChartWatcher.of(loader, inspector.reloadListener(printer))) {
            Chart<C> chart = watcher.watch(file);
            Machine<C> machine = json.newMachine(trace);
            if (chart != json.chart()) {
                machine = chart.newMachine(machine.owner());
            }
            machine.addListener(trace.logsOnly()); // the log lines, printed as before; the page shows the rest
            watcher.register(file, machine);
            watcher.start(Duration.ofMillis(500));
            inspector.attach(machine, String.valueOf(file.getFileName()));
            main.out.println("running " + file + " (" + inspect.tickRate + " ticks a second); stop with Ctrl-C");
            main.out.flush();
            machine.start();
            Queue<String> queue = events();
            long start = System.nanoTime();
            for (long t = 1; !inspect.over(t); t++) {
                inspector.gate();
                watcher.applyPending();
                String event = queue.poll();
                if (event != null && !machine.isHalted()) {
                    machine.fire(event);
                }
                machine.update();
                inspect.pace(start, t);
            }
        }
    }

    /** An SCXML document: one session; its events, and those sent from the page, through its queue. */
    private void runScxml(ChartFiles.Scxml scxml, Inspector inspector) {
        TraceWriter trace = new TraceWriter(main.out);
        ScxmlSession session = scxml.document().newSession(trace::log);
        Queue<String> fromPage = new ConcurrentLinkedQueue<>();
        // A session lends its machine to listeners only (events must go through its queues): the
        // inspector attaches to it when the start step ends, and the page's events go to the queue.
        String name = String.valueOf(file.getFileName());
        session.addListener(new MachineListener() {
            private boolean attached;

            @Override
            public void onStepEnd(Machine<?> machine) {
                if (!attached) {
                    attached = true;
                    inspector.attach(machine, name, fromPage::add);
                }
            }
        });
        main.out.println("running " + file + " (" + inspect.tickRate + " ticks a second); stop with Ctrl-C");
        main.out.flush();
        session.start();
        Queue<String> queue = events();
        long millisPerTick = Math.max(1, Math.round(1000 / inspect.tickRate));
        long start = System.nanoTime();
        for (long t = 1; !inspect.over(t); t++) {
            inspector.gate();
            String event = queue.poll();
            if (event != null && !session.isHalted()) {
                session.fire(event);
            }
            for (String e = fromPage.poll(); e != null && !session.isHalted(); e = fromPage.poll()) {
                session.fire(e);
            }
            session.advanceTime(millisPerTick); // delayed sends fall due on the session's virtual clock
            inspect.pace(start, t);
        }
    }
}
