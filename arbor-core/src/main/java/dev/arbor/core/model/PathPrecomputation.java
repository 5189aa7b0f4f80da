package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compiler phase 4, precomputing paths: reads the state and transition tables (with their
 * domains) and produces the {@link PathTable}: for a flat chart (or a region's transitions) the
 * states each transition enters and the start path, each history's entries by case, which
 * transitions the flat microstep takes, and where each history keeps its record in a machine.
 */
final class PathPrecomputation {
    private PathPrecomputation() {
    }

    /**
     * @param flat    whether the chart takes the flat path ({@link CompiledChart#flat})
     * @param regions whether it takes the region path ({@link CompiledChart#regions})
     */
    static PathTable precompute(StateTable st, TransitionTable tt, boolean flat, boolean regions, boolean hasHistory,
            boolean hasPlans) {
        int n = st.kind.length;
        int m = tt.source.length;
        int[][] entry = new int[m][];
        int[] keptInitial = new int[m];
        Arrays.fill(keptInitial, -1);
        int[] start = null;
        if (flat || regions) {
            for (int t = 0; t < m; t++) {
                int d = tt.domain[t];
                if (tt.mode[t] < CompiledChart.HANDLER && d != CompiledChart.NO_DOMAIN
                        && (flat || st.withinOneRegion(d & ~CompiledChart.DOMAIN_STAYS_ACTIVE))) {
                    int base = d & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
                    boolean keep = (d & CompiledChart.DOMAIN_STAYS_ACTIVE) != 0;
                    entry[t] = flatEntryPath(st, base, keep, tt.targets[t]);
                    if (keep && tt.targets[t].length == 1 && tt.targets[t][0] == base && st.kind[base] == CompiledChart.COMPOUND) {
                        keptInitial[t] = base;
                    }
                }
            }
            start = flat ? flatEntryPath(st, -1, false, new int[] {0}) : null;
        }
        int[][][] historyEntries = new int[n][][];
        int[][] historyCases = new int[n][];
        int[] historyTarget = new int[m];
        Arrays.fill(historyTarget, -1);
        int[][] historyPrefix = new int[m][];
        if (flat && hasHistory) {
            for (int h = 0; h < n; h++) {
                if (st.isHistory(h)) {
                    historyEntries(st, h, historyEntries, historyCases);
                }
            }
            for (int t = 0; t < m; t++) {
                if (tt.mode[t] < CompiledChart.HANDLER && tt.domain[t] != CompiledChart.NO_DOMAIN && tt.targets[t].length == 1
                        && historyEntries[tt.targets[t][0]] != null) {
                    int h = tt.targets[t][0];
                    historyTarget[t] = h;
                    historyPrefix[t] = ancestorsBelow(st, tt.domain[t] & ~CompiledChart.DOMAIN_STAYS_ACTIVE, h);
                }
            }
        }
        boolean[] precomputed = new boolean[m];
        for (int t = 0; t < m; t++) {
            precomputed[t] = flat && !hasPlans && (entry[t] != null || historyTarget[t] >= 0 || tt.domain[t] == CompiledChart.NO_DOMAIN);
        }
        int[] historyOffset = new int[n];
        int historySlotsSize = historySlots(st, historyOffset);
        return new PathTable(entry, keptInitial, start, historyTarget, historyPrefix, historyEntries, historyCases,
                precomputed, historyOffset, historySlotsSize);
    }

    /**
     * Lays out a machine's history slots: each history state gets a count followed by room for
     * every state it may record. Fills {@code offset} (-1 for other states) and returns the total size.
     */
    private static int historySlots(StateTable st, int[] offset) {
        Arrays.fill(offset, -1);
        int slots = 0;
        for (int h = 0; h < offset.length; h++) {
            if (st.isHistory(h)) {
                int p = st.parent[h];
                int cap = st.kind[h] == CompiledChart.HISTORY_DEEP ? st.maxLeaves(p)
                        : (st.kind[p] == CompiledChart.PARALLEL ? st.children[p].length : 1);
                offset[h] = slots;
                slots += 1 + cap;
            }
        }
        return slots;
    }

    /**
     * The states a transition of a flat chart enters, in order, as the general algorithm would:
     * the target's ancestors below the domain, the target, then initial transitions down to a
     * leaf. Null when history decides (a history target or a history initial), since then the
     * path depends on the machine.
     */
    static int[] flatEntryPath(StateTable st, int base, boolean keep, int[] targets) {
        if (targets.length != 1) {
            return null;
        }
        int target = targets[0];
        List<Integer> path = new ArrayList<>();
        int cur;
        if (keep && target == base) {
            cur = base; // the kept domain's initial action is run separately, before the entries
        } else {
            if (st.isHistory(target)) {
                return null;
            }
            path.addAll(chainBelow(st, base, target));
            path.add(st.kind[target] == CompiledChart.COMPOUND ? ~target : target);
            cur = target;
        }
        while (st.kind[cur] == CompiledChart.COMPOUND) {
            int[] init = st.initialTargets[cur];
            if (init == null || init.length != 1) {
                return null;
            }
            int next = init[0];
            if (st.isHistory(next)) {
                return null;
            }
            path.addAll(chainBelow(st, cur, next));
            path.add(st.kind[next] == CompiledChart.COMPOUND ? ~next : next);
            cur = next;
        }
        return CompiledChart.toArray(path);
    }

    /** The proper ancestors of {@code st} below {@code base} (-1: all of them), outermost first. */
    private static List<Integer> chainBelow(StateTable table, int base, int s) {
        List<Integer> chain = new ArrayList<>();
        for (int a = table.parent[s]; a != base && a >= 0; a = table.parent[a]) {
            chain.add(0, a);
        }
        return chain;
    }

    /** The proper ancestors of {@code s} below {@code base}, outermost first, entered without default entry. */
    private static int[] ancestorsBelow(StateTable st, int base, int s) {
        return CompiledChart.toArray(chainBelow(st, base, s));
    }

    /**
     * Fills the entries and cases of history state {@code h} of a flat chart, as SCXML's
     * addDescendantStatesToEnter enters a history: what it recorded (a shallow record's child with
     * its default content below, a deep record's leaf with the ancestors between), or its default
     * targets when it recorded nothing. Leaves both null when an entry depends on another history
     * or there are too many cases.
     */
    private static void historyEntries(StateTable st, int h, int[][][] historyEntries, int[][] historyCases) {
        int p = st.parent[h];
        List<Integer> recordable = new ArrayList<>();
        if (st.kind[h] == CompiledChart.HISTORY_SHALLOW) {
            for (int child : st.children[p]) {
                recordable.add(child);
            }
        } else {
            for (int s = p + 1; s < st.end[p]; s++) {
                if (st.kind[s] == CompiledChart.ATOMIC || st.kind[s] == CompiledChart.FINAL) {
                    recordable.add(s);
                }
            }
        }
        if (1 + recordable.size() > CompiledChart.MAX_HISTORY_CASES) {
            return;
        }
        int[][] entries = new int[1 + recordable.size()][];
        int[] cases = new int[st.end[p] - p];
        Arrays.fill(cases, -1);
        entries[0] = flatEntryPath(st, p, false, st.initialTargets[h]);
        for (int k = 0; k < recordable.size(); k++) {
            int s = recordable.get(k);
            entries[k + 1] = flatEntryPath(st, p, false, new int[] {s});
            cases[s - p] = k + 1;
        }
        for (int[] path : entries) {
            if (path == null) {
                return; // another history decides what is entered below: the general step's job
            }
        }
        historyEntries[h] = entries;
        historyCases[h] = cases;
    }
}
