package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.Callbacks;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.TransitionKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The conventions every Arbor diagram shares, for the exporters here and for renderers in other
 * modules (the SVG renderer): the highlight colours of active states, how active states are
 * named, how transitions are labelled, which lines a state shows under its name, and text made
 * safe for XML.
 */
public final class Diagrams {
    /** The fill of an active state (the networked HSM: "the current nodes in blue"). */
    public static final String ACTIVE_FILL = "#7fb2f0";
    /** The outline of an active state. */
    public static final String ACTIVE_STROKE = "#1f5fbf";

    private Diagrams() {}

    /**
     * Which states are active, by id, from their names.
     *
     * @param chart        the chart the names belong to
     * @param activeStates names of states of the chart; null for none
     * @return one flag per state id, true for the named states
     * @throws IllegalArgumentException naming every name the chart does not have
     */
    public static boolean[] activeStates(Chart<?> chart, Collection<String> activeStates) {
        Objects.requireNonNull(chart, "chart");
        boolean[] active = new boolean[chart.stateCount()];
        List<String> unknown = new ArrayList<>();
        for (String name : new TreeSet<>(activeStates == null ? List.of() : activeStates)) {
            if (chart.hasState(name)) {
                active[chart.stateId(name)] = true;
            } else {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("chart '" + chart.name() + "' has no state " + String.join(", ", unknown)
                    + " (active states are given by name)");
        }
        return active;
    }

    /**
     * A transition's label: {@code trigger [guard] / action}, with {@code when} for a polled
     * transition, {@code after 30 ticks} for a timer, nothing before the guard for an eventless one, {@code (local)} after a local
     * one, {@code then A, B} for plan steps and {@code (resume)} for a plan that resumes. A guard
     * or action without a label shows as {@code [guard]} or {@code / action}.
     *
     * @param chart the transition's chart, for the names of plan steps
     * @param t     the transition labelled
     * @return the label; empty for an unlabelled eventless transition
     */
    public static String transitionLabel(Chart<?> chart, TransitionInfo t) {
        StringBuilder b = new StringBuilder();
        switch (t.mode()) {
            case EVENT -> b.append(t.triggerText());
            case POLLED -> b.append("when");
            case TIMER -> b.append(t.triggerText()); // "after 30 ticks"
            default -> { }
        }
        if (t.guarded()) {
            b.append(b.length() > 0 ? " " : "").append('[').append(t.guard().orElse("guard")).append(']');
        }
        if (!t.action().isEmpty()) {
            b.append(b.length() > 0 ? " " : "").append("/ ").append(callbacks(t.action()));
        }
        if (t.kind() == TransitionKind.LOCAL && !t.internal()) {
            b.append(b.length() > 0 ? " " : "").append("(local)");
        }
        if (!t.plan().isEmpty()) {
            List<String> steps = new ArrayList<>();
            for (int s : t.plan()) {
                steps.add(chart.stateName(s));
            }
            b.append(b.length() > 0 ? " " : "").append("then ").append(String.join(", ", steps));
        }
        if (t.resumeAfter()) {
            b.append(b.length() > 0 ? " " : "").append("(resume)");
        }
        return b.toString();
    }

    /**
     * The lines a state shows under its name: {@code entry / …}, {@code exit / …},
     * {@code update / …}, {@code do / component} for each component, {@code handler} when it has
     * one, {@code defer E} for each event it defers, then the labels of its internal transitions.
     *
     * @param chart the state's chart
     * @param state the state's id
     * @return the lines, in that order; empty when the state has none
     */
    public static List<String> stateDetails(Chart<?> chart, int state) {
        StateInfo info = chart.stateInfo(state);
        List<String> lines = new ArrayList<>();
        line(lines, "entry", info.entry());
        line(lines, "exit", info.exit());
        line(lines, "update", info.update());
        for (String behavior : info.behaviors()) {
            lines.add("do / " + behavior);
        }
        if (info.hasHandler()) {
            lines.add("handler");
        }
        for (String event : info.deferred()) {
            lines.add("defer " + event);
        }
        for (int i = 0; i < chart.transitionCount(); i++) {
            TransitionInfo t = chart.transitionInfo(i);
            if (t.mode().declared() && t.internal() && t.source() == state) {
                lines.add(transitionLabel(chart, t));
            }
        }
        return lines;
    }

    /**
     * Text safe in XML 1.0 content and attributes: characters XML forbids, line breaks and tabs become spaces.
     *
     * @param s any text
     * @return the text, as long as {@code s}; markup characters such as {@code <} still need escaping
     */
    public static String xmlText(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else if (c < ' ' || Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
                b.append(' ');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static void line(List<String> lines, String what, Callbacks c) {
        if (!c.isEmpty()) {
            lines.add(what + " / " + callbacks(c));
        }
    }

    private static String callbacks(Callbacks c) {
        return c.labels().isEmpty() ? "action" : String.join(", ", c.labels());
    }
}
