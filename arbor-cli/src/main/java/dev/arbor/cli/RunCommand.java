package dev.arbor.cli;

import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.scxml.ScxmlSession;
import java.util.Arrays;
import java.util.List;
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
                "Exit 0 when it ran (an SCXML document: when it halted in a final state)."})
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json, .scxml).")
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
        ChartFiles.Loaded loaded = ChartFiles.loadOrFail(file, components.library);
        TraceWriter trace = new TraceWriter(main.out);
        try {
            return loaded instanceof ChartFiles.Scxml scxml ? runScxml(scxml, trace) : runJson((ChartFiles.Json<?>) loaded, trace);
        } catch (CliFailure e) {
            throw e;
        } catch (LivelockException e) {
            main.out.flush();
            throw new CliFailure(file + ": never settles: a cycle through " + String.join(", ", e.states())
                    + " took more than " + e.microsteps() + " steps", e);
        } catch (RuntimeException e) {
            // An action threw and the chart's error policy is to rethrow: the trace has its error record.
            main.out.flush();
            throw new CliFailure("the machine stopped: " + e.getMessage(), e);
        }
    }

    private List<String> events() {
        return Arrays.stream(events.trim().split("\\s+")).filter(e -> !e.isEmpty()).toList();
    }

    /** A JSON chart: the events, then the ticks; done when they are (or the machine halted). */
    private int runJson(ChartFiles.Json<?> json, TraceWriter trace) {
        Machine<?> machine = json.newMachine(trace);
        machine.addListener(trace);
        machine.start();
        for (String event : events()) {
            if (!machine.isHalted()) {
                machine.fire(event);
            }
        }
        for (int i = 1; i <= ticks && !machine.isHalted(); i++) {
            trace.tick(i);
            machine.update();
        }
        trace.finish(machine.isHalted());
        return 0;
    }

    /**
     * An SCXML document: the events as external events, then the document runs to completion
     * (delayed sends delivered on a virtual clock); done when it halts in a top-level final state.
     */
    private int runScxml(ChartFiles.Scxml scxml, TraceWriter trace) {
        if (ticks > 0) {
            throw new CliFailure("--ticks does not apply to SCXML documents (they have no ticks)");
        }
        ScxmlSession session = scxml.document().newSession(trace::log);
        session.addListener(trace);
        session.start();
        for (String event : events()) {
            if (!session.isHalted()) {
                session.fire(event);
            }
        }
        session.runToCompletion();
        trace.finish(session.isHalted());
        if (!session.isHalted()) {
            throw new CliFailure(file + " did not halt: nothing more to do in " + String.join(" ", session.activeStates()));
        }
        return 0;
    }
}
