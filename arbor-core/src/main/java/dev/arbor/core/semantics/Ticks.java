package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.TransitionTable;
import dev.arbor.core.model.UserAction;
import java.util.Objects;

/**
 * A game tick ({@link Machine#update}): events posted from other threads, then polled and timed
 * transitions (outer states first, or inner first as the chart chooses; at most one per region
 * subtree), then every active state's update action, root to leaf. A flat chart without
 * behaviours reads its polled transitions and update actions from per-leaf lists
 * ({@link #tickFlat}), or runs them compiled ({@link #tickSpecialized}); anything else takes
 * {@link #tickGeneral}.
 */
public final class Ticks {

    private Ticks() {
    }

    /** {@code Machine.update}: one tick, by the flat or specialized path when the machine is idle, else the general one. */
    public static void update(MachineCore m, Cause tickCause) {
        Objects.requireNonNull(tickCause, "tickCause");
        CompiledChart c = m.chart.compiled;
        MachineCore.Extras x = m.extras;
        if (m.flags == MachineCore.RUNNING && m.chart.flatTicks && (x == null || x.nothingPending())) {
            // The common case: running, idle, nothing posted, a flat chart without behaviours.
            // Specialized ticks have a method of their own, as events do (see RunToCompletion.fire).
            if (x != null && x.listener != null) {
                x.listener.onTick(m.face(), tickCause);
            }
            SpecializedDispatch code = m.chart.specializedIfReady();
            if (code != null && code.ticks()) {
                tickSpecialized(m, code, c, tickCause);
            } else {
                tickFlat(m, c, tickCause);
            }
        } else {
            tick(m, c, tickCause);
        }
    }

    /**
     * A tick that is not flat: when the chart's ticks only run timers and none is due, on a
     * running machine with nothing posted and no listener, the clock moves on and that is the
     * whole tick ({@link #noTimerDue}); otherwise the general tick.
     */
    public static void tick(MachineCore m, CompiledChart c, Cause tickCause) {
        if (m.flags == MachineCore.RUNNING && m.chart.timerTicks && m.unobserved() && noTimerDue(m, c)) {
            return;
        }
        tickGeneral(m, c, tickCause);
    }

    /**
     * A tick of any chart: posted events first, the clocks advance, then polling and update
     * actions with a run to completion after each.
     */
    static void tickGeneral(MachineCore m, CompiledChart c, Cause tickCause) {
        if (m.isBusy()) {
            throw new IllegalStateException("update() called from inside a step of machine '" + m.chart.compiled.name + "'");
        }
        if (m.status() == MachineCore.NEW) {
            throw RunToCompletion.notStarted(m, "update()");
        }
        RunToCompletion.firePosted(m);
        if (m.status() != MachineCore.RUNNING) {
            return;
        }
        MachineListener l = m.listener();
        if (l != null) {
            l.onTick(m.face(), tickCause);
        }
        RunToCompletion.beginStep(m, tickCause);
        boolean completed = false;
        try {
            MachineCore.Extras x = m.extras;
            if (x != null && x.tasks != null) {
                x.tasks.ticks++;
            }
            if (c.updatesOuterFirst) {
                pollOuterFirst(m, c);
            } else {
                pollInnerFirst(m, c);
            }
            RunToCompletion.runToCompletion(m);
            if (!m.chart.timerTicks) { // else no state has update actions or behaviours
                runUpdateActions(m, c);
                RunToCompletion.runToCompletion(m);
            }
            RunToCompletion.drainExternal(m);
            completed = true;
        } finally {
            RunToCompletion.endStep(m, completed);
        }
    }

    /**
     * A tick of a flat chart without behaviours: the same steps as the general tick, with the
     * polled transitions and update actions of the active states read from per-leaf lists
     * instead of found by walking the configuration. One polled transition at most can fire: its
     * domain holds every active state after its source.
     */
    public static void tickFlat(MachineCore m, CompiledChart c, Cause tickCause) {
        SpecializedDispatch code = m.chart.specialized(); // counts the tick towards a background specialization
        if (code != null && code.ticks()) {
            tickSpecialized(m, code, c, tickCause);
            return;
        }
        int leaf = m.highestActive(c);
        RunToCompletion.beginStep(m, tickCause);
        boolean completed = false;
        try {
            tickInterpreted(m, c, leaf);
            completed = true;
        } finally {
            RunToCompletion.endStep(m, completed);
        }
    }

