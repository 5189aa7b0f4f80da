package dev.arbor.cli;

import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.scxml.ScxmlSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code arbor run FILE --events "…" [--ticks N]}: starts a machine of the chart, fires the
 * events in order, then runs the ticks, printing the trace (see {@link TraceWriter});
 * {@code arbor run FILE --script "dawn; tick 3; offer"} takes events and ticks in the order
 * written (the steps of a scenario, {@link ScenarioParser#parseScript}).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a chart and prints its trace.",
                "Starts a machine, fires the events in order, then runs the ticks (or takes the steps of --script",
                "in the order written), printing one record a line:",
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

    @Option(names = {"-s", "--script"}, paramLabel = "SCRIPT",
            description = {"Events and ticks in the order written, separated by ';': \"dawn; tick 3; offer; tick 20\".",
                    "A step is an event's name (event NAME for a name that is also a keyword; a name with spaces",
                    "in double quotes) or tick N. Not with --events or --ticks."})
    String script;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        if (ticks < 0) {
            throw new CliFailure("--ticks must be 0 or more, not " + ticks);
        }
        List<Scenario.Step> steps = steps();
        ChartFiles.Loaded loaded = ChartFiles.loadOrFail(file, components.libraries);
        TraceWriter trace = new TraceWriter(main.out);
        try {
            return loaded instanceof ChartFiles.Scxml scxml ? runScxml(scxml, steps, trace)
                    : runJson((ChartFiles.Json<?>) loaded, steps, trace);
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

    /** The steps to take: the script's, or the events then the ticks. */
    private List<Scenario.Step> steps() {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (script != null) {
            if (given.hasMatchedOption("--events") || given.hasMatchedOption("--ticks")) {
                throw new CliFailure("--script cannot be combined with --events or --ticks: write the events and ticks "
                        + "into the script, such as --script \"open; tick 3; close\"");
            }
            try {
                return ScenarioParser.parseScript(script);
            } catch (ScenarioException e) {
                throw CliFailure.problems(e.problems().stream().map(p -> "arbor: " + p).toList());
            }
        }
        List<Scenario.Step> steps = new ArrayList<>();
        Arrays.stream(events.trim().split("\\s+")).filter(e -> !e.isEmpty())
                .forEach(e -> steps.add(new Scenario.Fire(steps.size() + 1, e, true)));
        if (ticks > 0) {
            steps.add(new Scenario.Tick(steps.size() + 1, ticks));
        }
        return steps;
    }

    /** A JSON chart: the steps in order, ticks numbered from the first; done when they are (or the machine halted). */
    private int runJson(ChartFiles.Json<?> json, List<Scenario.Step> steps, TraceWriter trace) {
        Machine<?> machine = json.newMachine(trace);
        machine.addListener(trace);
        machine.start();
        int ticked = 0;
        for (Scenario.Step step : steps) {
            if (step instanceof Scenario.Fire fire && !machine.isHalted()) {
                machine.fire(fire.event());
            } else if (step instanceof Scenario.Tick tick) {
                for (int i = 0; i < tick.count() && !machine.isHalted(); i++) {
                    trace.tick(++ticked);
                    machine.update();
                }
            }
        }
        trace.finish(machine.isHalted());
        return 0;
    }

    /**
     * An SCXML document: the events as external events, then the document runs to completion
     * (delayed sends delivered on a virtual clock); done when it halts in a top-level final state.
     */
    private int runScxml(ChartFiles.Scxml scxml, List<Scenario.Step> steps, TraceWriter trace) {
        if (steps.stream().anyMatch(Scenario.Tick.class::isInstance)) {
            throw new CliFailure((script == null ? "--ticks" : "tick") + " does not apply to SCXML documents (they have no ticks)");
        }
        ScxmlSession session = scxml.document().newSession(trace::log);
        session.addListener(trace);
        session.start();
        for (Scenario.Step step : steps) {
            if (!session.isHalted()) {
                session.fire(((Scenario.Fire) step).event());
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
