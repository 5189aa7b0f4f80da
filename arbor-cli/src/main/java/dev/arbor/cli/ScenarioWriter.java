package dev.arbor.cli;

import dev.arbor.analysis.Assumption;
import dev.arbor.analysis.InputPath;
import dev.arbor.analysis.Step;
import dev.arbor.core.Chart;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Scenario text written by the command ({@code arbor paths --emit scenario}): an input path as a
 * scenario that {@code arbor test} runs, each input followed by the {@code expect} of every active
 * leaf state, each assumption as the {@code assume} step before its input. Also the words of a
 * step, quoted where {@link ScenarioParser} needs it.
 */
final class ScenarioWriter {

    /** Words that a step reads as keywords in some position: a name spelt so is quoted. */
    private static final Set<String> RESERVED = Set.of("chart", "event", "tick", "set", "expect", "assume", "start", "not",
            "log", "guard", "holds", "fails", "finished", "transition", "=");

    private ScenarioWriter() {}

    /** A name as one word of a step: as it is when plain, else in double quotes with the parser's escapes. */
    static String word(String text) {
        boolean plain = !text.isEmpty() && !RESERVED.contains(text) && !text.startsWith("#");
        for (int i = 0; i < text.length() && plain; i++) {
            char ch = text.charAt(i);
            plain = !Character.isWhitespace(ch) && !Character.isISOControl(ch) && "\"\\=!<>".indexOf(ch) < 0;
        }
        if (plain) {
            return text;
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> quoted.append(ch);
            }
        }
        return quoted.append('"').toString();
    }

    /**
     * A path as a scenario.
     *
     * @param chart     the chart the path goes through
     * @param chartLine the chart file as the scenario names it (relative to the scenario's directory)
     * @param comment   the first line's comment: what the path is
     * @param path      the path
     * @return the scenario's text, one step a line
     */
    static String scenario(Chart<?> chart, String chartLine, String comment, InputPath path) {
        List<String> lines = new ArrayList<>();
        lines.add("# " + comment);
        lines.add("# Written by arbor paths: each input, then the active states the analysis found after it.");
        lines.add("chart " + word(chartLine));
        if (!path.start().assumptions().isEmpty()) {
            path.start().assumptions().forEach(a -> lines.add(assume(chart, a)));
            lines.add("start");
        }
        expectations(chart, path.start(), lines);
        for (Step step : path.steps()) {
            step.assumptions().forEach(a -> lines.add(assume(chart, a)));
            lines.add(input(chart, step));
            expectations(chart, step, lines);
        }
        return String.join("\n", lines) + "\n";
    }

    /** The step that gives a path's input: {@code tick 1}, the event's name, or {@code event NAME}. */
    private static String input(Chart<?> chart, Step step) {
        if (step.input().isTick()) {
            return "tick 1";
        }
        String name = step.input().toString();
        Set<String> taken = ScenarioRunner.events(chart);
        return taken == null || taken.contains(name) ? word(name) : "event " + word(name);
    }

    private static void expectations(Chart<?> chart, Step step, List<String> lines) {
        for (int leaf : leaves(chart, step.active())) {
            lines.add("expect " + word(chart.statePath(leaf)));
        }
    }

    /** The active states no other active state lies inside, from the names a step gives. */
    static List<Integer> leaves(Chart<?> chart, List<String> active) {
        List<Integer> ids = new ArrayList<>();
        active.forEach(name -> ids.add(chart.stateId(name)));
        List<Integer> leaves = new ArrayList<>();
        for (int s : ids) {
            if (ids.stream().noneMatch(other -> chart.parent(other) == s)) {
                leaves.add(s);
            }
        }
        return leaves;
    }

    /** An assumption as the {@code assume} step that forces it. */
    static String assume(Chart<?> chart, Assumption a) {
        return switch (a.kind()) {
            case GUARD -> "assume guard " + transition(chart, a.id()) + (a.holds() ? " holds" : " fails");
            case FINISHED -> "assume " + word(chart.statePath(a.id())) + (a.holds() ? " finished" : " not finished");
            case DRAWN -> {
                Variable v = chart.variables().get(a.id());
                yield "assume " + word(v.name()) + " = " + word(v.show(a.value()));
            }
        };
    }

    /** A transition as {@code assume guard} names it: by its description when no other has it, else by its place. */
    static String transition(Chart<?> chart, int transition) {
        String description = ScenarioRunner.describe(chart, transition);
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (t != transition && chart.transitionInfo(t).mode().declared()
                    && ScenarioRunner.describe(chart, t).equals(description)) {
                return ScenarioRunner.place(chart, transition);
            }
        }
        return word(description);
    }
}
