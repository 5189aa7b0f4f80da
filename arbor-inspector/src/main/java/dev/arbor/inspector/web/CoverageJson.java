package dev.arbor.inspector.web;

import dev.arbor.inspector.model.AnalysisView;
import dev.arbor.inspector.model.ChartCoverage;
import dev.arbor.inspector.model.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The coverage of one chart as the page reads it (in a frame's {@code coverage}, and from
 * {@code GET /api/coverage?chart=N}): the states its machines have been in and the transitions
 * they took, those not yet covered, what the chart's analysis found dead with its reasons, and the
 * line the page shows, such as {@code states 5/7 · transitions 9/12 · 1 dead}.
 */
final class CoverageJson {
    private CoverageJson() {}

    /**
     * The coverage of chart {@code id}. Call with the model locked.
     *
     * @param replay whether the inspector serves a recording (which has no chart to analyse)
     * @return the JSON object, or null when there is no such chart
     */
    static Map<String, Object> of(Model model, int id, boolean replay) {
        ChartCoverage c = model.coverage(id);
        if (c == null) {
            return null;
        }
        List<Integer> reached = c.reachedStates();
        List<Integer> missed = c.missedStates();
        List<Integer> taken = c.takenTransitions();
        List<Integer> untaken = c.missedTransitions();
        AnalysisView a = c.analysis();
        Map<String, Object> analysis = new LinkedHashMap<>();
        if (a == null) {
            analysis.put("status", "none");
            analysis.put("message", replay ? "a recording has no chart to analyse: dead states are not shown"
                    : "the chart was not analysed");
        } else {
            analysis.put("status", a.status().name().toLowerCase(Locale.ROOT));
            analysis.put("message", a.message());
        }
        // What a run covered is not dead, whatever the analysis assumed (a finding that is only possible).
        List<AnalysisView.Dead> deadStates = a == null ? List.of()
                : a.states().stream().filter(d -> missed.contains(d.id())).toList();
        List<AnalysisView.Dead> deadTransitions = a == null ? List.of()
                : a.transitions().stream().filter(d -> untaken.contains(d.id())).toList();
        analysis.put("deadStates", dead("state", deadStates));
        analysis.put("deadTransitions", dead("transition", deadTransitions));

        StringBuilder line = new StringBuilder("states ").append(reached.size()).append('/')
                .append(reached.size() + missed.size()).append(" · transitions ").append(taken.size()).append('/')
                .append(taken.size() + untaken.size());
        int dead = deadStates.size() + deadTransitions.size();
        if (a != null && a.status() == AnalysisView.Status.DONE) {
            line.append(" · ").append(dead).append(" dead");
        } else if (a != null && a.status() == AnalysisView.Status.RUNNING) {
            line.append(" · analysing…");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("chart", id);
        out.put("version", c.version());
        out.put("reached", reached);
        out.put("missed", missed);
        out.put("taken", taken);
        out.put("untaken", untaken);
        out.put("dead", dead);
        out.put("line", line.toString());
        out.put("analysis", analysis);
        return out;
    }

    private static List<Map<String, Object>> dead(String field, List<AnalysisView.Dead> dead) {
        List<Map<String, Object>> out = new ArrayList<>(dead.size());
        for (AnalysisView.Dead d : dead) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(field, d.id());
            m.put("message", d.message());
            m.put("definite", d.definite());
            out.add(m);
        }
        return out;
    }
}
