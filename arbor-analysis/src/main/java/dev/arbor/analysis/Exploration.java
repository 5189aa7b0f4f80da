package dev.arbor.analysis;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineStateBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reachable configurations of a chart, found breadth first through its {@link Twin}: from
 * each configuration, each input under each combination of decisions the {@link Oracle} can make.
 * A configuration is the machine's whole snapshot, normalised where two snapshots behave alike
 * (a clock past the state's largest timer; the generator's state, which the oracle replaces; the
 * configurations only Java code can return to). Breadth first, so the first path found to each
 * configuration is a shortest one; each configuration keeps the step that first reached it.
 */
final class Exploration {

    /** A step that did not complete: the configuration and input it started from, and why. */
    record Failure(int node, Step step, Finding.Kind kind, boolean definite, String why) {}

    final Chart<Object> original;
    final Twin twin;
    final List<Input> inputs;
    final List<Configurations.Key> nodes = new ArrayList<>();
    private final Map<Configurations.Key, Integer> ids = new HashMap<>();
    final Configurations configurations;
    private final MachineStateBuffer buffer;
    /** Per node: the node it was first reached from (-1 for a start), and the step that reached it. */
    final List<Integer> parent = new ArrayList<>();
    final List<Step> via = new ArrayList<>();
    final List<int[]> successors = new ArrayList<>();
    /** Per state: the node from which a step first entered it ({@link #BY_START}: the start), or {@link #NEVER}. */
    final int[] firstEnteredFrom;
    final Step[] firstEntering;
    static final int NEVER = -2;
    static final int BY_START = -1;
    /** Per transition: the first node from which a step takes it ({@link #BY_START}: the start), and that step; {@link #NEVER} and null when never. */
    final int[] firstTakenFrom;
    final Step[] firstTaking;
    final List<Failure> failures = new ArrayList<>();
    long steps;
    String stoppedBecause; // null when every reachable configuration was explored
    /**
     * The nodes ({@code -1}: the start) from which some step made more assumptions than the
     * options allow: past them its guards were taken as failing, so what they would do otherwise
     * is not explored.
     */
    final java.util.Set<Integer> overflowedFrom = new java.util.HashSet<>();

    /** The most plans in progress a configuration explored may hold: a chart's push limit, as the engine bounds its pushed configurations. */
    private final int planBound;
    private final List<Integer> taken = new ArrayList<>();
    private final List<Integer> entered = new ArrayList<>();
    private final MachineListener recorder = new MachineListener() {
        @Override
        public void onEntry(Machine<?> machine, int state, Cause cause) {
            if (cause != Cause.RESTORE) {
                entered.add(state);
            }
        }

        @Override
        public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
            taken.add(transition);
        }

