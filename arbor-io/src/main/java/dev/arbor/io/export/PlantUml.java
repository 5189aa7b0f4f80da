package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import java.util.Set;

/**
 * The exporter that writes a chart as a PlantUML state diagram: compound and parallel states are
 * composite states, a parallel state's regions are separated by {@code --} (concurrent regions),
 * initial transitions start at {@code [*]}, a final state is drawn by name with an arrow to its
 * composite's {@code [*]} end, history states are PlantUML's own {@code [H]} and {@code [H*]}
 * pseudo-states of their parent, and active states are filled blue.
 *
 * <p>States are declared as {@code state "name" as s<id>}, so ids are always safe whatever the
 * name; quotes, backslashes and angle brackets in text are written as HTML character references,
 * which PlantUML's Creole text understands. PlantUML refuses arrows between a state inside a
 * concurrent region and a state outside that region ("has been created in a concurrent state"),
 * so such arrows are written as comments ({@code ' s13 --> s8 : STOP}) and the diagram still
 * renders; the other formats draw them.
 */
public final class PlantUml {
    private PlantUml() {}

    /**
     * The chart as PlantUML, nothing highlighted.
     *
     * @param chart the chart drawn
     * @return the PlantUML text
     */
    public static String export(Chart<?> chart) {
        return export(chart, Set.of());
    }

    /**
     * The chart as PlantUML, with the named states highlighted.
     *
     * @param chart        the chart drawn
     * @param activeStates the names of the states to fill blue (a machine's configuration, say)
     * @return the PlantUML text
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String export(Chart<?> chart, Set<String> activeStates) {
        ChartView v = ChartView.of(chart, activeStates);
        StringBuilder out = new StringBuilder("@startuml\n");
        out.append("title ").append(text(chart.name())).append('\n');
        out.append("hide empty description\n");
        if (v.rootDrawn) {
            out.append("[*] --> s0\n");
            state(v, 0, out, "");
        } else {
            contents(v, 0, out, "");
        }
        out.append("@enduml\n");
        return out.toString();
    }

    private static void contents(ChartView v, int s, StringBuilder out, String indent) {
        boolean parallel = v.kind(s) == StateKind.PARALLEL;
        if (!parallel) {
            for (int target : v.states[s].initialTargets()) {
                out.append(indent).append("[*] --> ").append(ref(v, target)).append('\n');
            }
        }
        boolean first = true;
        for (int child : v.contents[s]) {
            if (v.isHistory(child)) {
                for (int target : v.states[child].initialTargets()) {
                    out.append(indent).append(ref(v, child)).append(" --> ").append(ref(v, target)).append('\n');
                }
                continue;
            }
            if (parallel && !first) {
                out.append(indent).append("--\n");
            }
            first = false;
            state(v, child, out, indent);
        }
        for (ChartView.Arrow arrow : v.homed.get(s)) {
            TransitionInfo t = arrow.transition();
            String label = v.label(t);
            // PlantUML draws no arrow that leaves a concurrent region: kept as a comment
            boolean drawable = v.regionOf(t.source()) == v.regionOf(arrow.target());
            out.append(indent).append(drawable ? "" : "' ").append(ref(v, t.source())).append(" --> ")
                    .append(ref(v, arrow.target()));
            if (!label.isEmpty()) {
                out.append(" : ").append(text(label));
            }
            out.append('\n');
        }
    }

    private static void state(ChartView v, int s, StringBuilder out, String indent) {
        out.append(indent).append("state \"").append(text(v.name(s))).append("\" as s").append(s);
        if (v.active[s]) {
            out.append(' ').append(Diagrams.ACTIVE_FILL);
        }
        if (v.isContainer(s)) {
            out.append(" {\n");
            contents(v, s, out, indent + "  ");
            out.append(indent).append('}');
        }
        out.append('\n');
        for (String line : v.details(s)) {
            out.append(indent).append('s').append(s).append(" : ").append(text(line)).append('\n');
        }
        if (v.kind(s) == StateKind.FINAL) {
            out.append(indent).append('s').append(s).append(" --> [*]\n");
        }
    }

    /** How an arrow names a state: {@code s<id>}, or {@code s<parent>[H]} / {@code [H*]} for history. */
    private static String ref(ChartView v, int s) {
        if (v.isHistory(s)) {
            int parent = v.chart.parent(s);
            return (parent == 0 && !v.rootDrawn ? "" : "s" + parent) + "[" + v.historyMark(s) + "]";
        }
        return "s" + s;
    }

    /** Text PlantUML shows as written: quotes, backslashes and angle brackets as character references. */
    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("&#34;");
                case '\\' -> b.append("&#92;");
                case '<' -> b.append("&#60;");
                case '>' -> b.append("&#62;");
                default -> b.append(c < ' ' ? ' ' : c);
            }
        }
        return b.toString();
    }
}
