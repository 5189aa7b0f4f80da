package dev.arbor.analysis;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo.Mode;
import dev.arbor.core.Machine;
import dev.arbor.core.StateKind;
import dev.arbor.core.Substitution;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an {@link Exploration} tells about its chart, each finding with its reason and a witness:
 * dead states and transitions, traps, configurations from which the target cannot be reached,
 * livelocks, conflicts and failing steps.
 */
final class Findings {

    /** At most this many findings of one kind that differ only by configuration (traps, unreachable targets). */
    static final int MAX_PER_KIND = 20;

    private final Exploration x;
    private final Chart<Object> chart;
    private final boolean complete;
    /**
     * Whether every reachable configuration was explored under every outcome of what the analysis
     * does not model: within the budget, and no step made more assumptions than it follows.
     */
    private final boolean exhaustive;
    private final List<Finding> out = new ArrayList<>();

    private Findings(Exploration x) {
        this.x = x;
        this.chart = x.original;
        this.complete = x.stoppedBecause == null;
        this.exhaustive = complete && x.overflowedFrom.isEmpty();
    }

    /** What a finding over every configuration says when the exploration was not exhaustive. */
    private String caveat() {
        return !complete ? " (within the configurations explored)" : exhaustive ? "" : " (" + overflow() + ")";
    }

    /** Why a step's exploration is not exhaustive when it made too many assumptions. */
    private String overflow() {
        return "some steps make more assumptions than the analysis follows; past them, guards were taken as failing";
    }

    static List<Finding> of(Exploration x, AnalysisOptions options) {
        Findings f = new Findings(x);
        f.deadStates();
        f.deadTransitions();
        f.traps();
        f.cannotReach(options.target());
        f.failures();
        f.conflicts();
        return List.copyOf(f.out);
    }

    // ---------------------------------------------------------------- dead states and transitions

    private void deadStates() {
        boolean definite = exhaustive && !x.twin.machineActionsLeftOut;
        for (int s = 1; s < chart.stateCount(); s++) {
            StateKind kind = chart.kind(s);
            if (x.reached(s) || kind == StateKind.SHALLOW_HISTORY || kind == StateKind.DEEP_HISTORY
                    || !x.reached(chart.parent(s))) {
                continue; // reached, a pseudo-state, or inside a dead state (reported once, at the outermost)
            }
            List<String> into = new ArrayList<>();
            boolean unanalysed = false;
            for (int t = 0; t < chart.transitionCount(); t++) {
                if (chart.transitionInfo(t).mode().declared() && entersState(t, s)) {
                    into.add(chart.describeTransition(t));
                    unanalysed |= !x.offered(t);
                }
            }
            int inside = 0;
            for (int d = s + 1; d < chart.stateCount() && isDescendant(d, s); d++) {
                inside++;
            }
            String why = into.isEmpty()
                    ? "no transition enters it, and it is not its parent's initial state"
                    : "no transition into it is ever taken (" + String.join("; ", into) + ")";
            String nested = inside == 1 ? ", nor the state inside it"
                    : inside > 1 ? ", nor the " + inside + " states inside it" : "";
            out.add(new Finding(Finding.Kind.DEAD_STATE, definite && !unanalysed, s, -1, -1, "state '" + chart.stateName(s)
                    + "' is never active" + nested + ": " + why
                    + caveat(), Optional.empty()));
        }
    }