        @Override
        public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
            int t = Targetless.taken(original, state, event, twin.held::contains);
            if (t >= 0) {
                taken.add(t);
            }
        }
    };
    private Machine<Object> machine;

    @SuppressWarnings("unchecked")
    Exploration(Chart<?> chart, AnalysisOptions options) {
        this.original = (Chart<Object>) chart;
        this.twin = new Twin(chart, new Oracle(options.maxAssumptions()));
        this.inputs = inputs(original, options);
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (!offered(t)) {
                twin.notModelled.computeIfAbsent("transitions on events the analysis cannot make (matched by class, "
                        + "or not among the events offered) are not analysed", k -> new java.util.LinkedHashSet<>())
                        .add(chart.describeTransition(t));
            }
        }
        this.firstEnteredFrom = new int[chart.stateCount()];
        Arrays.fill(firstEnteredFrom, NEVER);
        this.firstEntering = new Step[chart.stateCount()];
        this.firstTakenFrom = new int[chart.transitionCount()];
        Arrays.fill(firstTakenFrom, NEVER);
        this.firstTaking = new Step[chart.transitionCount()];
        this.planBound = chart.pushLimit();
        this.configurations = new Configurations(chart, twin.chart.newMachine(null).snapshot().random());
        this.buffer = new MachineStateBuffer(twin.chart);
        explore(options);
    }

    /**
     * The events the chart names (or those the options give), then one it does not name when some
     * transition or deferral takes any event ({@code "*"}), and the tick when a tick can do anything.
     */
    private static List<Input> inputs(Chart<Object> chart, AnalysisOptions options) {
        List<Input> in = new ArrayList<>();
        for (Object e : options.events().isEmpty() ? chart.namedEvents() : options.events()) {
            in.add(Input.of(e));
        }
        if (options.events().isEmpty()) {
            unnamed(chart).ifPresent(e -> in.add(Input.of(e)));
        }
        boolean ticks = false;
        for (int t = 0; t < chart.transitionCount() && !ticks; t++) {
            var mode = chart.transitionInfo(t).mode();
            ticks = mode == Chart.TransitionInfo.Mode.TIMER || mode == Chart.TransitionInfo.Mode.POLLED;
        }
        for (int s = 0; s < chart.stateCount() && !ticks; s++) {
            ticks = !chart.stateInfo(s).behaviors().isEmpty();
        }
        if (ticks) {
            in.add(Input.TICK);
        }
        return List.copyOf(in);
    }

    /**
     * When a transition or a deferral takes any event ({@code "*"}), an event no descriptor of the
     * chart names, which only those take: {@code other} (or {@code other2}, ... when the chart names
     * that). Every such event does the same, so one stands for all.
     */
    static java.util.Optional<String> unnamed(Chart<?> chart) {
        List<String> descriptors = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            descriptors.addAll(chart.transitionInfo(t).triggers());
        }
        for (int s = 0; s < chart.stateCount(); s++) {
            descriptors.addAll(chart.stateInfo(s).deferred());
        }
        if (!descriptors.contains("*")) {
            return java.util.Optional.empty();
        }
        String name = "other";
        for (int i = 2; named(descriptors, name); i++) {
            name = "other" + i;
        }
        return java.util.Optional.of(name);
    }

    private static boolean named(List<String> descriptors, String name) {
        return descriptors.stream().anyMatch(d -> !d.equals("*") && Findings.descriptorTakes(d, name));
    }

    private void explore(AnalysisOptions options) {
        long deadline = System.nanoTime() + options.timeLimit().toNanos();
        Oracle oracle = twin.oracle;
        oracle.beginStep();
        do {
            oracle.beginRun();
            machine = fresh();
            taken.clear();
            entered.clear();
            twin.held.clear();
            Step start;
            try {
                machine.start();
                start = step(null);
            } catch (LivelockException e) {
                noteTaken(BY_START, null, fail(-1, null, e).step()); // what it took and entered before it was stopped
                overflowed(-1, null, options, true);
                continue;
            } catch (RuntimeException e) {
                start = fail(-1, null, e).step(); // the start ran whole, then threw its first error
            }
            overflowed(-1, null, options, false);
            add(-1, start, current());
            noteTaken(BY_START, null, start);
        } while (oracle.next());

        for (int n = 0; n < nodes.size(); n++) {
            if (nodes.size() >= options.maxConfigurations()) {
                stoppedBecause = "the budget of " + options.maxConfigurations() + " configurations was spent";
                return;
            }
            if (System.nanoTime() > deadline) {
                stoppedBecause = "the time limit of " + options.timeLimit().toMillis() + " ms was reached";
                return;
            }
            Configurations.Key from = nodes.get(n);
            if (configurations.halted(from)) {
                successors.add(new int[0]);
                continue;
            }
            int[] next = new int[8];
            int count = 0;
            for (Input input : inputs) {
                oracle.beginStep();
                do {
                    oracle.beginRun();
                    restore(from, machine);
                    taken.clear();
                    entered.clear();
                    twin.held.clear();
                    steps++;
                    Step failed = null;
                    try {
                        if (input.isTick()) {
                            machine.update();
                        } else {
                            machine.fire(input.event());
                        }
                    } catch (LivelockException e) {
                        noteTaken(n, input, fail(n, input, e).step()); // what it took and entered before it was stopped
                        overflowed(n, input, options, true);
                        machine = fresh();
                        continue;
                    } catch (RuntimeException e) {
                        failed = fail(n, input, e).step(); // the step ran whole, then threw its first error: go on from there
                    }
                    overflowed(n, input, options, false);
                    Configurations.Key after = current();
                    int plans = configurations.plans(after);
                    if (plans > planBound) {
                        failures.add(new Failure(n, step(input), Finding.Kind.UNBOUNDED, twin.oracle.made().isEmpty(),
                                "the plans in progress (steps to run and configurations to resume) grow past "
                                + planBound + ": " + plans + " after this step; each "
                                + "interruption with resumeAfter adds one, even of what an earlier one interrupted"));
                        continue; // not explored further: the growth would spend the whole budget
                    }
                    int to = add(n, null, after, input);
                    if (Arrays.stream(next, 0, count).noneMatch(x -> x == to)) {
                        next = count == next.length ? Arrays.copyOf(next, 2 * count) : next;
                        next[count++] = to;
                    }
                    noteTaken(n, input, failed);
                } while (oracle.next());
            }
            successors.add(Arrays.copyOf(next, count));
        }
    }

    /**
     * When the run just made made more assumptions than the options allow: the exploration from
     * node {@code n} is not exhaustive, and the step may not settle (a possible livelock, unless
     * the run {@code livelocked} already).
     */
    private void overflowed(int n, Input input, AnalysisOptions options, boolean livelocked) {
        if (!twin.oracle.overflowed()) {
            return;
        }
        overflowedFrom.add(n);
        if (!livelocked) {
            failures.add(new Failure(n, step(input), Finding.Kind.LIVELOCK, false, "the step made more than "
                    + options.maxAssumptions() + " assumptions (guards written in Java, behaviours, draws); "
                    + "it may not settle when they keep holding"));
        }
    }

    /**
     * Notes the transitions the step on {@code input} from node {@code n} ({@link #BY_START}: the
     * start, input null) took and the states it entered, where first.
     */
    private void noteTaken(int n, Input input, Step made) {
        for (int t : taken) {
            if (firstTakenFrom[t] == NEVER) {
                made = made != null ? made : step(input);
                firstTakenFrom[t] = n;
                firstTaking[t] = made;
            }
        }
        if (entered.stream().anyMatch(s -> firstEnteredFrom[s] == NEVER)) {
            noteEntered(n, made != null ? made : step(input));
        }
    }

    private Machine<Object> fresh() {
        Machine<Object> m = twin.chart.newMachine(null);
        m.addListener(recorder);
        return m;
    }

    /**
     * Records a step that threw: a livelock (stopped midway), or the first error of a step that ran
     * whole (the chart's {@code RETHROW} policy: an action's error, a deferral beyond the limit).
     */
    private Failure fail(int node, Input input, RuntimeException e) {
        boolean assumed = !twin.oracle.made().isEmpty();
        Failure f = e instanceof LivelockException
                ? new Failure(node, step(input), Finding.Kind.LIVELOCK, !assumed, e.getMessage())
                : new Failure(node, step(input), Finding.Kind.STEP_FAILS, !assumed, e.getClass().getSimpleName() + ": "
                        + e.getMessage());
        failures.add(f);
        return f;
    }

    /** The node of {@code state}, added (reached from {@code from} by the step) when new. */
    private int add(int from, Step reached, Configurations.Key state) {
        return add(from, reached, state, null);
    }

    private int add(int from, Step reached, Configurations.Key state, Input input) {
        Integer id = ids.get(state);
        if (id != null) {
            return id;
        }
        int n = nodes.size();
        nodes.add(state);
        ids.put(state, n);
        parent.add(from);
        via.add(reached != null ? reached : step(input));
        return n;
    }

    private void noteEntered(int from, Step step) {
        for (int s : entered) {
            if (firstEnteredFrom[s] == NEVER) {
                firstEnteredFrom[s] = from;
                firstEntering[s] = step;
            }
        }
    }

    /**
     * Whether some input can trigger transition {@code t}: not an event transition, or one whose
     * trigger takes an event offered, every event, or a completion event the engine raises itself.
     */
    boolean offered(int t) {
        Chart.TransitionInfo info = original.transitionInfo(t);
        if (info.mode() != Chart.TransitionInfo.Mode.EVENT) {
            return true;
        }
        for (String trigger : info.triggers()) {
            if (trigger.equals("*") || trigger.startsWith("done.")) {
                return true;
            }
            for (Input in : inputs) {
                if (!in.isTick() && Findings.descriptorTakes(trigger, in.toString())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether some step enters the state. The root too is entered by a start that completes: when
     * none does (the start never settles, or fails), nothing is reached, not even the root.
     */
    boolean reached(int state) {
        return firstEnteredFrom[state] != NEVER;
    }

    /** A shortest path whose last step enters the state (the start alone for a state the start enters). */
    InputPath pathToState(int state) {
        int from = firstEnteredFrom[state];
        return from == BY_START ? new InputPath(firstEntering[state], List.of()) : pathThrough(from, firstEntering[state]);
    }

    /** Whether some step (the start included) takes the transition. */
    boolean taken(int transition) {
        return firstTakenFrom[transition] != NEVER;
    }

    /** A shortest path whose last step takes the transition (the start alone for a transition the start takes). */
    InputPath pathTaking(int transition) {
        int from = firstTakenFrom[transition];
        return from == BY_START ? new InputPath(firstTaking[transition], List.of())
                : pathThrough(from, firstTaking[transition]);
    }

    /** The number of inputs of {@link #pathTaking}. */
    int depthOfTaking(int transition) {
        int from = firstTakenFrom[transition];
        return from == BY_START ? 0 : depth(from) + 1;
    }

    /** The number of inputs of {@link #pathToState}. */
    int depthOfState(int state) {
        int from = firstEnteredFrom[state];
        return from == BY_START ? 0 : depth(from) + 1;
    }

    /** The step the machine just made on {@code input} (null: the start), as the oracle decided it. */
    private Step step(Input input) {
        List<Assumption> assumed = new ArrayList<>();
        for (int[] d : twin.oracle.made()) {
            assumed.add(assumption(Assumption.Kind.values()[d[0]], d[1], d[2]));
        }
        List<String> active = new ArrayList<>();
        machine.snapshotInto(buffer);
        for (int s = buffer.active().next(1); s >= 0; s = buffer.active().next(s + 1)) {
            active.add(original.stateName(s));
        }
        List<String> enteredNames = new ArrayList<>(entered.size());
        entered.forEach(s -> enteredNames.add(original.stateName(s)));
        return new Step(input, assumed, taken, enteredNames, active);
    }

    private Assumption assumption(Assumption.Kind kind, int id, int value) {
        String text = switch (kind) {
            case GUARD -> "guard " + original.transitionInfo(id).guard().map(g -> "\"" + g + "\" ").orElse("")
                    + "of " + original.describeTransition(id) + (value == 1 ? " holds" : " fails");
            case FINISHED -> "the behaviours of " + original.stateName(id) + (value == 1 ? " have" : " have not") + " finished";
            case DRAWN -> {
                var v = original.variables().get(id);
                yield "Random sets " + v.name() + " to "
                        + (v.type() == dev.arbor.core.Variable.Type.ENUM ? v.values().get(value) : String.valueOf(v.min() + value));
            }
        };
        return new Assumption(kind, id, kind == Assumption.Kind.DRAWN ? original.variables().get(id).min() + value : value, text);
    }

    /** The key of the machine's state now. */
    private Configurations.Key current() {
        machine.snapshotInto(buffer);
        return configurations.key(buffer);
    }

    /** Puts node {@code n}'s state back on a machine of the twin; nothing of the chart runs. */
    void restore(int n, Machine<Object> onto) {
        restore(nodes.get(n), onto);
    }

    private void restore(Configurations.Key key, Machine<Object> onto) {
        configurations.load(key, buffer);
        onto.restore(buffer, Cause.RESTORE);
    }

    /** The active states of node {@code n}, in document order. */
    int[] active(int n) {
        return configurations.active(nodes.get(n));
    }

    /** Whether node {@code n}'s machine has halted. */
    boolean halted(int n) {
        return configurations.halted(nodes.get(n));
    }

    /** The path to node {@code n}: its start, then each step in order. */
    InputPath pathTo(int n) {
        List<Step> steps = new ArrayList<>();
        int at = n;
        while (parent.get(at) >= 0) {
            steps.add(via.get(at));
            at = parent.get(at);
        }
        java.util.Collections.reverse(steps);
        return new InputPath(via.get(at), steps);
    }

    /** The path to node {@code n}, then one step more. */
    InputPath pathThrough(int n, Step last) {
        InputPath to = pathTo(n);
        List<Step> steps = new ArrayList<>(to.steps());
        steps.add(last);
        return new InputPath(to.start(), steps);
    }

    /** The id of the state of this name (the name {@code Chart.stateName} gives). */
    java.util.OptionalInt stateNamed(String name) {
        for (int s = 0; s < original.stateCount(); s++) {
            if (original.stateName(s).equals(name)) {
                return java.util.OptionalInt.of(s);
            }
        }
        return java.util.OptionalInt.empty();
    }

    int depth(int n) {
        int d = 0;
        for (int at = n; parent.get(at) >= 0; at = parent.get(at)) {
            d++;
        }
        return d;
    }
}
