package dev.arbor.core.semantics;

import dev.arbor.core.Chart;
import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.Variable;

import dev.arbor.core.MachineStateBuffer.StateSet;
import dev.arbor.core.model.CompiledChart;

/**
 * Whether a state is a legal state of a chart (a valid configuration as docs/architecture.md
 * defines it, legal history records, and the rest of the machine's future within the chart's
 * limits). Two checks: the form of a {@link MachineState}'s id arrays ({@link #formProblem}: in
 * range and in order, which a {@link MachineStateBuffer} cannot get wrong), then the whole state in
 * its buffer form ({@link #problem}, which allocates nothing unless it finds a problem).
 */
public final class StateCheck {
    private StateCheck() {}

    // ---------------------------------------------------------------- the id arrays of a MachineState

    /** Returns what is wrong with the state's ids (out of range, out of order, misplaced), or null. */
    public static String formProblem(CompiledChart c, MachineState state) {
        int n = c.stateCount;
        if (state.variables().length != c.variables.length) {
            return "the chart declares " + c.variables.length + " variables, the state holds " + state.variables().length;
        }
        int previous = -1;
        for (int st : state.active()) {
            if (st < 0 || st >= n) {
                return "state id " + st + " is out of range 0.." + (n - 1);
            }
            if (st <= previous) {
                return "active states are not in increasing document order at id " + st;
            }
            previous = st;
        }
        int[][] history = state.history();
        if (history.length != n) {
            return "history has " + history.length + " entries, the chart has " + n + " states";
        }
        for (int h = 0; h < n; h++) {
            int[] rec = history[h];
            if (rec.length == 0) {
                continue;
            }
            if (c.paths.historyOffset[h] < 0) {
                return "state '" + c.states.name[h] + "' is not a history state but has a record";
            }
            String why = recordFormProblem(c, rec);
            if (why != null) {
                return "history '" + c.states.name[h] + "': " + why;
            }
        }
        String why = idsProblem(state.previous(), n, "state id");
        if (why != null) {
            return "previous configuration: " + why;
        }
        int[][] pushed = state.pushed();
        for (int i = 0; i < pushed.length; i++) {
            why = idsProblem(pushed[i], n, "state id");
            if (why != null) {
                return "pushed configuration " + i + ": " + why;
            }
        }
        int i = 0;
        for (MachineState.PlanEntry e : state.plans()) {
            why = idsProblem(e.configuration(), n, "state id");
            if (why != null) {
                return "plan entry " + i + ": " + why;
            }
            i++;
        }
        long[] clocks = state.clocks();
        if (clocks.length != 0 && clocks.length != n) {
            return "clocks has " + clocks.length + " entries, the chart has " + n + " states";
        }
        why = idsProblem(state.finished(), n, "finished state");
        if (why != null) {
            return why;
        }
        return idsProblem(state.firedTimers(), c.transitionCount, "fired timer");
    }

    private static String recordFormProblem(CompiledChart c, int[] rec) {
        int previous = -1;
        for (int st : rec) {
            if (st < 0 || st >= c.stateCount) {
                return "recorded id " + st + " is out of range";
            }
            if (st <= previous) {
                return "recorded ids are not in increasing document order";
            }
            previous = st;
        }
        return null;
    }

    /** Ids in 0..limit, increasing. */
    private static String idsProblem(int[] ids, int limit, String what) {
        int previous = -1;
        for (int id : ids) {
            if (id < 0 || id >= limit) {
                return what + " " + id + " is out of range 0.." + (limit - 1);
            }
            if (id <= previous) {
                return what + "s are not in increasing order at " + id;
            }
            previous = id;
        }
        return null;
    }

    // ---------------------------------------------------------------- the whole state

    /** Both checks, on a {@link MachineState}: what is wrong with it as a state of the chart, or null. */
    public static String problem(Chart<?> chart, MachineState state) {
        String why = formProblem(chart.compiled, state);
        if (why != null) {
            return why;
        }
        MachineStateBuffer buffer = new MachineStateBuffer(chart);
        ((StateBufferCore) buffer).load(state);
        return problem(chart.compiled, buffer);
    }

