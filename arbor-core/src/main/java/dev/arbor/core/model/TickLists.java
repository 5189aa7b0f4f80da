package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Compiler phase 5, the tick lists: reads the state and transition tables and each state's
 * polled transitions and produces the {@link TickTable} (clocks and timers per state, the masks a
 * tick polls and updates, and for a flat chart without behaviours or timers each leaf's whole tick).
 */
final class TickLists {
    private TickLists() {
    }

    /**
     * @param flat              whether the chart takes the flat path
     * @param updatesOuterFirst whether a tick polls outer states before inner ones
     */
    static TickTable build(StateTable st, TransitionTable tt, TriggerIndex ti, int words, boolean flat,
            boolean updatesOuterFirst) {
        int n = st.kind.length;
        boolean[] clocked = new boolean[n];
        long[] maxAfter = new long[n];
        boolean anyTimer = false;
        for (int t = 0; t < tt.source.length; t++) {
            if (tt.after[t] > 0) {
                anyTimer = true;
                maxAfter[tt.source[t]] = Math.max(maxAfter[tt.source[t]], tt.after[t]);
            }
        }
        boolean anyBehavior = false;
        long[] polledMask = new long[words];
        long[] updateMask = new long[words];
        for (int s = 0; s < n; s++) {
            clocked[s] = st.behaviors[s].length > 0 || maxAfter[s] > 0;
            anyBehavior |= st.behaviors[s].length > 0;
            if (ti.polledTransitions[s].length > 0) {
                polledMask[s >>> 6] |= 1L << s;
            }
            if (st.updateAction[s] != null || st.behaviors[s].length > 0) {
                updateMask[s >>> 6] |= 1L << s;
            }
        }
        int[][] tickPolled = null;
        int[][] tickUpdates = null;
        if (flat && !anyBehavior && !anyTimer) {
            tickPolled = new int[n][];
            tickUpdates = new int[n][];
            for (int leaf = 0; leaf < n; leaf++) {
                List<Integer> chain = new ArrayList<>(); // root to leaf
                for (int s = leaf; s >= 0; s = st.parent[s]) {
                    chain.add(0, s);
                }
                List<Integer> polled = new ArrayList<>();
                List<Integer> updates = new ArrayList<>();
                for (int i = 0; i < chain.size(); i++) {
                    int s = chain.get(updatesOuterFirst ? i : chain.size() - 1 - i);
                    for (int t : ti.polledTransitions[s]) {
                        polled.add(t);
                    }
                    if (st.updateAction[chain.get(i)] != null) {
                        updates.add(chain.get(i));
                    }
                }
                tickPolled[leaf] = CompiledChart.toArray(polled);
                tickUpdates[leaf] = CompiledChart.toArray(updates);
            }
        }
        return new TickTable(clocked, maxAfter, polledMask, updateMask, tickPolled, tickUpdates);
    }
}
