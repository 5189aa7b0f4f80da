package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import java.util.List;
import java.util.Set;

/**
 * The exporter that writes a chart as a Graphviz DOT digraph: compound and parallel states are
 * clusters (a parallel state's regions are dashed clusters inside it), initial transitions start at
 * small filled dots, final states are double circles, history states circles marked {@code H} or
 * {@code H*}, and active states are filled blue.
 *
 * <p>Nodes are named {@code s<id>} (initial dots {@code i<id>}) and state names appear only in
 * quoted, escaped labels, so any name is safe, DOT keywords included. Arrows that start or end at
 * a cluster are drawn to an invisible point inside it, clipped at the cluster's border
 * ({@code compound=true} with {@code ltail}/{@code lhead}). Render with {@code dot -Tsvg}.
 */
public final class Dot {
    private Dot() {}

    /**
     * The chart as DOT, nothing highlighted.
     *
     * @param chart the chart drawn
     * @return the DOT text
     */
    public static String export(Chart<?> chart) {
        return export(chart, Set.of());
    }

    /**
     * The chart as DOT, with the named states highlighted.
     *
     * @param chart        the chart drawn
     * @param activeStates the names of the states to fill blue (a machine's configuration, say)
     * @return the DOT text
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String export(Chart<?> chart, Set<String> activeStates) {
        ChartView v = ChartView.of(chart, activeStates);
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(chart.name())).append(" {\n");
        out.append("  compound=true;\n");
        out.append("  label=").append(quote(chart.name())).append(";\n");
        out.append("  labelloc=t;\n");
        out.append("  fontname=\"Helvetica\";\n");
        out.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        if (v.rootDrawn) {
            state(v, 0, false, out, "  ");
        } else {
            contents(v, 0, out, "  ");
        }
        for (TransitionInfo t : v.arrows()) {
            for (int target : t.targets()) {
                edge(v, t.source(), target, v.label(t), out);
            }
        }
        out.append("}\n");
        return out.toString();
    }

    private static void contents(ChartView v, int s, StringBuilder out, String indent) {
        if (v.kind(s) == StateKind.COMPOUND) {
            out.append(indent).append("i").append(s).append(" [shape=point, width=0.15, label=\"\"];\n");
        }
        for (int child : v.contents[s]) {
            state(v, child, v.kind(s) == StateKind.PARALLEL, out, indent);
        }
        if (v.kind(s) == StateKind.COMPOUND) {
            for (int target : v.states[s].initialTargets()) {
                out.append(indent).append("i").append(s).append(" -> s").append(target);
                if (v.isContainer(target)) {
                    out.append(" [lhead=cluster_s").append(target).append(']');
                }
                out.append(";\n");
            }
        }
    }

    private static void state(ChartView v, int s, boolean region, StringBuilder out, String indent) {
        boolean active = v.active[s];
        if (v.isContainer(s)) {
            out.append(indent).append("subgraph cluster_s").append(s).append(" {\n");
            String inner = indent + "  ";
            out.append(inner).append("label=").append(quote(text(v, s))).append(";\n");
            out.append(inner).append("style=\"").append(region ? "dashed,rounded" : "rounded")
                    .append(active ? ",filled" : "").append("\";\n");
            if (active) {
                out.append(inner).append("fillcolor=\"").append(Diagrams.ACTIVE_FILL).append("\";\n");
                out.append(inner).append("color=\"").append(Diagrams.ACTIVE_STROKE).append("\";\n");
            }
            out.append(inner).append('s').append(s).append(" [shape=point, style=invis, width=0, label=\"\"];\n");
            contents(v, s, out, inner);
            out.append(indent).append("}\n");
            return;
        }
        out.append(indent).append('s').append(s).append(" [");
        switch (v.kind(s)) {
            case FINAL -> out.append("shape=doublecircle, label=").append(quote(text(v, s)));
            case SHALLOW_HISTORY, DEEP_HISTORY -> out.append("shape=circle, width=0.3, fixedsize=true, label=")
                    .append(quote(v.historyMark(s))).append(", tooltip=").append(quote(v.name(s)));
            default -> out.append("label=").append(quote(text(v, s)));
        }
        if (region && v.kind(s) == StateKind.ATOMIC) {
            out.append(", style=\"dashed,rounded").append(active ? ",filled" : "").append('"');
        } else if (active) {
            out.append(", style=\"").append(v.kind(s) == StateKind.ATOMIC ? "rounded," : "").append("filled\"");
        }
        if (active) {
            out.append(", fillcolor=\"").append(Diagrams.ACTIVE_FILL).append("\", color=\"")
                    .append(Diagrams.ACTIVE_STROKE).append('"');
        }
        out.append("];\n");
    }

    private static void edge(ChartView v, int source, int target, String label, StringBuilder out) {
        out.append("  s").append(source).append(" -> s").append(target).append(" [label=").append(quote(label));
        if (v.isContainer(source) && target != source && !v.isDescendant(target, source)) {
            out.append(", ltail=cluster_s").append(source);
        }
        if (v.isContainer(target) && target != source && !v.isDescendant(source, target)) {
            out.append(", lhead=cluster_s").append(target);
        }
        out.append("];\n");
    }

    /** A state's name and the lines under it. */
    private static String text(ChartView v, int s) {
        List<String> details = v.details(s);
        return details.isEmpty() ? v.name(s) : v.name(s) + "\n" + String.join("\n", details);
    }

    /**
     * A DOT quoted string: backslashes and quotes escaped, line breaks as {@code \n} (centred
     * lines in labels), other control characters dropped; any other Unicode is kept (DOT is UTF-8).
     */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c >= ' ' || c == '\t') {
                        b.append(c == '\t' ? ' ' : c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