    /** Returns what is wrong with the state in the buffer, or null when it is a legal state of the chart. */
    static String problem(CompiledChart c, MachineStateBuffer state) {
        for (int v = 0; v < c.variables.length; v++) {
            if (!c.variables[v].holds(state.variables[v])) {
                Variable d = c.variables[v];
                return "variable '" + d.name() + "' is " + d.describe() + "; " + state.variables[v] + " is out of range";
            }
        }
        long[] goal = state.active.bits;
        if (state.active.isEmpty()) {
            return "no state is active (a started machine always has its root active)";
        }
        String why = configurationProblem(c, goal);
        if (why != null) {
            return why;
        }
        if (state.halted) {
            boolean finalAtTop = false;
            for (int child : c.states.children[0]) {
                finalAtTop |= c.states.kind[child] == CompiledChart.FINAL && isSet(goal, child);
            }
            if (!finalAtTop) {
                return "halted, but no top-level final state is active";
            }
        }
        for (int h : state.historyStates) {
            StateSet rec = state.history[h];
            if (!rec.isEmpty()) {
                why = historyProblem(c, h, rec, state.checkScratch);
                if (why != null) {
                    return "history '" + c.states.name[h] + "': " + why;
                }
            }
        }
        return futureProblem(c, state, goal);
    }

    /** The saved configurations, plans, clocks, fired timers and deferred events. */
    private static String futureProblem(CompiledChart c, MachineStateBuffer state, long[] goal) {
        if (!state.previous.isEmpty()) {
            String why = configurationProblem(c, state.previous.bits);
            if (why != null) {
                return "previous configuration: " + why;
            }
        }
        if (state.pushedCount > c.pushLimit) {
            return state.pushedCount + " pushed configurations, the chart allows " + c.pushLimit;
        }
        for (int i = 0; i < state.pushedCount; i++) {
            String why = configurationProblem(c, state.pushed[i].bits);
            if (why != null) {
                return "pushed configuration " + i + ": " + why;
            }
        }
        for (int i = 0; i < state.planCount; i++) {
            String why = planProblem(c, state.planContainer[i], state.planStep[i], state.planConfiguration[i]);
            if (why != null) {
                return "plan entry " + i + ": " + why;
            }
        }
        long[] clocks = state.clocks;
        for (int st = 0; st < clocks.length && state.anyClock; st++) {
            if (clocks[st] != 0) {
                String why = clockProblem(c, st, clocks[st], goal);
                if (why != null) {
                    return why;
                }
            }
        }
        for (int w = 0; w < state.finished.length; w++) {
            for (long bits = state.finished[w]; bits != 0; bits &= bits - 1) {
                int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                if (c.states.behaviors[st].length == 0 || !isSet(goal, st)) {
                    return "'" + c.states.name[st] + "' is finished but is not an active state with behaviours";
                }
            }
        }
        for (int w = 0; w < state.firedTimers.length; w++) {
            for (long bits = state.firedTimers[w]; bits != 0; bits &= bits - 1) {
                int t = (w << 6) + Long.numberOfTrailingZeros(bits);
                if (!c.transitions.timerOnce[t] || !isSet(goal, c.transitions.source[t])) {
                    return "transition " + c.transitions.label[t] + " is marked fired but is not a timer that keeps its active source";
                }
            }
        }
        if (state.deferredCount > c.deferLimit) {
            return state.deferredCount + " deferred events, the chart keeps at most " + c.deferLimit;
        }
        return null;
    }

    private static String clockProblem(CompiledChart c, int st, long clock, long[] goal) {
        if (clock < 0) {
            return "the clock of '" + c.states.name[st] + "' is negative (" + clock + ")";
        }
        if (!(c.ticks.clocked[st] && isSet(goal, st))) {
            return "'" + c.states.name[st] + "' has a clock but is not an active state with behaviours or timers";
        }
        if (c.states.behaviors[st].length == 0 && clock > c.ticks.maxAfter[st]) {
            return "the clock of '" + c.states.name[st] + "' (" + clock + ") is past its largest timer ("
                    + c.ticks.maxAfter[st] + "), where clocks of states with timers only stop";
        }
        return null;
    }

