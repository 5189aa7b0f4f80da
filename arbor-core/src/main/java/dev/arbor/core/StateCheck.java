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
