package dev.arbor.core.semantics;

import dev.arbor.core.Done;
import dev.arbor.core.MachineListener;
import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.model.CompiledChart;

/**
 * SCXML's step for any chart (W3C SCXML 1.0, Appendix D): transitions selected from each active
 * atomic state outward ({@link #selectTransitions}, {@link #selectEventless}), conflicts between
 * regions removed ({@link #removeConflicts}), then the microstep ({@link #microstep}): history
 * recorded, exits innermost first, transition actions in selection order, the entry set computed
 * ({@link #computeEntrySet}) and entered outermost first ({@link #enterStates}), completion events
 * raised for final states. It works on the step's {@link Scratch} sets. Programmatic moves, plans,
 * handler states in regions and everything the faster tiers leave come here.
 */
public final class ScxmlStep {

    private ScxmlStep() {
    }

    /** A selected transition's targets are in {@code Scratch.dynTargets}. */
    static final int MULTI_TARGET = -3;

    /** The trigger ids an event matches; a completion event of this chart, those of its state. */
    static int[] triggerSet(MachineCore m, CompiledChart c, Object event) {
        return event instanceof Done d && d.chartToken == m.chart ? c.triggers.doneSets[d.stateId] : c.events.triggerSet(event);
    }

    /** SCXML selectTransitions: from each active atomic state, innermost first, the first enabled transition. */
    static int selectTransitions(MachineCore m, Scratch s, Object event) {
        CompiledChart c = m.chart.compiled;
        int[] set = triggerSet(m, c, event);
        s.selCount = 0;
        s.handlersAsked = 0;
        final long[] leaves = c.states.leafMask;
        final int[] parent = c.states.parent;
        for (int w = 0; w < c.words; w++) {
            long bits = m.word(w) & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                for (int st = leaf; st >= 0; st = parent[st]) {
                    int t = findTransition(m, c, st, set, event);
                    if (t >= 0) {
                        select(s, t, c.transitions.domain[t], -1);
                        break;
                    }
                    if (c.states.handler[st] != null && askHandler(m, s, st, event)) {
                        break;
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(m, s);
        }
        return s.selCount;
    }

    /** The first transition of state {@code st} that the event triggers and whose guard holds, or -1. */
    static int findTransition(MachineCore m, CompiledChart c, int st, int[] set, Object event) {
        if (set.length == 1) {
            int base = st * c.triggerCount + set[0];
            int[] list = c.triggers.table;
            for (int k = c.triggers.tableStart[base], e = c.triggers.tableStart[base + 1]; k < e; k++) {
                int t = list[k];
                if (RunToCompletion.guardHolds(m, c, t, event)) {
                    return t;
                }
            }
        } else {
            for (int t : c.triggers.eventTransitions[st]) {
                if (c.matches(t, set) && RunToCompletion.guardHolds(m, c, t, event)) {
                    return t;
                }
            }
        }
        return -1;
    }

    /**
     * SCXML selectEventlessTransitions: from each active leaf outward, the first eventless
     * transition whose guard holds.
     */
    static int selectEventless(MachineCore m, Scratch s) {
        CompiledChart c = m.chart.compiled;
        s.selCount = 0;
        final long[] leaves = c.states.leafMask;
        for (int w = 0; w < c.words; w++) {
            long bits = m.word(w) & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                outer:
                for (int st = leaf; st >= 0; st = c.states.parent[st]) {
                    for (int t : c.triggers.eventlessTransitions[st]) {
                        if (RunToCompletion.guardHolds(m, c, t, null)) {
                            select(s, t, c.transitions.domain[t], -1);
                            break outer;
                        }
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(m, s);
        }
        return s.selCount;
    }

    /**
     * Adds transition {@code t} to the selection, with its domain and, for a move, its target
     * ({@link #MULTI_TARGET} for several); once however many leaves reach it.
     */
    static void select(Scratch s, int t, int domain, int dynamicTarget) {
        if (dynamicTarget < 0) {
            for (int i = 0; i < s.selCount; i++) {
                if (s.sel[i] == t) {
                    return; // reached again from another region's leaf
                }
            }
        }
        int i = s.selCount++;
        s.sel[i] = t;
        s.selDomain[i] = domain;
        s.selTarget[i] = dynamicTarget;
    }

    /**
     * Runs a handler state's own code. A handler shared by several active regions is asked once
     * per event: its code has effects, so its first reply is remembered.
     */
    static boolean askHandler(MachineCore m, Scratch s, int st, Object event) {
        CompiledChart c = m.chart.compiled;
        for (int i = 0; i < s.handlersAsked; i++) {
            if (s.handlerState[i] == st) {
                return s.handlerReply[i] != Reply.UNHANDLED;
            }
        }
        @SuppressWarnings("unchecked")
        StateHandler<Object> h = (StateHandler<Object>) c.states.handler[st];
        Reply reply;
        s.requestedTarget = -1;
        try {
            reply = h.onEvent(m.owner, event, s);
            if (reply == Reply.TRANSITION && s.requestedTarget < 0) {
                throw new IllegalStateException("handler of state '" + c.states.name[st]
                        + "' returned TRANSITION without calling to.state(...)");
            }
            if (reply == null) {
                throw new IllegalStateException("handler of state '" + c.states.name[st] + "' returned null");
            }
        } catch (Throwable e) {
            RunToCompletion.reportError(m, st, e);
            reply = Reply.HANDLED; // its code ran part-way: do not offer the event to ancestors too
        }
        if (s.handlersAsked < s.handlerState.length) {
            s.handlerState[s.handlersAsked] = st;
            s.handlerReply[s.handlersAsked++] = reply;
        }
        int t = c.transitions.ofHandler[st];
        switch (reply) {
            case TRANSITION -> {
                s.oneTarget[0] = s.requestedTarget;
                select(s, t, c.domainOf(st, s.oneTarget, 1, st != s.requestedTarget), s.requestedTarget);
                return true;
            }
            case HANDLED -> {
                select(s, t, CompiledChart.NO_DOMAIN, -2);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** SCXML removeConflictingTransitions: keep the earlier of two with overlapping exit sets, unless the later's source is a descendant. */
    static void removeConflicts(MachineCore m, Scratch s) {
        CompiledChart c = m.chart.compiled;
        int kept = 0;
        for (int i = 0; i < s.selCount; i++) {
            int t1 = s.sel[i];
            int d1 = s.selDomain[i];
            boolean preempted = false;
            int removed = 0;
            for (int j = 0; j < kept; j++) {
                if (exitSetsOverlap(c, d1, s.keepDomain[j])) {
                    if (c.isDescendant(c.transitions.source[t1], c.transitions.source[s.keepSel[j]])) {
                        s.keepSel[j] = -1; // t1's source is deeper: it preempts t2
                        removed++;
                    } else {
                        preempted = true;
                        break;
                    }
                }
            }
            if (preempted) {
                continue;
            }
            if (removed > 0) {
                int w = 0;
                for (int j = 0; j < kept; j++) {
                    if (s.keepSel[j] >= 0) {
                        s.keepSel[w] = s.keepSel[j];
                        s.keepDomain[w] = s.keepDomain[j];
                        s.keepTarget[w++] = s.keepTarget[j];
                    }
                }
                kept = w;
            }
            s.keepSel[kept] = t1;
            s.keepDomain[kept] = d1;
            s.keepTarget[kept++] = s.selTarget[i];
        }
        System.arraycopy(s.keepSel, 0, s.sel, 0, kept);
        System.arraycopy(s.keepDomain, 0, s.selDomain, 0, kept);
        System.arraycopy(s.keepTarget, 0, s.selTarget, 0, kept);
        s.selCount = kept;
    }

    /** Exit sets are the active proper descendants of each domain: they meet iff one domain contains the other. */
    private static boolean exitSetsOverlap(CompiledChart c, int d1, int d2) {
        if (d1 == CompiledChart.NO_DOMAIN || d2 == CompiledChart.NO_DOMAIN) {
            return false;
        }
        int a = d1 & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        int b = d2 & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        return a == b || c.isDescendant(a, b) || c.isDescendant(b, a);
    }

    /** SCXML microstep: exit, transition actions, enter. */
    static void microstep(MachineCore m, Scratch s, Object event) {
        CompiledChart c = m.chart.compiled;
        Bits.clear(s.exitSet);
        boolean changes = false;
        for (int i = 0; i < s.selCount; i++) {
            int d = s.selDomain[i];
            if (d != CompiledChart.NO_DOMAIN) {
                int base = d & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
                m.orActiveRange(s.exitSet, base + 1, c.states.end[base]);
                changes = true;
            }
        }
        if (changes) {
            m.savePrevious();
            if (c.hasPlans) {
                for (int i = 0; i < s.selCount; i++) {
                    int t = s.sel[i];
                    if (c.transitions.plan[t].length > 0 || c.transitions.resume[t]) {
                        long[] configuration = null; // kept only by a transition that resumes what it interrupts
                        if (c.transitions.resume[t]) {
                            configuration = new long[c.words];
                            m.copyActive(configuration);
                        }
                        m.tasks().pushPlan(t, s.selDomain[i] & ~CompiledChart.DOMAIN_STAYS_ACTIVE, configuration);
                    }
                }
            }
        }
        exitStates(m, s);

        MachineListener l = m.listener();
        for (int i = 0; i < s.selCount; i++) {
            int t = s.sel[i];
            if (l != null) {
                if (s.selDomain[i] == CompiledChart.NO_DOMAIN) {
                    l.onInternal(m.face(), c.transitions.source[t], event, m.stepCause());
                } else {
                    l.onTransition(m.face(), t, event, m.stepCause());
                }
            }
            RunToCompletion.runAction(m, c.transitions.action[t], c.transitions.source[t], event);
        }

        Bits.clear(s.enterSet);
        Bits.clear(s.defaultEntry);
        Bits.clear(s.historyDefault);
        s.keptCount = 0;
        for (int i = 0; i < s.selCount; i++) {
            if (s.selDomain[i] != CompiledChart.NO_DOMAIN) {
                computeEntrySet(m, s, i);
            }
        }
        enterStates(m, s);
    }

    /** SCXML exitStates: histories recorded first, then the exit set left innermost first. */
    static void exitStates(MachineCore m, Scratch s) {
        CompiledChart c = m.chart.compiled;
        long[] exit = s.exitSet;
        if (c.hasHistory) {
            for (int w = 0; w < exit.length; w++) {
                long bits = exit[w];
                while (bits != 0) {
                    int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    if (c.states.historyChildren[st].length > 0) {
                        recordHistoryOf(m, c, st);
                    }
                }
            }
        }
        for (int w = exit.length - 1; w >= 0; w--) {
            long bits = exit[w];
            while (bits != 0) {
                int b = 63 - Long.numberOfLeadingZeros(bits);
                bits &= ~(1L << b);
                FlatStep.exitState(m, c, (w << 6) + b);
            }
        }
    }

    /** Before anything is exited, a state with history children records its configuration in each. */
    static void recordHistoryOf(MachineCore m, CompiledChart c, int st) {
        MachineCore.Extras x = m.extras();
        if (x.history == null) {
            x.history = new int[c.paths.historySlotsSize];
        }
        int[] history = x.history;
        for (int h : c.states.historyChildren[st]) {
            int off = c.paths.historyOffset[h];
            int n = 0;
            if (c.states.kind[h] == CompiledChart.HISTORY_DEEP) {
                for (int d = st + 1; d < c.states.end[st]; d++) {
                    if (m.isActive(d) && Bits.isLeaf(c, d)) {
                        history[off + 1 + n++] = d;
                    }
                }
            } else {
                for (int child : c.states.children[st]) {
                    if (m.isActive(child)) {
                        history[off + 1 + n++] = child;
                    }
                }
            }
            history[off] = n;
        }
    }

    /** SCXML computeEntrySet for one selected transition. */
    static void computeEntrySet(MachineCore m, Scratch s, int i) {
        CompiledChart c = m.chart.compiled;
        int t = s.sel[i];
        int d = s.selDomain[i];
        int base = d & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        int[] targets;
        int count;
        if (s.selTarget[i] >= 0) {
            s.oneTarget[0] = s.selTarget[i];
            targets = s.oneTarget;
            count = 1;
        } else if (s.selTarget[i] == MULTI_TARGET) {
            targets = s.dynTargets;
            count = s.dynCount;
        } else {
            targets = c.transitions.targets[t];
            count = targets.length;
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if ((d & CompiledChart.DOMAIN_STAYS_ACTIVE) != 0 && target == base) {
                enterBelow(m, s, base);
            } else {
                addDescendants(m, s, target);
            }
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if (target != base) {
                addAncestorsOfEffectiveTarget(m, s, target, base);
            }
        }
    }

    /** A target that stays active (local transition to an ancestor, or the root): enter its default content below it. */
    static void enterBelow(MachineCore m, Scratch s, int st) {
        CompiledChart c = m.chart.compiled;
        if (c.states.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.states.children[st]) {
                if (!Bits.anyInRange(s.enterSet, child, c.states.end[child])) {
                    addDescendants(m, s, child);
                }
            }
            return;
        }
        s.kept[s.keptCount++] = st;
        for (int target : c.states.initialTargets[st]) {
            addDescendants(m, s, target);
        }
        for (int target : c.states.initialTargets[st]) {
            addAncestorsOfEffectiveTarget(m, s, target, st);
        }
    }

    /** SCXML addDescendantStatesToEnter. */
    static void addDescendants(MachineCore m, Scratch s, int st) {
        CompiledChart c = m.chart.compiled;
        byte k = c.states.kind[st];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int p = c.states.parent[st];
            int n = m.recordedCount(c, st);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addDescendants(m, s, m.recorded(c, st, j));
                }
                for (int j = 1; j <= n; j++) {
                    addAncestors(m, s, m.recorded(c, st, j), p);
                }
            } else {
                Bits.set(s.historyDefault, p);
                s.historyDefaultOf[p] = st;
                for (int target : c.states.initialTargets[st]) {
                    addDescendants(m, s, target);
                }
                for (int target : c.states.initialTargets[st]) {
                    addAncestorsOfEffectiveTarget(m, s, target, p);
                }
            }
            return;
        }
        Bits.set(s.enterSet, st);
        if (k == CompiledChart.COMPOUND) {
            Bits.set(s.defaultEntry, st);
            for (int target : c.states.initialTargets[st]) {
                addDescendants(m, s, target);
            }
            for (int target : c.states.initialTargets[st]) {
                addAncestorsOfEffectiveTarget(m, s, target, st);
            }
        } else if (k == CompiledChart.PARALLEL) {
            for (int child : c.states.children[st]) {
                if (!Bits.anyInRange(s.enterSet, child, c.states.end[child])) {
                    addDescendants(m, s, child);
                }
            }
        }
    }

    /** addAncestorStatesToEnter over getEffectiveTargetStates: a history target stands for what it will enter. */
    static void addAncestorsOfEffectiveTarget(MachineCore m, Scratch s, int target, int upTo) {
        CompiledChart c = m.chart.compiled;
        byte k = c.states.kind[target];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int n = m.recordedCount(c, target);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addAncestors(m, s, m.recorded(c, target, j), upTo);
                }
            } else {
                for (int d : c.states.initialTargets[target]) {
                    addAncestorsOfEffectiveTarget(m, s, d, upTo);
                }
            }
            return;
        }
        addAncestors(m, s, target, upTo);
    }

