package dev.arbor.analysis;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineListener;
import dev.arbor.core.StateKind;
import dev.arbor.core.Substitution;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The states of a chart that its machines have been in and the transitions they took, against
 * all the chart declares: what a test suite, a play session or any run covered, and what it missed.
 *
 * <pre>{@code
 * Coverage<Npc> coverage = Coverage.of(chart);
 * Machine<Npc> npc = coverage.chart().newMachine(owner);   // the instrumented copy: same ids, same behaviour
 * coverage.attach(npc);
 * npc.start();
 * npc.fire(Ev.SEE_ENEMY);
 * ...
 * System.out.println(coverage.report(ChartAnalysis.of(chart)));   // what was missed, dead or merely untested
 * }</pre>
 *
 * <p>A state counts once a machine is in it, however it got there (its start, a transition, a
 * programmatic move, a restore); the root and history pseudo-states are not counted. A transition
 * counts once it is taken; only transitions the chart declares are counted
 * ({@code Chart.TransitionInfo.Mode.declared()}). A machine's listener names the transitions with
 * targets it takes, but of one without a target only the state whose transition consumed the
 * event ({@code MachineListener.onInternal}): which one it was depends on which guards held. The
 * {@linkplain #chart() instrumented copy} of the chart runs the chart's own guards and notes, per
 * machine, whether each held when last tested, so its machines' targetless transitions are named
 * exactly. A machine of the chart itself, and a recording ({@link #ofRecording}), carry no guard
 * outcomes: a targetless transition is then named as {@link #targetlessTaken} says, exactly where
 * the chart leaves no choice and by a stated rule where it does.
 *
 * <p>What a move onto another chart ({@code Machine.moveTo}, cause {@code RELOAD}) does is not
 * this chart's run, and is not counted. Not thread-safe: attach machines that run on one thread,
 * or give each thread a coverage of its own and {@link #merge} them.
 *
 * @param <C> the chart's owner type
 */
public final class Coverage<C> {

    private final Chart<C> original;
    private Chart<C> instrumented; // compiled when first asked for
    private final boolean[] reached;
    private final boolean[] taken;
    /** Steps of transitions without a target that could not be named (no guard outcomes, and a choice). */
    private int unnamed;
    private final Map<Machine<?>, Recorder> recorders = new IdentityHashMap<>();
    /** The recorder an instrumented guard last noted for: machines test many guards in a row. */
    private Recorder lastNoted;

    private Coverage(Chart<C> chart) {
        this.original = chart;
        this.reached = new boolean[chart.stateCount()];
        this.taken = new boolean[chart.transitionCount()];
    }

    /**
     * A coverage of a chart, nothing covered yet.
     *
     * @param chart the chart
     * @param <C>   its owner type
     * @return the coverage, to attach machines to
     */
    public static <C> Coverage<C> of(Chart<C> chart) {
        return new Coverage<>(Objects.requireNonNull(chart, "chart"));
    }

    /**
     * The coverage of a recorded run, such as the inspector's recording or a trace of
     * {@code MachineListener} callbacks: the states entered, the transitions with targets taken,
     * and the steps in which a transition without a target consumed an event. The order within
     * and between them does not matter. There are no guard outcomes in a recording: each
     * targetless step is named as {@link #targetlessTaken} says.
     *
     * @param chart      the chart the ids are read with
     * @param entered    the states entered (and those a machine was in when the recording began)
     * @param transitions the transitions taken, as {@code onTransition} reports them
     * @param targetless the targetless steps, as {@code onInternal} reports them
     * @param <C>        the owner type
     * @return the coverage
     * @throws IndexOutOfBoundsException when an id is not the chart's
     */
    public static <C> Coverage<C> ofRecording(Chart<C> chart, int[] entered, int[] transitions, List<Internal> targetless) {
        Coverage<C> c = of(chart);
        for (int s : entered) {
            c.reached[Objects.checkIndex(s, c.reached.length)] = true;
        }
        for (int t : transitions) {
            c.taken[Objects.checkIndex(t, c.taken.length)] = true;
        }
        for (Internal i : targetless) {
            Objects.checkIndex(i.state(), c.reached.length);
            c.internal(i.state(), i.event(), null);
        }
        return c;
    }

    /**
     * A step in which a transition without a target consumed an event, as
     * {@code MachineListener.onInternal} reports it.
     *
     * @param state the state whose transition consumed the event
     * @param event the event, or null for an eventless, polled or timer transition
     */
    public record Internal(int state, Object event) {}

    /**
     * The transition without a target that consumed {@code event} in {@code state}, named without
     * knowing which guards held: the only one of the state's transitions without a target that
     * takes the event, else the first in document order that takes it and has no guard. The rule
     * is exact when the state declares no guarded one before that one; otherwise a guarded one
     * declared before it may have been taken instead, and the step is credited to the unguarded
     * one. Where the state has only guarded ones to choose from (or a state handler) the step is
     * not named.
     *
     * @param chart the chart
     * @param state the state {@code onInternal} names
     * @param event the event, or null for an eventless, polled or timer transition
     * @return the transition's id, or -1 when it cannot be named
     */
    public static int targetlessTaken(Chart<?> chart, int state, Object event) {
        Objects.requireNonNull(chart, "chart");
        Objects.checkIndex(state, chart.stateCount());
        return Targetless.guessed(chart, state, event);
    }

    /**
     * The instrumented copy of the chart: the same states, transitions, ids and behaviour, whose
     * guards run the chart's own and note, for each attached machine, whether they held. Make the
     * machines to cover from it and {@link #attach} them. Compiled when first asked for.
     *
     * @return the copy
     */
    public Chart<C> chart() {
        if (instrumented == null) {
            instrumented = original.substituted(new Substitution<>() {
                @Override
                public MachineGuard<C, Object> guard(int transition, Object guard) {
                    return (m, o, e) -> {
                        Recorder r = lastNoted != null && lastNoted.machine == m ? lastNoted : recorders.get(m);
                        boolean[] held = r == null ? null : r.held;
                        if (held != null) {
                            lastNoted = r;
                            held[transition] = false; // until it returns true: a guard that throws does not hold
                        }
                        boolean holds = Substitution.test(guard, m, o, e);
                        if (held != null) {
                            held[transition] = holds;
                        }
                        return holds;
                    };
                }
            });
        }
        return instrumented;
    }

    /**
     * The chart covered, as it was given.
     *
     * @return the chart
     */
    public Chart<C> original() {
        return original;
    }

    /**
     * Records what a machine does from now on. A machine that is running already counts the states
     * it is in. Call between its steps.
     *
     * @param machine a machine of the {@linkplain #chart() instrumented copy} (targetless transitions
     *                named exactly) or of the chart itself (named as a recording's are)
     * @return this coverage, to attach more
     * @throws IllegalArgumentException when the machine runs another chart, or is attached already
     */
    public Coverage<C> attach(Machine<?> machine) {
        Objects.requireNonNull(machine, "machine");
        boolean copy = instrumented != null && machine.chart() == instrumented;
        if (!copy && machine.chart() != original) {
            throw new IllegalArgumentException("the machine runs chart '" + machine.chart().name() + "' ("
                    + machine.chart() + "), not this coverage's chart or its instrumented copy");
        }
        if (recorders.containsKey(machine)) {
            throw new IllegalArgumentException("the machine is attached already");
        }
        Recorder r = new Recorder(machine, copy ? new boolean[taken.length] : null);
        recorders.put(machine, r);
        machine.addListener(r);
        if (machine.isStarted()) {
            for (int s = 0; s < reached.length; s++) {
                reached[s] |= machine.isIn(s);
            }
        }
        return this;
    }

    /**
     * Stops recording a machine.
     *
     * @param machine an attached machine
     * @return false when it was not attached
     */
    public boolean detach(Machine<?> machine) {
        Recorder r = recorders.remove(machine);
        if (r == null) {
            return false;
        }
        machine.removeListener(r);
        if (lastNoted == r) {
            lastNoted = null;
        }
        return true;
    }

    /**
     * Adds what another coverage of this chart covered (another machine's, another run's, another
     * test's) to this one.
     *
     * @param other a coverage of a chart of the same shape: the same state names and transition
     *              descriptions, in the same order (the same chart built or loaded again will do)
     * @return this coverage
     * @throws IllegalArgumentException when the other chart's shape differs
     */
    public Coverage<C> merge(Coverage<?> other) {
        requireSameShape(other.original, "merge the coverage of");
        for (int s = 0; s < reached.length; s++) {
            reached[s] |= other.reached[s];
        }
        for (int t = 0; t < taken.length; t++) {
            taken[t] |= other.taken[t];
        }
        if (other != this) {
            unnamed += other.unnamed;
        }
        return this;
    }

    /**
     * The states a machine has been in, the root and history pseudo-states aside.
     *
     * @return their ids, ascending
     */
    public int[] statesReached() {
        return states(true);
    }

    /**
     * The states no machine has been in yet, the root and history pseudo-states aside.
     *
     * @return their ids, ascending
     */
    public int[] missedStates() {
        return states(false);
    }

    /**
     * The declared transitions a machine took.
     *
     * @return their ids, ascending
     */
    public int[] transitionsTaken() {
        return transitions(true);
    }

    /**
     * The declared transitions no machine took yet.
     *
     * @return their ids, ascending
     */
    public int[] missedTransitions() {
        return transitions(false);
    }

    /**
     * The coverage in one line, such as
     * {@code states 12/14 (missed: a, b); transitions 20/25 (missed: a "go" -> b; b "hit" [guard]; ...)}
     * (transitions as {@code Chart.describeTransition} gives them, a guarded one marked), with the
     * number of targetless steps that could not be named when there are any.
     *
     * @return the line
     */
    public String report() {
        int reachedCount = statesReached().length;
        int takenCount = transitionsTaken().length;
        int[] missedS = missedStates();
        int[] missedT = missedTransitions();
        StringBuilder b = new StringBuilder("states ").append(reachedCount).append('/').append(reachedCount + missedS.length);
        if (missedS.length > 0) {
            b.append(" (missed: ").append(String.join(", ", IntStream.of(missedS).mapToObj(original::stateName).toList()))
                    .append(')');
        }
        b.append("; transitions ").append(takenCount).append('/').append(takenCount + missedT.length);
        if (missedT.length > 0) {
            b.append(" (missed: ").append(String.join("; ", IntStream.of(missedT).mapToObj(this::describe).toList()))
                    .append(')');
        }
        if (unnamed > 0) {
            b.append("; ").append(unnamed).append(unnamed == 1 ? " step" : " steps").append(" of a transition without a "
                    + "target could not be named (no guard outcomes, and guarded ones to choose from)");
        }
        return b.toString();
    }

    /**
     * The coverage, then what was missed split by what an analysis of the chart knows: dead (no
     * run can cover it, with the analysis's reason) or merely not covered yet. When the analysis
     * stopped at its budget, what it did not reach either is listed apart: it may be either.
     *
     * @param analysis an analysis of the chart (or of a chart of the same shape)
     * @return the report, a line a heading and an indented line an item
     * @throws IllegalArgumentException when the analysis is of a chart of another shape
     */
    public String report(ChartAnalysis analysis) {
        requireSameShape(analysis.chart(), "report against an analysis of");
        List<String> dead = new ArrayList<>();
        List<String> untested = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (int s : missedStates()) {
            String name = "state '" + original.stateName(s) + "'";
            if (analysis.reaches(s)) {
                untested.add(name);
            } else if (analysis.complete()) {
                dead.add(whyDead(analysis, s, -1));
            } else {
                unknown.add(name);
            }
        }
        for (int t : missedTransitions()) {
            String name = "transition " + describe(t);
            if (analysis.takes(t)) {
                untested.add(name);
            } else if (analysis.complete()) {
                dead.add(whyDead(analysis, -1, t));
            } else {
                unknown.add(name);
            }
        }
        StringBuilder b = new StringBuilder(report());
        section(b, "dead, no run can cover them:", dead);
        section(b, "not covered yet, a run can cover them:", untested);
        section(b, "not reached by the analysis either, which stopped early (" + analysis.stoppedBecause().orElse("")
                + "): dead or not, it cannot tell:", unknown);
        return b.toString();
    }

    /**
     * A transition as the chart describes it, with {@code [guard]} (or the guard's label) when it
     * has one: two transitions of a state on one event differ by it.
     */
    private String describe(int t) {
        Chart.TransitionInfo info = original.transitionInfo(t);
        return original.describeTransition(t) + (info.guarded() ? " [" + info.guard().orElse("guard") + "]" : "");
    }

    private static void section(StringBuilder b, String heading, List<String> items) {
        if (!items.isEmpty()) {
            b.append('\n').append(heading);
            items.forEach(i -> b.append("\n  ").append(i));
        }
    }

    /** Why a state or transition no run takes is dead, in the analysis's words. */
    private static String whyDead(ChartAnalysis analysis, int state, int transition) {
        Optional<Finding> f = transition >= 0 ? analysis.deadTransition(transition) : analysis.deadState(state);
        return f.map(d -> (d.definite() ? "" : "possibly: ") + d.message()).orElseThrow();
    }

    private void requireSameShape(Chart<?> other, String what) {
        if (!sameShape(original, other)) {
            throw new IllegalArgumentException("cannot " + what + " chart '" + other.name() + "' (" + other
                    + ") with the coverage of chart '" + original.name() + "' (" + original
                    + "): their states and transitions differ");
        }
    }

    /** Whether two charts have the same states and transitions, by name and description, in the same order. */
    static boolean sameShape(Chart<?> a, Chart<?> b) {
        if (a == b) {
            return true;
        }
        if (!a.name().equals(b.name()) || a.stateCount() != b.stateCount() || a.transitionCount() != b.transitionCount()) {
            return false;
        }
        for (int s = 0; s < a.stateCount(); s++) {
            if (!a.statePath(s).equals(b.statePath(s))) {
                return false;
            }
        }
        for (int t = 0; t < a.transitionCount(); t++) {
            if (!a.describeTransition(t).equals(b.describeTransition(t))) {
                return false;
            }
        }
        return true;
    }

    private int[] states(boolean wanted) {
        return IntStream.range(1, reached.length).filter(s -> counted(original.kind(s)) && reached[s] == wanted).toArray();
    }

    private static boolean counted(StateKind kind) {
        return kind != StateKind.SHALLOW_HISTORY && kind != StateKind.DEEP_HISTORY;
    }

    private int[] transitions(boolean wanted) {
        return IntStream.range(0, taken.length)
                .filter(t -> original.transitionInfo(t).mode().declared() && taken[t] == wanted).toArray();
    }

    /** A targetless step, named with the guards' outcomes when there are some ({@code held} null: none). */
    private void internal(int state, Object event, boolean[] held) {
        int t = held != null ? Targetless.taken(original, state, event, i -> held[i])
                : Targetless.guessed(original, state, event);
        if (t >= 0) {
            taken[t] = true;
        } else if (held == null && !original.stateInfo(state).hasHandler()) {
            unnamed++;
        }
    }

    /** One attached machine's listener. */
    private final class Recorder implements MachineListener {
        final Machine<?> machine;
        /** Per transition: whether its guard held when last tested; null for a machine of the chart itself. */
        final boolean[] held;

        Recorder(Machine<?> machine, boolean[] held) {
            this.machine = machine;
            this.held = held;
        }

        /** Whether a callback is of this chart's run: not part of a move onto another chart, nor after it. */
        private boolean counts(Machine<?> m, Cause cause) {
            return cause != Cause.RELOAD && (m.chart() == original || m.chart() == instrumented);
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            if (counts(m, cause)) {
                reached[state] = true;
            }
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            if (counts(m, cause)) {
                taken[transition] = true;
            }
        }

        @Override
        public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
            if (counts(m, cause)) {
                internal(state, event, held);
            }
        }
    }
}
