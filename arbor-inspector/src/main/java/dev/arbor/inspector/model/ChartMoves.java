package dev.arbor.inspector.model;

import dev.arbor.inspector.model.Model.MachineView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A machine moved onto another chart (a reload): its configuration, history records and clocks
 * mapped by state path, its variables by name, as {@code Machine.moveTo} maps what it keeps.
 */
final class ChartMoves {
    private ChartMoves() {
    }

    /**
     * A move onto chart {@code to}: what the machine holds, read with the old chart's ids, is
     * mapped onto the new chart's by path, as {@code Machine.moveTo} maps what it keeps. States
     * that are gone have been exited (with the old ids) before the move's announcement; states
     * entered follow it with the new ids; the configuration written whole at the move's end is
     * the final word. Variables are mapped by name as the move keeps them: a value is kept when
     * the variable is declared with the same type and the value fits its range (an enum's by its
     * name); otherwise it starts at its initial value.
     */
    static void moveOnto(MachineView m, ChartView from, int toId, ChartView to) {
        Map<String, Integer> byPath = new HashMap<>();
        for (int s = 0; s < to.states().size(); s++) {
            byPath.put(to.states().get(s).path(), s);
        }
        java.util.function.IntUnaryOperator map = s -> {
            if (from == null || s < 0 || s >= from.states().size()) {
                return -1;
            }
            Integer n = byPath.get(from.states().get(s).path());
            return n == null ? -1 : n;
        };
        boolean[] active = new boolean[to.states().size()];
        for (int s = 0; s < m.active.length; s++) {
            int n = m.active[s] ? map.applyAsInt(s) : -1;
            if (n >= 0) {
                active[n] = true;
            }
        }
        Map<Integer, List<Integer>> history = new LinkedHashMap<>();
        m.history.forEach((h, rec) -> {
            int nh = map.applyAsInt(h);
            List<Integer> mapped = new ArrayList<>();
            for (int s : rec) {
                int n = map.applyAsInt(s);
                if (n >= 0) {
                    mapped.add(n);
                }
            }
            if (nh >= 0 && mapped.size() == rec.size()) {
                history.put(nh, mapped);
            }
        });
        Map<Integer, Long> clocks = new LinkedHashMap<>();
        m.clocks.forEach((s, t) -> {
            int n = map.applyAsInt(s);
            if (n >= 0) {
                clocks.put(n, t);
            }
        });
        m.chart = toId;
        m.variables = moveVariables(m.variables, from, to);
        m.active = active;
        m.history.clear();
        m.history.putAll(history);
        m.clocks.clear();
        m.clocks.putAll(clocks);
        m.lastTransition = -1;
    }

    /** A machine's variables' raw values, read with chart {@code from}, mapped by name onto {@code to}'s. */
    private static int[] moveVariables(int[] values, ChartView from, ChartView to) {
        Map<String, Integer> before = new HashMap<>();
        for (int v = 0; from != null && v < from.variables().size() && v < values.length; v++) {
            before.put(from.variables().get(v).name(), v);
        }
        int[] moved = new int[to.variables().size()];
        for (int v = 0; v < moved.length; v++) {
            ChartView.VariableView now = to.variables().get(v);
            moved[v] = now.initial();
            Integer was = before.get(now.name());
            if (was == null) {
                continue;
            }
            ChartView.VariableView old = from.variables().get(was);
            int raw = values[was];
            if (!old.type().equals(now.type())) {
                continue;
            }
            int mapped = now.type().equals("enum") ? now.values().indexOf(old.show(raw)) : raw;
            if (now.holds(mapped)) {
                moved[v] = mapped;
            }
        }
        return moved;
    }
}
