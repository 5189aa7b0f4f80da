package dev.arbor.inspector.model;

import dev.arbor.inspector.model.Model.MachineView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a machine's history states record when the state that holds them is exited, and which
 * states of a chart hold history states at all (found once per chart).
 */
final class HistoryRecords {
    /** Per chart id: which states have history states. */
    private final Map<Integer, boolean[]> historyParents = new HashMap<>();

    /** State {@code s} is being exited: its history states record what of it was exited before it. */
    static void recordHistory(MachineView m, ChartView c, int s) {
        for (int h = 0; h < c.states().size(); h++) {
            ChartView.StateView hs = c.states().get(h);
            if (hs.parent() != s || !hs.history()) {
                continue;
            }
            List<Integer> rec = new ArrayList<>();
            for (int x : m.exitedThisStep) {
                if (hs.deepHistory() ? descends(c, x, s) && c.states().get(x).leaf(c, x) : c.states().get(x).parent() == s) {
                    rec.add(x);
                }
            }
            rec.sort(null);
            m.history.put(h, rec);
        }
    }

    /** Whether state {@code s} of chart {@code c} has history states (whose records its exit writes). */
    boolean hasHistoryChild(ChartView c, int s) {
        if (c == null) {
            return false;
        }
        boolean[] parents = historyParents.computeIfAbsent(c.id(), id -> {
            boolean[] p = new boolean[c.states().size()];
            for (ChartView.StateView st : c.states()) {
                if (st.history() && st.parent() >= 0) {
                    p[st.parent()] = true;
                }
            }
            return p;
        });
        return s >= 0 && s < parents.length && parents[s];
    }

    private static boolean descends(ChartView c, int x, int ancestor) {
        for (int p = c.states().get(x).parent(); p >= 0; p = c.states().get(p).parent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }
}
