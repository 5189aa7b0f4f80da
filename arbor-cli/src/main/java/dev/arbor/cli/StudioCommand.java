package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.inspector.Inspector;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor studio FILE}: serves the inspector with the studio on for one JSON chart file (the
 * page edits, checks and saves it) and runs one machine on it in real time, moved onto the chart of
 * every save that loads by a {@link ChartWatcher}. A missing or empty file starts a new chart named
 * after it; its machine starts when a save first makes the file load.
 */
@Command(name = "studio", mixinStandardHelpOptions = true,
        description = {"Edits a JSON chart file in the browser where it is drawn, checked as you type, while a machine runs on it.",
                "Prints the page's URL (with its access token). Every save that loads moves the machine (the page shows the report).",
                "FILE may be missing or empty: the studio starts a new chart named after it."})
final class StudioCommand implements Callable<Integer> {
    /** How often a file that does not load yet is tried again, for the first machine. */
    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    @Parameters(paramLabel = "FILE", description = "The chart file (.json) to edit; it may not exist yet.")
    Path file;

    @Mixin
    ComponentsOption components = new ComponentsOption();

    @Mixin
    InspectorOptionsMixin inspect = new InspectorOptionsMixin();

    @ParentCommand
    Main main;

    @Override
    public Integer call() throws Exception {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!name.endsWith(".json")) {
            throw new CliFailure(file + ": the studio edits JSON chart files (.json)");
        }
        if (Files.isDirectory(file)) {
            throw new CliFailure(file + ": a directory, not a chart file");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new CliFailure(file + ": its directory does not exist");
        }
        List<String> names = components.libraries;
        String where = "--components: ";
        if (names.isEmpty()) {
            ChartLoader.DeclaredLibraries declared = Files.isRegularFile(file) ? ChartFiles.declaredLibraries(file) : null;
            names = declared == null ? List.of(ChartFiles.BUILT_IN) : declared.names();
            where = declared == null ? "" : declared.where() + ": ";
        }
        run(ChartFiles.combination(names, where), names);
        return 0;
    }

    /** The studio and the game: one machine on the file's chart once it loads, ticked in real time. */
    private <C> void run(ChartFiles.Combination<C> libraries, List<String> names) throws IOException {
        ChartLoader<C> loader = ChartFiles.loader(libraries.components());
        Map<String, ComponentRegistry<?>> offered = new LinkedHashMap<>();
        Map<String, ComponentLibrary<?>> known = ChartFiles.libraries();
        for (String n : new LinkedHashSet<>(names)) {
            offered.put(n, known.get(n).components());
        }
        offered.putIfAbsent(ChartFiles.BUILT_IN, known.get(ChartFiles.BUILT_IN).components());
        TraceWriter trace = new TraceWriter(main.out);
        ReloadListener<C> printer = ChartFiles.printingReloads(main.out);
        try (Inspector inspector = inspect.start(main.out, "Arbor studio", o -> o.withStudio(file, loader, offered));
             ChartWatcher<C> watcher = ChartWatcher.of(loader, inspector.reloadListener(printer))) {
            watcher.start(Duration.ofMillis(250)); // every save that loads is moved onto at the next tick
            main.out.println("editing " + file + " (" + inspect.tickRate + " ticks a second); stop with Ctrl-C");
            main.out.flush();
            Starter<C> starter = new Starter<>(libraries.owner(), watcher, inspector, trace);
            long start = System.nanoTime();
            for (long t = 1; !inspect.over(t); t++) {
                inspector.gate();
                starter.tryStart();
                watcher.applyPending();
                if (starter.machine != null) {
                    starter.machine.update();
                }
                inspect.pace(start, t);
            }
        }
    }

    /**
     * Makes and starts the machine once the file loads: at once, or after a save (tried again
     * every {@link #RETRY_NANOS} until then). Whatever goes wrong is printed once and tried again.
     */
    private final class Starter<C> {
        final ComponentLibrary<C> library;
        final ChartWatcher<C> watcher;
        final Inspector inspector;
        final TraceWriter trace;
        Machine<C> machine;
        private long lastTry = Long.MIN_VALUE;
        private String lastProblem;

        Starter(ComponentLibrary<C> library, ChartWatcher<C> watcher, Inspector inspector, TraceWriter trace) {
            this.library = library;
            this.watcher = watcher;
            this.inspector = inspector;
            this.trace = trace;
        }

        void tryStart() {
            long now = System.nanoTime();
            if (machine != null || (lastTry != Long.MIN_VALUE && now - lastTry < RETRY_NANOS)) {
                return;
            }
            lastTry = now;
            String problem;
            if (!Files.isRegularFile(file)) {
                problem = file + " does not exist yet: the machine starts when a save makes it load";
            } else {
                try {
                    Chart<C> chart = watcher.watch(file);
                    Machine<C> m = chart.newMachine(library.newOwner(trace::log));
                    m.addListener(trace.logsOnly()); // the log lines printed; the page shows the rest
                    watcher.register(file, m);
                    inspector.attach(m, String.valueOf(file.getFileName()));
                    m.start();
                    machine = m;
                    main.out.println("running " + file);
                    main.out.flush();
                    return;
                } catch (IOException | RuntimeException e) {
                    problem = file + " does not load yet (the machine starts when a save makes it load):\n" + e.getMessage();
                }
            }
            if (!Objects.equals(problem, lastProblem)) {
                lastProblem = problem;
                main.out.println(problem);
                main.out.flush();
            }
        }
    }
}
