package dev.arbor.core.semantics;

import dev.arbor.core.ActionFailedException;
import dev.arbor.core.Cause;
import dev.arbor.core.Done;
import dev.arbor.core.ExecutionError;
import dev.arbor.core.LivelockException;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.UserAction;
import dev.arbor.core.model.UserGuard;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How an event is processed: one run-to-completion step, from {@link Machine#fire} to the step's
 * end. Start here to follow the engine.
 *
 * <ol>
 *   <li>{@code fire} picks a path: {@link #fireSpecialized} when the chart's dispatch has been
 *       compiled and nothing observes the machine, otherwise {@link #fireInterpreted} (which queues
 *       an event fired from inside a step, and starts a machine not yet started).</li>
 *   <li>{@link #beginStep} marks the machine busy with the step's cause.</li>
 *   <li>{@link #dispatch} chooses the tier that selects and takes the transitions: the chart's
 *       compiled code ({@link SpecializedDispatch}, built by the speed tier) when it has a case
 *       for the event; else {@link FlatStep} for a chart without parallel states; else
 *       {@link ScxmlStep}, SCXML's algorithm for any chart. In a chart with regions the compiled
 *       code selects and {@link RegionStep} takes what was selected. No transition: {@link #unhandled}
 *       ({@link Deferral} may keep the event).</li>
 *   <li>{@link #runToCompletion} takes what the step left: moves asked by actions ({@link Moves}),
 *       eventless transitions, then raised and completion events, each dispatched in turn.</li>
 *   <li>{@link #drainExternal} recalls deferred events and processes events fired during the step,
 *       each as a macrostep of its own.</li>
 *   <li>{@link #endStep} gives back the scratch and reports the step's first error, once the
 *       configuration is whole.</li>
 * </ol>
 *
 * <p>Ticks take the same way from {@link Ticks}; every tier calls the user's code through
 * {@link #runAction} and {@link #guardHolds}, so that what it throws is reported the same way.
 * Each method here is static over the machine it runs: a machine holds only state.
 */
public final class RunToCompletion {

    private RunToCompletion() {
    }

    /**
     * Enters the initial configuration with a given cause and runs to completion.
     *
     * @param startCause the cause every callback of the step sees
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public static void start(MachineCore m, Cause startCause) {
        if (m.isBusy()) {
            throw new IllegalStateException("start() called from inside a step of machine '" + m.chart.compiled.name + "'");
        }
        if (m.status() != MachineCore.NEW) {
            throw new IllegalStateException("machine of chart '" + m.chart.compiled.name + "' is already "
                    + (m.status() == MachineCore.RUNNING ? "started" : m.status() == MachineCore.HALTED ? "started (and halted)"
                            : "started (and stopped)") + ": start() runs once per machine");
        }
        beginStep(m, startCause);
        boolean completed = false;
        try {
            m.setStatus(MachineCore.RUNNING);
            CompiledChart c = m.chart.compiled;
            if (c.paths.start != null) {
                FlatStep.enterPath(m, c, c.paths.start);
            } else {
                Scratch s = m.step();
                Bits.clear(s.enterSet);
                Bits.clear(s.defaultEntry);
                Bits.clear(s.historyDefault);
                s.keptCount = 0;
                ScxmlStep.addDescendants(m, s, 0);
                ScxmlStep.enterStates(m, s);
            }
            runToCompletion(m);
            drainExternal(m);
            completed = true;
        } finally {
            endStep(m, completed);
        }
    }

    /**
     * {@code Machine.fire}: kept small, so that it is inlined where it is called. A chart that has
     * been specialized goes to a method of its own, whose profile the JIT sees only specialized
     * events in, even when the caller was compiled while the chart was still interpreted.
     */
    public static void fire(MachineCore m, Object event, Cause eventCause) {
        SpecializedDispatch code = m.chart.specializedIfReady();
        if (code != null && m.flags == MachineCore.RUNNING && eventCause == Cause.NORMAL && event != null
                && m.unobserved()) {
            fireSpecialized(m, code, event);
        } else {
            fireInterpreted(m, event, eventCause);
        }
    }

    /**
     * {@code Machine.drainPosted}: fires, in order, every event posted from other threads. A
     * machine never started refuses before taking any, so that none is lost.
     */
    public static void drainPosted(MachineCore m) {
        if (m.status() == MachineCore.NEW) {
            throw notStarted(m, "drainPosted()");
        }
        firePosted(m);
    }

    /** Fires the posted events of a machine known to be started: {@code update}'s first part, which checked it. */
    static void firePosted(MachineCore m) {
        MachineCore.Extras x = m.extras;
        if (x == null) {
            if (!m.extrasMade) {
                return; // nothing was ever posted
            }
            x = m.extras; // post made them on another thread: seen after the volatile read
        }
        if (!x.anyPosted) {
            return;
        }
        for (Object e = x.takePosted(); e != null; e = x.takePosted()) {
            fire(m, e, Cause.NORMAL);
        }
    }

    /**
     * What an input that runs a step ({@code fire}, {@code update}, {@code goTo} and the like)
     * throws on a machine never started: a machine is started explicitly, by {@code start()} or
     * {@code restore(...)}, so that its entry actions run when the game says, not on the first
     * event.
     *
     * @param call the call refused, as written: {@code "fire(SEE_ENEMY)"}
     */
    public static IllegalStateException notStarted(MachineCore m, String call) {
        return new IllegalStateException("machine of chart '" + m.chart.compiled.name + "' is not started: call start() before "
                + call);
    }

    /** An event as a message shows it: a name in quotes, anything else as its {@code toString}, cut short when long. */
    public static String eventText(Object event) {
        String text = event instanceof String s ? '"' + s + '"' : String.valueOf(event);
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    /** An event by the interpreter's way: anything but a running, unobserved machine of a compiled chart. */
    public static void fireInterpreted(MachineCore m, Object event, Cause eventCause) {
        Objects.requireNonNull(event, "event");
        if (m.flags == MachineCore.RUNNING && eventCause == Cause.NORMAL && m.unobserved()) {
            fireIdle(m, event); // the common case, kept small: running, idle, nothing attached
            return;
        }
        if (m.isBusy()) {
            m.step().external.add(event);
            return;
        }
        if (m.status() != MachineCore.RUNNING) {
            if (m.status() == MachineCore.NEW) {
                throw notStarted(m, "fire(" + eventText(event) + ")");
            }
            return; // halted or stopped: ignored
        }
        beginStep(m, eventCause);
        boolean completed = false;
        try {
            macrostep(m, event);
            drainExternal(m);
            completed = true;
        } finally {
            endStep(m, completed);
        }
    }

    /**
     * An event for a running, idle, unobserved machine of a chart that has been specialized. Its
     * callees on the way to the chart's code are small methods of the specialized path only (not
     * {@code dispatchCompiled}, which the interpreter's path shares), so that the JIT inlines
     * them even where it has no profile for them yet.
     */
    public static void fireSpecialized(MachineCore m, SpecializedDispatch code, Object event) {
        CompiledChart c = m.chart.compiled;
        m.flags = (byte) (MachineCore.RUNNING | MachineCore.BUSY);
        boolean completed = false;
        try {
            int set = code.setOf(event, c, m.chart);
            if (set < 0) {
                dispatch(m, event); // an event kind first seen after specializing: the interpreter's
                runToCompletion(m);
                drainExternal(m);
            } else {
                takeCompiled(m, code, c, set, event);
                if (m.extras != null || c.hasEventless) {
                    runToCompletion(m);
                    drainExternal(m);
                }
            }
            completed = true;
        } finally {
            endStep(m, completed);
        }
    }

    /**
     * An event of specialized set {@code set} taken by the chart's compiled code: by its route
     * when it has one ({@link SpecializedDispatch#route}), else, or when the route leaves it, the
     * case of the highest active state in a flat chart, {@link RegionStep} in a chart with regions.
     */
    private static void takeCompiled(MachineCore m, SpecializedDispatch code, CompiledChart c, int set, Object event) {
        int routed = code.route(set, m, m.owner, event);
        if (routed != SpecializedDispatch.ROUTED) {
            unrouted(m, code, c, set, event, routed);
        }
    }

    private static void unrouted(MachineCore m, SpecializedDispatch code, CompiledChart c, int set, Object event, int routed) {
        if (code.regions != null) {
            RegionStep.regionStep(m, code, c, set, event, routed); // cases that do not take the whole step
        } else if (routed == SpecializedDispatch.ROUTED_UNHANDLED
                || !code.dispatch(m.highestActive(c), set, m, m.owner, event)) {
            unhandled(m, event);
        }
    }

    /**
     * An event for a running, idle, unobserved machine of a chart not (yet) specialized. {@link
     * #dispatch} counts the event towards a background specialization and takes the compiled code
     * should it be ready by now.
     */
    private static void fireIdle(MachineCore m, Object event) {
        m.flags = (byte) (MachineCore.RUNNING | MachineCore.BUSY);
        boolean completed = false;
        try {
            dispatch(m, event);
            runToCompletion(m);
            drainExternal(m);
            completed = true;
        } finally {
            endStep(m, completed);
        }
    }

    /**
     * Exits every active state, innermost first, and stops the machine; later events are ignored.
     *
     * @throws IllegalStateException when called from inside a step
     */
    public static void stop(MachineCore m) {
        if (m.isBusy()) {
            throw new IllegalStateException("stop() called from inside a step of machine '" + m.chart.compiled.name + "'");
        }
        if (m.status() == MachineCore.NEW || m.status() == MachineCore.STOPPED) {
            m.setStatus(MachineCore.STOPPED);
            return;
        }
        beginStep(m, Cause.NORMAL);
        boolean completed = false;
        try {
            Scratch s = m.step();
            for (int w = 0; w < s.exitSet.length; w++) {
                s.exitSet[w] = m.word(w);
            }
            ScxmlStep.exitStates(m, s);
            m.setStatus(MachineCore.STOPPED);
            completed = true;
        } finally {
            endStep(m, completed);
        }
    }

    /** Starts a step: the machine is busy, and its callbacks see {@code stepCause}. */
    static void beginStep(MachineCore m, Cause stepCause) {
        m.flags = (byte) ((m.flags & MachineCore.STATUS) | MachineCore.BUSY | (stepCause.ordinal() << MachineCore.CAUSE_SHIFT));
    }

    /** Ends a step: gives back the scratch, and reports the first error once the step is whole. */
    static void endStep(MachineCore m, boolean completed) {
        m.flags = (byte) (m.flags & MachineCore.STATUS);
        MachineCore.Extras x = m.extras;
        if (x != null) { // kept small: most steps of an unobserved machine end here
            endStep(m, x, completed);
        }
    }

    private static void endStep(MachineCore m, MachineCore.Extras x, boolean completed) {
        if (x.listener != null) {
            x.listener.onStepEnd(m.face());
        }
        if (x.pendingListener != null) {
            addPendingListener(m, x);
        }
        Scratch s = x.step;
        if (s == null) {
            return;
        }
        Throwable error = s.firstError;
        x.step = null;
        m.chart.scratch.get().release(s);
        if (completed && error != null) {
            if (error instanceof RuntimeException re) {
                throw re;
            }
            if (error instanceof Error err) {
                throw err;
            }
            throw new ActionFailedException("an action of machine '" + m.chart.compiled.name + "' threw", error);
        }
    }

    /** Listeners added during the step hear from the next one on. */
    private static void addPendingListener(MachineCore m, MachineCore.Extras x) {
        MachineListener l = x.pendingListener;
        x.pendingListener = null;
        x.listen(x.listener == null ? l : Listeners.both(x.listener, l));
    }

    /**
     * Ends a macrostep: recalls the deferred events no active state defers any longer, then
     * processes the external events that actions fired during the step, each followed by a recall.
     */
    static void drainExternal(MachineCore m) {
        MachineCore.Extras x = m.extras;
        if (x == null) {
            return;
        }
        if (x.deferredCount > 0) {
            Deferral.recallDeferred(m, x);
        }
        Scratch s = x.step;
        if (s == null) {
            return;
        }
        while (m.status() == MachineCore.RUNNING && !s.external.isEmpty()) {
            macrostep(m, s.external.poll());
            if (x.deferredCount > 0) {
                Deferral.recallDeferred(m, x);
            }
        }
        s.external.clear();
    }

    /** One external event: select, execute, then run eventless transitions and the internal queue. */
    static void macrostep(MachineCore m, Object event) {
        MachineListener l = m.listener();
        if (l != null) {
            l.onEvent(m.face(), event, m.stepCause());
        }
        dispatch(m, event);
        runToCompletion(m);
    }

    /** Selects and executes the transitions one event enables, or reports it unhandled. */
    static void dispatch(MachineCore m, Object event) {
        CompiledChart c = m.chart.compiled;
        if (m.chart.flatSteps) {
            if (!dispatchCompiled(m, m.chart.specialized(), c, event)) {
                FlatStep.dispatchFlat(m, c, event);
            }
        } else if (!m.chart.regionSteps || !dispatchCompiled(m, m.chart.specialized(), c, event)) {
            Scratch s = m.step();
            if (ScxmlStep.selectTransitions(m, s, event) > 0) {
                ScxmlStep.microstep(m, s, event);
            } else {
                unhandled(m, event);
            }
        }
    }

    /** Takes the event by the chart's compiled code when it has a case for it; false when the interpreter must. */
    private static boolean dispatchCompiled(MachineCore m, SpecializedDispatch code, CompiledChart c, Object event) {
        int set = code == null ? -1 : code.setOf(event, c, m.chart);
        if (set < 0) {
            return false;
        }
        takeCompiled(m, code, c, set, event);
        return true;
    }

    /** Executes one selected transition: by its precomputed path when it has one, else in general. */
    static void execute(MachineCore m, CompiledChart c, int t, Object event) {
        if (c.paths.precomputed[t]) {
            FlatStep.microstepFlat(m, c, t, event);
        } else {
            Scratch s = m.step();
            s.selCount = 0;
            ScxmlStep.select(s, t, c.transitions.domain[t], -1);
            ScxmlStep.microstep(m, s, event);
        }
    }

    /**
     * Takes everything the step left, until nothing is left: a move asked by an action, then an
     * eventless transition, then the next raised or completion event (which a plan may take
     * instead). Bounded by the chart's {@code maxMicrosteps}: past it, the states the last
     * microsteps passed through are named in a {@link LivelockException}.
     */
    static void runToCompletion(MachineCore m) {
        CompiledChart c = m.chart.compiled;
        MachineCore.Extras x = m.extras;
        if (!c.hasEventless && (x == null || x.step == null)) {
            return; // nothing was raised, moved or completed, and nothing is eventless
        }
        Scratch s = m.step();
        int steps = 0;
        List<String> cycle = null;
        while (m.status() == MachineCore.RUNNING) {
            if (++steps > c.maxMicrosteps - LIVELOCK_WINDOW) {
                if (steps > c.maxMicrosteps) {
                    s.internal.clear();
                    s.moves.clear();
                    throw new LivelockException(c.name, c.maxMicrosteps, cycle, m.toString());
                }
                cycle = noteCycle(m, c, cycle); // the last microsteps before the limit: the states the cycle passes through
            }
            if (!s.moves.isEmpty()) {
                int kind = s.moves.peekKind();
                int target = s.moves.peekTarget();
                s.moves.remove();
                Moves.applyMove(m, s, kind, target);
                continue;
            }
            if (c.hasEventless && ScxmlStep.selectEventless(m, s) > 0) {
                ScxmlStep.microstep(m, s, null);
                continue;
            }
            Object e = s.internal.poll();
            if (e == null) {
                break;
            }
            MachineCore.Extras now = m.extras;
            MachineActivity<?> tk = now == null ? null : now.tasks;
            if (tk != null && tk.planSize > 0 && e instanceof Done d && d.chartToken == m.chart
                    && Moves.continuePlan(m, s, d.stateId)) {
                continue; // a plan decided what follows the finished state
            }
            MachineListener l = m.listener();
            if (l != null) {
                l.onEvent(m.face(), e, m.stepCause());
            }
            dispatch(m, e);
        }
    }

    /** How many microsteps before the limit {@link #runToCompletion} watches to name a livelock's states. */
    private static final int LIVELOCK_WINDOW = 64;

    /** Adds the active leaves to the states a livelock's cycle passes through. */
    static List<String> noteCycle(MachineCore m, CompiledChart c, List<String> cycle) {
        List<String> seen = cycle == null ? new ArrayList<>() : cycle;
        for (int st = 1; st < c.stateCount; st++) {
            if (m.isActive(st) && Bits.isLeaf(c, st) && !seen.contains(c.states.name[st])) {
                seen.add(c.states.name[st]);
            }
        }
        return seen;
    }

    /** Runs a user action, if any; what it throws is reported against {@code state} once the step is whole. */
    static void runAction(MachineCore m, UserAction a, int state, Object event) {
        if (a != null) { // most states have no entry or exit action: this much is always inlined
            run(m, a, state, event);
        }
    }

    private static void run(MachineCore m, UserAction a, int state, Object event) {
        try {
            UserCode.run(a, m, m.owner, event);
        } catch (Throwable e) {
            reportError(m, state, e);
        }
    }

    /** State {@code st}'s initial action (SCXML's {@code <initial>} transition content), if any. */
    static void runInitialAction(MachineCore m, CompiledChart c, int st) {
        runAction(m, c.states.initialAction[st], st, null);
    }

    /** Whether transition {@code t}'s guard holds; a guard that throws is reported, and false (as in SCXML). */
    static boolean guardHolds(MachineCore m, CompiledChart c, int t, Object event) {
        // Kept within the JIT's limit for inlining a call that is not yet hot: most transitions have no guard.
        UserGuard g = c.transitions.guard[t];
        return g == null || testGuard(m, c, t, g, event);
    }

    private static boolean testGuard(MachineCore m, CompiledChart c, int t, UserGuard g, Object event) {
        try {
            return UserCode.test(g, m, m.owner, event);
        } catch (Throwable e) {
            reportError(m, c.transitions.source[t], e);
            return false;
        }
    }

    /**
     * No transition took the event: deferred if an active state defers it; else, if the chart
     * does not know it at all and rejects such events ({@code UnknownEvents.REJECT}), an error
     * reported by the chart's error policy (thrown once the step is whole, by default); else the
     * listener and the chart's unhandled action hear of it. Only this path pays for the check: a
     * flag, then a lookup of the event's trigger set.
     */
    static void unhandled(MachineCore m, Object event) {
        CompiledChart c = m.chart.compiled;
        if (c.hasDeferral && Deferral.deferIfDeferred(m, event)) {
            return;
        }
        IllegalArgumentException rejected = rejection(c, event);
        if (rejected != null) {
            reportError(m, 0, rejected);
            return;
        }
        MachineListener l = m.listener();
        if (l != null) {
            l.onUnhandled(m.face(), event, m.stepCause());
        }
        runAction(m, m.chart.compiled.unhandled, 0, event);
    }

    /**
     * Whether chart {@code c} knows an event ({@code UnknownEvents}): one a trigger of it
     * matches, or a completion or error event the engine raises itself.
     */
    public static boolean knows(CompiledChart c, Object event) {
        return event instanceof ExecutionError || c.knowsEvent(event);
    }

    /**
     * What an event chart {@code c} does not know is, when the chart rejects such events
     * ({@code UnknownEvents.REJECT}): the error a machine reports, and an adapter throws at its
     * door ({@code Chart.checkEvent}); null when the chart knows the event or ignores unknown ones.
     */
    public static IllegalArgumentException rejection(CompiledChart c, Object event) {
        return c.rejectsUnknownEvents && !knows(c, event) ? new IllegalArgumentException(c.unknownEventMessage(event)) : null;
    }

    /**
     * Something the user's code threw, against {@code state}: the listener hears of it now; the
     * chart's {@link ErrorPolicy} either raises an error event or keeps the first error, which
     * {@link #endStep} throws once the step is whole.
     */
    static void reportError(MachineCore m, int state, Throwable e) {
        if (e instanceof VirtualMachineError vme) {
            throw vme;
        }
        MachineListener l = m.listener();
        if (l != null) {
            l.onError(m.face(), state, e, m.stepCause());
        }
        Scratch s = m.step();
        CompiledChart c = m.chart.compiled;
        if (c.raisesErrorEvents) {
            s.internal.add(new ExecutionError(e, c.states.key[state]));
        } else if (s.firstError == null) {
            s.firstError = e;
        } else if (s.firstError != e) {
            s.firstError.addSuppressed(e);
        }
    }
}
