package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes a chart as a Mermaid {@code stateDiagram-v2}: compound and parallel states are
 * composite states, a parallel state's regions are separated by {@code --}, initial transitions
 * start at {@code [*]}, a final state is drawn by name with an arrow to its composite's
 * {@code [*]} end, history states are small states labelled {@code H} or {@code H*} with an
 * unlabelled arrow to their default targets, and active
 * states get the {@code active} class (filled blue).
 *
 * <p>States are declared as {@code state "name" as s<id>}, so ids are always safe and names are
 * shown as written; characters Mermaid reads as syntax in text ({@code " # ; % < >}) are written
 * as its entity codes ({@code #quot;}, {@code #35;}, ...). Each arrow is written inside the
 * innermost composite holding both its ends; Mermaid documents that it cannot draw arrows
 * between states of different composites, so such arrows are written at the level of their
 * common composite and rendered as well as Mermaid can.
 */
public final class Mermaid {
    private Mermaid() {}

    /** The chart as Mermaid, nothing highlighted. */
    public static String export(Chart<?> chart) {
        return export(chart, Set.of());
    }

    /**
     * The chart as Mermaid, with the named states highlighted.
     *
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String export(Chart<?> chart, Set<String> activeStates) {
        ChartView v = ChartView.of(chart, activeStates);
        StringBuilder out = new StringBuilder("stateDiagram-v2\n");
        if (v.rootDrawn) {
            out.append("    [*] --> s0\n");
            state(v, 0, out, "    ");
        } else {
            contents(v, 0, out, "    ");
        }
        List<String> active = new ArrayList<>();
        for (int s = 0; s < v.count; s++) {
            if (v.active[s]) {
                active.add("s" + s);
            }
        }
        if (!active.isEmpty()) {
            out.append("    classDef active fill:").append(ChartView.ACTIVE_FILL).append(",stroke:")
                    .append(ChartView.ACTIVE_STROKE).append('\n');
            out.append("    class ").append(String.join(",", active)).append(" active\n");
        }
        return out.toString();
    }

    private static void contents(ChartView v, int s, StringBuilder out, String indent) {
        boolean parallel = v.kind(s) == StateKind.PARALLEL;
        if (!parallel) {
            for (int target : v.states[s].initialTargets()) {
                out.append(indent).append("[*] --> s").append(target).append('\n');
            }
        }
        boolean first = true;
        for (int child : v.contents[s]) {
            if (parallel && !first && !v.isHistory(child)) {
                out.append(indent).append("--\n");
            }
            first &= v.isHistory(child);
            state(v, child, out, indent);
        }
        for (TransitionInfo t : v.homed.get(s)) {
            String label = v.label(t);
            for (int target : t.targets()) {
                out.append(indent).append('s').append(t.source()).append(" --> s").append(target);
                if (!label.isEmpty()) {
                    out.append(" : ").append(text(label));
                }
                out.append('\n');
            }
        }
    }

    private static void state(ChartView v, int s, StringBuilder out, String indent) {
        String id = "s" + s;
        String shown = v.isHistory(s) ? v.historyMark(s) : v.name(s);
        out.append(indent).append("state \"").append(text(shown)).append("\" as ").append(id).append('\n');
        for (String line : v.details(s)) {
            out.append(indent).append(id).append(" : ").append(text(line)).append('\n');
        }
        if (v.isContainer(s)) {
            out.append(indent).append("state ").append(id).append(" {\n");
            contents(v, s, out, indent + "    ");
            out.append(indent).append("}\n");
        }
        if (v.kind(s) == StateKind.FINAL) {
            out.append(indent).append(id).append(" --> [*]\n");
        }
        if (v.isHistory(s)) {
            for (int target : v.states[s].initialTargets()) {
                out.append(indent).append(id).append(" --> s").append(target).append('\n');
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
