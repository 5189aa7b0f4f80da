package dev.arbor.inspector;

import dev.arbor.core.Chart;
import dev.arbor.core.StateKind;
import dev.arbor.core.Variable;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.svg.LayoutMemory;
import dev.arbor.svg.SvgRenderer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The charts an inspector has seen, each numbered and described once (its drawing made once). A
 * chart that comes again under a name already drawn (a hot reload) is drawn with the last
 * drawing's layout, so that the states the edit did not touch stay where the user saw them.
 */
final class Charts {
    private final Map<Chart<?>, ChartView> views = new IdentityHashMap<>();
    private final Map<String, LayoutMemory> layouts = new HashMap<>();

    /** The chart's view, and whether it is new (and must be announced before its first use). */
    synchronized ChartView view(Chart<?> chart, boolean[] isNew) {
        ChartView v = views.get(chart);
        isNew[0] = v == null;
        if (v == null) {
            SvgRenderer.Rendered drawn = SvgRenderer.render(chart, Set.of(),
                    layouts.getOrDefault(chart.name(), LayoutMemory.empty()));
            layouts.put(chart.name(), drawn.layout());
            v = describe(views.size() + 1, chart, drawn.svg());
            views.put(chart, v);
        }
        return v;
    }

    static ChartView describe(int id, Chart<?> chart) {
        return describe(id, chart, SvgRenderer.render(chart));
    }

    static ChartView describe(int id, Chart<?> chart, String svg) {
        boolean[] timed = new boolean[chart.stateCount()];
        List<ChartView.TransitionView> transitions = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo ti = chart.transitionInfo(t);
            if (ti.mode() == Chart.TransitionInfo.Mode.TIMER) {
                timed[ti.source()] = true;
            }
            transitions.add(new ChartView.TransitionView(ti.source(), ti.targets(), chart.describeTransition(t),
                    ti.mode().name().toLowerCase(Locale.ROOT)));
        }
        List<ChartView.StateView> states = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            StateKind kind = chart.kind(s);
            timed[s] |= !chart.stateInfo(s).behaviors().isEmpty();
            states.add(new ChartView.StateView(chart.stateName(s), chart.statePath(s), chart.parent(s),
                    kind.name().toLowerCase(Locale.ROOT), timed[s]));
        }
        List<String> events = new ArrayList<>();
        for (Object e : chart.namedEvents()) {
            events.add(e instanceof Enum<?> en ? en.name() : e.toString());
        }
        List<ChartView.VariableView> variables = new ArrayList<>();
        for (Variable v : chart.variables()) {
            variables.add(new ChartView.VariableView(v.name(), v.type().word(), v.min(), v.max(), v.values(), v.initial()));
        }
        return new ChartView(id, chart.name(), states, transitions, events, variables, svg);
    }
}
