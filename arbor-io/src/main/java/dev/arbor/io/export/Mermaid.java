package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The exporter that writes a chart as a Mermaid {@code stateDiagram-v2}: compound and parallel
 * states are composite states, a parallel state's regions are separated by {@code --}, initial
 * transitions start at {@code [*]}, a final state is drawn by name with an arrow to its composite's
 * {@code [*]} end, history states are small states labelled {@code H} or {@code H*} with an
 * unlabelled arrow to their default targets, and active states get the {@code active} class (filled
 * blue).
 *
 * <p>States are declared as {@code state "name" as s<id>}, so ids are always safe and names are
 * shown as written; characters Mermaid reads as syntax in text ({@code " # ; % < > { }}) are
 * written as its entity codes ({@code #quot;}, {@code #35;}, ...). Mermaid moves a state into the
 * last composite block that mentions it, so an arrow is written inside a composite only when it
 * joins two of that composite's own children; every other arrow is written at the top level,
 * after all composites. For the same reason an initial arrow to a state deeper than a child
 * points at the child on the way to it. Mermaid refuses descriptions on composite states, so
 * their actions are not shown (the other formats show them).
 */
public final class Mermaid {
    private Mermaid() {}

    /**
     * The chart as Mermaid, nothing highlighted.
     *
     * @param chart the chart drawn
     * @return the Mermaid text
     */
    public static String export(Chart<?> chart) {
        return export(chart, Set.of());
    }

    /**
     * The chart as Mermaid, with the named states highlighted.
     *
     * @param chart        the chart drawn
     * @param activeStates the names of the states to fill blue (a machine's configuration, say)
     * @return the Mermaid text
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String export(Chart<?> chart, Set<String> activeStates) {
        ChartView v = ChartView.of(chart, activeStates);
        StringBuilder out = new StringBuilder("stateDiagram-v2\n");
        StringBuilder across = new StringBuilder();
        if (v.rootDrawn) {
            out.append("    [*] --> s0\n");
            state(v, 0, out, "    ", across);
        } else {
            contents(v, 0, out, "    ", across);
        }
        out.append(across);
        List<String> active = new ArrayList<>();
        for (int s = v.rootDrawn ? 0 : 1; s < v.count; s++) { // a root not drawn has no node to fill
            if (v.active[s]) {
                active.add("s" + s);
            }
        }
        if (!active.isEmpty()) {
            out.append("    classDef active fill:").append(Diagrams.ACTIVE_FILL).append(",stroke:")
                    .append(Diagrams.ACTIVE_STROKE).append('\n');
            out.append("    class ").append(String.join(",", active)).append(" active\n");
        }
        return out.toString();
    }

    /**
     * A state's contents. Arrows between its own children are written inside it; every other
     * arrow goes to {@code across}, written at the top level after all composites, because a
     * state named inside a composite's block is moved into that composite.
     */
    private static void contents(ChartView v, int s, StringBuilder out, String indent, StringBuilder across) {
        boolean parallel = v.kind(s) == StateKind.PARALLEL;
        if (!parallel) {
            for (int target : v.states[s].initialTargets()) {
                out.append(indent).append("[*] --> s").append(childOnPath(v, s, target)).append('\n');
            }
        }
        boolean first = true;
        for (int child : v.contents[s]) {
            if (parallel && !first && !v.isHistory(child)) {
                out.append(indent).append("--\n");
            }
            first &= v.isHistory(child);
            state(v, child, out, indent, across);
        }
        for (TransitionInfo t : v.transitions) {
            // the root's own transitions (its parent is -1) are written with the top level's
            boolean mine = v.chart.parent(t.source()) == s || s == 0 && t.source() == 0;
            if (t.internal() || !mine) {
                continue;
            }
            String label = v.label(t);
            for (int target : t.targets()) {
                boolean inside = t.source() != 0 && v.chart.parent(target) == s && !parallel;
                StringBuilder to = inside ? out : across;
                to.append(inside ? indent : "    ").append('s').append(t.source()).append(" --> s").append(target);
                if (!label.isEmpty()) {
                    to.append(" : ").append(text(label));
                }
                to.append('\n');
            }
        }
    }

    /** The child of {@code container} on the way down to {@code target} (the target itself when it is a child). */
    private static int childOnPath(ChartView v, int container, int target) {
        int s = target;
        while (v.chart.parent(s) != container && v.chart.parent(s) >= 0) {
            s = v.chart.parent(s);
        }
        return s;
    }

    private static void state(ChartView v, int s, StringBuilder out, String indent, StringBuilder across) {
        String id = "s" + s;
        String shown = v.isHistory(s) ? v.historyMark(s) : v.name(s);
        out.append(indent).append("state \"").append(text(shown)).append("\" as ").append(id).append('\n');
        if (v.isContainer(s)) {
            // Mermaid refuses descriptions on composite states ("group nodes can only have label")
            out.append(indent).append("state ").append(id).append(" {\n");
            contents(v, s, out, indent + "    ", across);
            out.append(indent).append("}\n");
        } else {
            for (String line : v.details(s)) {
                out.append(indent).append(id).append(" : ").append(text(line)).append('\n');
            }
        }
        if (v.kind(s) == StateKind.FINAL) {
            out.append(indent).append(id).append(" --> [*]\n");
        }
        if (v.isHistory(s)) {
            for (int target : v.states[s].initialTargets()) {
                StringBuilder to = v.chart.parent(target) == v.chart.parent(s) ? out : across;
                to.append(to == out ? indent : "    ").append(id).append(" --> s").append(target).append('\n');
            }
        }
    }

    /** Text Mermaid shows as written: syntax characters as entity codes, line breaks as spaces. */
    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("#quot;");
                case '#' -> b.append("#35;");
                case ';' -> b.append("#59;");
                case '%' -> b.append("#37;");
                case '<' -> b.append("#lt;");
                case '>' -> b.append("#gt;");
                case '{' -> b.append("#123;");
                case '}' -> b.append("#125;");
                default -> b.append(c < ' ' ? ' ' : c);
            }
        }
        return b.toString();
    }
}