    private void deadTransitions() {
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            if (!info.mode().declared() || x.taken(t) || !x.reached(info.source()) || !x.offered(t)) {
                continue; // engine-made, taken, its source is dead (reported with the state), or not analysed
            }
            String name = "transition " + chart.describeTransition(t);
            byte tested = x.twin.guardOutcomes[t];
            int shadow = shadowing(t);
            String why;
            boolean definite = exhaustive;
            if (tested == 1) {
                why = "its guard \"" + info.guard().orElse("?") + "\" never holds when it is tested";
                definite &= !x.twin.assumedGuard[t];
            } else if (shadow >= 0) {
                why = "it is shadowed by " + chart.describeTransition(shadow)
                        + ", declared before it on the same state, which always takes its input first";
            } else if (info.mode() == Mode.TIMER) {
                why = "'" + chart.stateName(info.source()) + "' never stays active for " + info.after() + " ticks";
            } else {
                why = "whenever '" + chart.stateName(info.source()) + "' is active, its input is taken first by another "
                        + "transition (of an inner state, or an earlier one) or never comes";
            }
            out.add(new Finding(Finding.Kind.DEAD_TRANSITION, definite && !x.twin.machineActionsLeftOut, info.source(), t,
                    shadow, name + " is never taken: " + why + caveat(), Optional.of(x.pathToState(info.source()))));
        }
    }

    /** An earlier transition of the same source that takes every input {@code t} could and whose guard never failed. */
    private int shadowing(int t) {
        Chart.TransitionInfo info = chart.transitionInfo(t);
        for (int u = 0; u < t; u++) {
            Chart.TransitionInfo other = chart.transitionInfo(u);
            if (other.source() == info.source() && other.mode() == info.mode() && covers(other, info)
                    && (!other.guarded() || x.twin.guardOutcomes[u] == 2) && x.taken(u)) {
                return u;
            }
        }
        return -1;
    }

    /** Whether every input that triggers {@code b} triggers {@code a}. */
    private static boolean covers(Chart.TransitionInfo a, Chart.TransitionInfo b) {
        if (a.mode() != Mode.EVENT) {
            return a.mode() != Mode.TIMER || a.after() <= b.after();
        }
        for (String tb : b.triggers()) {
            if (a.triggers().stream().noneMatch(ta -> descriptorTakes(ta, tb))) {
                return false;
            }
        }
        return true;
    }

    /** Whether a trigger descriptor takes every event another descriptor takes (SCXML prefix matching). */
    static boolean descriptorTakes(String descriptor, String other) {
        return descriptor.equals("*") || other.equals(descriptor) || other.startsWith(descriptor + ".");
    }

    private boolean entersState(int t, int s) {
        for (int target : chart.transitionTargets(t)) {
            if (target == s || isDescendant(target, s)) {
                return true;
            }
        }
        return false;
    }

    private boolean isDescendant(int d, int a) {
        for (int p = chart.parent(d); p >= 0; p = chart.parent(p)) {
            if (p == a) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- traps and unreachable targets

    private void traps() {
        Set<String> seen = new HashSet<>();
        int explored = x.successors.size();
        for (int n = 0; n < explored && seen.size() < MAX_PER_KIND; n++) {
            int[] next = x.successors.get(n);
            if (x.halted(n) || x.inputs.isEmpty() || next.length != 1 || next[0] != n) {
                continue;
            }
            String at = names(x.active(n));
            if (seen.add(at)) {
                boolean overflowed = x.overflowedFrom.contains(n);
                out.add(new Finding(Finding.Kind.TRAP, !x.twin.machineActionsLeftOut && !overflowed, leaf(x.active(n)), -1,
                        -1, "in " + at + " no input changes anything: the machine is stuck there, and not in a final state"
                        + (overflowed ? " (" + overflow() + ")" : ""), Optional.of(x.pathTo(n))));
            }
        }
    }

    private void cannotReach(String target) {
        int goal = -1;
        if (target != null) {
            goal = x.stateNamed(target).orElseThrow();
        } else if (Arrays.stream(chart.children(0)).noneMatch(c -> chart.kind(c) == StateKind.FINAL)) {
            return; // no target and no final state: nothing to reach
        }
        if (!complete) {
            return; // a configuration not explored may be the way
        }
        int count = x.nodes.size();
        List<List<Integer>> into = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            into.add(new ArrayList<>());
        }
        boolean[] reaches = new boolean[count];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int n = 0; n < count; n++) {
            for (int m : x.successors.get(n)) {
                into.get(m).add(n);
            }
            if (goal < 0 ? x.halted(n) : contains(x.active(n), goal)) {
                reaches[n] = true;
                queue.add(n);
            }
        }
        while (!queue.isEmpty()) {
            for (int p : into.get(queue.poll())) {
                if (!reaches[p]) {
                    reaches[p] = true;
                    queue.add(p);
                }
            }
        }
        String what = goal < 0 ? "a final state" : "'" + chart.stateName(goal) + "'";
        Map<String, Integer> first = new HashMap<>();
        for (int n = 0; n < count && first.size() < MAX_PER_KIND; n++) {
            if (!reaches[n]) {
                first.putIfAbsent(names(x.active(n)), n);
            }
        }
        first.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> out.add(new Finding(
                Finding.Kind.CANNOT_REACH, exhaustive && !x.twin.machineActionsLeftOut, leaf(x.active(e.getValue())),
                -1, -1, "from " + e.getKey() + " no input sequence reaches " + what + caveat(),
                Optional.of(x.pathTo(e.getValue())))));
    }

    // ---------------------------------------------------------------- livelocks and failing steps

    private void failures() {
        Set<String> seen = new HashSet<>();
        for (Exploration.Failure f : x.failures) {
            String at = f.node() < 0 ? "the start" : names(x.active(f.node()));
            String key = f.kind() + (f.kind() == Finding.Kind.UNBOUNDED ? "" : at)
                    + (f.step().input() == null ? "" : f.step().input().toString());
            if (!seen.add(key) || seen.size() > 2 * MAX_PER_KIND) {
                continue;
            }
            String on = f.node() < 0 ? "the start" : f.step().input() + " in " + at;
            Optional<InputPath> witness = Optional.of(f.node() < 0 ? new InputPath(f.step(), List.of())
                    : x.pathThrough(f.node(), f.step()));
            String what = switch (f.kind()) {
                case LIVELOCK -> " never settles: ";
                case UNBOUNDED -> " grows what the machine keeps without bound: ";
                default -> " fails: ";
            };
            out.add(new Finding(f.kind(), f.definite(), f.node() < 0 ? 0 : leaf(x.active(f.node())), -1, -1,
                    "the step on " + on + what + f.why(), witness));
        }
    }

    // ---------------------------------------------------------------- conflicts

    /**
     * Two guarded transitions of one state taking one input, in a configuration where both guards
     * can hold: document order decides, silently. A guard the analysis evaluates is tested in the
     * configuration; one it cannot is taken as possibly true (the finding is then possible).
     */
    private void conflicts() {
        List<int[]> pairs = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            for (int u = t + 1; u < chart.transitionCount(); u++) {
                Chart.TransitionInfo a = chart.transitionInfo(t);
                Chart.TransitionInfo b = chart.transitionInfo(u);
                if (a.source() == b.source() && a.mode().declared() && a.mode() == b.mode() && a.guarded() && b.guarded()
                        && overlap(a, b)) {
                    pairs.add(new int[] {t, u});
                }
            }
        }
        if (pairs.isEmpty()) {
            return;
        }
        Machine<Object> probe = x.twin.chart.newMachine(null);
        Set<Integer> reported = new HashSet<>();
        for (int n = 0; n < x.successors.size() && reported.size() < pairs.size(); n++) {
            int[] active = x.active(n);
            boolean restored = false;
            for (int i = 0; i < pairs.size(); i++) {
                int[] p = pairs.get(i);
                int source = chart.transitionSource(p[0]);
                if (reported.contains(i) || x.halted(n) || !contains(active, source)) {
                    continue;
                }
                if (!restored) {
                    x.restore(n, probe);
                    restored = true;
                }
                Boolean first = holds(p[0], probe);
                Boolean second = holds(p[1], probe);
                if (Boolean.FALSE.equals(first) || Boolean.FALSE.equals(second)) {
                    continue;
                }
                reported.add(i);
                boolean definite = first != null && second != null;
                out.add(new Finding(Finding.Kind.CONFLICT, definite, source, p[0], p[1], "in " + names(active)
                        + " both " + chart.describeTransition(p[0]) + " and " + chart.describeTransition(p[1])
                        + (definite ? " are enabled: their guards both hold, and" : " may be enabled: their guards can both hold"
                        + " (one is written in Java, taken either way), and")
                        + " the first declared is taken", Optional.of(x.pathTo(n))));
            }
        }
    }

    /** The guard's outcome in the probe's configuration; null when the analysis cannot tell. */
    private Boolean holds(int t, Machine<Object> probe) {
        if (x.twin.assumedGuard[t]) {
            return null;
        }
        Object event = chart.transitionInfo(t).triggers().isEmpty() ? null : chart.transitionInfo(t).triggers().get(0);
        return Substitution.test(x.twin.guards[t], probe, null, event);
    }

    private static boolean overlap(Chart.TransitionInfo a, Chart.TransitionInfo b) {
        if (a.mode() != Mode.EVENT) {
            return a.mode() != Mode.TIMER || a.after() == b.after();
        }
        for (String ta : a.triggers()) {
            for (String tb : b.triggers()) {
                if (descriptorTakes(ta, tb) || descriptorTakes(tb, ta)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- names

    /** The active leaves, as {@code {PATROL, ARMED}}: what a designer calls the configuration. */
    String names(int[] active) {
        List<String> leaves = new ArrayList<>();
        for (int s : active) {
            if (s != 0 && chart.children(s).length == 0) {
                leaves.add(chart.stateName(s));
            }
        }
        return "{" + String.join(", ", leaves) + "}";
    }

    private int leaf(int[] active) {
        for (int i = active.length - 1; i >= 0; i--) {
            if (chart.children(active[i]).length == 0) {
                return active[i];
            }
        }
        return 0;
    }

    private static boolean contains(int[] sorted, int s) {
        for (int v : sorted) {
            if (v == s) {
                return true;
            }
        }
        return false;
    }
}
