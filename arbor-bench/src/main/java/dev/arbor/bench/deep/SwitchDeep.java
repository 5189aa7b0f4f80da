package dev.arbor.bench.deep;

import dev.arbor.bench.peers.QhsmOwner;

/**
 * The floor for the deep chart: what a programmer writes by hand without a library, table-driven
 * because the chart is generated. Per state and event the transition (or -1), looked up from the
 * active leaf outwards; per transition its domain and entry path, computed once; one int for c7's
 * history. Same exits, action and entries as the other implementations; nothing is allocated.
 */
public final class SwitchDeep implements DeepImpl {

    private static final DeepChart M = DeepChart.MODEL;
    private static final DeepChart.Transition[] TR = M.transitions.toArray(new DeepChart.Transition[0]);
    private static final int SIGNALS = DeepSig.values().length;
    /** state * SIGNALS + signal → transition index, or -1. */
    private static final int[] TABLE = new int[M.stateCount() * SIGNALS];
    /** Per transition: the state that stays active (exits stop below it). */
    private static final int[] DOMAIN = new int[TR.length];
    /** Per transition: the states entered, outermost first, down to the target (for history: down to c7). */
    private static final int[][] PATH = new int[TR.length][];
    private static final int C7 = M.composite[DeepChart.COMPOSITES];

    static {
        java.util.Arrays.fill(TABLE, -1);
        for (int t = 0; t < TR.length; t++) {
            DeepChart.Transition tr = TR[t];
            TABLE[tr.source() * SIGNALS + tr.event().ordinal()] = t;
            if (tr.target() < 0) {
                continue;
            }
            int target = tr.target();
            int domain = M.parent[tr.source()];
            while (!M.isWithin(target, domain)) {
                domain = M.parent[domain];
            }
            DOMAIN[t] = domain;
            int len = M.depth[target] - M.depth[domain];
            int[] path = new int[len];
            for (int s = target, i = len - 1; i >= 0; s = M.parent[s], i--) {
                path[i] = s;
            }
            PATH[t] = path;
        }
    }

    private final QhsmOwner o;
    private int leaf;
    /** c7's shallow history: its last active child. */
    private int c7Last = M.initial[C7];

    public SwitchDeep(QhsmOwner owner) {
        this.o = owner;
    }

    @Override
    public void start() {
        for (int s = M.initial[0]; s >= 0; s = M.initial[s]) {
            o.rec(M.entryRecord[s]);
            leaf = s;
        }
    }

    @Override
    public void fire(DeepSig signal) {
        int e = signal.ordinal();
        for (int s = leaf; s >= 0; s = M.parent[s]) {
            int t = TABLE[s * SIGNALS + e];
            if (t >= 0) {
                take(t);
                return;
            }
        }
    }

    private void take(int t) {
        DeepChart.Transition tr = TR[t];
        if (tr.target() < 0) {
            o.rec(tr.record());
            return;
        }
        int domain = DOMAIN[t];
        for (int s = leaf, below = -1; s != domain; below = s, s = M.parent[s]) {
            if (s == C7) {
                c7Last = below;
            }
            o.rec(M.exitRecord[s]);
        }
        o.rec(tr.record());
        int last = -1;
        for (int s : PATH[t]) {
            o.rec(M.entryRecord[s]);
            last = s;
        }
        if (tr.toHistory()) {
            last = c7Last;
            o.rec(M.entryRecord[last]);
        }
        for (int s = M.initial[last]; s >= 0; s = M.initial[s]) {
            o.rec(M.entryRecord[s]);
            last = s;
        }
        leaf = last;
    }

    @Override
    public String leaf() {
        return M.name[leaf];
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }
}
