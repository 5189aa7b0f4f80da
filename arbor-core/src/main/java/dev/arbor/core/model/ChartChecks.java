package dev.arbor.core.model;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * The compiler's checks that need the chart's tables: history defaults that loop, targets that
 * cannot be active together, and states nothing enters. Each adds what it finds to the problems
 * the compiler reports together; the checks of one state's own declaration (its name, kind and
 * initial) run as the tables are made, in {@link StateNumbering} and {@link TransitionResolution}.
 */
final class ChartChecks {
    private final CompiledChart c;
    private final List<Problem> problems;

    ChartChecks(CompiledChart chart, List<Problem> problems) {
        this.c = chart;
        this.problems = problems;
    }

    /** A history's default entry must reach leaves: follow initials and history defaults through pseudo-states. */
    void checkHistoryTargets() {
        // Default entry must reach leaves: follow initials and history defaults through pseudo-states.
        for (int i = 0; i < c.stateCount; i++) {
            if (c.states.kind[i] == CompiledChart.HISTORY_SHALLOW || c.states.kind[i] == CompiledChart.HISTORY_DEEP) {
                if (defaultEntryLoops(i, new boolean[c.stateCount])) {
                    problems.add(new Problem(c.states.name[i], Rule.ENTRY_CYCLE, "the default entry of history '"
                            + c.states.name[i] + "' (its default targets, or its parent's initial when it has none) "
                            + "leads back to it: entering '" + c.states.name[c.states.parent[i]] + "' would never reach a leaf"));
                }
            }
        }
    }

    private boolean defaultEntryLoops(int history, boolean[] seen) {
        if (seen[history]) {
            return true;
        }
        seen[history] = true;
        for (int t : c.states.initialTargets[history]) {
            if ((c.states.kind[t] == CompiledChart.HISTORY_SHALLOW || c.states.kind[t] == CompiledChart.HISTORY_DEEP) && defaultEntryLoops(t, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * SCXML requires several targets to form part of one legal configuration: no target may
     * contain another, and each pair must meet at a parallel state (so they lie in different
     * regions).
     */
    void checkTargetsCompatible(String where, String what, int[] targets) {
        for (int a = 0; a < targets.length; a++) {
            for (int b = a + 1; b < targets.length; b++) {
                int x = targets[a];
                int y = targets[b];
                int meet = c.states.parent[x];
                while (meet >= 0 && !(y == meet || c.isDescendant(y, meet))) {
                    meet = c.states.parent[meet];
                }
                boolean nested = x == y || c.isDescendant(x, y) || c.isDescendant(y, x);
                if (nested || meet < 0 || c.states.kind[meet] != CompiledChart.PARALLEL) {
                    problems.add(new Problem(where, Rule.CONFLICTING_TARGETS, what + " targets '" + c.states.name[x]
                            + "' and '" + c.states.name[y] + "', which cannot be active together"
                            + (meet >= 0 && !nested ? " (both lie in '" + c.states.name[meet] + "', which is not parallel)" : "")));
                }
            }
        }
    }

    /** Every transition's and every initial's several targets can be active together ({@link #checkTargetsCompatible(String, String, int[])}). */
    void checkTargetsCompatible() {
        for (int t = 0; t < c.transitionCount; t++) {
            if (c.transitions.targets[t].length > 1) {
                checkTargetsCompatible(c.states.name[c.transitions.source[t]], "transition " + c.transitions.label[t],
                        c.transitions.targets[t]);
            }
        }
        for (int s = 0; s < c.stateCount; s++) {
            if (c.states.initialTargets[s] != null && c.states.initialTargets[s].length > 1) {
                checkTargetsCompatible(c.states.name[s], c.states.kind[s] == CompiledChart.COMPOUND ? "initial" : "history default",
                        c.states.initialTargets[s]);
            }
        }
    }

    /** Every state is entered by something from the root: an initial, a region, a history default or a transition. */
    void checkReachability() {
        boolean[] reached = new boolean[c.stateCount];
        int[] work = new int[c.stateCount];
        int top = 0;
        reached[0] = true;
        work[top++] = 0;
        while (top > 0) {
            int s = work[--top];
            List<Integer> next = new ArrayList<>();
            if (c.states.parent[s] >= 0) {
                next.add(c.states.parent[s]);
            }
            if (c.states.kind[s] == CompiledChart.PARALLEL) {
                for (int child : c.states.children[s]) {
                    next.add(child);
                }
            }
            for (int target : c.states.initialTargets[s]) {
                next.add(target);
            }
            for (int t = 0; t < c.transitionCount; t++) {
                if (c.transitions.source[t] == s) {
                    for (int target : c.transitions.targets[t]) {
                        next.add(target);
                    }
                    for (int step : c.transitions.plan[t]) {
                        next.add(step);
                    }
                }
            }
            for (int r : next) {
                if (!reached[r]) {
                    reached[r] = true;
                    work[top++] = r;
                }
            }
        }
        for (int s = 0; s < c.stateCount; s++) {
            if (!reached[s]) {
                problems.add(new Problem(c.states.name[s], Rule.UNREACHABLE,
                        "no initial transition, region or transition from a reachable state enters it "
                        + "(if only goTo or push enter it, build the chart with allowUnreachable())"));
            }
        }
    }
}
