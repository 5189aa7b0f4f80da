package dev.arbor.cli;

import dev.arbor.io.NearestName;
import dev.arbor.cli.Scenario.Comparison;
import dev.arbor.cli.Scenario.ExpectLog;
import dev.arbor.cli.Scenario.ExpectState;
import dev.arbor.cli.Scenario.ExpectVariable;
import dev.arbor.cli.Scenario.Fire;
import dev.arbor.cli.Scenario.Step;
import dev.arbor.cli.Scenario.Tick;
import dev.arbor.core.Cause;
import dev.arbor.analysis.Coverage;
import dev.arbor.core.Chart;
import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.Variable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a {@link Scenario} on a fresh machine of its chart: {@link #check} resolves every state,
 * event and variable the steps name against the chart (reporting each that is not there, with
 * the nearest name), then {@link #run} takes the steps in order and stops at the first
 * expectation that does not hold.
 *
 * @param <C> the chart's owner type
 */
final class ScenarioRunner<C> {

    /** The most log lines a failed {@code expect log} lists. */
    private static final int LISTED_LINES = 10;

    /** What a run came to. */
    record Outcome(Scenario scenario, int stepsRun, Failure failure, String trace) {
        boolean passed() {
            return failure == null;
        }
    }

    /**
     * Why a run stopped.
     *
     * @param step        the index of the step it stopped at; -1 when the machine stopped as it started
     * @param message     {@code FILE:LINE: message}
     * @param expectation true for an expectation that did not hold, false for a machine that stopped
     *                    (an action threw under the {@code rethrow} policy, or it never settled)
     */
    record Failure(int step, String message, boolean expectation) {}

    private final Scenario scenario;
    private final Chart<C> chart;
    /** The outcomes the scenario's {@code assume} steps force. */
    private final ForcedOutcomes<C> forced;
    /** The chart its machine runs: the chart substituted by {@link #forced} when the scenario assumes anything. */
    private Chart<C> running;
    private final Function<Consumer<String>, C> owners;
    /** Where the coverage of each run goes ({@code arbor test --coverage}); null: not recorded. */
    private Consumer<Coverage<C>> coverageOf;
    /** Per step: the state an {@link ExpectState} names, the variable a set or {@link ExpectVariable} names. */
    private final int[] ids;
    /** Per step: the raw value a set writes or an {@link ExpectVariable} compares with. */
    private final int[] values;

    private ScenarioRunner(Scenario scenario, Chart<C> chart, Function<Consumer<String>, C> owners) {
        this.scenario = scenario;
        this.chart = chart;
        this.forced = new ForcedOutcomes<>(chart);
        this.running = chart;
        this.owners = owners;
        this.ids = new int[scenario.steps().size()];
        this.values = new int[scenario.steps().size()];
    }

    /**
     * Checks a scenario against its chart.
     *
     * @param scenario the scenario
     * @param chart    its chart
     * @param owners   makes a machine's owner, given where the owner's log lines go
     * @param <C>      the owner type
     * @return a runner for it
     * @throws ScenarioException the problems of the scenario's text ({@link Scenario#problems()}) and every state,
     *                           event, variable or value it names that the chart does not have, in line order
     */
    static <C> ScenarioRunner<C> check(Scenario scenario, Chart<C> chart, Function<Consumer<String>, C> owners) {
        ScenarioRunner<C> runner = new ScenarioRunner<>(scenario, chart, owners);
        List<Scenario.Problem> problems = new ArrayList<>(scenario.problems());
        Set<String> events = events(chart);
        List<Step> steps = scenario.steps();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String problem = null;
            try {
                if (step instanceof Fire f && !f.anyName() && events != null && !events.contains(f.event())) {
                    String nearest = NearestName.among(f.event(), new ArrayList<>(events));
                    problem = "no transition of chart '" + chart.name() + "' takes event '" + f.event() + "'"
                            + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                            + " (to fire it all the same: event " + TraceWriter.operand(f.event()) + ")";
                } else if (step instanceof ExpectState e) {
                    runner.ids[i] = state(chart, e.state());
                } else if (step instanceof Scenario.Set s) {
                    Variable v = variable(chart, s.variable());
                    runner.ids[i] = chart.variableId(v.name());
                    runner.values[i] = v.raw(s.value());
                } else if (step instanceof ExpectVariable e) {
                    Variable v = variable(chart, e.variable());
                    runner.ids[i] = chart.variableId(v.name());
                    runner.values[i] = comparedValue(v, e.op(), e.value());
                } else if (step instanceof Scenario.Assume a) {
                    runner.assumption(i, a);
                }
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
            if (problem != null) {
                problems.add(new Scenario.Problem(step.line(), problem));
            }
        }
        if (runner.forced.any()) {
            runner.running = chart.substituted(runner.forced);
            for (int i = 0; i < steps.size(); i++) {
                if (steps.get(i) instanceof Scenario.AssumeDraw d && !runner.forced.drawn(runner.ids[i])) {
                    problems.add(new Scenario.Problem(d.line(), "no Random action of chart '" + chart.name() + "' sets variable '"
                            + d.variable() + "'; to give it a value, write set " + d.variable() + " " + d.value()));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(scenario.describe(problems));
        }
        return runner;
    }

    /** Resolves what an {@code assume} names, and tells {@link #forced} to replace it. */
    private void assumption(int index, Scenario.Assume step) {
        if (step instanceof Scenario.AssumeGuard g) {
            int t = g.transition() != null ? transition(chart, g.transition())
                    : transition(chart, state(chart, g.state()), g.position());
            if (!chart.transitionInfo(t).guarded()) {
                throw new IllegalArgumentException("transition " + describe(chart, t) + " has no guard to assume");
            }
            ids[index] = t;
            values[index] = g.holds() ? 1 : 0;
            forced.name(ForcedOutcomes.Kind.GUARD, t);
        } else if (step instanceof Scenario.AssumeFinished f) {
            int s = state(chart, f.state());
            if (chart.stateInfo(s).behaviors().isEmpty()) {
                throw new IllegalArgumentException("state '" + chart.statePath(s) + "' has no behaviours to finish");
            }
            ids[index] = s;
            values[index] = f.finished() ? 1 : 0;
            forced.name(ForcedOutcomes.Kind.FINISHED, s);
        } else {
            Scenario.AssumeDraw d = (Scenario.AssumeDraw) step;
            Variable v = variable(chart, d.variable());
            ids[index] = chart.variableId(v.name());
            values[index] = v.raw(d.value());
            forced.name(ForcedOutcomes.Kind.DRAWN, ids[index]);
        }
    }

    /** A transition as {@code assume guard} names it: {@code idle offer -> haggling}, the double quotes left out. */
    static String describe(Chart<?> chart, int transition) {
        return plain(chart.describeTransition(transition));
    }

    private static String plain(String description) {
        return description.replace("\"", "").strip().replaceAll("\\s+", " ");
    }

    /** The declared transition a description names ({@link #describe}; double quotes in it do not matter). */
    static int transition(Chart<?> chart, String description) {
        String wanted = plain(description);
        List<Integer> matching = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.transitionInfo(t).mode().declared()) {
                all.add(describe(chart, t));
                if (describe(chart, t).equals(wanted)) {
                    matching.add(t);
                }
            }
        }
        if (matching.size() == 1) {
            return matching.get(0);
        }
        if (matching.isEmpty()) {
            String nearest = NearestName.among(wanted, all);
            throw new IllegalArgumentException("chart '" + chart.name() + "' has no transition '" + wanted + "'"
                    + (nearest == null ? "" : "; did you mean '" + nearest + "'?"));
        }
        List<String> places = new ArrayList<>();
        matching.forEach(t -> places.add(place(chart, t)));
        throw new IllegalArgumentException(matching.size() + " transitions of chart '" + chart.name() + "' are '" + wanted
                + "': name one by its place, " + String.join(" or ", places));
    }

    /** The {@code position}-th declared transition of a state (from 0, in the order the file lists them). */
    static int transition(Chart<?> chart, int state, int position) {
        List<Integer> declared = declared(chart, state);
        if (position < declared.size()) {
            return declared.get(position);
        }
        throw new IllegalArgumentException("state '" + chart.statePath(state) + "' has "
                + (declared.isEmpty() ? "no transitions" : declared.size() + (declared.size() == 1 ? " transition, number 0"
                : " transitions, numbered from 0 to " + (declared.size() - 1))));
    }

    /** A transition named by its place: {@code haggling transition 1}. */
    static String place(Chart<?> chart, int transition) {
        int source = chart.transitionSource(transition);
        return ScenarioWriter.word(chart.statePath(source)) + " transition " + declared(chart, source).indexOf(transition);
    }

    private static List<Integer> declared(Chart<?> chart, int state) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.transitionSource(t) == state && chart.transitionInfo(t).mode().declared()) {
                out.add(t);
            }
        }
        return out;
    }

    /** The events some transition of the chart takes (or defers); null when one takes any event. */
    static Set<String> events(Chart<?> chart) {
        Set<String> events = new LinkedHashSet<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            if (info.mode() == Chart.TransitionInfo.Mode.EVENT) {
                events.addAll(info.triggers());
            }
        }
        for (int s = 0; s < chart.stateCount(); s++) {
            events.addAll(chart.stateInfo(s).deferred());
        }
        return events.contains("*") ? null : events;
    }

    /** The state a path from below the root ({@code open/haggling}), or a name that one state has, names. */
    static int state(Chart<?> chart, String name) {
        List<String> paths = new ArrayList<>();
        List<Integer> named = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            String path = chart.statePath(s);
            if (path.equals(name)) {
                return s;
            }
            paths.add(path);
            if (chart.stateName(s).equals(name)) {
                named.add(s);
            }
        }
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.size() > 1) {
            List<String> which = new ArrayList<>();
            named.forEach(s -> which.add(chart.statePath(s)));
            throw new IllegalArgumentException("chart '" + chart.name() + "' has " + named.size() + " states named '" + name
                    + "'; write its path: " + String.join(", ", which));
        }
        List<String> names = new ArrayList<>();
        if (name.contains("/")) {
            names = paths;
        } else {
            for (int s = 1; s < chart.stateCount(); s++) {
                names.add(chart.stateName(s));
            }
        }
        String nearest = NearestName.among(name, names);
        throw new IllegalArgumentException("chart '" + chart.name() + "' has no state '" + name + "'"
                + (nearest == null ? "" : "; did you mean '" + nearest + "'?"));
    }

    /** The chart's variable of this name. */
    private static Variable variable(Chart<?> chart, String name) {
        List<String> names = new ArrayList<>();
        for (Variable v : chart.variables()) {
            if (v.name().equals(name)) {
                return v;
            }
            names.add(v.name());
        }
        String nearest = NearestName.among(name, names);
        throw new IllegalArgumentException("chart '" + chart.name() + "' has no variable '" + name + "'"
                + (names.isEmpty() ? " (it declares none)"
                : nearest != null ? "; did you mean '" + nearest + "'?" : " (it declares " + String.join(", ", names) + ")"));
    }

    /**
     * The raw value an expectation compares with: any whole number for an int (a bound may lie
     * outside the range), a value of the variable's type for the others, which only {@code ==}
     * and {@code !=} compare.
     */
    private static int comparedValue(Variable v, Comparison op, String text) {
        if (v.type() == Variable.Type.INT) {
            if (!text.matches("[-+]?\\d{1,9}")) {
                throw new IllegalArgumentException("variable '" + v.name() + "' is " + v.describe() + "; '" + text
                        + "' is not a whole number");
            }
            return Integer.parseInt(text);
        }
        if (op.orders()) {
            throw new IllegalArgumentException(op.symbol + " compares numbers; variable '" + v.name() + "' is "
                    + (v.type() == Variable.Type.ENUM ? v.describe() : "a " + v.type().word()) + ": use == or !=");
        }
        return v.raw(text);
    }

    /**
     * Runs the steps on a fresh machine, stopping at the first expectation that does not hold or
     * when the machine stops; events and ticks after the machine halted are not run (as by
     * {@code arbor run}), expectations are.
     *
     * @return what came of it, with the run's trace (as {@code arbor run} prints it)
     */
    /**
     * Records which states and transitions each run reaches and takes, and hands it over after the run.
     *
     * @param sink takes each run's coverage
     * @return this runner
     */
    ScenarioRunner<C> recordingCoverage(Consumer<Coverage<C>> sink) {
        this.coverageOf = sink;
        return this;
    }

    Outcome run() {
        ByteArrayOutputStream traceBytes = new ByteArrayOutputStream();
        PrintStream traceOut = new PrintStream(traceBytes, true, StandardCharsets.UTF_8);
        TraceWriter trace = new TraceWriter(traceOut);
        List<String> logs = new ArrayList<>();
        Coverage<C> coverage = coverageOf == null ? null : Coverage.of(running);
        Chart<C> runs = coverage == null ? running : coverage.chart();
        Machine<C> machine = runs.newMachine(owners.apply(text -> {
            trace.log(text);
            logs.add(text);
        }));
        machine.addListener(trace);
        if (coverage != null) {
            coverage.attach(machine);
        }
        machine.addListener(new MachineListener() {
            @Override
            public void onLog(Machine<?> m, int state, String line, Cause cause) {
                logs.add(m.chart().stateName(state) + ": " + line);
            }
        });
        List<Step> steps = scenario.steps();
        Failure failure = null;
        int step = -1;
        LogWindow window = new LogWindow(logs);
        try {
            if (steps.stream().noneMatch(Scenario.Start.class::isInstance)) {
                machine.start();
            }
            int ticks = 0;
            for (step = 0; step < steps.size() && failure == null; step++) {
                Step s = steps.get(step);
                if (s instanceof Scenario.Start) {
                    machine.start();
                    forced.stepDone();
                } else if (s instanceof Scenario.Assume a) {
                    forced.assume(kind(a), ids[step], values[step]);
                } else if (s instanceof Fire f) {
                    if (!machine.isHalted()) {
                        machine.fire(f.event());
                    }
                    forced.stepDone();
                } else if (s instanceof Tick t) {
                    for (int i = 0; i < t.count() && !machine.isHalted(); i++) {
                        trace.tick(++ticks);
                        machine.update();
                        forced.stepDone(); // the assumptions were the first tick's
                    }
                    forced.stepDone();
                } else if (s instanceof Scenario.Set) {
                    machine.variables().setValue(ids[step], values[step]);
                } else {
                    String unmet = unmet(machine, s, step, window);
                    if (unmet != null) {
                        failure = new Failure(step, where(s) + unmet + "; " + situation(machine), true);
                    }
                }
            }
        } catch (LivelockException e) {
            failure = new Failure(step, where(step) + "the machine never settles: a cycle through "
                    + String.join(", ", e.states()) + " took more than " + e.microsteps() + " steps", false);
        } catch (RuntimeException e) {
            // An action threw and the chart's error policy is to rethrow: the trace has its error record.
            failure = new Failure(step, where(step) + "the machine stopped: " + e.getMessage(), false);
        }
        trace.finish(machine.isHalted());
        int run = failure == null ? steps.size() : failure.step() + 1;
        if (coverage != null) {
            coverageOf.accept(coverage);
        }
        return new Outcome(scenario, run, failure, traceBytes.toString(StandardCharsets.UTF_8));
    }

    private static ForcedOutcomes.Kind kind(Scenario.Assume a) {
        return a instanceof Scenario.AssumeGuard ? ForcedOutcomes.Kind.GUARD
                : a instanceof Scenario.AssumeFinished ? ForcedOutcomes.Kind.FINISHED : ForcedOutcomes.Kind.DRAWN;
    }

    /** {@code FILE:LINE: } of a step; of the file when the machine stopped as it started. */
    private String where(int step) {
        return step < 0 ? scenario.file() + ": when the machine started, " : where(scenario.steps().get(step));
    }

    private String where(Step step) {
        return scenario.file() + ":" + step.line() + ": ";
    }

    /** Why an expectation does not hold, or null when it does. */
    private String unmet(Machine<C> machine, Step step, int index, LogWindow window) {
        if (step instanceof ExpectState e) {
            int state = ids[index];
            return machine.isIn(state) == e.active() ? null
                    : "expected " + chart.statePath(state) + (e.active() ? " active" : " not active");
        }
        if (step instanceof ExpectVariable e) {
            Variable v = chart.variables().get(ids[index]);
            int actual = machine.variables().value(ids[index]);
            return e.op().holds(actual, values[index]) ? null
                    : "expected " + v.name() + " " + e.op().symbol + " " + e.value() + ", but " + v.name() + " is " + v.show(actual);
        }
        return window.find((ExpectLog) step);
    }

    /** The machine's configuration, as the paths of its active leaves, and its variables. */
    private String situation(Machine<C> machine) {
        List<String> leaves = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            if (machine.isIn(s) && !anyActive(machine, chart.children(s))) {
                leaves.add(chart.statePath(s));
            }
        }
        String where = leaves.isEmpty() ? "the machine is in no state" : "the machine is in " + String.join(", ", leaves);
        if (machine.isHalted()) {
            where += " (halted)";
        }
        return chart.variables().isEmpty() ? where : where + "; variables: " + machine.variables().describe();
    }

    private static boolean anyActive(Machine<?> machine, int[] states) {
        for (int s : states) {
            if (machine.isIn(s)) {
                return true;
            }
        }
        return false;
    }

    /** The log lines an {@code expect log} looks at: those after the line the previous one matched. */
    private final class LogWindow {
        private final List<String> lines;
        private int from;
        private int previousLine;

        LogWindow(List<String> lines) {
            this.lines = lines;
        }

        /** Moves past the first line from the window on that contains the text; null, or why none does. */
        String find(ExpectLog step) {
            for (int i = from; i < lines.size(); i++) {
                if (lines.get(i).contains(step.text())) {
                    from = i + 1;
                    previousLine = step.line();
                    return null;
                }
            }
            List<String> since = lines.subList(from, lines.size());
            StringBuilder why = new StringBuilder("expected a log line containing ")
                    .append(quoted(step.text()))
                    .append(from == 0 ? " since the start"
                            : " after " + quoted(lines.get(from - 1)) + " (matched at line " + previousLine + ")");
            if (since.isEmpty()) {
                return why.append("; no line was written ").append(from == 0 ? "since" : "after it").toString();
            }
            why.append(from == 0 ? "; the lines: " : "; the lines after it: ");
            int first = Math.max(0, since.size() - LISTED_LINES);
            if (first > 0) {
                why.append("(").append(first).append(" more before) ");
            }
            for (int i = first; i < since.size(); i++) {
                why.append(i > first ? ", " : "").append(quoted(since.get(i)));
            }
            return why.toString();
        }
    }

    /** A text in double quotes, on one line. */
    private static String quoted(String text) {
        return "\"" + TraceWriter.oneLine(text).replace("\"", "\\\"") + "\"";
    }
}
