package dev.arbor.inspector.capture;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the inspector learns of a machine when it is attached, read on the machine's thread: its
 * name, chart, active states, what its history states hold and its variables' values.
 *
 * @param name      the name given to {@code attach}
 * @param chart     its chart
 * @param active    its active states, in document order
 * @param history   per history state with a record: the states it recorded
 * @param variables its designer variables' raw values, by variable id ({@link Chart#variables()})
 */
public record Attached(String name, Chart<?> chart, List<Integer> active, Map<Integer, List<Integer>> history,
                       List<Integer> variables) {
    public Attached {
        active = List.copyOf(active);
        history = Map.copyOf(history);
        variables = List.copyOf(variables);
    }

    /** Reads a machine's description on its thread. */
    public static Attached of(Machine<?> machine, String name) {
        Chart<?> chart = machine.chart();
        List<Integer> active = new ArrayList<>();
        Map<Integer, List<Integer>> history = new LinkedHashMap<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            if (machine.isIn(s)) {
                active.add(s);
            }
            for (int h : chart.historyStates(s)) {
                int n = machine.recordedCount(h);
                if (n > 0) {
                    List<Integer> rec = new ArrayList<>(n);
                    for (int j = 0; j < n; j++) {
                        rec.add(machine.recorded(h, j));
                    }
                    history.put(h, rec);
                }
            }
        }
        int n = chart.variables().size();
        List<Integer> variables = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            variables.add(machine.variables().value(v));
        }
        return new Attached(name, chart, active, history, variables);
    }
}