    /** A tick of a flat chart by its compiled code. */
    public static void tickSpecialized(MachineCore m, SpecializedDispatch code, CompiledChart c, Cause tickCause) {
        int leaf = m.highestActive(c);
        RunToCompletion.beginStep(m, tickCause);
        boolean completed = false;
        try {
            code.tick(leaf, m, m.owner);
            completed = true;
        } finally {
            RunToCompletion.endStep(m, completed);
        }
    }

    /**
     * The interpreter's flat tick: the first polled transition that holds, or, when nothing needs
     * the general rest, the update actions inline.
     */
    private static void tickInterpreted(MachineCore m, CompiledChart c, int leaf) {
        int fired = -1;
        for (int t : c.ticks.polled[leaf]) {
            if (RunToCompletion.guardHolds(m, c, t, null)) {
                fired = t;
                break;
            }
        }
        MachineCore.Extras x = m.extras;
        if (fired >= 0 || c.hasEventless || (x != null && (x.step != null || x.listener != null))) {
            tickOnward(m, c, fired); // a transition fired, something may settle, or a listener hears of it
            return;
        }
        for (int st : c.ticks.updates[leaf]) {
            RunToCompletion.runAction(m, c.states.updateAction[st], st, null); // no listener; the status stays RUNNING
        }
        tickSettle(m);
    }

    // The steps of a flat tick around the user's conditions and update actions, for Specializer.

    /** Polled transition {@code t} fired: take it and finish the tick. */
    static void tickFired(MachineCore m, int t) {
        tickOnward(m, m.chart.compiled, t);
    }

    /** No polled transition fired, but something may settle or a listener listens: finish the tick. */
    static void tickOnward(MachineCore m) {
        tickOnward(m, m.chart.compiled, -1);
    }

    /** Whether, after polling, nothing is raised or queued and no listener listens: the update actions may run inline. */
    static boolean tickQuiet(MachineCore m) {
        MachineCore.Extras x = m.extras;
        return x == null || (x.step == null && x.listener == null);
    }

    /** After the update actions that ran inline: settle what they raised or queued. */
    static void tickSettle(MachineCore m) {
        MachineCore.Extras x = m.extras;
        if (x != null && x.step != null) {
            RunToCompletion.runToCompletion(m);
            RunToCompletion.drainExternal(m);
        }
    }

    /** The rest of a flat tick after polling, when polled transition {@code fired} (or -1) may change the configuration. */
    static void tickOnward(MachineCore m, CompiledChart c, int fired) {
        if (fired >= 0) {
            RunToCompletion.execute(m, c, fired, null);
        }
        RunToCompletion.runToCompletion(m);
        int leaf = m.highestActive(c);
        int[] updates = c.ticks.updates[leaf];
        for (int i = 0; i < updates.length && m.status() == MachineCore.RUNNING; i++) {
            int st = updates[i];
            MachineListener l = m.listener();
            if (l != null) {
                l.onUpdate(m.face(), st, m.stepCause());
            }
            RunToCompletion.runAction(m, c.states.updateAction[st], st, null);
        }
        RunToCompletion.runToCompletion(m);
        RunToCompletion.drainExternal(m);
    }

    /** Outer states first: the active states with polled transitions in document order; a firing skips its domain. */
    private static void pollOuterFirst(MachineCore m, CompiledChart c) {
        int st = m.nextActiveIn(c.ticks.polledMask, 0);
        while (st >= 0 && m.status() == MachineCore.RUNNING) {
            int resume = firePolled(m, c, st);
            st = m.nextActiveIn(c.ticks.polledMask, resume >= 0 ? resume : st + 1);
        }
    }

    /** Innermost first: from each active leaf up; a firing skips the rest of its domain. */
    private static void pollInnerFirst(MachineCore m, CompiledChart c) {
        int st = m.nextActiveIn(c.states.leafMask, 0);
        while (st >= 0 && m.status() == MachineCore.RUNNING) {
            int resume = -1;
            for (int up = st; up >= 0 && resume < 0; up = c.states.parent[up]) {
                if (c.triggers.polledTransitions[up].length > 0) {
                    resume = firePolled(m, c, up);
                }
            }
            st = m.nextActiveIn(c.states.leafMask, resume >= 0 ? Math.max(resume, st + 1) : st + 1);
        }
    }

    /** Fires the first polled transition of {@code st} that holds; returns where the walk resumes, or -1. */
    private static int firePolled(MachineCore m, CompiledChart c, int st) {
        TransitionTable tr = c.transitions;
        for (int t : c.triggers.polledTransitions[st]) {
            if (tr.after[t] > 0 && !timerDue(m, c, t)) {
                continue;
            }
            if (RunToCompletion.guardHolds(m, c, t, null)) {
                if (tr.timerOnce[t]) {
                    Bits.set(m.extras.tasks.timersFired, t); // its source stays active: it has fired for this activation
                }
                if (!polledInOneRegion(m, c, st, t)) {
                    RunToCompletion.execute(m, c, t, null);
                }
                int d = tr.domain[t];
                return d == CompiledChart.NO_DOMAIN ? c.states.end[st] : c.states.end[d & ~CompiledChart.DOMAIN_STAYS_ACTIVE];
            }
        }
        return -1;
    }