    /** SCXML addAncestorStatesToEnter: the proper ancestors of {@code st} below {@code upTo}. */
    static void addAncestors(MachineCore m, Scratch s, int st, int upTo) {
        CompiledChart c = m.chart.compiled;
        for (int anc = c.states.parent[st]; anc >= 0 && anc != upTo; anc = c.states.parent[anc]) {
            Bits.set(s.enterSet, anc);
            if (c.states.kind[anc] == CompiledChart.PARALLEL) {
                for (int child : c.states.children[anc]) {
                    if (!Bits.anyInRange(s.enterSet, child, c.states.end[child])) {
                        addDescendants(m, s, child);
                    }
                }
            }
        }
    }

    /** SCXML enterStates, in document order, with initial and history-default actions and completion events. */
    static void enterStates(MachineCore m, Scratch s) {
        CompiledChart c = m.chart.compiled;
        for (int k = 0; k < s.keptCount; k++) {
            RunToCompletion.runInitialAction(m, c, s.kept[k]);
        }
        long[] enter = s.enterSet;
        for (int w = 0; w < enter.length; w++) {
            long bits = enter[w];
            while (bits != 0) {
                int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                FlatStep.enterState(m, c, st);
                if (Bits.isSet(s.defaultEntry, st)) {
                    RunToCompletion.runInitialAction(m, c, st);
                }
                if (Bits.isSet(s.historyDefault, st)) {
                    RunToCompletion.runInitialAction(m, c, s.historyDefaultOf[st]);
                }
                if (c.states.kind[st] == CompiledChart.FINAL) {
                    completed(m, c, st);
                }
            }
        }
    }

    /** A final state was entered: halt at the top, or raise done for its parent (and a completed parallel grandparent). */
    static void completed(MachineCore m, CompiledChart c, int finalState) {
        int p = c.states.parent[finalState];
        if (p == 0) {
            m.setStatus(MachineCore.HALTED);
            return;
        }
        Scratch s = m.step();
        s.internal.add(m.chart.doneEvents[p]);
        int gp = c.states.parent[p];
        if (gp >= 0 && c.states.kind[gp] == CompiledChart.PARALLEL && inFinalState(m, c, gp)) {
            s.internal.add(m.chart.doneEvents[gp]);
        }
    }

    private static boolean inFinalState(MachineCore m, CompiledChart c, int st) {
        if (c.states.kind[st] == CompiledChart.COMPOUND) {
            for (int child : c.states.children[st]) {
                if (c.states.kind[child] == CompiledChart.FINAL && m.isActive(child)) {
                    return true;
                }
            }
            return false;
        }
        if (c.states.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.states.children[st]) {
                if (!inFinalState(m, c, child)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
