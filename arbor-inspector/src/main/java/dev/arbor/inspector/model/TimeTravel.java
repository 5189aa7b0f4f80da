package dev.arbor.inspector.model;

import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.Model.Configuration;
import dev.arbor.inspector.model.Model.Entry;
import dev.arbor.inspector.model.Model.MachineView;
import dev.arbor.inspector.model.Model.Prior;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Time travel over one machine's trace: the configurations it can reach, found by undoing the
 * trace's records one by one from the live configuration back to the oldest kept. Moves onto
 * other charts, syncs, restores and variable records are undone by what they replaced; an attach
 * is where the trace's knowledge begins.
 */
final class TimeTravel {
    private TimeTravel() {
    }

    /** The configurations machine {@code m} can be shown in ({@link MachineView#configurations()}). */
    static List<Configuration> configurations(MachineView m) {
        List<Configuration> out = new ArrayList<>();
        if (m.active == null || m.trace.isEmpty()) {
            return out;
        }
        int atChart = m.chart;
        java.util.TreeSet<Integer> on = new java.util.TreeSet<>(m.activeIds());
        Map<Integer, List<Integer>> rec = m.historyCopy();
        int[] values = m.variables.clone();
        Iterator<Entry> it = m.trace.descendingIterator();
        Entry e = it.next();
        out.add(new Configuration(e.step, atChart, List.copyOf(on), rec, Model.listOf(values)));
        while (true) {
            if (e.kind == Kind.ATTACH) {
                break; // what came before the attach is not known
            }
            Prior p = e.prior;
            switch (e.kind) {
                case Kind.ENTER -> on.remove((int) e.a);
                case Kind.EXIT -> on.add((int) e.a);
                case Kind.VARIABLE -> {
                    if (e.a >= 0 && e.a < values.length) {
                        values[(int) e.a] = (int) e.was;
                    }
                }
                default -> { }
            }
            if (p != null) {
                atChart = p.chart();
                if (p.active() != null) {
                    on = new java.util.TreeSet<>(p.active());
                }
                if (p.history() != null) {
                    rec = p.history();
                }
                if (p.variables() != null) {
                    values = p.variables().stream().mapToInt(Integer::intValue).toArray();
                }
            }
            if (!it.hasNext()) {
                break;
            }
            Entry older = it.next();
            if (older.step != e.step) {
                out.add(new Configuration(older.step, atChart, List.copyOf(on), rec, Model.listOf(values)));
            }
            e = older;
        }
        java.util.Collections.reverse(out);
        return out;
    }
}