    /**
     * In a specialized chart with regions: polled transition {@code t} of {@code st}, when it
     * changes one region only, by its compiled microstep from the one active leaf below {@code st}.
     */
    private static boolean polledInOneRegion(MachineCore m, CompiledChart c, int st, int t) {
        SpecializedDispatch code = m.chart.regionSteps ? m.chart.specializedIfReady() : null;
        return code != null && code.regions != null && c.inOneRegion(t) && !c.hasPlans
                && code.regions.effect(m.nextActiveIn(c.states.leafMask, st), t, c.transitionCount, m, m.owner, null);
    }

    /** Every active state's update action and behaviours, in document order (root to leaf). */
    private static void runUpdateActions(MachineCore m, CompiledChart c) {
        for (int st = m.nextActiveIn(c.ticks.updateMask, 0); st >= 0 && m.status() == MachineCore.RUNNING;
                st = m.nextActiveIn(c.ticks.updateMask, st + 1)) {
            UserAction a = c.states.updateAction[st];
            if (a != null) {
                MachineListener l = m.listener();
                if (l != null) {
                    l.onUpdate(m.face(), st, m.stepCause());
                }
                RunToCompletion.runAction(m, a, st, null);
            }
            if (c.states.behaviors[st].length > 0) {
                m.tasks().update(st);
            }
        }
    }

    /**
     * Whether a chart's ticks only run timers: every polled transition is a timer, and no state
     * has an update action or behaviours, and there are no plans. A tick in which no timer is due
     * then does nothing but move the clock on ({@link #noTimerDue}).
     */
    static boolean onlyTimers(CompiledChart c) {
        if (c.hasPlans) {
            return false;
        }
        for (long w : c.ticks.updateMask) {
            if (w != 0) {
                return false;
            }
        }
        for (int s = 0; s < c.stateCount; s++) {
            for (int t : c.triggers.polledTransitions[s]) {
                if (c.transitions.after[t] <= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * For a running machine of a chart whose ticks only run timers, with no listener: when no
     * event is posted and no active timer is due at the next tick, moves the clock on (the whole
     * tick) and returns true; otherwise changes nothing and returns false, and the general tick
     * runs.
     */
    static boolean noTimerDue(MachineCore m, CompiledChart c) {
        MachineCore.Extras x = m.extras;
        if (x == null) {
            return true; // nothing posted, no clock: no timer is active
        }
        if (x.anyPosted) {
            return false;
        }
        MachineActivity<?> tk = x.tasks;
        if (tk == null) {
            return true; // no clock: no timer is active
        }
        long now = tk.ticks + 1;
        if (now < tk.quietUntil) {
            tk.ticks = now;
            return true;
        }
        long next = Long.MAX_VALUE; // when the first active timer is due, none being due now
        TransitionTable tr = c.transitions;
        long[] polledMask = c.ticks.polledMask;
        int[][] polled = c.triggers.polledTransitions;
        for (int st = m.nextActiveIn(polledMask, 0); st >= 0; st = m.nextActiveIn(polledMask, st + 1)) {
            for (int t : polled[st]) {
                if (!(tr.timerOnce[t] && Bits.isSet(tk.timersFired, t))) {
                    long due = tk.enteredAt[tr.source[t]] + tr.after[t];
                    if (now >= due) {
                        return false;
                    }
                    next = Math.min(next, due);
                }
            }
        }
        tk.quietUntil = next;
        tk.ticks = now;
        return true;
    }

    /** Whether timer {@code t}'s source has been active for its ticks, and the timer has not fired in this activation. */
    private static boolean timerDue(MachineCore m, CompiledChart c, int t) {
        MachineCore.Extras x = m.extras;
        MachineActivity<?> tk = x == null ? null : x.tasks;
        return tk != null && dueAt(tk, c, t, tk.ticks);
    }

    /** Whether timer {@code t} is due when the clock reads {@code now}. */
    private static boolean dueAt(MachineActivity<?> tk, CompiledChart c, int t, long now) {
        TransitionTable tr = c.transitions;
        return now - tk.enteredAt[tr.source[t]] >= tr.after[t] && !(tr.timerOnce[t] && Bits.isSet(tk.timersFired, t));
    }
}
