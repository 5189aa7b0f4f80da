package dev.arbor.io.export;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * A chart as every exporter reads it: states with their history pseudo-children in document
 * order, declared transitions grouped by the state whose drawing holds them, the labels diagrams
 * show, and the active states to highlight. Built once per export; reads the chart's public
 * introspection only.
 */
final class ChartView {
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
        this.active = Diagrams.activeStates(chart, activeStates);
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

    /** A transition's label as diagrams show it (see {@link Diagrams#transitionLabel}). */
    String label(TransitionInfo t) {
        return Diagrams.transitionLabel(chart, t);
    }

    /** The lines shown inside a state under its name (see {@link Diagrams#stateDetails}). */
    List<String> details(int s) {
        return Diagrams.stateDetails(chart, s);
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
