package dev.arbor.core;

import dev.arbor.core.internal.CompiledChart;

/** Whether a {@link MachineState} is a legal state of a chart (DESIGN §2's valid configuration, and legal history records). */
final class StateCheck {
    private StateCheck() {}

    /**
     * Returns what is wrong with the state, or null when it is valid; fills {@code goal} with the
     * configuration's bits.
     */
    static String problem(CompiledChart c, MachineState state, long[] goal) {
        int n = c.stateCount;
        int[] active = state.active();
        int previous = -1;
        for (int st : active) {
            if (st < 0 || st >= n) {
                return "state id " + st + " is out of range 0.." + (n - 1);
            }
            if (st <= previous) {
                return "active states are not in increasing document order at id " + st;
            }
            previous = st;
            goal[st >>> 6] |= 1L << st;
        }
        if (active.length == 0) {
            return "no state is active (a started machine always has its root active)";
        }
        String why = configurationProblem(c, goal);
        if (why != null) {
            return why;
        }
        if (state.halted()) {
            boolean finalAtTop = false;
            for (int child : c.children[0]) {
                finalAtTop |= c.kind[child] == CompiledChart.FINAL && isSet(goal, child);
            }
            if (!finalAtTop) {
                return "halted, but no top-level final state is active";
            }
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
            if (c.historyOffset[h] < 0) {
                return "state '" + c.stateName[h] + "' is not a history state but has a record";
            }
            why = historyProblem(c, h, rec);
            if (why != null) {
                return "history '" + c.stateName[h] + "': " + why;
            }
        }
        return futureProblem(c, state, goal);
    }

    /** The saved configurations, plans, clocks, fired timers and deferred events. */
    private static String futureProblem(CompiledChart c, MachineState state, long[] goal) {
        int n = c.stateCount;
        int[] previous = state.previous();
        if (previous.length > 0) {
            String why = savedConfigurationProblem(c, previous);
            if (why != null) {
                return "previous configuration: " + why;
            }
        }
        int[][] pushed = state.pushed();
        if (pushed.length > c.pushLimit) {
            return pushed.length + " pushed configurations, the chart allows " + c.pushLimit;
        }
        for (int i = 0; i < pushed.length; i++) {
            String why = savedConfigurationProblem(c, pushed[i]);
            if (why != null) {
                return "pushed configuration " + i + ": " + why;
            }
        }
        int i = 0;
        for (MachineState.PlanEntry e : state.plans()) {
            String why = planProblem(c, e);
            if (why != null) {
                return "plan entry " + i + ": " + why;
            }
            i++;
        }
        long[] clocks = state.clocks();
        if (clocks.length != 0 && clocks.length != n) {
            return "clocks has " + clocks.length + " entries, the chart has " + n + " states";
        }
        for (int st = 0; st < clocks.length; st++) {
            if (clocks[st] < 0) {
                return "the clock of '" + c.stateName[st] + "' is negative (" + clocks[st] + ")";
            }
            if (clocks[st] != 0 && !(c.clocked[st] && isSet(goal, st))) {
                return "'" + c.stateName[st] + "' has a clock but is not an active state with behaviours or timers";
            }
            if (c.behaviors[st].length == 0 && clocks[st] > c.maxAfter[st]) {
                return "the clock of '" + c.stateName[st] + "' (" + clocks[st] + ") is past its largest timer ("
                        + c.maxAfter[st] + "), where clocks of states with timers only stop";
            }
        }
        String why = idsProblem(state.finished(), n, "finished state");
        if (why != null) {
            return why;
        }
        for (int st : state.finished()) {
            if (c.behaviors[st].length == 0 || !isSet(goal, st)) {
                return "'" + c.stateName[st] + "' is finished but is not an active state with behaviours";
            }
        }
        why = idsProblem(state.firedTimers(), c.transitionCount, "fired timer");
        if (why != null) {
            return why;
        }
        for (int t : state.firedTimers()) {
            if (!c.tTimerOnce[t] || !isSet(goal, c.tSource[t])) {
                return "transition " + c.tLabel[t] + " is marked fired but is not a timer that keeps its active source";
            }
        }
        if (state.deferred().size() > c.deferLimit) {
            return state.deferred().size() + " deferred events, the chart keeps at most " + c.deferLimit;
        }
        return null;
    }

    /** A saved configuration: ids in range and increasing, forming a valid configuration. */
    private static String savedConfigurationProblem(CompiledChart c, int[] ids) {
        String why = idsProblem(ids, c.stateCount, "state id");
        if (why != null) {
            return why;
        }
        long[] bits = new long[c.words];
        for (int st : ids) {
            bits[st >>> 6] |= 1L << st;
        }
        return configurationProblem(c, bits);
    }

