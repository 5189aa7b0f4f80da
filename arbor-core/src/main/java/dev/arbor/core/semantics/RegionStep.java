package dev.arbor.core.semantics;

import dev.arbor.core.model.CompiledChart;

/**
 * The compiled step of a chart with parallel regions: which regions' leaves the event concerns,
 * and how the transitions they select are taken (see {@link #regionStep}).
 */
public final class RegionStep {

    private RegionStep() {
    }

    /**
     * An event in a chart with parallel regions, by its compiled code. When one active leaf alone
     * has candidates for the event, no other region can select anything, and its case selects and
     * takes the transition as in a flat chart. When two leaves of different regions have them, on
     * a quiet machine, their one compiled case selects in both and takes the step ({@link #pair}).
     * Otherwise each such leaf's case selects, in document order (guards called from call sites
     * of their own), and then: one transition that changes one region only, by its compiled
     * microstep; several such, in SCXML's order, by their compiled parts (on a quiet machine) or
     * the flat paths; anything else, by the general microstep (conflicts removed).
     *
     * <p>Called after the chart's route ({@link SpecializedDispatch#route}), which takes the
     * event itself when one active leaf alone has candidates: {@code routed} is what it answered
     * otherwise, no leaf with candidates ({@code ROUTED_UNHANDLED}), several, or no route at all
     * (the active leaves are then scanned here).
     */
    static void regionStep(MachineCore m, SpecializedDispatch code, CompiledChart c, int set, Object event, int routed) {
        if (routed == SpecializedDispatch.ROUTED_UNHANDLED) {
            RunToCompletion.unhandled(m, event);
        } else if (routed == SpecializedDispatch.SEVERAL_LEAVES) {
            several(m, code, c, set, event);
        } else {
            scan(m, code, c, set, event);
        }
    }

