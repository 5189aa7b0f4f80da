package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.Callbacks;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import dev.arbor.core.TransitionKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A chart as every exporter reads it: states with their history pseudo-children in document
 * order, declared transitions grouped by the state whose drawing holds them, the labels diagrams
 * show, and the active states to highlight. Built once per export; reads the chart's public
 * introspection only.
 */
final class ChartView {
    /** The highlight colour of active states (seed 001: "the current nodes in blue"). */
    static final String ACTIVE_FILL = "#7fb2f0";
    static final String ACTIVE_STROKE = "#1f5fbf";

    final Chart<?> chart;
    final int count;
    final StateInfo[] states;
    /** Per state: real children and history pseudo-states, in document order. */
    final int[][] contents;
    /** Declared transitions (no handler or move placeholders), in id order. */
    final List<TransitionInfo> transitions = new ArrayList<>();
    /** Per state: the arrows (a transition and one of its targets) drawn inside its box (see {@link #home}). */
    final List<List<Arrow>> homed = new ArrayList<>();

    /** One arrow of a transition: a transition with several targets draws one arrow to each. */
    record Arrow(TransitionInfo transition, int target) {}
    final boolean[] active;
    /**
     * Whether the root is drawn as a state of its own: when it is parallel, has transitions or
     * actions, or is a transition's target. Otherwise the diagram itself stands for it.
     */
    final boolean rootDrawn;

    ChartView(Chart<?> chart, Collection<String> activeStates) {
        this.chart = chart;
        this.count = chart.stateCount();
        this.states = new StateInfo[count];
        this.contents = new int[count][];
        for (int s = 0; s < count; s++) {
            states[s] = chart.stateInfo(s);
            int[] both = concat(chart.children(s), chart.historyStates(s));
            Arrays.sort(both);
            contents[s] = both;
            homed.add(new ArrayList<>());
        }
        boolean rootNeeded = chart.kind(0) == StateKind.PARALLEL || hasActions(states[0]);
        for (int t = 0; t < chart.transitionCount(); t++) {
            TransitionInfo info = chart.transitionInfo(t);
            if (!info.mode().declared()) {
                continue;
            }
            transitions.add(info);
            rootNeeded |= info.source() == 0 || info.targets().contains(0);
        }
        this.rootDrawn = rootNeeded;
        for (TransitionInfo t : transitions) {
            for (int target : t.targets()) {
                homed.get(home(t.source(), target)).add(new Arrow(t, target));
            }
        }
        this.active = new boolean[count];
        List<String> unknown = new ArrayList<>();
        for (String name : new TreeSet<>(activeStates)) {
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
    }

    static ChartView of(Chart<?> chart, Set<String> activeStates) {
        return new ChartView(java.util.Objects.requireNonNull(chart, "chart"),
                activeStates == null ? Set.of() : activeStates);
    }

    String name(int s) {
        return states[s].name();
    }

    StateKind kind(int s) {
        return states[s].kind();
    }

    boolean isHistory(int s) {
        return kind(s) == StateKind.SHALLOW_HISTORY || kind(s) == StateKind.DEEP_HISTORY;
    }

    /** Whether a state is drawn as a box holding other states (compound or parallel). */
    boolean isContainer(int s) {
        return kind(s) == StateKind.COMPOUND || kind(s) == StateKind.PARALLEL;
    }

    /**
     * The state whose drawing holds an arrow: the innermost compound state (or the root) that
     * strictly contains its source and target. Parallel states are skipped, so an arrow between
     * regions is not drawn inside one region.
     */
    int home(int source, int target) {
        int s = chart.parent(source);
        while (s > 0) {
            if (kind(s) != StateKind.PARALLEL && isDescendant(target, s)) {
                return s;
            }
            s = chart.parent(s);
        }
        return 0;
    }

    boolean isDescendant(int s, int ancestor) {
        for (int p = chart.parent(s); p >= 0; p = chart.parent(p)) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The innermost region (a child of a parallel state) holding a state, the state itself included; -1 for none. */
    int regionOf(int s) {
        for (int r = s; r > 0; r = chart.parent(r)) {
            if (kind(chart.parent(r)) == StateKind.PARALLEL) {
                return r;
            }
        }
        return -1;
    }

    /** Every declared transition drawn inside some state's box, in id order (for formats that list arrows at the end). */
    List<TransitionInfo> arrows() {
        List<TransitionInfo> out = new ArrayList<>();
        for (TransitionInfo t : transitions) {
            if (!t.internal()) {
                out.add(t);
            }
        }
        return out;
    }

    /** The internal transitions declared on a state, drawn as lines inside it. */
    List<TransitionInfo> internals(int s) {
        List<TransitionInfo> out = new ArrayList<>();
        for (TransitionInfo t : transitions) {
            if (t.internal() && t.source() == s) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * A transition's label as diagrams show it: {@code trigger [guard] / action}, with
     * {@code when} for a polled transition, nothing before the guard for an eventless one,
     * {@code (local)} after a local one, and {@code then A, B} for plan steps. A guard or action
     * without a label shows as {@code [guard]} or {@code / action}.
     */
    String label(TransitionInfo t) {
        StringBuilder b = new StringBuilder();
        switch (t.mode()) {
            case EVENT -> b.append(t.triggerText());
            case POLLED -> b.append("when");
            default -> { }
        }
        if (t.guarded()) {
            b.append(b.length() > 0 ? " " : "").append('[').append(t.guard().orElse("guard")).append(']');
        }
        if (!t.action().isEmpty()) {
            b.append(b.length() > 0 ? " " : "").append("/ ").append(callbacks(t.action(), "action"));
        }
        if (t.kind() == TransitionKind.LOCAL && !t.internal()) {
            b.append(b.length() > 0 ? " " : "").append("(local)");
        }
        if (!t.plan().isEmpty()) {
            List<String> steps = new ArrayList<>();
            for (int s : t.plan()) {
                steps.add(name(s));
            }
            b.append(b.length() > 0 ? " " : "").append("then ").append(String.join(", ", steps));
        }
        if (t.resumeAfter()) {
            b.append(b.length() > 0 ? " " : "").append("(resume)");
        }
        return b.toString();
    }

    /** The lines shown inside a state under its name: its actions, components and internal transitions. */
    List<String> details(int s) {
        StateInfo info = states[s];
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
        for (TransitionInfo t : internals(s)) {
            lines.add(label(t));
        }
        return lines;
    }

    private static void line(List<String> lines, String what, Callbacks c) {
        if (!c.isEmpty()) {
            lines.add(what + " / " + callbacks(c, "action"));
        }
    }

    static String callbacks(Callbacks c, String unnamed) {
        return c.labels().isEmpty() ? unnamed : String.join(", ", c.labels());
    }

    private static boolean hasActions(StateInfo s) {
        return !s.initialAction().isEmpty() || !s.entry().isEmpty() || !s.exit().isEmpty() || !s.update().isEmpty() || !s.behaviors().isEmpty()
                || s.hasHandler();
    }

    /** The history mark diagrams draw: {@code H} or {@code H*}. */
    String historyMark(int s) {
        return kind(s) == StateKind.DEEP_HISTORY ? "H*" : "H";
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
