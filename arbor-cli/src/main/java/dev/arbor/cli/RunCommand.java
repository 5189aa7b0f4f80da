package dev.arbor.cli;

import dev.arbor.core.Machine;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor run FILE --events "…" [--ticks N]}: starts a machine of the chart, fires the
 * events in order, then runs the ticks, printing the trace (see {@link TraceWriter}).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a chart and prints its trace.",
                "Starts a machine, fires the events in order, then runs the ticks, printing one record a line:",
                "event, exit, transition, internal, enter, tick, log, unhandled, error, final.",
                "Exit 0 when it ran."})
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json).")
    Path file;

    @Option(names = {"-e", "--events"}, paramLabel = "EVENTS", defaultValue = "",
            description = "Event names separated by spaces, fired in order.")
    String events;

    @Option(names = {"-t", "--ticks"}, paramLabel = "N", defaultValue = "0",
            description = "Ticks (update() calls) to run after the events (default: ${DEFAULT-VALUE}).")
    int ticks;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        if (ticks < 0) {
            throw new CliFailure("--ticks must be 0 or more, not " + ticks);
        }
        TraceWriter trace = new TraceWriter(main.out);
        Machine<?> machine = ChartFiles.loadOrFail(file, components.library).newMachine(trace);
        machine.addListener(trace);
        try {
            machine.start();
            for (String event : events.trim().split("\\s+")) {
                if (!event.isEmpty() && !machine.isHalted()) {
                    machine.fire(event);
                }
            }
            for (int i = 1; i <= ticks && !machine.isHalted(); i++) {
                trace.tick(i);
                machine.update();
            }
        } catch (RuntimeException e) {
            // An action threw and the chart's error policy is to rethrow: the trace has its error record.
            main.out.flush();
            throw new CliFailure("the machine stopped: " + e.getMessage(), e);
        }
        trace.finish(machine);
        return 0;
    }
}