    private static String planProblem(CompiledChart c, int container, int step, StateSet configuration) {
        int n = c.stateCount;
        if (container < 0 || container >= n) {
            return "container id " + container + " is out of range 0.." + (n - 1);
        }
        if (step >= 0) {
            if (step >= n || !(step == container || c.isDescendant(step, container))) {
                return "step " + step + " is not a state inside '" + c.states.name[container] + "'";
            }
            return configuration.isEmpty() ? null : "a step saves no configuration";
        }
        if (step != -1) {
            return "step " + step + " is neither a state nor -1 (a saved configuration)";
        }
        return configuration.isEmpty() ? "a saved configuration is empty" : configurationProblem(c, configuration.bits);
    }

    /**
     * What is wrong with a configuration's bits, or null: a quick pass over the active states
     * first (the common case is a valid one), then, only when it fails, the pass that names the fault.
     */
    private static String configurationProblem(CompiledChart c, long[] goal) {
        return isConfiguration(c, goal) ? null : configurationFault(c, goal);
    }

    /** The root active, closed upward, one active child per active compound and every child of an active parallel. */
    private static boolean isConfiguration(CompiledChart c, long[] goal) {
        if ((goal[0] & 1) == 0) {
            return false;
        }
        return c.flat ? isPath(c, goal) : isTree(c, goal);
    }

