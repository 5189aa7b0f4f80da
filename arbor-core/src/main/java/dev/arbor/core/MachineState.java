package dev.arbor.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Everything a machine remembers apart from its owner's data: whatever can change what it does
 * next (docs/time-and-deferral.md, "Snapshots hold the whole future"). {@link Machine#snapshot()}
 * makes one; {@link Machine#restore} checks one whole and puts it back; the networking layer
 * encodes it in as few bits as the chart allows.
 *
 * <p>Immutable, so every accessor that returns an array copies it. Codecs that must not allocate
 * use its reusable form, {@link MachineStateBuffer}, with {@link Machine#snapshotInto} and
 * {@link Machine#restore(MachineStateBuffer, Cause)}.
 *
 * <p>State and transition ids are the chart's. Arrays of ids are in increasing order; a
 * configuration is given as the ids of its active states.
 *
 * @param active      every active state's id, in document order (empty before start)
 * @param history     for each history state id {@code h}, the ids it recorded ({@code history[h]}
 *                    is empty when it recorded nothing, and for states that are not history states)
 * @param halted      whether a top-level final state was reached
 * @param previous    the configuration {@link Machine#revert()} returns to; empty when there is none
 * @param pushed      the configurations saved by {@link Machine#push}, the oldest first
 * @param plans       the plans in progress (the component HSM), the outermost first: the steps still to run
 *                    and the configurations saved by {@code resumeAfter}
 * @param clocks      for each state id, the ticks an active state with behaviours or timers has
 *                    been active for ({@link Machine#ticksInState}), for a state with timers
 *                    and no behaviours at most its largest timer (every larger clock does the
 *                    same); empty when all are 0
 * @param finished    the active states whose behaviours reported finished in this activation
 * @param firedTimers the timers that fired in their source's current activation and left it
 *                    active (internal or local timers), by transition id
 * @param deferred    the deferred events, the oldest first
 * @param variables   the designer variables' raw values, by variable id ({@link Variable}); empty when the chart declares none
 * @param random      the state of the machine's seeded generator ({@link Variables#nextInt})
 */
public record MachineState(int[] active, int[][] history, boolean halted, int[] previous, int[][] pushed,
                           List<PlanEntry> plans, long[] clocks, int[] finished, int[] firedTimers,
                           List<Object> deferred, int[] variables, long random) {

    private static final int[] NONE = {};
    private static final long[] NO_CLOCKS = {};

    /**
     * One pending entry of a plan: either a step still to run ({@code step >= 0}, entered when the
     * state before it finishes) or a configuration saved by {@code resumeAfter} ({@code step < 0}),
     * returned to when the plan's last step finishes.
     *
     * @param container     the state the plan runs in (the plan is dropped when it is exited for good)
     * @param step          the state to enter next, or -1 for a saved configuration
     * @param configuration the saved configuration (empty for a step)
     */
    public record PlanEntry(int container, int step, int[] configuration) {
        /**
         * Copies the configuration.
         *
         * @param container     the state the plan runs in
         * @param step          the state to enter next, or -1 for a saved configuration
         * @param configuration the saved configuration (empty for a step)
         */
        public PlanEntry {
            configuration = Objects.requireNonNull(configuration, "configuration").clone();
        }

        /**
         * The saved configuration (empty for a step).
         *
         * @return a fresh copy of the array
         */
        @Override
        public int[] configuration() {
            return configuration.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PlanEntry p && container == p.container && step == p.step
                    && Arrays.equals(configuration, p.configuration);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * container + step) + Arrays.hashCode(configuration);
        }

        @Override
        public String toString() {
            return step >= 0 ? "step " + step + " in " + container
                    : "resume " + Arrays.toString(configuration) + " in " + container;
        }
    }

    /**
     * A state with only a configuration, history records and the halted flag: nothing saved,
     * pending or deferred.
     *
     * @param active  every active state's id, in document order
     * @param history for each history state id, the ids it recorded
     * @param halted  whether a top-level final state was reached
     */
    public MachineState(int[] active, int[][] history, boolean halted) {
        this(active, history, halted, NONE, new int[0][], List.of(), NO_CLOCKS, NONE, NONE, List.of());
    }

    /**
     * A state of a machine whose chart declares no variables and whose generator is where it
     * starts ({@link Variables#DEFAULT_SEED}).
     *
     * @param active      every active state's id, in document order
     * @param history     for each history state id, the ids it recorded
     * @param halted      whether a top-level final state was reached
     * @param previous    the configuration {@link Machine#revert()} returns to
     * @param pushed      the configurations saved by {@link Machine#push}
     * @param plans       the plans in progress
     * @param clocks      for each state id, the ticks it has been active for (all 0 when empty)
     * @param finished    the active states whose behaviours reported finished
     * @param firedTimers the timers that fired and left their source active
     * @param deferred    the deferred events, none of them null
     */
    public MachineState(int[] active, int[][] history, boolean halted, int[] previous, int[][] pushed,
                        List<PlanEntry> plans, long[] clocks, int[] finished, int[] firedTimers, List<Object> deferred) {
        this(active, history, halted, previous, pushed, plans, clocks, finished, firedTimers, deferred, NONE,
                Variables.DEFAULT_SEED);
    }

    /**
     * Checks that no array or list is null and copies them all, so that the state cannot change.
     *
     * @param active      every active state's id, in document order
     * @param history     for each history state id, the ids it recorded
     * @param halted      whether a top-level final state was reached
     * @param previous    the configuration {@link Machine#revert()} returns to
     * @param pushed      the configurations saved by {@link Machine#push}
     * @param plans       the plans in progress
     * @param clocks      for each state id, the ticks it has been active for (all 0 when empty)
     * @param finished    the active states whose behaviours reported finished
     * @param firedTimers the timers that fired and left their source active
     * @param deferred    the deferred events, none of them null
     * @param variables   the designer variables' raw values, by id
     * @param random      the seeded generator's state
     */
    public MachineState {
        active = Objects.requireNonNull(active, "active").clone();
        history = deepCopy(Objects.requireNonNull(history, "history"));
        previous = Objects.requireNonNull(previous, "previous").clone();
        pushed = deepCopy(Objects.requireNonNull(pushed, "pushed"));
        plans = List.copyOf(plans);
        clocks = Objects.requireNonNull(clocks, "clocks").clone();
        boolean anyClock = false;
        for (long t : clocks) {
            anyClock |= t != 0;
        }
        if (!anyClock) {
            clocks = NO_CLOCKS; // one form for "every clock at 0", so that equal states are equal
        }
        finished = Objects.requireNonNull(finished, "finished").clone();
        firedTimers = Objects.requireNonNull(firedTimers, "firedTimers").clone();
        for (Object e : Objects.requireNonNull(deferred, "deferred")) {
            Objects.requireNonNull(e, "deferred event");
        }
        deferred = List.copyOf(deferred);
        variables = Objects.requireNonNull(variables, "variables").clone();
    }

    private static int[][] deepCopy(int[][] a) {
        int[][] copy = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            copy[i] = Objects.requireNonNull(a[i], "entry").clone();
        }
        return copy;
    }

    /**
     * Every active state's id, in document order (empty before start).
     *
     * @return a fresh copy of the array
     */
    @Override
    public int[] active() {
        return active.clone();
    }

    /**
     * What history state {@code h} recorded (empty if nothing).
     *
     * @param h the history state's id
     * @return a fresh array of the recorded states' ids
     */
    public int[] history(int h) {
        return history[h].clone();
    }

    /**
     * For each history state id, the ids it recorded (see {@link #history(int)}).
     *
     * @return a fresh deep copy of the arrays
     */
    @Override
    public int[][] history() {
        return deepCopy(history);
    }

    /**
     * The configuration {@link Machine#revert()} returns to; empty when there is none.
     *
     * @return a fresh copy of the array
     */
    @Override
    public int[] previous() {
        return previous.clone();
    }

    /**
     * The configurations saved by {@link Machine#push}, the oldest first.
     *
     * @return a fresh deep copy of the arrays
     */
    @Override
    public int[][] pushed() {
        return deepCopy(pushed);
    }

    /**
     * For each state id, the ticks it has been active for (see {@link #clock(int)}); empty when all are 0.
     *
     * @return a fresh copy of the array
     */
    @Override
    public long[] clocks() {
        return clocks.clone();
    }

    /**
     * The ticks state {@code st} has been active for, as {@link #clocks()} holds it.
     *
     * @param st the state's id
     * @return the ticks, 0 when not kept
     */
    public long clock(int st) {
        return st < clocks.length ? clocks[st] : 0;
    }

    /**
     * The active states whose behaviours reported finished in this activation.
     *
     * @return a fresh copy of the array
     */
    @Override
    public int[] finished() {
        return finished.clone();
    }

    /**
     * The timers that fired in their source's current activation and left it active.
     *
     * @return a fresh copy of the array
     */
    @Override
    public int[] firedTimers() {
        return firedTimers.clone();
    }

    /**
     * The designer variables' raw values, by variable id.
     *
     * @return a fresh copy of the array
     */
    @Override
    public int[] variables() {
        return variables.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MachineState s && halted == s.halted && random == s.random
                && Arrays.equals(variables, s.variables) && Arrays.equals(active, s.active)
                && Arrays.deepEquals(history, s.history) && Arrays.equals(previous, s.previous)
                && Arrays.deepEquals(pushed, s.pushed) && plans.equals(s.plans) && Arrays.equals(clocks, s.clocks)
                && Arrays.equals(finished, s.finished) && Arrays.equals(firedTimers, s.firedTimers)
                && deferred.equals(s.deferred);
    }

    @Override
    public int hashCode() {
        int h = 31 * Arrays.hashCode(active) + Arrays.deepHashCode(history) + (halted ? 1 : 0);
        h = 31 * h + Arrays.hashCode(previous);
        h = 31 * h + Arrays.deepHashCode(pushed);
        h = 31 * h + plans.hashCode();
        h = 31 * h + Arrays.hashCode(clocks);
        h = 31 * h + Arrays.hashCode(finished);
        h = 31 * h + Arrays.hashCode(firedTimers);
        h = 31 * h + Arrays.hashCode(variables) + Long.hashCode(random);
        return 31 * h + deferred.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("MachineState[active=").append(Arrays.toString(active))
                .append(", history=").append(Arrays.deepToString(history));
        if (halted) {
            b.append(", halted");
        }
        if (previous.length > 0) {
            b.append(", previous=").append(Arrays.toString(previous));
        }
        if (pushed.length > 0) {
            b.append(", pushed=").append(Arrays.deepToString(pushed));
        }
        if (!plans.isEmpty()) {
            b.append(", plans=").append(plans);
        }
        if (clocks.length > 0) {
            b.append(", clocks=").append(Arrays.toString(clocks));
        }
        if (finished.length > 0) {
            b.append(", finished=").append(Arrays.toString(finished));
        }
        if (firedTimers.length > 0) {
            b.append(", firedTimers=").append(Arrays.toString(firedTimers));
        }
        if (!deferred.isEmpty()) {
            b.append(", deferred=").append(deferred);
        }
        if (variables.length > 0) {
            b.append(", variables=").append(Arrays.toString(variables));
        }
        if (random != Variables.DEFAULT_SEED) {
            b.append(", random=").append(Long.toHexString(random));
        }
        return b.append(']').toString();
    }
}