    private static void scan(MachineCore m, SpecializedDispatch code, CompiledChart c, int set, Object event) {
        SpecializedDispatch.Regions r = code.regions;
        int sole = -1;
        for (int w = 0; w < c.words; w++) {
            long bits = m.word(w) & r.candidateLeaves(set, c.words, w);
            if (bits != 0) {
                if (sole != -1 || (bits & (bits - 1)) != 0) {
                    sole = -2; // several
                    break;
                }
                sole = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        if (sole >= -1) {
            if (sole < 0 || !code.dispatch(sole, set, m, m.owner, event)) {
                RunToCompletion.unhandled(m, event);
            }
            return;
        }
        several(m, code, c, set, event);
    }

    /** Several active leaves of different regions have candidates for the event. */
    private static void several(MachineCore m, SpecializedDispatch code, CompiledChart c, int set, Object event) {
        SpecializedDispatch.Regions r = code.regions;
        if (r.pairs != null && pair(m, r, set, event)) {
            return;
        }
        RegionPicks p = picks(m, c);
        p.count = 0;
        for (int w = 0; w < c.words; w++) {
            long bits = m.word(w) & r.candidateLeaves(set, c.words, w);
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (r.select(leaf, set, code.sets, m, m.owner, event)) {
                    p.add(leaf, p.last);
                }
            }
        }
        if (p.count == 0) {
            RunToCompletion.unhandled(m, event);
        } else if (p.count == 1 && c.inOneRegion(p.transition[0])
                && r.effect(p.leaf[0], p.transition[0], c.transitionCount, m, m.owner, event)) {
            return;
        } else if (!c.hasPlans && inOneRegionEach(c, p)) {
            if (!MicrostepHooks.quiet(m) || !compiledRegions(m, r, c, p, event)) {
                microstepRegions(m, c, p, event);
            }
        } else {
            Scratch s = m.step();
            s.selCount = 0;
            for (int i = 0; i < p.count; i++) {
                ScxmlStep.select(s, p.transition[i], c.transitions.domain[p.transition[i]], -1);
            }
            if (s.selCount > 1) {
                ScxmlStep.removeConflicts(m, s);
            }
            ScxmlStep.microstep(m, s, event);
        }
    }

    /**
     * Two active leaves of different regions with candidates, on a quiet machine of at most 64
     * states: their one compiled case selects in both and takes the step; false, with nothing
     * done, when there are more leaves or no such case.
     */
    private static boolean pair(MachineCore m, SpecializedDispatch.Regions r, int set, Object event) {
        long candidates = r.candidateLeaves(set, 1, 0);
        long both = m.active0 & candidates;
        if (Long.bitCount(both) != 2 || !MicrostepHooks.quiet(m)) {
            return false;
        }
        int key = r.pairs.key(set, candidates, both);
        if (key < 0) {
            return false;
        }
        if (!r.pairs.run(key, m, m.owner, event)) {
            RunToCompletion.unhandled(m, event);
        }
        return true;
    }

    private static boolean inOneRegionEach(CompiledChart c, RegionPicks p) {
        for (int i = 0; i < p.count; i++) {
            if (!c.inOneRegion(p.transition[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Several transitions, each changing one region only, by the flat path's precomputed paths:
     * they never conflict (each domain holds one active leaf), and SCXML's document order over
     * their disjoint exit and entry sets is region by region: every region's exits, last region
     * first and innermost first; every action in selection order; every region's entries in order.
     */
    private static void microstepRegions(MachineCore m, CompiledChart c, RegionPicks p, Object event) {
        for (int i = 0; i < p.count; i++) {
            if (c.transitions.domain[p.transition[i]] != CompiledChart.NO_DOMAIN) {
                m.savePrevious(); // once, and only when the configuration changes
                break;
            }
        }
        for (int i = p.count - 1; i >= 0; i--) { // every history recorded before anything is exited
            int d = c.transitions.domain[p.transition[i]];
            if (d != CompiledChart.NO_DOMAIN) {
                FlatStep.recordHistoryUpTo(m, c, p.leaf[i], d & ~CompiledChart.DOMAIN_STAYS_ACTIVE);
            }
        }
        for (int i = p.count - 1; i >= 0; i--) {
            int d = c.transitions.domain[p.transition[i]];
            if (d != CompiledChart.NO_DOMAIN) {
                FlatStep.exitUpTo(m, c, p.leaf[i], d & ~CompiledChart.DOMAIN_STAYS_ACTIVE);
            }
        }
        for (int i = 0; i < p.count; i++) {
            int t = p.transition[i];
            if (c.transitions.domain[t] == CompiledChart.NO_DOMAIN) {
                MicrostepHooks.internalTaken(m, c.transitions.source[t], event);
            } else {
                MicrostepHooks.transitionTaken(m, t, event);
            }
            RunToCompletion.runAction(m, c.transitions.action[t], c.transitions.source[t], event);
        }
        for (int i = 0; i < p.count; i++) {
            int t = p.transition[i];
            if (c.transitions.domain[t] != CompiledChart.NO_DOMAIN) {
                FlatStep.enterFlat(m, c, t, c.paths.keptInitial[t], c.paths.entry[t]);
            }
        }
    }

    /**
     * {@link #microstepRegions} for a quiet machine, by each transition's compiled parts; false,
     * with nothing done, when one of them has none.
     */
    private static boolean compiledRegions(MachineCore m, SpecializedDispatch.Regions r, CompiledChart c, RegionPicks p,
            Object event) {
        int[] keys = p.partKeys;
        boolean changes = false;
        for (int i = 0; i < p.count; i++) {
            int t = p.transition[i];
            keys[i] = r.parts(p.leaf[i], t, c.transitionCount);
            if (keys[i] < 0) {
                return false;
            }
            changes |= c.transitions.domain[t] != CompiledChart.NO_DOMAIN;
        }
        if (changes) {
            m.savePrevious();
        }
        Object owner = m.owner;
        for (int i = p.count - 1; i >= 0; i--) {
            r.part(keys[i], 0, m, owner, event);
        }
        for (int i = 0; i < p.count; i++) {
            r.part(keys[i], 1, m, owner, event);
        }
        for (int i = 0; i < p.count; i++) {
            r.part(keys[i], 2, m, owner, event);
        }
        return true;
    }

    /** The machine's record of what an event selects, sized for the chart. */
    static RegionPicks picks(MachineCore m, CompiledChart c) {
        MachineCore.Extras x = m.extras();
        RegionPicks p = x.picks;
        if (p == null || p.leaf.length <= c.maxActiveLeaves) { // a reload may have moved the machine to a larger chart
            x.picks = p = new RegionPicks(c.maxActiveLeaves + 1);
        }
        return p;
    }

    /** In a chart with regions' compiled selection: transition {@code t} was selected. */
    static boolean picked(MachineCore m, int t) {
        m.extras.picks.last = t;
        return true;
    }
}
