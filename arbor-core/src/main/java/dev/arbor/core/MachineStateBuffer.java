package dev.arbor.core;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.Bits;
import dev.arbor.core.semantics.StateBits;
import dev.arbor.core.semantics.StateBufferCore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A machine's state held in reusable arrays: the same parts as a {@link MachineState}, which a
 * codec fills from bytes for {@link Machine#restore(MachineStateBuffer, Cause)} to check whole and
 * put back, and which {@link Machine#snapshotInto(MachineStateBuffer)} fills for a codec to write.
 * Once it has grown to what a chart's machines hold, neither direction allocates.
 *
 * <p><b>A service-provider interface</b> for codecs and tools that move states in bulk (such as
 * {@code arbor-net}'s snapshot codec); applications use {@link MachineState}, which is immutable
 * and compares by value. A buffer is made for one chart and is confined to one thread.
 *
 * <p>Filling it checks only what the arrays can hold (ids in range, no null event); whether the
 * whole is a legal state of the chart — a valid configuration, history records the chart allows,
 * clocks only on active clocked states, limits — is what {@code restore} checks, naming what is
 * wrong before it changes anything.
 */
@SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
public final class MachineStateBuffer extends StateBufferCore {
    private static final int[] NO_IDS = {};

    private final Chart<?> chart;
    /**
     * An empty buffer (no state active) for machines of a chart.
     *
     * @param chart the chart whose machines' states it holds
     */
    public MachineStateBuffer(Chart<?> chart) {
        this.chart = Objects.requireNonNull(chart, "chart");
        this.compiled = chart.compiled();
        CompiledChart c = compiled;
        int n = c.stateCount;
        active = new StateSet(n);
        history = new StateSet[n];
        int historyCount = 0;
        for (int st = 0; st < n; st++) {
            if (c.paths.historyOffset[st] >= 0) {
                history[st] = new StateSet(n);
                historyCount++;
            }
        }
        historyStates = new int[historyCount];
        for (int st = 0, k = 0; st < n; st++) {
            if (history[st] != null) {
                historyStates[k++] = st;
            }
        }
        previous = new StateSet(n);
        clocks = new long[n];
        finished = new long[c.words];
        firedTimers = new long[(c.transitionCount + 63) >>> 6];
        checkScratch = new long[c.words];
        variables = new int[c.variables.length];
    }

    /**
     * The chart this buffer holds states of.
     *
     * @return the chart given when it was made
     */
    public Chart<?> chart() {
        return chart;
    }

    /** Empties every part: no state active, nothing recorded, saved, pending or deferred. */
    public void clear() {
        active.clear();
        halted = false;
        for (int h : historyStates) {
            history[h].clear();
        }
        previous.clear();
        pushedCount = 0;
        planCount = 0;
        if (anyClock) {
            Arrays.fill(clocks, 0);
            anyClock = false;
        }
        Arrays.fill(finished, 0);
        Arrays.fill(firedTimers, 0);
        Arrays.fill(deferred, 0, deferredCount, null); // hold no event past its use
        deferredCount = 0;
        Arrays.fill(variables, 0);
        random = Variables.DEFAULT_SEED;
    }

    // ---------------------------------------------------------------- designer variables and the generator

    /**
     * A designer variable's raw value ({@link Variable}).
     *
     * @param variable the variable's id
     * @return its raw value
     */
    public int variable(int variable) {
        return variables[variable];
    }

    /**
     * Sets a designer variable's raw value ({@code restore} checks it against the variable's range).
     *
     * @param variable the variable's id
     * @param raw      its raw value
     */
    public void setVariable(int variable, int raw) {
        variables[variable] = raw;
    }

    /** {@return the state of the machine's seeded generator} */
    public long random() {
        return random;
    }

    /**
     * Sets the state of the machine's seeded generator.
     *
     * @param state the generator's state
     */
    public void setRandom(long state) {
        random = state;
    }

    // ---------------------------------------------------------------- configuration and history

    /**
     * The active configuration: every active state (empty before start).
     *
     * @return the set, to read or to add states to
     */
    public StateSet active() {
        return active;
    }

    /**
     * Whether a top-level final state was reached.
     *
     * @return the halted flag
     */
    public boolean halted() {
        return halted;
    }

    /**
     * Sets whether a top-level final state was reached (it must agree with the configuration).
     *
     * @param halted the halted flag
     */
    public void setHalted(boolean halted) {
        this.halted = halted;
    }

    /**
     * What a history state recorded: a shallow history, children of its parent; a deep one, leaves
     * below its parent (empty when it recorded nothing).
     *
     * @param historyState a history pseudo-state's id
     * @return the set, to read or to add states to
     * @throws IllegalArgumentException if the state is not a history pseudo-state
     */
    public StateSet history(int historyState) {
        Objects.checkIndex(historyState, history.length);
        StateSet h = history[historyState];
        if (h == null) {
            throw new IllegalArgumentException("state '" + compiled.states.name[historyState] + "' of chart '"
                    + compiled.name + "' is not a history state");
        }
        return h;
    }

    // ---------------------------------------------------------------- saved configurations

    /**
     * The configuration {@link Machine#revert()} returns to; empty when there is none.
     *
     * @return the set, to read or to add states to
     */
    public StateSet previous() {
        return previous;
    }

    /**
     * How many configurations {@link Machine#push} saved.
     *
     * @return the number of pushed configurations
     */
    public int pushedCount() {
        return pushedCount;
    }

    /**
     * A configuration {@link Machine#push} saved, the oldest first.
     *
     * @param i its index, below {@link #pushedCount()}
     * @return the set
     */
    public StateSet pushed(int i) {
        return pushed[Objects.checkIndex(i, pushedCount)];
    }

    /**
     * Appends an empty pushed configuration (the newest), to be filled.
     *
     * @return the new configuration's set
     */
    public StateSet addPushed() {
        if (pushedCount == pushed.length) {
            pushed = grow(pushed);
        }
        StateSet s = pushed[pushedCount++];
        s.clear();
        return s;
    }

    // ---------------------------------------------------------------- plans

    /**
     * How many plan entries are pending (see {@link MachineState.PlanEntry}).
     *
     * @return the number of plan entries, the outermost first
     */
    public int planCount() {
        return planCount;
    }

    /**
     * The state plan entry {@code i} runs in.
     *
     * @param i the entry's index, below {@link #planCount()}
     * @return the container's id
     */
    public int planContainer(int i) {
        return planContainer[Objects.checkIndex(i, planCount)];
    }

    /**
     * The state plan entry {@code i} enters next, or -1 for a configuration saved by {@code resumeAfter}.
     *
     * @param i the entry's index, below {@link #planCount()}
     * @return the step's id, or -1
     */
    public int planStep(int i) {
        return planStep[Objects.checkIndex(i, planCount)];
    }

    /**
     * The configuration plan entry {@code i} saved (empty for a step).
     *
     * @param i the entry's index, below {@link #planCount()}
     * @return the set
     */
    public StateSet planConfiguration(int i) {
        return planConfiguration[Objects.checkIndex(i, planCount)];
    }

    /**
     * Appends a plan step: a state to enter when the one before it finishes.
     *
     * @param container the state the plan runs in
     * @param step      the state to enter next
     */
    public void addPlanStep(int container, int step) {
        addPlanEntry(container, step);
    }

    /**
     * Appends a configuration saved by {@code resumeAfter}, to be filled.
     *
     * @param container the state the plan runs in
     * @return the saved configuration's set, empty
     */
    public StateSet addPlanResume(int container) {
        return addPlanEntry(container, -1);
    }

    private StateSet addPlanEntry(int container, int step) {
        if (planCount == planContainer.length) {
            int size = Math.max(4, 2 * planCount);
            planContainer = Arrays.copyOf(planContainer, size);
            planStep = Arrays.copyOf(planStep, size);
            planConfiguration = grow(planConfiguration);
        }
        planContainer[planCount] = container;
        planStep[planCount] = step;
        StateSet s = planConfiguration[planCount++];
        s.clear();
        return s;
    }

    // ---------------------------------------------------------------- clocks and timers

    /**
     * The ticks a state has been active for, as {@link MachineState#clock(int)} gives it.
     *
     * @param state the state's id
     * @return its clock, 0 when not set
     */
    public long clock(int state) {
        return clocks[state];
    }

    /**
     * Sets the ticks an active state with behaviours or timers has been active for.
     *
     * @param state the state's id
     * @param ticks its clock
     */
    public void setClock(int state, long ticks) {
        clocks[state] = ticks;
        anyClock |= ticks != 0;
    }

    /**
     * Whether a state's behaviours reported finished in this activation.
     *
     * @param state the state's id
     * @return true when marked finished
     */
    public boolean finished(int state) {
        return isSet(finished, Objects.checkIndex(state, compiled.stateCount));
    }

    /**
     * Marks a state's behaviours finished in this activation.
     *
     * @param state the state's id
     */
    public void setFinished(int state) {
        set(finished, Objects.checkIndex(state, compiled.stateCount));
    }

    /**
     * Whether a timer fired in its source's current activation and left it active.
     *
     * @param transition the timer's transition id
     * @return true when marked fired
     */
    public boolean timerFired(int transition) {
        return isSet(firedTimers, Objects.checkIndex(transition, compiled.transitionCount));
    }

    /**
     * Marks a timer fired in its source's current activation.
     *
     * @param transition the timer's transition id
     */
    public void setTimerFired(int transition) {
        set(firedTimers, Objects.checkIndex(transition, compiled.transitionCount));
    }

    // ---------------------------------------------------------------- deferred events

    /**
     * How many events are deferred.
     *
     * @return the number of deferred events
     */
    public int deferredCount() {
        return deferredCount;
    }

    /**
     * A deferred event, the oldest first.
     *
     * @param i its index, below {@link #deferredCount()}
     * @return the event
     */
    public Object deferred(int i) {
        return deferred[Objects.checkIndex(i, deferredCount)];
    }

    /**
     * Appends a deferred event (the newest).
     *
     * @param event the event, not null
     */
    public void defer(Object event) {
        Objects.requireNonNull(event, "deferred event");
        if (deferredCount == deferred.length) {
            deferred = Arrays.copyOf(deferred, Math.max(4, 2 * deferredCount));
        }
        deferred[deferredCount++] = event;
    }

    // ---------------------------------------------------------------- conversions

    /**
     * The state this buffer holds, as an immutable {@link MachineState} (which it need not be a
     * legal one of: {@code restore} judges that).
     *
     * @return a new state
     */
    public MachineState toState() {
        int n = compiled.stateCount;
        int[][] records = new int[n][];
        for (int st = 0; st < n; st++) {
            records[st] = history[st] == null ? NO_IDS : history[st].toArray();
        }
        int[][] saved = new int[pushedCount][];
        for (int i = 0; i < pushedCount; i++) {
            saved[i] = pushed[i].toArray();
        }
        List<MachineState.PlanEntry> plans = new ArrayList<>(planCount);
        for (int i = 0; i < planCount; i++) {
            plans.add(new MachineState.PlanEntry(planContainer[i], planStep[i], planConfiguration[i].toArray()));
        }
        return new MachineState(active.toArray(), records, halted, previous.toArray(), saved, plans, clocks,
                ids(finished, n), ids(firedTimers, compiled.transitionCount),
                Arrays.asList(Arrays.copyOf(deferred, deferredCount)), variables, random);
    }

    /**
     * Fills this buffer from a state whose ids {@code StateCheck.formProblem} found in range and in
     * order; what it holds beyond that is for {@code restore} to judge.
     */
    @Override
    protected void load(MachineState state) {
        clear();
        addAll(active, state.active());
        halted = state.halted();
        int[][] records = state.history();
        for (int st = 0; st < records.length; st++) {
            if (records[st].length > 0) {
                addAll(history[st], records[st]);
            }
        }
        addAll(previous, state.previous());
        for (int[] saved : state.pushed()) {
            addAll(addPushed(), saved);
        }
        for (MachineState.PlanEntry e : state.plans()) {
            addAll(addPlanEntry(e.container(), e.step()), e.configuration());
        }
        long[] ticks = state.clocks();
        for (int st = 0; st < ticks.length; st++) {
            setClock(st, ticks[st]);
        }
        for (int st : state.finished()) {
            set(finished, st);
        }
        for (int t : state.firedTimers()) {
            set(firedTimers, t);
        }
        for (Object e : state.deferred()) {
            defer(e);
        }
        int[] raw = state.variables();
        System.arraycopy(raw, 0, variables, 0, Math.min(raw.length, variables.length));
        random = state.random();
    }

    private static void addAll(StateSet set, int[] ids) {
        for (int id : ids) {
            set.add(id);
        }
    }

    private StateSet[] grow(StateSet[] sets) {
        StateSet[] bigger = Arrays.copyOf(sets, Math.max(4, 2 * sets.length));
        for (int i = sets.length; i < bigger.length; i++) {
            bigger[i] = new StateSet(compiled.stateCount);
        }
        return bigger;
    }

    private static int[] ids(long[] bits, int limit) {
        int count = 0;
        for (long w : bits) {
            count += Long.bitCount(w);
        }
        int[] out = new int[count];
        int k = 0;
        for (int i = 0; i < limit; i++) {
            if (isSet(bits, i)) {
                out[k++] = i;
            }
        }
        return out;
    }


    private static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    @Override
    public String toString() {
        return "MachineStateBuffer[" + compiled.name + ": " + toState() + "]";
    }

    /**
     * A set of one chart's state ids, as bits: a configuration or a history record in a
     * {@link MachineStateBuffer}. Its ids come out in increasing (document) order.
     */
    @SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
    public static final class StateSet extends StateBits {
        private final int stateCount;

        /**
         * An empty set of ids below {@code stateCount}.
         *
         * @param stateCount the number of states of the chart
         */
        public StateSet(int stateCount) {
            super(stateCount);
            this.stateCount = stateCount;
        }

        /**
         * Adds a state.
         *
         * @param state the state's id
         * @throws IndexOutOfBoundsException if the id is not below the chart's state count
         */
        public void add(int state) {
            Objects.checkIndex(state, stateCount);
            bits[state >>> 6] |= 1L << state;
        }

        /**
         * Adds every state of another set (of the same chart's states).
         *
         * @param other the states to add
         * @throws IllegalArgumentException if the other set is of a chart with another number of states
         */
        public void addAll(StateSet other) {
            if (other.stateCount != stateCount) {
                throw new IllegalArgumentException("a set of " + other.stateCount + " states added to one of " + stateCount);
            }
            for (int w = 0; w < bits.length; w++) {
                bits[w] |= other.bits[w];
            }
        }

        /**
         * Whether a state is in the set.
         *
         * @param state the state's id
         * @return true when it is
         * @throws IndexOutOfBoundsException if the id is not below the chart's state count
         */
        public boolean contains(int state) {
            Objects.checkIndex(state, stateCount);
            return (bits[state >>> 6] & (1L << state)) != 0;
        }

        /**
         * The smallest id in the set at or after {@code from}: {@code for (int s = set.next(0); s >= 0;
         * s = set.next(s + 1))} visits the set in document order without allocating.
         *
         * @param from the first id to look at, at least 0
         * @return the id, or -1 when there is none
         */
        public int next(int from) {
            return Bits.nextSet(bits, from);
        }

        /**
         * Whether the set is empty.
         *
         * @return true when no state is in it
         */
        public boolean isEmpty() {
            for (long w : bits) {
                if (w != 0) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The number of states in the set.
         *
         * @return the count
         */
        public int size() {
            int count = 0;
            for (long w : bits) {
                count += Long.bitCount(w);
            }
            return count;
        }

        /** Removes every state. */
        public void clear() {
            Arrays.fill(bits, 0);
        }

        /**
         * The ids in the set, in increasing order.
         *
         * @return a new array
         */
        public int[] toArray() {
            return ids(bits, stateCount);
        }

        @Override
        public String toString() {
            return Arrays.toString(toArray());
        }
    }
}
