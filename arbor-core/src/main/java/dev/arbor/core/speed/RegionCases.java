package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.GUARD_FAILED;
import static dev.arbor.core.speed.SemanticsHooks.SAVE_PREVIOUS;
import static dev.arbor.core.speed.SemanticsHooks.UNHANDLED;
import static dev.arbor.core.speed.Steps.addAction;
import static dev.arbor.core.speed.Steps.caught;
import static dev.arbor.core.speed.Steps.handled;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.guardWithTest;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.UserGuard;
import dev.arbor.core.semantics.RegionStep;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.speed.Steps.SizedHandle;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles the dispatch of a chart with parallel states ({@link SpecializedDispatch.Regions}):
 * besides the chart's cases of selection and microstep together, cases that only select, one per
 * (active leaf, event set); the microstep of each transition that changes one region, whole and in
 * the three parts ({@link RegionStep}) a step of several regions' transitions runs, exits, actions,
 * then entries; and, for charts of at most 64 states, cases of two active leaves in different
 * regions that select in both and take what they selected ({@link SpecializedDispatch.Pairs}).
 * Selection cases come from {@link Specializer#candidates}, microsteps from {@link Microsteps}.
 */
final class RegionCases {

    private final CompiledChart c;
    private final Microsteps microsteps;
    private final Specializer cases;

    RegionCases(CompiledChart c, Microsteps microsteps, Specializer cases) {
        this.c = c;
        this.microsteps = microsteps;
        this.cases = cases;
    }

    /**
     * A chart with parallel regions. SCXML selects from every active atomic state before it takes
     * anything, so the chart's cases ({@link Specializer}: selection and microstep together, as in
     * a flat chart) serve an event only when one active leaf alone has candidates for it, which the
     * machine tells from a mask of such leaves per event set; a transition that leaves a region
     * then takes the general
     * microstep. Otherwise cases that only select run for each active leaf with candidates, and
     * the machine takes what they selected: one transition that changes one region only by the
     * microstep compiled here for each (leaf, transition), others by the interpreter. A tick's
     * polled or timed transition that changes one region takes the compiled microstep too.
     */
    SpecializedDispatch regions(List<int[]> sets, SpecializedDispatch.Chunks direct) throws Throwable {
        SizedHandle[] selecting = new SizedHandle[c.stateCount * sets.size()];
        long[] candidateLeaves = new long[sets.size() * c.words];
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int set = 0; set < sets.size() && Specializer.isLeaf(c, leaf); set++) {
                selecting[leaf * sets.size() + set] = cases.candidates(leaf, sets.get(set), true);
                if (selecting[leaf * sets.size() + set] != null) {
                    candidateLeaves[set * c.words + (leaf >>> 6)] |= 1L << leaf;
                }
            }
        }
        int m = c.transitionCount;
        int[] keys = new int[c.stateCount * m];
        int[] partKeys = new int[c.stateCount * m];
        java.util.Arrays.fill(keys, -1);
        java.util.Arrays.fill(partKeys, -1);
        List<SizedHandle> effects = new ArrayList<>();
        List<SizedHandle> parts = new ArrayList<>();
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int st = leaf; st >= 0 && Specializer.isLeaf(c, leaf); st = c.states.parent[st]) {
                for (int[] transitions : new int[][] {c.triggers.eventTransitions[st], c.triggers.polledTransitions[st]}) {
                    for (int t : transitions) {
                        if (c.inOneRegion(t)) {
                            keys[leaf * m + t] = effects.size();
                            effects.add(microsteps.effect(leaf, t));
                            if (!microsteps.leftToInterpreter(t) && transitions == c.triggers.eventTransitions[st]) { // polled ones fire one by one
                                partKeys[leaf * m + t] = parts.size();
                                parts.addAll(List.of(regionParts(leaf, t)));
                            }
                        }
                    }
                }
            }
        }
        return new SpecializedDispatch(c, sets.size(), -1, direct, null,
                new SpecializedDispatch.Regions(candidateLeaves, HiddenChunks.chunked(selecting),
                        HiddenChunks.chunked(effects.toArray(new SizedHandle[0])), keys,
                        parts.isEmpty() ? null : HiddenChunks.chunked(parts.toArray(new SizedHandle[0])), partKeys, pairs(sets, candidateLeaves)),
                microsteps.leftToInterpreter());
    }

    /** A region transition's steps in three quiet parts, and the steps its history switch counts besides. */
    private record RegionTransitionParts(List<MethodHandle> exits, List<MethodHandle> action, List<MethodHandle> entries, int cases) {}

    /**
     * Transition {@code t} from active leaf {@code leaf}, changing one region only, in three
     * quiet parts for a step that takes one such transition in each of several regions
     * ({@code RegionStep}), which runs every region's exits, then every action, then every
     * region's entries: its history records and exits up to its domain (a region's records read
     * that region's states alone, so they may follow another region's exits); its action; the
     * kept domain's initial action and its entries.
     */
    private RegionTransitionParts parts(int leaf, int t) {
        List<MethodHandle> exits = new ArrayList<>();
        List<MethodHandle> action = new ArrayList<>();
        List<MethodHandle> entries = new ArrayList<>();
        addAction(action, c.transitions.action[t], c.transitions.source[t], true);
        int d = c.transitions.domain[t];
        int cases = 0;
        if (d != CompiledChart.NO_DOMAIN) {
            microsteps.addExits(exits, leaf, d & ~CompiledChart.DOMAIN_STAYS_ACTIVE, true);
            if (c.paths.keptInitial[t] >= 0) {
                addAction(entries, c.states.initialAction[c.paths.keptInitial[t]], c.paths.keptInitial[t], false);
            }
            int h = c.paths.historyTarget[t];
            if (h < 0) {
                microsteps.addEntries(entries, c.paths.entry[t], true);
            } else {
                microsteps.addEntries(entries, c.paths.historyPrefix[t], true);
                SizedHandle restore = microsteps.historySwitch(h, c.paths.historyPrefix[t].length > 0, true);
                entries.add(restore.handle());
                cases = restore.steps() - 1;
            }
        }
        return new RegionTransitionParts(exits, action, entries, cases);
    }

    private SizedHandle[] regionParts(int leaf, int t) {
        RegionTransitionParts p = parts(leaf, t);
        SizedHandle in = handled(p.entries());
        return new SizedHandle[] {handled(p.exits()), handled(p.action()), new SizedHandle(in.handle(), in.steps() + p.cases())};
    }

    /**
     * The cases of two active leaves of different regions that both have candidates for an
     * event of one set (see {@link #pair}), by set and by the leaves' ranks among the set's
     * candidate leaves; null when the chart has none. Only for charts of at most 64 states.
     */
    private SpecializedDispatch.Pairs pairs(List<int[]> sets, long[] candidateLeaves) throws Throwable {
        if (c.words != 1 || c.hasPlans) {
            return null;
        }
        int[][] keys = new int[sets.size()][];
        List<SizedHandle> cases = new ArrayList<>();
        for (int set = 0; set < sets.size(); set++) {
            long mask = candidateLeaves[set];
            int k = Long.bitCount(mask);
            int ra = 0;
            for (long as = mask; as != 0; as &= as - 1, ra++) {
                int a = Long.numberOfTrailingZeros(as);
                int rb = ra + 1;
                for (long bs = as & (as - 1); bs != 0; bs &= bs - 1, rb++) {
                    int b = Long.numberOfTrailingZeros(bs);
                    SizedHandle pair = orthogonal(a, b) ? pair(a, b, sets.get(set)) : null;
                    if (pair != null) {
                        if (keys[set] == null) {
                            keys[set] = new int[k * k];
                            java.util.Arrays.fill(keys[set], -1);
                        }
                        keys[set][ra * k + rb] = cases.size();
                        cases.add(pair);
                    }
                }
            }
        }
        return cases.isEmpty() ? null : new SpecializedDispatch.Pairs(keys, HiddenChunks.chunked(cases.toArray(new SizedHandle[0])));
    }

    /** Whether two states lie in different regions of a parallel state (their nearest common ancestor is parallel). */
    private boolean orthogonal(int a, int b) {
        int anc = a;
        while (anc != b && !c.isDescendant(b, anc)) {
            anc = c.states.parent[anc];
        }
        return c.states.kind[anc] == CompiledChart.PARALLEL;
    }

    /**
     * Leaves {@code a} and {@code b} (in document order, in different regions) both active, with
     * candidates for an event of {@code set}: one case that selects in {@code a}'s region, then
     * in {@code b}'s (guards from call sites of their own, in that order), and takes what was
     * selected: one transition by its microstep, two by one quiet microstep in SCXML's order
     * (b's exits, a's, both actions, a's entries, b's); false when neither selects. Null when a
     * candidate leaves its region, is left to the interpreter or belongs to an ancestor both
     * leaves share, or the case is longer than {@link Specializer#CASE_BUDGET} steps: the machine then
     * selects region by region.
     */
    private SizedHandle pair(int a, int b, int[] set) {
        List<Integer> fromA = selectionOrder(a, set);
        List<Integer> fromB = selectionOrder(b, set);
        for (List<Integer> list : List.of(fromA, fromB)) {
            for (int t : list) {
                if (!c.inOneRegion(t) || microsteps.leftToInterpreter(t) || fromA.contains(t) && fromB.contains(t)) {
                    return null; // leaves its region, is the interpreter's, or is a shared ancestor's (selected once)
                }
            }
        }
        int[] steps = {0};
        MethodHandle tree = choose(a, fromA, ta -> choose(b, fromB, tb -> taken(a, ta, b, tb, steps), steps), steps);
        return steps[0] > Specializer.CASE_BUDGET ? null : new SizedHandle(tree, steps[0]);
    }

    /**
     * The transitions an event of {@code set} may select from active leaf {@code leaf}, in the
     * order their guards are tested (innermost state first, then document order), up to the
     * first without a guard.
     */
    private List<Integer> selectionOrder(int leaf, int[] set) {
        List<Integer> order = new ArrayList<>();
        for (int st = leaf; st >= 0; st = c.states.parent[st]) {
            for (int t : c.candidates(st, set)) {
                order.add(t);
                if (c.transitions.guard[t] == null) {
                    return order;
                }
            }
        }
        return order;
    }

    /** A chain of guard tests over {@code order}, each outcome (or -1, none) continued by {@code then}. */
    private MethodHandle choose(int leaf, List<Integer> order, java.util.function.IntFunction<MethodHandle> then, int[] steps) {
        MethodHandle chain = order.isEmpty() || c.transitions.guard[order.get(order.size() - 1)] != null ? then.apply(-1) : null;
        for (int k = order.size() - 1; k >= 0; k--) {
            int t = order.get(k);
            UserGuard g = c.transitions.guard[t];
            MethodHandle take = then.apply(t);
            if (g == null) {
                chain = take;
            } else {
                chain = guardWithTest(caught(UserCodeHandles.handle(g), GUARD_FAILED, c.transitions.source[t]), take, chain);
                steps[0]++;
            }
        }
        return chain;
    }

    /** What leaves {@code a} and {@code b} selected ({@code -1}: nothing), taken. */
    private MethodHandle taken(int a, int ta, int b, int tb, int[] steps) {
        if (ta < 0 || tb < 0) {
            SizedHandle one = ta >= 0 ? microsteps.effect(a, ta) : tb >= 0 ? microsteps.effect(b, tb) : null;
            steps[0] += one == null ? 1 : one.steps();
            return one == null ? UNHANDLED : one.handle();
        }
        RegionTransitionParts pa = parts(a, ta);
        RegionTransitionParts pb = parts(b, tb);
        List<MethodHandle> all = new ArrayList<>();
        if (c.transitions.domain[ta] != CompiledChart.NO_DOMAIN || c.transitions.domain[tb] != CompiledChart.NO_DOMAIN) {
            all.add(dropArguments(SAVE_PREVIOUS, 1, Object.class, Object.class));
        }
        all.addAll(pb.exits());
        all.addAll(pa.exits());
        all.addAll(pa.action());
        all.addAll(pb.action());
        all.addAll(pa.entries());
        all.addAll(pb.entries());
        SizedHandle both = handled(all);
        steps[0] += both.steps() + pa.cases() + pb.cases();
        return both.handle();
    }
}
