package dev.arbor.core.semantics;

import dev.arbor.core.Behavior;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.model.CompiledChart;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan of one {@link Machine#moveTo}: everything the machine will hold on the new chart,
 * computed from what it holds on the old one before anything changes. Pure: it reads the two
 * charts and copies of the machine's data, and runs no user code.
 *
 * <p>States of the two charts are matched by {@linkplain #path path}; a history pseudo-state
 * matches only a history pseudo-state. The active states that match are kept; the new
 * configuration is then made valid in one pass in document order (ancestors before descendants):
 * a kept compound with no kept child is entered by its default (its initial transition, or
 * history, followed down to atomic states, as SCXML's addDescendantStatesToEnter), a kept compound
 * with several kept children (it was parallel) keeps the first, and a kept parallel state gets its
 * missing regions entered by default. Saved configurations (previous, pushed, plan) are completed
 * the same way, without callbacks.
 */
public final class Migration {
    final CompiledChart from;
    final CompiledChart to;
    /** Per old state: the new state with the same path, or -1. */
    final int[] map;
    private final String[] oldPath;
    private final String[] newPath;

    // ---- the plan for the active configuration
    /** Old states to exit, innermost first. */
    int[] exits = new int[0];
    /** New states that stay active; null when nothing is active (a machine not started, or stopped). */
    long[] keep;
    /** The whole new configuration: kept and entered. */
    long[] configuration;
    /** Kept compounds whose initial action runs (their content is entered by default), in document order. */
    int[] keptInitial = new int[0];
    /** New states to enter, in document order. */
    int[] enter = new int[0];
    long[] defaultEntry;
    /** Per new state entered (or kept) by default through a history without a record: that history state; else -1. */
    int[] historyDefaultOf;
    /** The new history slots; null when nothing is recorded. */
    int[] history;

    // ---- the behaviours of kept states
    /** Old ids of the kept active states whose behaviours changed, in document order. */
    int[] behaviorStates = new int[0];
    /** Per entry of {@link #behaviorStates}: the positions whose behaviour changed (exited in the old chart, entered in the new). */
    int[][] behaviorPositions = new int[0][];
    /** New ids of the kept active states that became final, in document order: their completion is raised. */
    int[] becameFinal = new int[0];
    final List<MigrationReport.BehaviorChange> behaviorsRestarted = new ArrayList<>();

    // ---- the saved configurations, mapped and completed
    /** The previous configuration ({@code revert}); null when none. */
    long[] previous;
    /** The pushed configurations ({@code pop}), bottom first; null when none. */
    long[][] stack;
    /** The plan entries that survive: container, step (-1 for a resume point) and, for a resume point, its configuration. */
    int[] planContainer = new int[0];
    int[] planStep = new int[0];
    long[][] planConfig = new long[0][];
    int plans;

    // ---- the report
    final List<MigrationReport.Fallback> gone = new ArrayList<>();
    final List<String> historyMapped = new ArrayList<>();
    final List<MigrationReport.DroppedRecord> historyDropped = new ArrayList<>();
    final List<String> carried = new ArrayList<>();
    final List<String> cleared = new ArrayList<>();

    // ---- the working state of one completion
    private long[] cfg;
    private long[] entered;
    private long[] defaults;
    private int[] historyDefaults;
    private int[] initials;

    Migration(CompiledChart from, CompiledChart to) {
        this.from = from;
        this.to = to;
        oldPath = paths(from);
        newPath = paths(to);
        byPath(from, oldPath); // only for its check: the old chart's paths are matched one by one
        Map<String, Integer> byPath = byPath(to, newPath);
        map = new int[from.stateCount];
        for (int st = 0; st < from.stateCount; st++) {
            Integer n = byPath.get(oldPath[st]);
            map[st] = n != null && isHistory(from, st) == isHistory(to, n) ? n : -1;
        }
    }

    /** The path of a state: names from the root down, root excluded, joined by '/'. */
    public static String path(CompiledChart c, int st) {
        if (st <= 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(c.states.name[st]);
        for (int p = c.states.parent[st]; p > 0; p = c.states.parent[p]) {
            b.insert(0, '/').insert(0, c.states.name[p]);
        }
        return b.toString();
    }

    private static String[] paths(CompiledChart c) {
        String[] out = new String[c.stateCount];
        for (int st = 0; st < c.stateCount; st++) {
            out[st] = path(c, st);
        }
        return out;
    }

    /**
     * The states of a chart by path. Names never contain '/' (the compiler refuses them), so no
     * two states share a path; were it otherwise, a match by path would be ambiguous, and the
     * move is refused here, before anything changes.
     */
    private static Map<String, Integer> byPath(CompiledChart c, String[] paths) {
        Map<String, Integer> out = new HashMap<>();
        for (int st = 0; st < c.stateCount; st++) {
            Integer other = out.putIfAbsent(paths[st], st);
            if (other != null) {
                throw new IllegalStateException("chart '" + c.name + "': states " + other + " and " + st
                        + " share the path '" + paths[st] + "', so states cannot be matched by path");
            }
        }
        return out;
    }

    String newPath(int st) {
        return newPath[st];
    }

    // ================================================================ history

    /**
     * Maps the recorded history slots ({@code old} in the old chart's layout, or null). A record
     * is carried over when every state it names has a path in the new chart and together they
     * still make a legal record there (a deep record of leaves becomes, for a shallow history,
     * the children of its parent that hold them); otherwise it is dropped whole, and the history
     * enters its default next time.
     */
    void mapHistory(int[] old) {
        if (old == null) {
            return;
        }
        int[] out = new int[to.paths.historySlotsSize];
        boolean any = false;
        for (int h = 0; h < from.stateCount; h++) {
            int off = from.paths.historyOffset[h];
            if (off < 0 || old[off] == 0) {
                continue;
            }
            int nh = map[h];
            if (nh < 0) {
                historyDropped.add(new MigrationReport.DroppedRecord(oldPath[h], "the history state is gone"));
                continue;
            }
            String why = null;
            int p = to.states.parent[nh];
            int n = 0;
            int[] rec = new int[old[off]];
            for (int j = 0; j < old[off] && why == null; j++) {
                int r = old[off + 1 + j];
                int nr = map[r];
                if (nr < 0) {
                    why = "recorded state '" + oldPath[r] + "' is gone";
                } else if (!to.isDescendant(nr, p)) {
                    why = "recorded state '" + oldPath[r] + "' is no longer below '" + newPath[p] + "'";
                } else {
                    if (to.states.kind[nh] == CompiledChart.HISTORY_SHALLOW) {
                        while (to.states.parent[nr] != p) {
                            nr = to.states.parent[nr];
                        }
                    }
                    rec[n++] = nr;
                }
            }
            if (why == null) {
                rec = Arrays.stream(rec, 0, n).distinct().sorted().toArray();
                why = StateCheck.historyProblem(to, nh, rec);
            }
            if (why != null) {
                historyDropped.add(new MigrationReport.DroppedRecord(oldPath[h], why));
                continue;
            }
            int noff = to.paths.historyOffset[nh];
            out[noff] = rec.length;
            System.arraycopy(rec, 0, out, noff + 1, rec.length);
            historyMapped.add(newPath[nh]);
            any = true;
        }
        history = any ? out : null;
    }

    // ================================================================ configurations

    /**
     * Plans the move of the active configuration {@code old} (old chart bits): which old states
     * leave (innermost first), which new ones stay, and which are entered, with the initial and
     * history-default actions that run. Call after {@link #mapHistory}: defaults follow the
     * mapped history.
     */
    void planActive(long[] old) {
        long[] k = kept(old);
        complete(k);
        keep = new long[to.words];
        for (int st = 0; st < to.stateCount; st++) {
            if (isSet(cfg, st) && !isSet(entered, st)) {
                set(keep, st);
            }
        }
        int[] exitList = new int[from.stateCount];
        int exitCount = 0;
        for (int st = from.stateCount - 1; st > 0; st--) {
            if (!isSet(old, st) || (map[st] >= 0 && isSet(keep, map[st]))) {
                continue;
            }
            exitList[exitCount++] = st;
            int anc = from.states.parent[st];
            while (map[anc] < 0 || !isSet(keep, map[anc])) {
                anc = from.states.parent[anc];
            }
            String reason;
            if (map[st] < 0) {
                reason = "no longer in the chart";
            } else if (map[from.states.parent[st]] >= 0 && isSet(keep, map[from.states.parent[st]])) {
                reason = "'" + shown(oldPath[from.states.parent[st]]) + "' now holds one active child";
            } else {
                reason = "its parent left";
            }
            gone.add(new MigrationReport.Fallback(oldPath[st], reason, oldPath[anc]));
        }
        exits = Arrays.copyOf(exitList, exitCount);
        configuration = cfg;
        keptInitial = initials;
        enter = bitsToIds(entered);
        defaultEntry = defaults;
        historyDefaultOf = historyDefaults;
    }

    /**
     * Compares the behaviours of every kept active state ({@code old}: the old configuration),
     * position by position: a behaviour is the same when it is the same instance, or of the same
     * class with the same {@linkplain Labels label} (a component loaded again from an unchanged
     * file); one without a label is the same only as itself. The old behaviours that changed or
     * were removed are to be exited, the new ones that changed or were added entered. Also finds
     * the kept states that became final. Call after {@link #planActive}.
     */
    void planBehaviors(long[] old) {
        int[] states = new int[from.stateCount];
        int[][] positions = new int[from.stateCount][];
        int[] finals = new int[from.stateCount];
        int changed = 0;
        int finalCount = 0;
        for (int st = 0; st < from.stateCount; st++) {
            int n = map[st];
            if (!isSet(old, st) || n < 0 || !isSet(keep, n)) {
                continue;
            }
            if (to.states.kind[n] == CompiledChart.FINAL && from.states.kind[st] != CompiledChart.FINAL) {
                finals[finalCount++] = n;
            }
            Behavior<?>[] was = from.states.behaviors[st];
            Behavior<?>[] is = to.states.behaviors[n];
            int[] at = new int[Math.max(was.length, is.length)];
            int count = 0;
            List<String> exited = new ArrayList<>();
            List<String> entered = new ArrayList<>();
            for (int i = 0; i < at.length; i++) {
                if (i < was.length && i < is.length && sameBehavior(was[i], is[i])) {
                    continue;
                }
                at[count++] = i;
                if (i < was.length) {
                    exited.add(label(was[i]));
                }
                if (i < is.length) {
                    entered.add(label(is[i]));
                }
            }
            if (count > 0) {
                states[changed] = st;
                positions[changed++] = Arrays.copyOf(at, count);
                behaviorsRestarted.add(new MigrationReport.BehaviorChange(newPath[n], exited, entered));
            }
        }
        behaviorStates = Arrays.copyOf(states, changed);
        behaviorPositions = Arrays.copyOf(positions, changed);
        becameFinal = Arrays.copyOf(finals, finalCount);
    }

    private static boolean sameBehavior(Behavior<?> was, Behavior<?> is) {
        if (was == is) {
            return true;
        }
        String label = FunctionLabels.of(was);
        return label != null && was.getClass() == is.getClass() && label.equals(FunctionLabels.of(is));
    }

    private static String label(Behavior<?> b) {
        String label = FunctionLabels.of(b);
        return label != null ? label : "behavior";
    }

    /** A saved configuration of the old chart, completed into a valid one of the new chart (no callbacks run). */
    long[] mapSaved(long[] old) {
        complete(kept(old));
        return cfg;
    }

    /** Maps the previous configuration ({@code old}, or null when there is none). */
    void mapPrevious(long[] old) {
        if (old != null) {
            previous = mapSaved(old);
            carried(1, "previous configuration (revert)", null);
        }
    }

    /** Maps the first {@code depth} pushed configurations of {@code old}. */
    void mapStack(long[][] old, int depth) {
        if (depth > 0) {
            stack = new long[depth][];
            for (int i = 0; i < depth; i++) {
                stack[i] = mapSaved(old[i]);
            }
            carried(depth, "1 pushed configuration (pop)", " pushed configurations (pop)");
        }
    }

    /**
     * Maps the first {@code size} plan entries: an entry survives while its container is in the
     * new configuration and its step, if it names one, still exists; a resume point's saved
     * configuration is completed. Call after {@link #planActive}.
     */
    void mapPlans(int[] container, int[] step, long[][] config, int size) {
        planContainer = new int[size];
        planStep = new int[size];
        planConfig = new long[size][];
        for (int i = 0; i < size; i++) {
            int c = map[container[i]];
            String what = step[i] >= 0 ? "plan step '" + oldPath[step[i]] + "'" : "resume point";
            if (c < 0 || configuration == null || !isSet(configuration, c)) {
                cleared.add(what + " of '" + oldPath[container[i]] + "' (container gone or left)");
            } else if (step[i] >= 0 && map[step[i]] < 0) {
                cleared.add(what + " (state gone)");
            } else {
                planContainer[plans] = c;
                planStep[plans] = step[i] >= 0 ? map[step[i]] : -1;
                planConfig[plans++] = step[i] >= 0 ? null : mapSaved(config[i]);
            }
        }
        carried(plans, "1 plan entry", " plan entries");
    }

    /** Reports {@code count} things carried over: {@code one} when it is one, else the count and {@code many}. */
    private void carried(int count, String one, String many) {
        if (count > 0) {
            carried.add(count == 1 ? one : count + many);
        }
    }

    /** The new states with the path of an active old state: closed upward, since a path's prefixes are its ancestors' paths. */
    private long[] kept(long[] old) {
        long[] k = new long[to.words];
        for (int st = 0; st < from.stateCount; st++) {
            if (isSet(old, st) && map[st] >= 0) {
                set(k, map[st]);
            }
        }
        set(k, 0);
        return k;
    }

    /** Makes {@code k} a valid configuration of the new chart, in {@link #cfg}; what it enters, in {@link #entered}. */
    private void complete(long[] k) {
        cfg = k.clone();
        entered = new long[to.words];
        defaults = new long[to.words];
        historyDefaults = new int[to.stateCount];
        Arrays.fill(historyDefaults, -1);
        int[] found = new int[to.stateCount];
        int initialCount = 0;
        for (int st = 0; st < to.stateCount; st++) {
            if (!isSet(cfg, st) || isSet(entered, st)) {
                continue; // not active, or entered by default below an ancestor: already whole
            }
            if (to.states.kind[st] == CompiledChart.COMPOUND) {
                int first = -1;
                for (int child : to.states.children[st]) {
                    if (!isSet(cfg, child)) {
                        continue;
                    }
                    if (first < 0) {
                        first = child;
                    } else {
                        clearRange(cfg, child, to.states.end[child]); // once parallel: one child stays, the first
                    }
                }
                if (first < 0) {
                    found[initialCount++] = st;
                    for (int target : to.states.initialTargets[st]) {
                        addDescendants(target);
                    }
                    for (int target : to.states.initialTargets[st]) {
                        addAncestorsOfEffectiveTarget(target, st);
                    }
                }
            } else if (to.states.kind[st] == CompiledChart.PARALLEL) {
                for (int child : to.states.children[st]) {
                    if (!isSet(cfg, child)) {
                        addDescendants(child);
                    }
                }
            }
        }
        initials = Arrays.copyOf(found, initialCount);
    }

    /** SCXML addDescendantStatesToEnter, over the new chart and the mapped history. */
    private void addDescendants(int st) {
        byte k = to.states.kind[st];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int p = to.states.parent[st];
            int n = recordedCount(st);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addDescendants(recorded(st, j));
                }
                for (int j = 1; j <= n; j++) {
                    addAncestors(recorded(st, j), p);
                }
            } else {
                historyDefaults[p] = st;
                for (int target : to.states.initialTargets[st]) {
                    addDescendants(target);
                }
                for (int target : to.states.initialTargets[st]) {
                    addAncestorsOfEffectiveTarget(target, p);
                }
            }
            return;
        }
        enter(st);
        if (k == CompiledChart.COMPOUND) {
            set(defaults, st);
            for (int target : to.states.initialTargets[st]) {
                addDescendants(target);
            }
            for (int target : to.states.initialTargets[st]) {
                addAncestorsOfEffectiveTarget(target, st);
            }
        } else if (k == CompiledChart.PARALLEL) {
            for (int child : to.states.children[st]) {
                if (!anyInRange(cfg, child, to.states.end[child])) {
                    addDescendants(child);
                }
            }
        }
    }

    private void addAncestorsOfEffectiveTarget(int target, int upTo) {
        byte k = to.states.kind[target];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int n = recordedCount(target);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addAncestors(recorded(target, j), upTo);
                }
            } else {
                for (int d : to.states.initialTargets[target]) {
                    addAncestorsOfEffectiveTarget(d, upTo);
                }
            }
            return;
        }
        addAncestors(target, upTo);
    }

    private void addAncestors(int st, int upTo) {
        for (int anc = to.states.parent[st]; anc >= 0 && anc != upTo; anc = to.states.parent[anc]) {
            enter(anc);
            if (to.states.kind[anc] == CompiledChart.PARALLEL) {
                for (int child : to.states.children[anc]) {
                    if (!anyInRange(cfg, child, to.states.end[child])) {
                        addDescendants(child);
                    }
                }
            }
        }
    }

    private void enter(int st) {
        set(cfg, st);
        set(entered, st);
    }

    private int recordedCount(int h) {
        return history == null ? 0 : history[to.paths.historyOffset[h]];
    }

    private int recorded(int h, int j) {
        return history[to.paths.historyOffset[h] + j];
    }

    // ================================================================ bits

    private int[] bitsToIds(long[] bits) {
        int n = 0;
        int[] out = new int[to.stateCount];
        for (int st = 0; st < to.stateCount; st++) {
            if (isSet(bits, st)) {
                out[n++] = st;
            }
        }
        return Arrays.copyOf(out, n);
    }

    static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    private static void clearRange(long[] bits, int from, int to) {
        for (int i = from; i < to; i++) {
            bits[i >>> 6] &= ~(1L << i);
        }
    }

    private static boolean anyInRange(long[] bits, int from, int to) {
        for (int i = from; i < to; i++) {
            if (isSet(bits, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isHistory(CompiledChart c, int st) {
        byte k = c.states.kind[st];
        return k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP;
    }

    static String shown(String path) {
        return path.isEmpty() ? "(root)" : path;
    }
}