    /** In a chart without parallel states, a configuration is the path from the root to one atomic or final state. */
    private static boolean isPath(CompiledChart c, long[] goal) {
        int count = 0;
        int deepest = 0; // the highest id: in document order, no active state comes after the leaf
        for (int w = 0; w < goal.length; w++) {
            count += Long.bitCount(goal[w]);
            if (goal[w] != 0) {
                deepest = (w << 6) + 63 - Long.numberOfLeadingZeros(goal[w]);
            }
        }
        byte k = c.states.kind[deepest];
        if ((k != CompiledChart.ATOMIC && k != CompiledChart.FINAL) || count != c.states.depth[deepest] + 1) {
            return false;
        }
        for (int st = c.states.parent[deepest]; st > 0; st = c.states.parent[st]) {
            if (!isSet(goal, st)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTree(CompiledChart c, long[] goal) {
        for (int w = 0; w < goal.length; w++) {
            for (long bits = goal[w]; bits != 0; bits &= bits - 1) { // the active states only
                int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                byte k = c.states.kind[st];
                if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP
                        || (st > 0 && !isSet(goal, c.states.parent[st])) || !childrenComplete(c, st, goal)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether an active compound has one active child, an active parallel all of them (true for other states). */
    private static boolean childrenComplete(CompiledChart c, int st, long[] bits) {
        byte k = c.states.kind[st];
        if (k != CompiledChart.COMPOUND && k != CompiledChart.PARALLEL) {
            return true;
        }
        int words = c.words;
        int active = 0;
        for (int w = 0, at = st * words; w < words; w++, at++) {
            active += Long.bitCount(bits[w] & c.states.childMask[at]);
        }
        return active == (k == CompiledChart.COMPOUND ? 1 : c.states.children[st].length);
    }

    /** What {@link #isConfiguration} refused: closure upward first (it names the most precise fault), then the children. */
    private static String configurationFault(CompiledChart c, long[] goal) {
        if (!isSet(goal, 0)) {
            return "the root is not active";
        }
        for (int st = Bits.nextSet(goal, 1); st >= 0; st = Bits.nextSet(goal, st + 1)) {
            byte k = c.states.kind[st];
            if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
                return "history pseudo-state '" + c.states.name[st] + "' cannot be active";
            }
            if (!isSet(goal, c.states.parent[st])) {
                return "'" + c.states.name[st] + "' is active but its parent '" + c.states.name[c.states.parent[st]] + "' is not";
            }
        }
        for (int st = Bits.nextSet(goal, 0); st >= 0; st = Bits.nextSet(goal, st + 1)) {
            int activeChildren = activeChildren(c, st, goal);
            if (c.states.kind[st] == CompiledChart.COMPOUND && activeChildren != 1) {
                return "compound '" + c.states.name[st] + "' has " + activeChildren + " active children (needs exactly 1)";
            }
            if (c.states.kind[st] == CompiledChart.PARALLEL && activeChildren != c.states.children[st].length) {
                return "parallel '" + c.states.name[st] + "' has " + activeChildren + " of its "
                        + c.states.children[st].length + " regions active";
            }
        }
        throw new AssertionError("isConfiguration and configurationFault disagree");
    }

    /**
     * A history record given as ids (for {@link Migration}): in range and increasing, then as
     * {@link #historyProblem(CompiledChart, int, StateSet, long[])} judges it.
     */
    static String historyProblem(CompiledChart c, int h, int[] rec) {
        String why = recordFormProblem(c, rec);
        if (why != null) {
            return why;
        }
        StateSet set = new StateSet(c.stateCount);
        for (int st : rec) {
            set.add(st);
        }
        return historyProblem(c, h, set, new long[c.words]);
    }

    /**
     * A shallow record is a legal set of the parent's children; a deep one, the leaves of a legal
     * configuration below it. {@code scratch} (a bit per state) is overwritten.
     */
    private static String historyProblem(CompiledChart c, int h, StateSet rec, long[] scratch) {
        int p = c.states.parent[h];
        if (c.states.kind[h] == CompiledChart.HISTORY_SHALLOW) {
            for (int st = rec.next(0); st >= 0; st = rec.next(st + 1)) {
                if (c.states.parent[st] != p || c.states.kind[st] == CompiledChart.HISTORY_SHALLOW
                        || c.states.kind[st] == CompiledChart.HISTORY_DEEP) {
                    return "'" + c.states.name[st] + "' is not a child of '" + c.states.name[p] + "'";
                }
            }
            int expected = c.states.kind[p] == CompiledChart.PARALLEL ? c.states.children[p].length : 1;
            int recorded = rec.size();
            return recorded == expected ? null
                    : "records " + recorded + " children of '" + c.states.name[p] + "', needs " + expected;
        }
        // Deep: the recorded leaves plus their ancestors below p must form a legal configuration of p's subtree.
        long[] bits = scratch;
        java.util.Arrays.fill(bits, 0);
        bits[p >>> 6] |= 1L << p;
        for (int st = rec.next(0); st >= 0; st = rec.next(st + 1)) {
            if (!c.isDescendant(st, p) || (c.states.kind[st] != CompiledChart.ATOMIC && c.states.kind[st] != CompiledChart.FINAL)) {
                return "'" + c.states.name[st] + "' is not a leaf below '" + c.states.name[p] + "'";
            }
            for (int a = st; a != p; a = c.states.parent[a]) {
                bits[a >>> 6] |= 1L << a;
            }
        }
        for (int st = Bits.nextSet(bits, p); st >= 0; st = Bits.nextSet(bits, st + 1)) {
            if (childrenComplete(c, st, bits)) {
                continue;
            }
            int activeChildren = activeChildren(c, st, bits);
            if (c.states.kind[st] == CompiledChart.COMPOUND && activeChildren != 1) {
                return "records " + activeChildren + " active children of compound '" + c.states.name[st] + "'";
            }
            if (c.states.kind[st] == CompiledChart.PARALLEL && activeChildren != c.states.children[st].length) {
                return "records " + activeChildren + " of the regions of parallel '" + c.states.name[st] + "'";
            }
        }
        return null;
    }

    private static int activeChildren(CompiledChart c, int st, long[] bits) {
        int count = 0;
        for (int child : c.states.children[st]) {
            if (isSet(bits, child)) {
                count++;
            }
        }
        return count;
    }

    private static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }
}