    private static String planProblem(CompiledChart c, MachineState.PlanEntry e) {
        int n = c.stateCount;
        if (e.container() < 0 || e.container() >= n) {
            return "container id " + e.container() + " is out of range 0.." + (n - 1);
        }
        if (e.step() >= 0) {
            if (e.step() >= n || !(e.step() == e.container() || c.isDescendant(e.step(), e.container()))) {
                return "step " + e.step() + " is not a state inside '" + c.stateName[e.container()] + "'";
            }
            return e.configuration().length == 0 ? null : "a step saves no configuration";
        }
        if (e.step() != -1) {
            return "step " + e.step() + " is neither a state nor -1 (a saved configuration)";
        }
        return e.configuration().length == 0 ? "a saved configuration is empty"
                : savedConfigurationProblem(c, e.configuration());
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

    /** The root active, closed upward (checked first: it names the most precise fault), then one active child per active compound and every child of an active parallel. */
    private static String configurationProblem(CompiledChart c, long[] goal) {
        if (!isSet(goal, 0)) {
            return "the root is not active";
        }
        for (int st = 0; st < c.stateCount; st++) {
            if (!isSet(goal, st)) {
                continue;
            }
            byte k = c.kind[st];
            if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
                return "history pseudo-state '" + c.stateName[st] + "' cannot be active";
            }
            if (st > 0 && !isSet(goal, c.parent[st])) {
                return "'" + c.stateName[st] + "' is active but its parent '" + c.stateName[c.parent[st]] + "' is not";
            }
        }
        for (int st = 0; st < c.stateCount; st++) {
            if (!isSet(goal, st)) {
                continue;
            }
            byte k = c.kind[st];
            int activeChildren = 0;
            for (int child : c.children[st]) {
                if (isSet(goal, child)) {
                    activeChildren++;
                }
            }
            if (k == CompiledChart.COMPOUND && activeChildren != 1) {
                return "compound '" + c.stateName[st] + "' has " + activeChildren + " active children (needs exactly 1)";
            }
            if (k == CompiledChart.PARALLEL && activeChildren != c.children[st].length) {
                return "parallel '" + c.stateName[st] + "' has " + activeChildren + " of its "
                        + c.children[st].length + " regions active";
            }
        }
        return null;
    }

    /** A shallow record is a legal set of the parent's children; a deep one, the leaves of a legal configuration below it. */
    static String historyProblem(CompiledChart c, int h, int[] rec) {
        int p = c.parent[h];
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
        if (c.kind[h] == CompiledChart.HISTORY_SHALLOW) {
            for (int st : rec) {
                if (c.parent[st] != p || c.kind[st] == CompiledChart.HISTORY_SHALLOW
                        || c.kind[st] == CompiledChart.HISTORY_DEEP) {
                    return "'" + c.stateName[st] + "' is not a child of '" + c.stateName[p] + "'";
                }
            }
            int expected = c.kind[p] == CompiledChart.PARALLEL ? c.children[p].length : 1;
            return rec.length == expected ? null
                    : "records " + rec.length + " children of '" + c.stateName[p] + "', needs " + expected;
        }
        // Deep: the recorded leaves plus their ancestors below p must form a legal configuration of p's subtree.
        long[] bits = new long[c.words];
        bits[p >>> 6] |= 1L << p;
        for (int st : rec) {
            if (!c.isDescendant(st, p) || (c.kind[st] != CompiledChart.ATOMIC && c.kind[st] != CompiledChart.FINAL)) {
                return "'" + c.stateName[st] + "' is not a leaf below '" + c.stateName[p] + "'";
            }
            for (int a = st; a != p; a = c.parent[a]) {
                bits[a >>> 6] |= 1L << a;
            }
        }
        for (int st = p; st < c.end[p]; st++) {
            if (!isSet(bits, st)) {
                continue;
            }
            int activeChildren = 0;
            for (int child : c.children[st]) {
                if (isSet(bits, child)) {
                    activeChildren++;
                }
            }
            if (c.kind[st] == CompiledChart.COMPOUND && activeChildren != 1) {
                return "records " + activeChildren + " active children of compound '" + c.stateName[st] + "'";
            }
            if (c.kind[st] == CompiledChart.PARALLEL && activeChildren != c.children[st].length) {
                return "records " + activeChildren + " of the regions of parallel '" + c.stateName[st] + "'";
            }
        }
        return null;
    }

    private static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }
}
