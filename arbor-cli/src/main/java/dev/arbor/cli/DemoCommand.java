package dev.arbor.cli;

import dev.arbor.core.Machine;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.demo.DemoLibrary;
import dev.arbor.demo.Stage;
import dev.arbor.inspector.Inspector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor demo [NAME] [--inspect]}: runs one of the game demos, at once or in real time with
 * the inspector. The demos are found on the class path ({@link DemoLibrary}): arbor-examples' in
 * the jar.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs a game demo: qhsm, west-world, robot, guard or netplay.",
                "With --inspect, runs it in real time with the live inspector (open the printed URL)."})
final class DemoCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "NAME", defaultValue = "qhsm",
            description = "The demo (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--inspect",
            description = "Run the demo in real time, again and again, with the live inspector (its URL is printed).")
    boolean inspect;

    @Mixin
    InspectorOptionsMixin live = new InspectorOptionsMixin();

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        Map<String, DemoLibrary> demos = demos();
        DemoLibrary library = demos.get(name);
        if (library == null) {
            throw new CliFailure("no demo named '" + name + "'; demos: " + String.join(", ", demos.keySet()));
        }
        if (!inspect) {
            library.run(name, main.out, Stage.NONE);
            main.out.flush();
            return 0;
        }
        try (Inspector inspector = live.start(main.out)) {
            main.out.println("running the " + name + " demo in real time (" + live.tickRate
                    + " ticks a second), again and again; stop with Ctrl-C");
            main.out.flush();
            InspectedStage stage = new InspectedStage(inspector);
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    library.run(name, main.out, stage);
                    stage.curtain();
                    main.out.println("-- the story starts again");
                }
            } catch (InspectedStage.Over over) {
                // --stop-after reached
            }
        }
        main.out.flush();
        return 0;
    }

    /** Every demo on the class path, by name, sorted; where two libraries offer one name, the first found. */
    private static Map<String, DemoLibrary> demos() {
        Map<String, DemoLibrary> byName = new TreeMap<>();
        for (DemoLibrary library : ServiceLoader.load(DemoLibrary.class)) {
            library.names().forEach(n -> byName.putIfAbsent(n, library));
        }
        return byName;
    }

    /** The inspector's stage: machines attached as the demo makes them, ticks through the gate in real time. */
    private final class InspectedStage implements Stage {
        /** Thrown out of the demo when --stop-after is reached. */
        static final class Over extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Over() {
                super(null, null, false, false);
            }
        }

        private final Inspector inspector;
        private final List<Machine<?>> machines = new ArrayList<>();
        private final List<Dispatcher> dispatchers = new ArrayList<>();
        private final long start = System.nanoTime();
        private long ticks;

        InspectedStage(Inspector inspector) {
            this.inspector = inspector;
        }

        @Override
        public void show(String machineName, Machine<?> machine) {
            inspector.attach(machine, machineName);
            machines.add(machine);
        }

        @Override
        public void show(Dispatcher dispatcher) {
            inspector.attach(dispatcher);
            dispatchers.add(dispatcher);
        }

        @Override
        public void tick(long tick) {
            ticks++;
            if (live.over(ticks)) {
                throw new Over();
            }
            inspector.gate();
            live.pace(start, ticks);
        }

        /** The story is over: its machines leave the page before the next run's arrive. */
        void curtain() {
            machines.forEach(inspector::detach);
            dispatchers.forEach(inspector::detach);
            machines.clear();
            dispatchers.clear();
        }
    }
}
