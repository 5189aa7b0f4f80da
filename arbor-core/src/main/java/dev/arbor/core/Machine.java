package dev.arbor.core;

import dev.arbor.core.internal.Act;
import dev.arbor.core.internal.Check;
import dev.arbor.core.internal.CompiledChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One running instance of a {@link Chart}: its owner, its active configuration and its history.
 * Confined to one thread (the game loop); other threads hand it events with {@link #post}.
 *
 * <p>{@link #fire} runs one run-to-completion step for an event, following the SCXML algorithm
 * (W3C SCXML 1.0, Appendix D): transitions are selected from each active atomic state outward,
 * conflicts between regions are removed, then exits run innermost first, transition actions in
 * selection order, entries outermost first; eventless transitions and internally raised events are
 * processed before {@code fire} returns. {@link #update} runs one game tick: polled and timed
 * transitions, then every active state's update action. An event that no transition takes and an
 * active state defers is kept and offered again once no active state defers it. Everything that
 * decides what the machine does next is in its {@link #snapshot()} (docs/time-and-deferral.md).
 *
 * <p>Charts without parallel states take a flat path that gives the same results: the active
 * leaf is found from the configuration bits, exits walk up the parent array, and entries follow a
 * path the compiler precomputed (for a handler's request, on first use of each source and
 * target). It allocates nothing and borrows no scratch.
 * When a flat chart is built (or, with {@code arbor.specialize} set to a number, once its machines
 * have dispatched that many events; {@code eager} or {@code off}), its dispatch is compiled into
 * method handles ({@code Specializer})
 * so that each user guard and action is called from a call site of its own, which the JIT can
 * inline; the suite runs both ways. Ticks of flat charts without behaviours read their polled
 * transitions and update actions from per-leaf lists, and are specialised too when the chart has
 * no eventless transitions.
 *
 * <p>A user action that throws never leaves a half-made configuration: the step finishes, then the
 * error is reported as the chart's {@link ErrorPolicy} says.
 *
 * @param <C> the owner (context) type
 */
public final class Machine<C> {

    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int HALTED = 2;
    private static final int STOPPED = 3;
    private static final int STATUS = 0b11;
    private static final int BUSY = 0b100;
    private static final int CAUSE_SHIFT = 3;
    private static final Cause[] CAUSES = Cause.values();

    private static final int MOVE_GOTO = 0;
    private static final int MOVE_REVERT = 1;
    private static final int MOVE_PUSH = 2;
    private static final int MOVE_POP = 3;
    /** A selected transition's targets are in {@code Scratch.dynTargets}. */
    private static final int MULTI_TARGET = -3;

    private static final java.lang.invoke.VarHandle EXTRAS;

    static {
        try {
            EXTRAS = java.lang.invoke.MethodHandles.lookup().findVarHandle(Machine.class, "extras", Machine.Extras.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Not final only so that {@link #moveTo} can replace it between steps; read as before on every path. */
    private Chart<C> chart;
    private final C owner;
    /** The active configuration, states 0 to 63: bit s is set when state s is active. */
    private long active0;
    /** The configuration before the last change (for {@link #revert}), states 0 to 63; 0 when none. */
    private long previous0;
    /** States 64 and up, for charts that large; null otherwise. */
    private long[] activeMore;
    /**
     * Everything an idle machine does not need, made on first use. Read plainly on the owner's
     * thread; published with a compare-and-set because {@link #post} may make it from another.
     */
    private Extras extras;
    /** Status, busy and cause, packed so that an idle machine stays small. */
    private byte flags;

    Machine(Chart<C> chart, C owner) {
        this.chart = chart;
        this.owner = owner;
        int words = chart.compiled.words;
        this.activeMore = words > 1 ? new long[words - 1] : null;
    }

    /** Listener, history, saved configurations, behaviour clocks, posted events and the step's scratch. */
    private final class Extras {
        MachineListener listener;
        long[] previousMore;
        int[] history;
        long[][] stack; // no field is set at construction: a racing plain read sees a whole object
        int stackDepth;
        Tasks tasks;
        volatile ConcurrentLinkedQueue<Object> posted;
        Scratch step;
        /** What a handler state asks for, on the flat path; made on first use. */
        HandlerRequest request;
        /** What an event selects in a chart with regions, on the specialised path; made on first use. */
        RegionPicks picks;
        /** Listeners added during a step, attached when it ends. */
        MachineListener pendingListener;
        /** Deferred events, oldest first: {@code deferred[0 .. deferredCount)}. */
        Object[] deferred;
        int deferredCount;

        /** No behaviour clocks or plans, and no events posted: a tick needs none of the general path. */
        boolean nothingPending() {
            ConcurrentLinkedQueue<Object> q = posted;
            return tasks == null && (q == null || q.isEmpty());
        }
    }

    // ================================================================ public API

    /**
     * The chart this machine runs: the one it was made from, or the last one {@link #moveTo} moved it onto.
     *
     * @return the machine's chart
     */
    public Chart<C> chart() {
        return chart;
    }

    /**
     * The owner every action of this machine receives.
     *
     * @return the owner given to {@link Chart#newMachine}
     */
    public C owner() {
        return owner;
    }

    /**
     * Why the current step runs; {@link Cause#NORMAL} outside steps.
     *
     * @return the cause of the current step
     */
    public Cause cause() {
        return CAUSES[(flags >>> CAUSE_SHIFT) & 0b11];
    }

    /**
     * Whether {@link #start} (or a first {@code fire}/{@code update}) has run.
     *
     * @return false until the machine is first started, restored or stopped
     */
    public boolean isStarted() {
        return status() != NEW;
    }

    /**
     * Whether a top-level final state was entered; a halted machine ignores events.
     *
     * @return true once halted
     */
    public boolean isHalted() {
        return status() == HALTED;
    }

    /**
     * Whether the machine is inside a step: one of its actions, guards or listeners is running.
     * What is asked of it now ({@link #fire}, {@link #goTo}, {@link #revert} and the like) is
     * queued and runs before the step ends, after the code that asked has returned; an adapter
     * that must answer at once (whether an event was handled, for instance) can tell the two
     * cases apart with this.
     *
     * @return true while one of its actions, guards or listeners runs
     */
    public boolean isStepping() {
        return isBusy();
    }

    /**
     * Attaches a listener; several may be attached and are called in the order added. With none
     * attached, observing costs one null check. One added from inside a step (by an action, a
     * guard or another listener) is attached when that step ends and hears from the next on.
     *
     * @param l the listener to call
     * @return this machine
     */
    public Machine<C> addListener(MachineListener l) {
        Objects.requireNonNull(l, "listener");
        Extras x = extras();
        if (isBusy()) { // added from inside a step: it hears from the next step on, whichever path runs this one
            x.pendingListener = x.pendingListener == null ? l : Listeners.both(x.pendingListener, l);
        } else {
            x.listener = x.listener == null ? l : Listeners.both(x.listener, l);
        }
        return this;
    }

    /**
     * Detaches a listener added with {@link #addListener} (every attachment of it); with none left
     * the machine is back to one null check. Call between steps, on the machine's thread.
     *
     * @param l the listener to detach
     * @return whether it was attached
     * @throws IllegalStateException when called from inside a step
     */
    public boolean removeListener(MachineListener l) {
        Objects.requireNonNull(l, "listener");
        if (isBusy()) {
            throw new IllegalStateException("removeListener() called from inside a step of machine '" + chart.name() + "'");
        }
        Extras x = extras;
        if (x == null || x.listener == null) {
            return false;
        }
        MachineListener rest = Listeners.without(x.listener, l);
        boolean removed = rest != x.listener;
        x.listener = rest;
        return removed;
    }

    /**
     * Enters the initial configuration and runs to completion.
     *
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start() {
        start(Cause.NORMAL);
    }

    /**
     * Enters the initial configuration with a given cause and runs to completion.
     *
     * @param startCause the cause every callback of the step sees
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start(Cause startCause) {
        if (isBusy()) {
            throw new IllegalStateException("start() called from inside a step of machine '" + chart.name() + "'");
        }
        if (status() != NEW) {
            throw new IllegalStateException("machine '" + chart.name() + "' is already started");
        }
        beginStep(startCause);
        boolean completed = false;
        try {
            setStatus(RUNNING);
            CompiledChart c = chart.compiled;
            if (c.startPath != null) {
                enterPath(c, c.startPath);
            } else {
                Scratch s = step();
                clear(s.enterSet);
                clear(s.defaultEntry);
                clear(s.historyDefault);
                s.keptCount = 0;
                addDescendants(s, 0);
                enterStates(s);
            }
            runToCompletion();
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    /**
     * Processes one event to completion, as an ordinary input.
     *
     * @param event an enum constant, an object matched by its class, a {@link NamedEvent} or a name
     */
    public void fire(Object event) {
        fire(event, Cause.NORMAL);
    }

    /**
     * Processes one event to completion. Called from inside an action, the event is queued and
     * processed after the current step (an action never re-enters the engine). A machine not yet
     * started is started first; a halted one ignores the event.
     *
     * @param event      an enum constant, an object matched by its class, a {@link NamedEvent} or a name
     * @param eventCause the cause every callback of the step sees
     */
    public void fire(Object event, Cause eventCause) {
        // Kept small, so that it is inlined where it is called: a chart that has been specialised
        // goes to a method of its own, whose profile the JIT sees only specialised events in,
        // even when the caller was compiled while the chart was still interpreted.
        SpecializedDispatch code = chart.specializedIfReady();
        if (code != null && flags == RUNNING && eventCause == Cause.NORMAL && event != null && unobserved()) {
            fireSpecialized(code, event);
        } else {
            fireInterpreted(event, eventCause);
        }
    }

    private boolean unobserved() {
        Extras x = extras;
        return x == null || x.listener == null;
    }

    private void fireInterpreted(Object event, Cause eventCause) {
        Objects.requireNonNull(event, "event");
        if (flags == RUNNING && eventCause == Cause.NORMAL && unobserved()) {
            fireIdle(event); // the common case, kept small: running, idle, nothing attached
            return;
        }
        if (isBusy()) {
            step().external.add(event);
            return;
        }
        if (status() == NEW) {
            start(eventCause);
        }
        if (status() != RUNNING) {
            return;
        }
        beginStep(eventCause);
        boolean completed = false;
        try {
            macrostep(event);
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    /**
     * An event for a running, idle, unobserved machine of a chart that has been specialised. Its
     * callees on the way to the chart's code are small methods of the specialised path only (not
     * {@link #dispatchCompiled}, which the interpreter's path shares), so that the JIT inlines
     * them even where it has no profile for them yet.
     */
    private void fireSpecialized(SpecializedDispatch code, Object event) {
        CompiledChart c = chart.compiled;
        flags = (byte) (RUNNING | BUSY);
        boolean completed = false;
        try {
            int set = code.setOf(event, c, chart);
            if (set < 0) {
                dispatch(event); // an event kind first seen after specialising: the interpreter's
                runToCompletion();
                drainExternal();
            } else {
                if (!code.plain) {
                    dispatchSpecial(code, c, set, event);
                } else if (!code.dispatch(highestActive(c), set, this, owner, event)) {
                    unhandled(event);
                }
                if (extras != null || c.hasEventless) {
                    runToCompletion();
                    drainExternal();
                }
            }
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    private void fireIdle(Object event) {
        // A chart not (yet) specialised: fire took it here. dispatch() counts the event towards a
        // background specialisation and takes the compiled code should it be ready by now.
        flags = (byte) (RUNNING | BUSY);
        boolean completed = false;
        try {
            dispatch(event);
            runToCompletion();
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    /**
     * Places an event on the internal queue, processed before the current step ends. Outside a
     * step it is the same as {@link #fire(Object)}.
     *
     * @param event the event to process within the current step
     */
    public void raise(Object event) {
        Objects.requireNonNull(event, "event");
        if (!isBusy()) {
            fire(event);
            return;
        }
        step().internal.add(event);
    }

    /**
     * Hands an event to the machine from any thread; it is fired by the owning thread's next
     * {@link #update} or {@link #drainPosted}.
     *
     * @param event the event to fire later, in posting order
     */
    public void post(Object event) {
        Objects.requireNonNull(event, "event");
        Extras x = extras();
        ConcurrentLinkedQueue<Object> q = x.posted;
        if (q == null) {
            synchronized (x) {
                q = x.posted;
                if (q == null) {
                    x.posted = q = new ConcurrentLinkedQueue<>();
                }
            }
        }
        q.add(event);
    }

    /** Fires, in order, every event posted from other threads. Call on the owning thread. */
    public void drainPosted() {
        Extras x = (Extras) EXTRAS.getAcquire(this); // posted may have made it on another thread
        ConcurrentLinkedQueue<Object> q = x == null ? null : x.posted;
        if (q == null) {
            return;
        }
        for (Object e = q.poll(); e != null; e = q.poll()) {
            fire(e);
        }
    }

    /**
     * Runs one tick: fires posted events, then tests polled transitions from the root down (or
     * from the leaves up, as the chart chooses) and fires at most one per region subtree, then
     * runs every active state's update action, root to leaf.
     */
    public void update() {
        update(Cause.NORMAL);
    }

    /**
     * Runs one tick with a given cause: {@link Cause#REPLAY} when a rollback re-simulates it.
     *
     * @param tickCause the cause every callback of the tick sees
     */
    public void update(Cause tickCause) {
        Objects.requireNonNull(tickCause, "tickCause");
        CompiledChart c = chart.compiled;
        Extras x = extras;
        if (flags == RUNNING && chart.flatTicks && (x == null || x.nothingPending())) {
            // The common case: running, idle, nothing posted, a flat chart without behaviours.
            // Specialised ticks have a method of their own, as events do (see fire).
            if (x != null && x.listener != null) {
                x.listener.onTick(this, tickCause);
            }
            SpecializedDispatch code = chart.specializedIfReady();
            if (code != null && code.ticks()) {
                tickSpecialized(code, c, tickCause);
            } else {
                tickFlat(c, tickCause);
            }
        } else {
            tickGeneral(c, tickCause);
        }
    }

    private void tickGeneral(CompiledChart c, Cause tickCause) {
        if (isBusy()) {
            throw new IllegalStateException("update() called from inside a step of machine '" + chart.name() + "'");
        }
        drainPosted();
        if (status() == NEW) {
            start();
        }
        if (status() != RUNNING) {
            return;
        }
        MachineListener l = listener();
        if (l != null) {
            l.onTick(this, tickCause);
        }
        beginStep(tickCause);
        boolean completed = false;
        try {
            Extras x = extras;
            if (x != null && x.tasks != null) {
                x.tasks.ticks++;
            }
            if (c.updateOrder == UpdateOrder.OUTER_FIRST) {
                pollOuterFirst(c);
            } else {
                pollInnerFirst(c);
            }
            runToCompletion();
            runUpdateActions(c);
            runToCompletion();
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    /**
     * A tick of a flat chart without behaviours: the same steps as the general tick, with the
     * polled transitions and update actions of the active states read from per-leaf lists
     * instead of found by walking the configuration. One polled transition at most can fire: its
     * domain holds every active state after its source.
     */
    private void tickFlat(CompiledChart c, Cause tickCause) {
        SpecializedDispatch code = chart.specialized(); // counts the tick towards a background specialisation
        if (code != null && code.ticks()) {
            tickSpecialized(code, c, tickCause);
            return;
        }
        int leaf = highestActive(c);
        beginStep(tickCause);
        boolean completed = false;
        try {
            tickInterpreted(c, leaf);
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    private void tickSpecialized(SpecializedDispatch code, CompiledChart c, Cause tickCause) {
        int leaf = highestActive(c);
        beginStep(tickCause);
        boolean completed = false;
        try {
            code.tick(leaf, this, owner);
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    private void tickInterpreted(CompiledChart c, int leaf) {
        int fired = -1;
        for (int t : c.tickPolled[leaf]) {
            if (guardHolds(c, t, null)) {
                fired = t;
                break;
            }
        }
        Extras x = extras;
        if (fired >= 0 || c.hasEventless || (x != null && (x.step != null || x.listener != null))) {
            tickOnward(c, fired); // a transition fired, something may settle, or a listener hears of it
            return;
        }
        for (int st : c.tickUpdates[leaf]) {
            runAction(c.updateAction[st], st, null); // no listener; the status stays RUNNING
        }
        tickSettle();
    }

    // The steps of a flat tick around the user's conditions and update actions, for Specializer.

    /** Polled transition {@code t} fired: take it and finish the tick. */
    void tickFired(int t) {
        tickOnward(chart.compiled, t);
    }

    /** No polled transition fired, but something may settle or a listener listens: finish the tick. */
    void tickOnward() {
        tickOnward(chart.compiled, -1);
    }

    /** Whether, after polling, nothing is raised or queued and no listener listens: the update actions may run inline. */
    boolean tickQuiet() {
        Extras x = extras;
        return x == null || (x.step == null && x.listener == null);
    }

    /** After the update actions that ran inline: settle what they raised or queued. */
    void tickSettle() {
        Extras x = extras;
        if (x != null && x.step != null) {
            runToCompletion();
            drainExternal();
        }
    }

    /** The rest of a flat tick after polling, when polled transition {@code fired} (or -1) may change the configuration. */
    private void tickOnward(CompiledChart c, int fired) {
        if (fired >= 0) {
            execute(c, fired, null);
        }
        runToCompletion();
        int leaf = highestActive(c);
        int[] updates = c.tickUpdates[leaf];
        for (int i = 0; i < updates.length && status() == RUNNING; i++) {
            int st = updates[i];
            MachineListener l = listener();
            if (l != null) {
                l.onUpdate(this, st, cause());
            }
            runAction(c.updateAction[st], st, null);
        }
        runToCompletion();
        drainExternal();
    }

    /**
     * Exits every active state, innermost first, and stops the machine; later events are ignored.
     *
     * @throws IllegalStateException when called from inside a step
     */
    public void stop() {
        if (isBusy()) {
            throw new IllegalStateException("stop() called from inside a step of machine '" + chart.name() + "'");
        }
        if (status() == NEW || status() == STOPPED) {
            setStatus(STOPPED);
            return;
        }
        beginStep(Cause.NORMAL);
        boolean completed = false;
        try {
            Scratch s = step();
            for (int w = 0; w < s.exitSet.length; w++) {
                s.exitSet[w] = word(w);
            }
            exitStates(s);
            setStatus(STOPPED);
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    // ---------------------------------------------------------------- programmatic moves

    /**
     * Moves to a state, as an external transition from the active leaf nearest to it (Buckland's
     * {@code ChangeState}, generalised to hierarchies): exits up to the least common compound
     * ancestor and enters down to the target, then its initial content. A history state may be the
     * target. Asked from inside an action, the move is queued and runs after the current
     * microstep, as a step of its own; asked outside, it runs at once, to completion.
     *
     * @param stateKey the key (or name) of the state to move to
     * @throws IllegalArgumentException if the chart has no such state
     */
    public void goTo(Object stateKey) {
        requestMove(MOVE_GOTO, chart.stateId(stateKey));
    }

    /**
     * Returns to the configuration before the last change (a state blip, seed 002): only the states
     * that differ are exited and entered.
     */
    public void revert() {
        requestMove(MOVE_REVERT, -1);
    }

    /**
     * Saves the current configuration on a stack, then moves to the state (an interruption).
     *
     * @param stateKey the key (or name) of the state to move to, as {@link #goTo} does
     * @throws IllegalArgumentException if the chart has no such state
     */
    public void push(Object stateKey) {
        requestMove(MOVE_PUSH, chart.stateId(stateKey));
    }

    /** Returns to the configuration saved by the matching {@link #push} (resuming the interrupted task). */
    public void pop() {
        requestMove(MOVE_POP, -1);
    }

    /**
     * How many configurations {@link #push} has saved that {@link #pop} has not restored.
     *
     * @return the depth of the stack of saved configurations
     */
    public int pushedDepth() {
        Extras x = extras;
        return x == null ? 0 : x.stackDepth;
    }

    private void requestMove(int kind, int target) {
        if (isBusy()) {
            step().moves.add(kind, target);
            return;
        }
        if (status() == NEW) {
            start();
        }
        if (status() != RUNNING) {
            return;
        }
        beginStep(Cause.NORMAL);
        boolean completed = false;
        try {
            applyMove(step(), kind, target);
            runToCompletion();
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    /** Applies one programmatic move as a microstep, with paths computed by the same code as declared transitions. */
    private void applyMove(Scratch s, int kind, int target) {
        CompiledChart c = chart.compiled;
        s.selCount = 0;
        if (kind == MOVE_GOTO || kind == MOVE_PUSH) {
            if (kind == MOVE_PUSH) {
                if (pushedDepth() == c.pushLimit) {
                    reportError(0, new IllegalStateException("push(): machine '" + c.name + "' already keeps "
                            + c.pushLimit + " pushed configurations (its pushLimit)"));
                    return;
                }
                pushConfiguration();
            }
            goTo(s, target, c.moveTransition);
        } else if (kind == MOVE_REVERT) {
            if (previous0 == 0) {
                reportError(0, new IllegalStateException("revert(): machine '" + c.name
                        + "' has no previous configuration"));
                return;
            }
            s.goal[0] = previous0;
            for (int w = 1; w < s.goal.length; w++) {
                s.goal[w] = extras.previousMore[w - 1];
            }
            moveToConfiguration(s, s.goal, c.moveTransition);
        } else {
            Extras x = extras;
            if (x == null || x.stackDepth == 0) {
                reportError(0, new IllegalStateException("pop(): machine '" + c.name + "' has nothing pushed"));
                return;
            }
            moveToConfiguration(s, x.stack[--x.stackDepth], c.moveTransition);
        }
    }

    /** An external move to {@code target} from the nearest active leaf, reported as transition {@code via}. */
    private void goTo(Scratch s, int target, int via) {
        CompiledChart c = chart.compiled;
        s.oneTarget[0] = target;
        int domain = c.domainOf(nearestActiveLeaf(c, target), s.oneTarget, 1, false);
        select(s, via, domain, target);
        microstep(s, null);
    }

    private void pushConfiguration() {
        Extras x = extras();
        if (x.stack == null) {
            x.stack = new long[4][];
        } else if (x.stackDepth == x.stack.length) {
            x.stack = java.util.Arrays.copyOf(x.stack, x.stack.length * 2);
        }
        if (x.stack[x.stackDepth] == null) {
            x.stack[x.stackDepth] = new long[chart.compiled.words];
        }
        copyActive(x.stack[x.stackDepth++]);
    }

    /** Moves to a saved configuration: only what differs moves; the domain is the LCCA of the leaves that change. */
    private void moveToConfiguration(Scratch s, long[] goal, int via) {
        CompiledChart c = chart.compiled;
        s.selCount = 0;
        int changed = 0;
        for (int st = 0; st < c.stateCount; st++) {
            if (isLeaf(c, st) && isActive(st) != isSet(goal, st)) {
                s.dynTargets[changed++] = st;
            }
        }
        if (changed == 0) {
            return;
        }
        int anc = c.lcca(s.dynTargets[0], s.dynTargets, changed);
        int domain = anc < 0 ? CompiledChart.KEEP : anc;
        int base = domain & ~CompiledChart.KEEP;
        s.dynCount = 0;
        for (int st = base + 1; st < c.end[base]; st++) {
            if (isLeaf(c, st) && isSet(goal, st)) {
                s.dynTargets[s.dynCount++] = st;
            }
        }
        select(s, via, domain, MULTI_TARGET);
        microstep(s, null);
    }

    /** The active leaf whose common ancestor with {@code target} is deepest (document order breaks ties). */
    private int nearestActiveLeaf(CompiledChart c, int target) {
        int best = 0;
        int bestDepth = -1;
        for (int st = 0; st < c.stateCount; st++) {
            if (isLeaf(c, st) && isActive(st)) {
                int anc = st;
                while (anc != target && !c.isDescendant(target, anc)) {
                    anc = c.parent[anc];
                }
                if (c.depth[anc] > bestDepth) {
                    best = st;
                    bestDepth = c.depth[anc];
                }
            }
        }
        return best;
    }

    // ---------------------------------------------------------------- snapshots

    /**
     * The machine's whole state apart from its owner: its configuration, history records, the
     * configuration {@link #revert} returns to, the configurations {@link #push} saved, plans in
     * progress, the clocks of states with behaviours or timers, which behaviours finished and
     * which timers fired, and the deferred events. Restoring it makes the machine do exactly what
     * this one would do from here, given the same owner data and inputs.
     *
     * @return the state, to {@link #restore} here or on another machine of the chart
     */
    public MachineState snapshot() {
        MachineStateBuffer state = new MachineStateBuffer(chart);
        snapshotInto(state);
        return state.toState();
    }

    /**
     * {@link #snapshot()} into a reusable buffer: what a codec writes from. Allocates nothing once
     * the buffer has grown to hold what this machine keeps.
     *
     * @param into the buffer overwritten, made for this machine's chart
     * @throws IllegalArgumentException if the buffer was made for another chart
     */
    public void snapshotInto(MachineStateBuffer into) {
        CompiledChart c = checkBuffer(into);
        into.clear();
        copyActive(into.active.bits);
        for (int h : into.historyStates) {
            for (int j = 1, count = recordedCount(c, h); j <= count; j++) {
                into.history[h].add(recorded(c, h, j));
            }
        }
        into.halted = status() == HALTED;
        if (previous0 != 0) {
            long[] previous = into.previous.bits;
            previous[0] = previous0;
            if (c.words > 1) {
                System.arraycopy(extras.previousMore, 0, previous, 1, c.words - 1);
            }
        }
        Extras x = extras;
        if (x == null) {
            return;
        }
        for (int i = 0; i < x.stackDepth; i++) {
            System.arraycopy(x.stack[i], 0, into.addPushed().bits, 0, c.words);
        }
        Tasks tk = x.tasks;
        if (tk != null) {
            for (int i = 0; i < tk.planSize; i++) {
                if (tk.planStep[i] >= 0) {
                    into.addPlanStep(tk.planContainer[i], tk.planStep[i]);
                } else {
                    System.arraycopy(tk.planConfig[i], 0, into.addPlanResume(tk.planContainer[i]).bits, 0, c.words);
                }
            }
            for (int st = 0; st < c.stateCount; st++) {
                if (c.clocked[st] && isActive(st)) {
                    long ticks = tk.ticks - tk.enteredAt[st];
                    boolean behaves = c.behaviors[st].length > 0;
                    // Timers only ask whether their ticks have passed: past the largest, every clock does the same.
                    into.setClock(st, behaves ? ticks : Math.min(ticks, c.maxAfter[st]));
                    if (behaves && isSet(tk.finished, st)) {
                        set(into.finished, st);
                    }
                }
            }
            for (int w = 0; w < tk.timersFired.length; w++) {
                for (long bits = tk.timersFired[w]; bits != 0; bits &= bits - 1) {
                    int t = (w << 6) + Long.numberOfTrailingZeros(bits);
                    if (c.tTimerOnce[t] && isActive(c.tSource[t])) {
                        set(into.firedTimers, t);
                    }
                }
            }
        }
        for (int i = 0; i < x.deferredCount; i++) {
            into.defer(x.deferred[i]);
        }
    }

    /**
     * Puts a saved state back: exits the active states the snapshot does not have (innermost
     * first) and enters those it has that are not active (outermost first), each callback tagged
     * {@code cause} (normally {@link Cause#RESTORE}); nothing else runs — no transition, initial or
     * history action, no completion event, no deferred event. Then everything else the state
     * holds replaces the machine's own: history records, the previous and pushed configurations,
     * plans, clocks (behaviours entered by the restore see their clock once it returns),
     * finished behaviours, fired timers and deferred events. A machine not yet started counts as
     * started. The state is checked whole before anything changes.
     *
     * @param state the state to put back, such as one {@link #snapshot()} made
     * @param cause the cause every callback of the restore sees
     * @throws IllegalArgumentException naming what is wrong when the state is not a valid state of
     *                                  this chart; the machine is then unchanged
     * @throws IllegalStateException    when called from inside a step
     */
    public void restore(MachineState state, Cause cause) {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(cause, "cause");
        checkNotStepping();
        String problem = StateCheck.formProblem(chart.compiled, state);
        if (problem != null) {
            throw new IllegalArgumentException("not a state of chart '" + chart.name() + "': " + problem);
        }
        MachineStateBuffer buffer = new MachineStateBuffer(chart);
        buffer.load(state);
        restore(buffer, cause);
    }

    /**
     * {@link #restore(MachineState, Cause)} from a reusable buffer, as a codec fills one: the same
     * checks, the same steps, and nothing allocated by the engine once the machine has held as
     * much as the state. The buffer is only read.
     *
     * @param state the state to put back, made for this machine's chart
     * @param cause the cause every callback of the restore sees
     * @throws IllegalArgumentException naming what is wrong when the state is not a valid state of
     *                                  this chart, or the buffer was made for another chart; the
     *                                  machine is then unchanged
     * @throws IllegalStateException    when called from inside a step
     */
    public void restore(MachineStateBuffer state, Cause cause) {
        Objects.requireNonNull(cause, "cause");
        CompiledChart c = checkBuffer(state);
        checkNotStepping();
        String problem = StateCheck.problem(c, state);
        if (problem != null) {
            throw new IllegalArgumentException("not a state of chart '" + c.name + "': " + problem);
        }
        long[] goal = state.active.bits;
        beginStep(cause);
        boolean completed = false;
        try {
            // Word by word, only the states that change: exits innermost (highest id) first, then entries outermost first.
            for (int w = c.words - 1; w >= 0; w--) {
                for (long leaving = word(w) & ~goal[w]; leaving != 0; leaving &= ~Long.highestOneBit(leaving)) {
                    exitState(c, (w << 6) + 63 - Long.numberOfLeadingZeros(leaving));
                }
            }
            for (int w = 0; w < c.words; w++) {
                for (long coming = goal[w] & ~word(w); coming != 0; coming &= coming - 1) {
                    enterState(c, (w << 6) + Long.numberOfTrailingZeros(coming));
                }
            }
            restoreRest(c, state);
            setStatus(state.halted ? HALTED : RUNNING);
            completed = true;
        } finally {
            endStep(completed);
        }
    }

    private CompiledChart checkBuffer(MachineStateBuffer state) {
        Objects.requireNonNull(state, "state");
        if (state.chart() != chart) {
            throw new IllegalArgumentException("a state buffer of chart '" + state.chart().name()
                    + "' given to a machine of chart '" + chart.name() + "'");
        }
        return chart.compiled;
    }

    private void checkNotStepping() {
        if (isBusy()) {
            throw new IllegalStateException("restore() called from inside a step of machine '" + chart.name() + "'");
        }
    }

    /**
     * What a restored state holds besides its configuration; nothing of it calls user code. The
     * machine's arrays are reused, so that restoring the same kind of state again allocates nothing.
     */
    private void restoreRest(CompiledChart c, MachineStateBuffer state) {
        Extras x = extras;
        if (c.hasHistory && ((x != null && x.history != null) || anyRecord(state))) {
            Extras ex = extras();
            if (ex.history == null) {
                ex.history = new int[c.historySlotsSize];
            }
            for (int h : state.historyStates) {
                int at = c.historyOffset[h];
                MachineStateBuffer.StateSet rec = state.history[h];
                int count = 0;
                for (int st = rec.next(0); st >= 0; st = rec.next(st + 1)) {
                    ex.history[at + 1 + count++] = st;
                }
                ex.history[at] = count;
            }
        }
        long[] previous = state.previous.bits;
        previous0 = previous[0]; // 0, "none", exactly when the set is empty: a configuration holds the root
        if (c.words > 1 && (previous0 != 0 || (x != null && x.previousMore != null))) {
            Extras ex = extras();
            if (ex.previousMore == null) {
                ex.previousMore = new long[c.words - 1];
            }
            System.arraycopy(previous, 1, ex.previousMore, 0, c.words - 1);
        }
        int depth = state.pushedCount;
        if (depth > 0 || (x != null && x.stackDepth > 0)) {
            Extras ex = extras();
            if (ex.stack == null || ex.stack.length < depth) {
                ex.stack = java.util.Arrays.copyOf(ex.stack == null ? new long[0][] : ex.stack, Math.max(4, depth));
            }
            for (int i = 0; i < depth; i++) {
                if (ex.stack[i] == null) {
                    ex.stack[i] = new long[c.words];
                }
                System.arraycopy(state.pushed[i].bits, 0, ex.stack[i], 0, c.words);
            }
            ex.stackDepth = depth;
        }
        boolean clocked = false;
        for (int w = 0; w < c.words; w++) {
            for (long bits = word(w); bits != 0; bits &= bits - 1) { // the active states only
                clocked |= c.clocked[(w << 6) + Long.numberOfTrailingZeros(bits)];
            }
        }
        x = extras;
        if (clocked || state.planCount > 0 || (x != null && x.tasks != null)) {
            Tasks tk = tasks();
            for (int st = 0; st < c.stateCount; st++) {
                if (c.clocked[st] && isActive(st)) {
                    tk.enteredAt[st] = tk.ticks - state.clocks[st];
                }
            }
            System.arraycopy(state.finished, 0, tk.finished, 0, c.words);
            System.arraycopy(state.firedTimers, 0, tk.timersFired, 0, tk.timersFired.length);
            restorePlans(c, tk, state);
        }
        int deferred = state.deferredCount;
        if (deferred > 0 || (x != null && x.deferredCount > 0)) {
            Extras ex = extras();
            if (ex.deferred == null || ex.deferred.length < deferred) {
                ex.deferred = new Object[Math.max(4, deferred)];
            }
            System.arraycopy(state.deferred, 0, ex.deferred, 0, deferred);
            java.util.Arrays.fill(ex.deferred, deferred, Math.max(deferred, ex.deferredCount), null);
            ex.deferredCount = deferred;
        }
    }

    /**
     * Replaces the plan entries in place. The arrays of saved configurations are reused — those
     * the entries held, and those kept past the last entry by earlier restores — so that restoring
     * plans allocates nothing once the machine has held as many.
     */
    private void restorePlans(CompiledChart c, Tasks tk, MachineStateBuffer state) {
        int entries = state.planCount;
        if (tk.planContainer.length < entries) {
            tk.planContainer = java.util.Arrays.copyOf(tk.planContainer, entries);
            tk.planStep = java.util.Arrays.copyOf(tk.planStep, entries);
            tk.planConfig = java.util.Arrays.copyOf(tk.planConfig, entries);
        }
        long[][] saved = tk.planConfig;
        for (int i = 0; i < entries; i++) {
            if (state.planStep[i] < 0 && saved[i] == null) {
                saved[i] = takeSpare(saved, i, state);
                if (saved[i] == null) {
                    saved[i] = new long[c.words];
                }
            }
        }
        for (int i = 0; i < entries; i++) {
            tk.planContainer[i] = state.planContainer[i];
            tk.planStep[i] = state.planStep[i];
            if (state.planStep[i] < 0) {
                System.arraycopy(state.planConfiguration[i].bits, 0, saved[i], 0, c.words);
            } else if (saved[i] != null) { // a step saves nothing: its array goes past the last entry, if there is room
                int free = entries;
                while (free < saved.length && saved[free] != null) {
                    free++;
                }
                if (free < saved.length) {
                    saved[free] = saved[i];
                }
                saved[i] = null;
            }
        }
        tk.planSize = entries;
    }

    /** An array of saved entry {@code i} may take: one held where no saved configuration will be (then taken from there), or null. */
    private static long[] takeSpare(long[][] saved, int i, MachineStateBuffer state) {
        for (int j = 0; j < saved.length; j++) {
            if (j != i && saved[j] != null && (j >= state.planCount || state.planStep[j] >= 0)) {
                long[] spare = saved[j];
                saved[j] = null;
                return spare;
            }
        }
        return null;
    }

    private static boolean anyRecord(MachineStateBuffer state) {
        for (int h : state.historyStates) {
            if (!state.history[h].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many states history state {@code historyState} recorded (0 if it never recorded, or is not
     * a history state). Allocates nothing.
     *
     * @param historyState the history state's id
     * @return the number of states recorded
     */
    public int recordedCount(int historyState) {
        CompiledChart c = chart.compiled;
        return c.historyOffset[historyState] < 0 ? 0 : recordedCount(c, historyState);
    }

    /**
     * The {@code j}-th state (from 0, in document order) that history state {@code historyState} recorded.
     *
     * @param historyState the history state's id
     * @param j            the index of the record, below {@link #recordedCount}
     * @return the recorded state's id
     * @throws IndexOutOfBoundsException if {@code j} is not below {@link #recordedCount}
     */
    public int recorded(int historyState, int j) {
        int n = recordedCount(historyState);
        if (j < 0 || j >= n) {
            throw new IndexOutOfBoundsException("record " + j + " of " + n);
        }
        return recorded(chart.compiled, historyState, j + 1);
    }

    // ---------------------------------------------------------------- queries

    /**
     * Whether the state with this key (or name) is active.
     *
     * @param stateKey the state's key or name
     * @return whether it is active
     * @throws IllegalArgumentException if the chart has no such state
     */
    public boolean isIn(Object stateKey) {
        return isActive(chart.stateId(stateKey));
    }

    /**
     * Whether the state with this id is active: one array read.
     *
     * @param state the state's id
     * @return whether it is active
     */
    public boolean isIn(int state) {
        return isActive(state);
    }

    /**
     * The active states below the root, in document order (seed 000's {@code getStates}): for a
     * chart without parallel states, the path from the top down to the current leaf.
     *
     * @return a fresh list of the states' keys, empty when no state is active
     */
    public List<Object> activeStates() {
        CompiledChart c = chart.compiled;
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                out.add(c.key[s]);
            }
        }
        return out;
    }

    /**
     * The active atomic and final states, in document order.
     *
     * @return a fresh list of the states' keys, empty when no state is active
     */
    public List<Object> activeLeaves() {
        CompiledChart c = chart.compiled;
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s) && isLeaf(c, s)) {
                out.add(c.key[s]);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        CompiledChart c = chart.compiled;
        List<String> names = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                names.add(c.stateName[s]);
            }
        }
        return "Machine[" + c.name + " " + names + (status() == HALTED ? " halted" : "") + "]";
    }

    // ================================================================ steps

    private void beginStep(Cause stepCause) {
        flags = (byte) ((flags & STATUS) | BUSY | (stepCause.ordinal() << CAUSE_SHIFT));
    }

    /** Ends a step: gives back the scratch, and reports the first error once the step is whole. */
    private void endStep(boolean completed) {
        flags = (byte) (flags & STATUS);
        Extras x = extras;
        if (x != null) { // kept small: most steps of an unobserved machine end here
            endStep(x, completed);
        }
    }

    private void endStep(Extras x, boolean completed) {
        if (x.listener != null) {
            x.listener.onStepEnd(this);
        }
        if (x.pendingListener != null) {
            addPendingListener(x);
        }
        Scratch s = x.step;
        if (s == null) {
            return;
        }
        Throwable error = s.firstError;
        x.step = null;
        chart.scratch.get().release(s);
        if (completed && error != null) {
            if (error instanceof RuntimeException re) {
                throw re;
            }
            if (error instanceof Error err) {
                throw err;
            }
            throw new ActionFailedException("an action of machine '" + chart.name() + "' threw", error);
        }
    }

    private void addPendingListener(Extras x) {
        MachineListener l = x.pendingListener;
        x.pendingListener = null;
        x.listener = x.listener == null ? l : Listeners.both(x.listener, l);
    }

    private Extras extras() {
        Extras x = extras;
        if (x == null) {
            x = new Extras();
            if (!EXTRAS.compareAndSet(this, null, x)) {
                x = (Extras) EXTRAS.getAcquire(this);
            }
        }
        return x;
    }

    /** The step's scratch, borrowed from the chart's pool on first need within the step. */
    private Scratch step() {
        Extras x = extras();
        Scratch s = x.step;
        if (s == null) {
            x.step = s = chart.scratch.get().acquire();
        }
        return s;
    }

    private MachineListener listener() {
        Extras x = extras;
        return x == null ? null : x.listener;
    }

    /**
     * Ends a macrostep: recalls the deferred events no active state defers any longer, then
     * processes the external events that actions fired during the step, each followed by a recall.
     */
    private void drainExternal() {
        Extras x = extras;
        if (x == null) {
            return;
        }
        if (x.deferredCount > 0) {
            recallDeferred(x);
        }
        Scratch s = x.step;
        if (s == null) {
            return;
        }
        while (status() == RUNNING && !s.external.isEmpty()) {
            macrostep(s.external.poll());
            if (x.deferredCount > 0) {
                recallDeferred(x);
            }
        }
        s.external.clear();
    }

    /** One external event: select, execute, then run eventless transitions and the internal queue. */
    private void macrostep(Object event) {
        MachineListener l = listener();
        if (l != null) {
            l.onEvent(this, event, cause());
        }
        dispatch(event);
        runToCompletion();
    }

    /** Selects and executes the transitions one event enables, or reports it unhandled. */
    private void dispatch(Object event) {
        CompiledChart c = chart.compiled;
        if (chart.flatSteps) {
            if (!dispatchCompiled(chart.specialized(), c, event)) {
                dispatchFlat(c, event);
            }
        } else if (!chart.regionSteps || !dispatchCompiled(chart.specialized(), c, event)) {
            Scratch s = step();
            if (selectTransitions(s, event) > 0) {
                microstep(s, event);
            } else {
                unhandled(event);
            }
        }
    }

    /** Takes the event by the chart's compiled code when it has a case for it; false when the interpreter must. */
    private boolean dispatchCompiled(SpecializedDispatch code, CompiledChart c, Object event) {
        int set = code == null ? -1 : code.setOf(event, c, chart);
        if (set < 0) {
            return false;
        }
        if (code.plain) {
            if (!code.dispatch(highestActive(c), set, this, owner, event)) {
                unhandled(event);
            }
        } else {
            dispatchSpecial(code, c, set, event);
        }
        return true;
    }

    /**
     * An event in a chart with parallel regions, by its compiled code. When one active leaf alone
     * has candidates for the event, no other region can select anything, and its case selects and
     * takes the transition as in a flat chart. Otherwise each such leaf's case selects, in
     * document order (guards called from call sites of their own), and then: one transition that
     * changes one region only, by its compiled microstep; several such, by the flat paths in
     * SCXML's order; anything else, by the general microstep (conflicts removed).
     */
    private void regionStep(SpecializedDispatch code, CompiledChart c, int set, Object event) {
        SpecializedDispatch.Regions r = code.regions;
        int sole = -1;
        for (int w = 0; w < c.words; w++) {
            long bits = word(w) & r.candidateLeaves(set, c.words, w);
            if (bits != 0) {
                if (sole != -1 || (bits & (bits - 1)) != 0) {
                    sole = -2; // several
                    break;
                }
                sole = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        if (sole >= -1) {
            if (sole < 0 || !code.dispatch(sole, set, this, owner, event)) {
                unhandled(event);
            }
            return;
        }
        RegionPicks p = picks(c);
        p.count = 0;
        for (int w = 0; w < c.words; w++) {
            long bits = word(w) & r.candidateLeaves(set, c.words, w);
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (r.select(leaf, set, code.sets, this, owner, event)) {
                    p.add(leaf, p.last);
                }
            }
        }
        if (p.count == 0) {
            unhandled(event);
        } else if (p.count == 1 && c.inOneRegion(p.transition[0])
                && r.effect(p.leaf[0], p.transition[0], c.transitionCount, this, owner, event)) {
            return;
        } else if (!c.hasPlans && inOneRegionEach(c, p)) {
            microstepRegions(c, p, event);
        } else {
            Scratch s = step();
            s.selCount = 0;
            for (int i = 0; i < p.count; i++) {
                select(s, p.transition[i], c.tDomain[p.transition[i]], -1);
            }
            if (s.selCount > 1) {
                removeConflicts(s);
            }
            microstep(s, event);
        }
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
    private void microstepRegions(CompiledChart c, RegionPicks p, Object event) {
        for (int i = 0; i < p.count; i++) {
            if (c.tDomain[p.transition[i]] != CompiledChart.NO_DOMAIN) {
                savePrevious(); // once, and only when the configuration changes
                break;
            }
        }
        for (int i = p.count - 1; i >= 0; i--) { // every history recorded before anything is exited
            int d = c.tDomain[p.transition[i]];
            if (d != CompiledChart.NO_DOMAIN) {
                recordHistoryUpTo(c, p.leaf[i], d & ~CompiledChart.KEEP);
            }
        }
        for (int i = p.count - 1; i >= 0; i--) {
            int d = c.tDomain[p.transition[i]];
            if (d != CompiledChart.NO_DOMAIN) {
                exitUpTo(c, p.leaf[i], d & ~CompiledChart.KEEP);
            }
        }
        for (int i = 0; i < p.count; i++) {
            int t = p.transition[i];
            if (c.tDomain[t] == CompiledChart.NO_DOMAIN) {
                internalTaken(c.tSource[t], event);
            } else {
                transitionTaken(t, event);
            }
            runAction(c.tAction[t], c.tSource[t], event);
        }
        for (int i = 0; i < p.count; i++) {
            int t = p.transition[i];
            if (c.tDomain[t] != CompiledChart.NO_DOMAIN) {
                enterFlat(c, t, c.tKeptInitial[t], c.tEntryPath[t]);
            }
        }
    }

    private RegionPicks picks(CompiledChart c) {
        Extras x = extras();
        RegionPicks p = x.picks;
        if (p == null || p.leaf.length <= c.maxActiveLeaves) { // a reload may have moved the machine to a larger chart
            x.picks = p = new RegionPicks(c.maxActiveLeaves + 1);
        }
        return p;
    }

    /** In a chart with regions' compiled selection: transition {@code t} was selected. */
    boolean picked(int t) {
        extras.picks.last = t;
        return true;
    }

    /** A specialised event in a chart with regions or handler states, whose cases do not take the whole step. */
    private void dispatchSpecial(SpecializedDispatch code, CompiledChart c, int set, Object event) {
        if (code.regions != null) {
            regionStep(code, c, set, event);
            return;
        }
        int leaf = highestActive(c);
        if (!code.dispatch(leaf, set, this, owner, event)) {
            unhandled(event);
        } else {
            handlerMoveAsked(code, leaf, event);
        }
    }

    /** After a specialised case: the transition a handler asked for, if one did. */
    private void handlerMoveAsked(SpecializedDispatch code, int leaf, Object event) {
        HandlerRequest r = extras == null ? null : extras.request;
        if (r == null || r.source < 0) {
            return;
        }
        int st = r.source;
        r.source = -1;
        if (!code.move(leaf, st, r.target, this, owner, event)) {
            handlerReplied(st, HANDLER_TARGET + r.target, event);
        }
    }

    /** The interpreter's flat dispatch; a method of its own so that it stays out of a specialised chart's compiled code. */
    private void dispatchFlat(CompiledChart c, Object event) {
        if (c.hasHandlers) {
            dispatchFlatWithHandlers(c, event);
            return;
        }
        int t = selectFlat(c, event);
        if (t < 0) {
            unhandled(event);
        } else {
            execute(c, t, event);
        }
    }

    /**
     * The flat dispatch of a chart with handler states: from the active leaf outward, each state's
     * declared transitions, then its handler, until one takes the event.
     */
    private void dispatchFlatWithHandlers(CompiledChart c, Object event) {
        int[] set = triggerSet(c, event);
        for (int st = highestActive(c); st >= 0; st = c.parent[st]) {
            int t = findTransition(c, st, set, event);
            if (t >= 0) {
                execute(c, t, event);
                return;
            }
            if (c.handler[st] != null) {
                int reply = askHandlerFlat(c, st, event);
                if (reply != HANDLER_UNHANDLED) {
                    handlerReplied(st, reply, event);
                    return;
                }
            }
        }
        unhandled(event);
    }

    // A handler's reply on the flat path, as one int: what Specializer switches on.
    /** The handler passed the event to its parent. */
    static final int HANDLER_UNHANDLED = 0;
    /** The handler consumed the event and asked for no transition. */
    static final int HANDLER_HANDLED = 1;
    /** The handler asked for a transition to state {@code reply - HANDLER_TARGET}. */
    static final int HANDLER_TARGET = 2;

    private int askHandlerFlat(CompiledChart c, int st, Object event) {
        @SuppressWarnings("unchecked")
        StateHandler<Object> h = (StateHandler<Object>) c.handler[st];
        try {
            return handlerReply(h.onEvent(owner, event, handlerRequest()), st);
        } catch (Throwable e) {
            return handlerFailed(e, st);
        }
    }

    // The hooks below are called from specialised code; each stays under the JIT's 35 bytes for
    // inlining at any call site, its rare paths in methods of their own.

    /** The request object handed to a handler, cleared. */
    Transitions handlerRequest() {
        Extras x = extras;
        HandlerRequest r = x == null ? null : x.request;
        if (r == null) {
            return newHandlerRequest();
        }
        r.target = -1;
        return r;
    }

    private HandlerRequest newHandlerRequest() {
        Extras x = extras();
        if (x.request == null) {
            x.request = new HandlerRequest(this);
        }
        x.request.target = -1;
        return x.request;
    }

    /** A handler's reply as one int ({@link #HANDLER_UNHANDLED}, …); a reply that breaks the contract is reported, and handled. */
    int handlerReply(Reply reply, int st) {
        return reply == Reply.UNHANDLED ? HANDLER_UNHANDLED : reply == Reply.HANDLED ? HANDLER_HANDLED : handlerTarget(reply, st);
    }

    private int handlerTarget(Reply reply, int st) {
        int target = extras.request.target;
        return reply != null && target >= 0 ? HANDLER_TARGET + target : handlerBroke(reply, st);
    }

    private int handlerBroke(Reply reply, int st) {
        CompiledChart c = chart.compiled;
        return handlerFailed(new IllegalStateException(reply == null
                ? "handler of state '" + c.stateName[st] + "' returned null"
                : "handler of state '" + c.stateName[st] + "' returned TRANSITION without calling to.state(...)"), st);
    }

    /** A handler threw: reported, and the event counts as handled (its code ran part-way; ancestors are not asked). */
    int handlerFailed(Throwable e, int st) {
        reportError(st, e);
        return HANDLER_HANDLED;
    }

    /** In a specialised case: handler state {@code st} asked for a transition, which the machine takes when the case returns. */
    boolean handlerAsked(int reply, int st) {
        extras.request.source = st;
        return true;
    }

    /** Takes what handler state {@code st} replied (handled, or a transition), by the interpreter's flat path. */
    boolean handlerReplied(int st, int reply, Object event) {
        if (reply == HANDLER_HANDLED) {
            internalTaken(st, event);
            return true;
        }
        CompiledChart c = chart.compiled;
        int t = c.handlerTransition[st];
        int target = reply - HANDLER_TARGET;
        CompiledChart.HandlerMove move = c.handlerMove(st, target);
        if (move.entryPath() != null && !c.hasPlans) {
            microstepFlat(c, t, move.domain(), move.keptInitial(), move.entryPath(), event);
        } else {
            Scratch s = step();
            s.selCount = 0;
            select(s, t, move.domain(), target);
            microstep(s, event);
        }
        return true;
    }

    /** Executes one selected transition: by its precomputed path when it has one, else in general. */
    private void execute(CompiledChart c, int t, Object event) {
        if (c.tFlatStep[t]) {
            microstepFlat(c, t, event);
        } else {
            Scratch s = step();
            s.selCount = 0;
            select(s, t, c.tDomain[t], -1);
            microstep(s, event);
        }
    }

    private void runToCompletion() {
        CompiledChart c = chart.compiled;
        Extras x = extras;
        if (!c.hasEventless && (x == null || x.step == null)) {
            return; // nothing was raised, moved or completed, and nothing is eventless
        }
        Scratch s = step();
        int steps = 0;
        List<String> cycle = null;
        while (status() == RUNNING) {
            if (++steps > c.maxMicrosteps - LIVELOCK_WINDOW) {
                if (steps > c.maxMicrosteps) {
                    s.internal.clear();
                    s.moves.clear();
                    throw new LivelockException(c.name, c.maxMicrosteps, cycle, toString());
                }
                cycle = noteCycle(c, cycle); // the last microsteps before the limit: the states the cycle passes through
            }
            if (!s.moves.isEmpty()) {
                int kind = s.moves.peekKind();
                int target = s.moves.peekTarget();
                s.moves.remove();
                applyMove(s, kind, target);
                continue;
            }
            if (c.hasEventless && selectEventless(s) > 0) {
                microstep(s, null);
                continue;
            }
            Object e = s.internal.poll();
            if (e == null) {
                break;
            }
            Extras now = extras;
            Tasks tk = now == null ? null : now.tasks;
            if (tk != null && tk.planSize > 0 && e instanceof Done d && d.chartToken == chart
                    && continuePlan(s, d.stateId)) {
                continue; // a plan decided what follows the finished state
            }
            MachineListener l = listener();
            if (l != null) {
                l.onEvent(this, e, cause());
            }
            dispatch(e);
        }
    }

    /** How many microsteps before the limit {@link #runToCompletion} watches to name a livelock's states. */
    private static final int LIVELOCK_WINDOW = 64;

    private List<String> noteCycle(CompiledChart c, List<String> cycle) {
        List<String> seen = cycle == null ? new ArrayList<>() : cycle;
        for (int st = 1; st < c.stateCount; st++) {
            if (isActive(st) && isLeaf(c, st) && !seen.contains(c.stateName[st])) {
                seen.add(c.stateName[st]);
            }
        }
        return seen;
    }

    // ================================================================ selection

    private int[] triggerSet(CompiledChart c, Object event) {
        return event instanceof Done d && d.chartToken == chart ? c.doneSets[d.stateId] : c.triggerSet(event);
    }

    /** The flat path: the one active leaf, then its ancestors, innermost first. */
    private int selectFlat(CompiledChart c, Object event) {
        int[] set = triggerSet(c, event);
        for (int st = highestActive(c); st >= 0; st = c.parent[st]) {
            int t = findTransition(c, st, set, event);
            if (t >= 0) {
                return t;
            }
        }
        return -1;
    }

    /** SCXML selectTransitions: from each active atomic state, innermost first, the first enabled transition. */
    private int selectTransitions(Scratch s, Object event) {
        CompiledChart c = chart.compiled;
        int[] set = triggerSet(c, event);
        s.selCount = 0;
        s.handlersAsked = 0;
        final long[] leaves = c.leafMask;
        final int[] parent = c.parent;
        for (int w = 0; w < c.words; w++) {
            long bits = word(w) & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                for (int st = leaf; st >= 0; st = parent[st]) {
                    int t = findTransition(c, st, set, event);
                    if (t >= 0) {
                        select(s, t, c.tDomain[t], -1);
                        break;
                    }
                    if (c.handler[st] != null && askHandler(s, st, event)) {
                        break;
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(s);
        }
        return s.selCount;
    }

    /** The first transition of state {@code st} that the event triggers and whose guard holds, or -1. */
    private int findTransition(CompiledChart c, int st, int[] set, Object event) {
        if (set.length == 1) {
            int base = st * c.triggerCount + set[0];
            int[] list = c.stList;
            for (int k = c.stOffset[base], e = c.stOffset[base + 1]; k < e; k++) {
                int t = list[k];
                if (guardHolds(c, t, event)) {
                    return t;
                }
            }
        } else {
            for (int t : c.eventTransitions[st]) {
                if (c.matches(t, set) && guardHolds(c, t, event)) {
                    return t;
                }
            }
        }
        return -1;
    }

    private int selectEventless(Scratch s) {
        CompiledChart c = chart.compiled;
        s.selCount = 0;
        final long[] leaves = c.leafMask;
        for (int w = 0; w < c.words; w++) {
            long bits = word(w) & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                outer:
                for (int st = leaf; st >= 0; st = c.parent[st]) {
                    for (int t : c.eventlessTransitions[st]) {
                        if (guardHolds(c, t, null)) {
                            select(s, t, c.tDomain[t], -1);
                            break outer;
                        }
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(s);
        }
        return s.selCount;
    }

    private static void select(Scratch s, int t, int domain, int dynamicTarget) {
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
    private boolean askHandler(Scratch s, int st, Object event) {
        CompiledChart c = chart.compiled;
        for (int i = 0; i < s.handlersAsked; i++) {
            if (s.handlerState[i] == st) {
                return s.handlerReply[i] != Reply.UNHANDLED;
            }
        }
        @SuppressWarnings("unchecked")
        StateHandler<Object> h = (StateHandler<Object>) c.handler[st];
        Reply reply;
        s.requestedTarget = -1;
        try {
            reply = h.onEvent(owner, event, s);
            if (reply == Reply.TRANSITION && s.requestedTarget < 0) {
                throw new IllegalStateException("handler of state '" + c.stateName[st]
                        + "' returned TRANSITION without calling to.state(...)");
            }
            if (reply == null) {
                throw new IllegalStateException("handler of state '" + c.stateName[st] + "' returned null");
            }
        } catch (Throwable e) {
            reportError(st, e);
            reply = Reply.HANDLED; // its code ran part-way: do not offer the event to ancestors too
        }
        if (s.handlersAsked < s.handlerState.length) {
            s.handlerState[s.handlersAsked] = st;
            s.handlerReply[s.handlersAsked++] = reply;
        }
        int t = c.handlerTransition[st];
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
    private void removeConflicts(Scratch s) {
        CompiledChart c = chart.compiled;
        int kept = 0;
        for (int i = 0; i < s.selCount; i++) {
            int t1 = s.sel[i];
            int d1 = s.selDomain[i];
            boolean preempted = false;
            int removed = 0;
            for (int j = 0; j < kept; j++) {
                if (exitSetsOverlap(c, d1, s.keepDomain[j])) {
                    if (c.isDescendant(c.tSource[t1], c.tSource[s.keepSel[j]])) {
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
        int a = d1 & ~CompiledChart.KEEP;
        int b = d2 & ~CompiledChart.KEEP;
        return a == b || c.isDescendant(a, b) || c.isDescendant(b, a);
    }

    // ================================================================ execution: the flat path

    /**
     * One transition of a flat chart, by its precomputed path: the exits are the active chain from
     * the leaf up to the domain, the entries the compiler's list. Same order, callbacks and history
     * as {@link #microstep}.
     */
    private void microstepFlat(CompiledChart c, int t, Object event) {
        int d = c.tDomain[t];
        if (d == CompiledChart.NO_DOMAIN) {
            internalTaken(c.tSource[t], event);
            runAction(c.tAction[t], c.tSource[t], event);
            return;
        }
        microstepFlat(c, t, d, c.tKeptInitial[t], c.tEntryPath[t], event);
    }

    /** A flat microstep of transition {@code t} with domain {@code d}, entering {@code entryPath} (declared or asked for by a handler). */
    private void microstepFlat(CompiledChart c, int t, int d, int keptInitial, int[] entryPath, Object event) {
        int base = d & ~CompiledChart.KEEP;
        savePrevious();
        int leaf = highestActive(c);
        recordHistoryUpTo(c, leaf, base);
        exitUpTo(c, leaf, base);
        transitionTaken(t, event);
        runAction(c.tAction[t], c.tSource[t], event);
        enterFlat(c, t, keptInitial, entryPath);
    }

    /** Records the history of every state from active leaf {@code leaf} up to, not including, {@code base}. */
    private void recordHistoryUpTo(CompiledChart c, int leaf, int base) {
        if (c.hasHistory) {
            for (int st = leaf; st != base; st = c.parent[st]) {
                if (c.historyChildren[st].length > 0) {
                    recordHistoryOf(c, st);
                }
            }
        }
    }

    /** Exits every state from active leaf {@code leaf} up to, not including, {@code base}, innermost first. */
    private void exitUpTo(CompiledChart c, int leaf, int base) {
        for (int st = leaf; st != base; st = c.parent[st]) {
            exitState(c, st);
        }
    }

    /** The entries of flat transition {@code t}: the kept domain's initial action, then its path or its history's. */
    private void enterFlat(CompiledChart c, int t, int keptInitial, int[] entryPath) {
        if (keptInitial >= 0) {
            runInitialAction(c, keptInitial);
        }
        int h = c.tHistoryTarget[t];
        if (h < 0) {
            enterPath(c, entryPath);
        } else {
            enterThroughHistory(c, t, h);
        }
    }

    /**
     * The entries of transition {@code t} to history state {@code h}: down to h's parent, then
     * the precomputed entries of what h holds now (the exits may just have recorded it). When h
     * recorded nothing, its default action runs after its parent's entry, if the parent was
     * entered, as in {@link #enterStates}.
     */
    private void enterThroughHistory(CompiledChart c, int t, int h) {
        int[] prefix = c.tHistoryPrefix[t];
        enterPath(c, prefix);
        int k = historyCase(h);
        if (k == 0 && prefix.length > 0) {
            runInitialAction(c, h);
        }
        enterPath(c, c.historyEntries[h][k]);
    }

    /** Which of history {@code h}'s precomputed entries applies now ({@link CompiledChart#historyCase}). */
    int historyCase(int h) {
        CompiledChart c = chart.compiled;
        return c.historyCase(h, recordedCount(c, h) == 0 ? -1 : recorded(c, h, 1));
    }

    /** Enters a precomputed path; {@code ~s} marks a state whose initial action follows its entry. */
    private void enterPath(CompiledChart c, int[] path) {
        for (int e : path) {
            int st = e < 0 ? ~e : e;
            enterState(c, st);
            if (e < 0) {
                runInitialAction(c, st);
            }
            if (c.kind[st] == CompiledChart.FINAL) {
                completed(c, st);
            }
        }
    }

    private void exitState(CompiledChart c, int st) {
        exiting(st);
        runAction(c.exitAction[st], st, null);
        exited(st);
    }

    private void enterState(CompiledChart c, int st) {
        entering(st);
        runAction(c.entryAction[st], st, null);
        if (c.clocked[st]) {
            behaviorsEntered(st);
        }
    }

    // The steps of a flat microstep that surround the user's actions. Specializer strings them,
    // with the actions, into method handles; the interpreter calls them too. Each is kept under
    // the JIT's limit for inlining at a rarely taken call site (35 bytes of bytecode): the common
    // case (no listener, no behaviours) inline, the rest in a method of its own.

    /** Before state {@code st}'s exit action: the listener, then its behaviours stop. */
    void exiting(int st) {
        Extras x = extras;
        if (x != null) {
            exitingNoted(x, st);
        }
    }

    private void exitingNoted(Extras x, int st) {
        if (x.listener != null) {
            x.listener.onExit(this, st, cause());
        }
        if (x.tasks != null) {
            x.tasks.exit(st);
        }
    }

    /** After state {@code st}'s exit action. */
    void exited(int st) {
        clearActive(st);
    }

    /** {@link #exited} for a state below 64, its bit given. */
    void exitedLow(long bit) {
        active0 &= ~bit;
    }

    /** Before state {@code st}'s entry action: it becomes active, then the listener hears of it. */
    void entering(int st) {
        setActive(st);
        if (extras != null) {
            enteringNoted(st);
        }
    }

    /** {@link #entering} for a state below 64, its bit given. */
    void enteringLow(int st, long bit) {
        active0 |= bit;
        if (extras != null) {
            enteringNoted(st);
        }
    }

    private void enteringNoted(int st) {
        MachineListener l = extras.listener;
        if (l != null) {
            l.onEntry(this, st, cause());
        }
    }

    /** Whether no listener and no behaviour clock needs to hear of this step's states: the quiet path. */
    boolean quiet() {
        Extras x = extras;
        return x == null || (x.listener == null && x.tasks == null);
    }

    /** {@link #entering} on the quiet path, for a state below 64: only its bit. */
    void enteredQuiet(long bit) {
        active0 |= bit;
    }

    /** {@link #entering} on the quiet path. */
    void enteredQuiet(int st) {
        setActive(st);
    }

    /** After the entry action of a state with behaviours or timers: its clock starts. */
    void behaviorsEntered(int st) {
        tasks().enter(st);
    }

    /** Between the exits and the action of transition {@code t}. */
    void transitionTaken(int t, Object event) {
        if (extras != null && extras.listener != null) {
            extras.listener.onTransition(this, t, event, cause());
        }
    }

    /** Before the action of an internal (targetless) transition from {@code source}. */
    void internalTaken(int source, Object event) {
        if (extras != null && extras.listener != null) {
            extras.listener.onInternal(this, source, event, cause());
        }
    }

    void savePreviousConfiguration() {
        savePrevious();
    }

    void recordHistory(int st) {
        recordHistoryOf(chart.compiled, st);
    }

    void finalEntered(int st) {
        completed(chart.compiled, st);
    }

    /** An action of state (or transition source) {@code st} threw. */
    void actionFailed(Throwable e, int st) {
        reportError(st, e);
    }

    /** A guard of a transition from {@code st} threw: reported, and false. */
    boolean guardFailed(Throwable e, int st) {
        reportError(st, e);
        return false;
    }

    /** A transition the specialised code does not take itself (plans, large histories): the interpreter's. */
    boolean executeGeneral(int t, Object event) {
        execute(chart.compiled, t, event);
        return true;
    }

    /** Runs a user action, if any; what it throws is reported against {@code state} once the step is whole. */
    private void runAction(Act a, int state, Object event) {
        if (a != null) {
            try {
                a.run(this, owner, event);
            } catch (Throwable e) {
                reportError(state, e);
            }
        }
    }

    // ================================================================ execution: the general path

    /** SCXML microstep: exit, transition actions, enter. */
    private void microstep(Scratch s, Object event) {
        CompiledChart c = chart.compiled;
        clear(s.exitSet);
        boolean changes = false;
        for (int i = 0; i < s.selCount; i++) {
            int d = s.selDomain[i];
            if (d != CompiledChart.NO_DOMAIN) {
                int base = d & ~CompiledChart.KEEP;
                orActiveRange(s.exitSet, base + 1, c.end[base]);
                changes = true;
            }
        }
        if (changes) {
            savePrevious();
            if (c.hasPlans) {
                for (int i = 0; i < s.selCount; i++) {
                    int t = s.sel[i];
                    if (c.tPlan[t].length > 0 || c.tResume[t]) {
                        long[] configuration = new long[c.words];
                        copyActive(configuration);
                        tasks().pushPlan(t, s.selDomain[i] & ~CompiledChart.KEEP, configuration);
                    }
                }
            }
        }
        exitStates(s);

        MachineListener l = listener();
        for (int i = 0; i < s.selCount; i++) {
            int t = s.sel[i];
            if (l != null) {
                if (s.selDomain[i] == CompiledChart.NO_DOMAIN) {
                    l.onInternal(this, c.tSource[t], event, cause());
                } else {
                    l.onTransition(this, t, event, cause());
                }
            }
            runAction(c.tAction[t], c.tSource[t], event);
        }

        clear(s.enterSet);
        clear(s.defaultEntry);
        clear(s.historyDefault);
        s.keptCount = 0;
        for (int i = 0; i < s.selCount; i++) {
            if (s.selDomain[i] != CompiledChart.NO_DOMAIN) {
                computeEntrySet(s, i);
            }
        }
        enterStates(s);
    }

    private void exitStates(Scratch s) {
        CompiledChart c = chart.compiled;
        long[] exit = s.exitSet;
        if (c.hasHistory) {
            for (int w = 0; w < exit.length; w++) {
                long bits = exit[w];
                while (bits != 0) {
                    int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    if (c.historyChildren[st].length > 0) {
                        recordHistoryOf(c, st);
                    }
                }
            }
        }
        for (int w = exit.length - 1; w >= 0; w--) {
            long bits = exit[w];
            while (bits != 0) {
                int b = 63 - Long.numberOfLeadingZeros(bits);
                bits &= ~(1L << b);
                exitState(c, (w << 6) + b);
            }
        }
    }

    /** Before anything is exited, a state with history children records its configuration in each. */
    private void recordHistoryOf(CompiledChart c, int st) {
        Extras x = extras();
        if (x.history == null) {
            x.history = new int[c.historySlotsSize];
        }
        int[] history = x.history;
        for (int h : c.historyChildren[st]) {
            int off = c.historyOffset[h];
            int n = 0;
            if (c.kind[h] == CompiledChart.HISTORY_DEEP) {
                for (int d = st + 1; d < c.end[st]; d++) {
                    if (isActive(d) && isLeaf(c, d)) {
                        history[off + 1 + n++] = d;
                    }
                }
            } else {
                for (int child : c.children[st]) {
                    if (isActive(child)) {
                        history[off + 1 + n++] = child;
                    }
                }
            }
            history[off] = n;
        }
    }

    private int recordedCount(CompiledChart c, int h) {
        Extras x = extras;
        return x == null || x.history == null ? 0 : x.history[c.historyOffset[h]];
    }

    private int recorded(CompiledChart c, int h, int j) {
        return extras.history[c.historyOffset[h] + j];
    }

    /** SCXML computeEntrySet for one selected transition. */
    private void computeEntrySet(Scratch s, int i) {
        CompiledChart c = chart.compiled;
        int t = s.sel[i];
        int d = s.selDomain[i];
        int base = d & ~CompiledChart.KEEP;
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
            targets = c.tTargets[t];
            count = targets.length;
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if ((d & CompiledChart.KEEP) != 0 && target == base) {
                enterBelow(s, base);
            } else {
                addDescendants(s, target);
            }
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if (target != base) {
                addAncestorsOfEffectiveTarget(s, target, base);
            }
        }
    }

    /** A target that stays active (local transition to an ancestor, or the root): enter its default content below it. */
    private void enterBelow(Scratch s, int st) {
        CompiledChart c = chart.compiled;
        if (c.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!anyInRange(s.enterSet, child, c.end[child])) {
                    addDescendants(s, child);
                }
            }
            return;
        }
        s.kept[s.keptCount++] = st;
        for (int target : c.initialTargets[st]) {
            addDescendants(s, target);
        }
        for (int target : c.initialTargets[st]) {
            addAncestorsOfEffectiveTarget(s, target, st);
        }
    }

    /** SCXML addDescendantStatesToEnter. */
    private void addDescendants(Scratch s, int st) {
        CompiledChart c = chart.compiled;
        byte k = c.kind[st];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int p = c.parent[st];
            int n = recordedCount(c, st);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addDescendants(s, recorded(c, st, j));
                }
                for (int j = 1; j <= n; j++) {
                    addAncestors(s, recorded(c, st, j), p);
                }
            } else {
                set(s.historyDefault, p);
                s.historyDefaultOf[p] = st;
                for (int target : c.initialTargets[st]) {
                    addDescendants(s, target);
                }
                for (int target : c.initialTargets[st]) {
                    addAncestorsOfEffectiveTarget(s, target, p);
                }
            }
            return;
        }
        set(s.enterSet, st);
        if (k == CompiledChart.COMPOUND) {
            set(s.defaultEntry, st);
            for (int target : c.initialTargets[st]) {
                addDescendants(s, target);
            }
            for (int target : c.initialTargets[st]) {
                addAncestorsOfEffectiveTarget(s, target, st);
            }
        } else if (k == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!anyInRange(s.enterSet, child, c.end[child])) {
                    addDescendants(s, child);
                }
            }
        }
    }

    /** addAncestorStatesToEnter over getEffectiveTargetStates: a history target stands for what it will enter. */
    private void addAncestorsOfEffectiveTarget(Scratch s, int target, int upTo) {
        CompiledChart c = chart.compiled;
        byte k = c.kind[target];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int n = recordedCount(c, target);
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addAncestors(s, recorded(c, target, j), upTo);
                }
            } else {
                for (int d : c.initialTargets[target]) {
                    addAncestorsOfEffectiveTarget(s, d, upTo);
                }
            }
            return;
        }
        addAncestors(s, target, upTo);
    }

    /** SCXML addAncestorStatesToEnter: the proper ancestors of {@code st} below {@code upTo}. */
    private void addAncestors(Scratch s, int st, int upTo) {
        CompiledChart c = chart.compiled;
        for (int anc = c.parent[st]; anc >= 0 && anc != upTo; anc = c.parent[anc]) {
            set(s.enterSet, anc);
            if (c.kind[anc] == CompiledChart.PARALLEL) {
                for (int child : c.children[anc]) {
                    if (!anyInRange(s.enterSet, child, c.end[child])) {
                        addDescendants(s, child);
                    }
                }
            }
        }
    }

    /** SCXML enterStates, in document order, with initial and history-default actions and completion events. */
    private void enterStates(Scratch s) {
        CompiledChart c = chart.compiled;
        for (int k = 0; k < s.keptCount; k++) {
            runInitialAction(c, s.kept[k]);
        }
        long[] enter = s.enterSet;
        for (int w = 0; w < enter.length; w++) {
            long bits = enter[w];
            while (bits != 0) {
                int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                enterState(c, st);
                if (isSet(s.defaultEntry, st)) {
                    runInitialAction(c, st);
                }
                if (isSet(s.historyDefault, st)) {
                    runInitialAction(c, s.historyDefaultOf[st]);
                }
                if (c.kind[st] == CompiledChart.FINAL) {
                    completed(c, st);
                }
            }
        }
    }

    private void runInitialAction(CompiledChart c, int st) {
        runAction(c.initialAction[st], st, null);
    }

    /** A final state was entered: halt at the top, or raise done for its parent (and a completed parallel grandparent). */
    private void completed(CompiledChart c, int finalState) {
        int p = c.parent[finalState];
        if (p == 0) {
            setStatus(HALTED);
            return;
        }
        Scratch s = step();
        s.internal.add(chart.doneEvents[p]);
        int gp = c.parent[p];
        if (gp >= 0 && c.kind[gp] == CompiledChart.PARALLEL && inFinalState(c, gp)) {
            s.internal.add(chart.doneEvents[gp]);
        }
    }

    private boolean inFinalState(CompiledChart c, int st) {
        if (c.kind[st] == CompiledChart.COMPOUND) {
            for (int child : c.children[st]) {
                if (c.kind[child] == CompiledChart.FINAL && isActive(child)) {
                    return true;
                }
            }
            return false;
        }
        if (c.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!inFinalState(c, child)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    // ================================================================ ticks

    /** Outer states first: the active states with polled transitions in document order; a firing skips its domain. */
    private void pollOuterFirst(CompiledChart c) {
        int st = nextActiveIn(c.polledMask, 0);
        while (st >= 0 && status() == RUNNING) {
            int resume = firePolled(c, st);
            st = nextActiveIn(c.polledMask, resume >= 0 ? resume : st + 1);
        }
    }

    /** Innermost first: from each active leaf up; a firing skips the rest of its domain. */
    private void pollInnerFirst(CompiledChart c) {
        int st = nextActiveIn(c.leafMask, 0);
        while (st >= 0 && status() == RUNNING) {
            int resume = -1;
            for (int up = st; up >= 0 && resume < 0; up = c.parent[up]) {
                if (c.polledTransitions[up].length > 0) {
                    resume = firePolled(c, up);
                }
            }
            st = nextActiveIn(c.leafMask, resume >= 0 ? Math.max(resume, st + 1) : st + 1);
        }
    }

    /** Fires the first polled transition of {@code st} that holds; returns where the walk resumes, or -1. */
    private int firePolled(CompiledChart c, int st) {
        for (int t : c.polledTransitions[st]) {
            if (c.tAfter[t] > 0 && !timerDue(c, t)) {
                continue;
            }
            if (guardHolds(c, t, null)) {
                if (c.tTimerOnce[t]) {
                    set(extras.tasks.timersFired, t); // its source stays active: it has fired for this activation
                }
                if (!polledInOneRegion(c, st, t)) {
                    execute(c, t, null);
                }
                int d = c.tDomain[t];
                return d == CompiledChart.NO_DOMAIN ? c.end[st] : c.end[d & ~CompiledChart.KEEP];
            }
        }
        return -1;
    }

    /**
     * In a specialised chart with regions: polled transition {@code t} of {@code st}, when it
     * changes one region only, by its compiled microstep from the one active leaf below {@code st}.
     */
    private boolean polledInOneRegion(CompiledChart c, int st, int t) {
        SpecializedDispatch code = chart.regionSteps ? chart.specializedIfReady() : null;
        return code != null && code.regions != null && c.inOneRegion(t) && !c.hasPlans
                && code.regions.effect(nextActiveIn(c.leafMask, st), t, c.transitionCount, this, owner, null);
    }

    private void runUpdateActions(CompiledChart c) {
        for (int st = nextActiveIn(c.updateMask, 0); st >= 0 && status() == RUNNING;
                st = nextActiveIn(c.updateMask, st + 1)) {
            Act a = c.updateAction[st];
            if (a != null) {
                MachineListener l = listener();
                if (l != null) {
                    l.onUpdate(this, st, cause());
                }
                runAction(a, st, null);
            }
            if (c.behaviors[st].length > 0) {
                tasks().update(st);
            }
        }
    }

    /** Moves on to the next step of the innermost plan whose container holds the finished state. */
    private boolean continuePlan(Scratch s, int finished) {
        CompiledChart c = chart.compiled;
        Tasks t = extras.tasks;
        for (int i = t.planSize - 1; i >= 0; i--) {
            int container = t.planContainer[i];
            if ((finished == container || c.isDescendant(finished, container)) && isActive(container)) {
                if (finished == container) {
                    return false; // the container itself finished: its plan no longer applies
                }
                int step = t.planStep[i];
                long[] config = t.planConfig[i];
                t.removePlanEntry(i);
                s.selCount = 0;
                if (step >= 0) {
                    goTo(s, step, c.planMove(container, finished, step));
                } else {
                    moveToConfiguration(s, config, c.planMove(container, finished, -1));
                }
                return true;
            }
        }
        return false;
    }

    /** Whether timer {@code t}'s source has been active for its ticks, and the timer has not fired in this activation. */
    private boolean timerDue(CompiledChart c, int t) {
        Extras x = extras;
        Tasks tk = x == null ? null : x.tasks;
        return tk != null && tk.ticks - tk.enteredAt[c.tSource[t]] >= c.tAfter[t]
                && !(c.tTimerOnce[t] && isSet(tk.timersFired, t));
    }

    /**
     * How many ticks ({@link #update()} calls) state {@code state} has been active for, counted from
     * the tick it was entered in, for an active state with behaviours or timers; -1 for any other.
     *
     * @param state the state's id
     * @return the ticks, or -1
     * @throws IndexOutOfBoundsException if the chart has no such state
     */
    public long ticksInState(int state) {
        CompiledChart c = chart.compiled;
        Objects.checkIndex(state, c.stateCount);
        Extras x = extras;
        if (!c.clocked[state] || !isActive(state) || x == null || x.tasks == null) {
            return -1;
        }
        return x.tasks.ticks - x.tasks.enteredAt[state];
    }

    private Tasks tasks() {
        Extras x = extras();
        Tasks t = x.tasks;
        if (t == null) {
            x.tasks = t = new Tasks();
        }
        return t;
    }

    // ================================================================ errors and unhandled events

    private boolean guardHolds(CompiledChart c, int t, Object event) {
        Check g = c.tGuard[t];
        if (g == null) {
            return true;
        }
        try {
            return g.test(this, owner, event);
        } catch (Throwable e) {
            reportError(c.tSource[t], e); // a guard that throws is false, as in SCXML
            return false;
        }
    }

    private void unhandled(Object event) {
        if (chart.compiled.hasDeferral && deferIfDeferred(event)) {
            return;
        }
        MachineListener l = listener();
        if (l != null) {
            l.onUnhandled(this, event, cause());
        }
        runAction(chart.compiled.unhandled, 0, event);
    }

    // ================================================================ deferral (UML 2 deferred events)

    /** The first active state, in document order, that defers the event; -1 when none does. Completion events are never deferred. */
    private int deferringState(Object event) {
        CompiledChart c = chart.compiled;
        if (event instanceof Done d && d.chartToken == chart) {
            return -1;
        }
        int found = c.deferAnyMask == null ? -1 : nextActiveIn(c.deferAnyMask, 0);
        for (int trig : c.triggerSet(event)) {
            long[] mask = c.deferMasks[trig];
            if (mask != null) {
                int st = nextActiveIn(mask, 0);
                if (st >= 0 && (found < 0 || st < found)) {
                    found = st;
                }
            }
        }
        return found;
    }

    /** Keeps an event no transition took when an active state defers it; false when none does. */
    private boolean deferIfDeferred(Object event) {
        int st = deferringState(event);
        if (st < 0) {
            return false;
        }
        CompiledChart c = chart.compiled;
        Extras x = extras();
        if (x.deferredCount == c.deferLimit) {
            reportError(st, new DeferralOverflowException(c.name, event, c.deferLimit));
            return true;
        }
        if (x.deferred == null || x.deferredCount == x.deferred.length) {
            x.deferred = java.util.Arrays.copyOf(x.deferred == null ? new Object[0] : x.deferred,
                    Math.min(c.deferLimit, Math.max(4, x.deferredCount * 2)));
        }
        x.deferred[x.deferredCount++] = event;
        MachineListener l = x.listener;
        if (l != null) {
            l.onDeferred(this, event, cause());
        }
        return true;
    }

    /**
     * Offers again, oldest first, each kept event that no active state defers any longer, each
     * as a macrostep of its own; after each, the scan starts again from the oldest, since the
     * configuration may have changed. Bounded like a run-to-completion step.
     */
    private void recallDeferred(Extras x) {
        int recalled = 0;
        int i = 0;
        while (i < x.deferredCount && status() == RUNNING) {
            Object e = x.deferred[i];
            if (deferringState(e) >= 0) {
                i++;
                continue;
            }
            System.arraycopy(x.deferred, i + 1, x.deferred, i, x.deferredCount - i - 1);
            x.deferred[--x.deferredCount] = null;
            if (++recalled > chart.compiled.maxMicrosteps) {
                throw new LivelockException(chart.compiled.name, chart.compiled.maxMicrosteps,
                        noteCycle(chart.compiled, null), toString()); // recalls that keep deferring each other
            }
            MachineListener l = x.listener;
            if (l != null) {
                l.onRecalled(this, e, cause());
            }
            macrostep(e);
            i = 0;
        }
    }

    /**
     * How many events this machine keeps deferred.
     *
     * @return the number of deferred events
     */
    public int deferredCount() {
        Extras x = extras;
        return x == null ? 0 : x.deferredCount;
    }

    private void reportError(int state, Throwable e) {
        if (e instanceof VirtualMachineError vme) {
            throw vme;
        }
        MachineListener l = listener();
        if (l != null) {
            l.onError(this, state, e, cause());
        }
        Scratch s = step();
        CompiledChart c = chart.compiled;
        if (c.errorPolicy == ErrorPolicy.RAISE_ERROR_EVENT) {
            s.internal.add(new ExecutionError(e, c.key[state]));
        } else if (s.firstError == null) {
            s.firstError = e;
        } else if (s.firstError != e) {
            s.firstError.addSuppressed(e);
        }
    }

    // ================================================================ flags and bits

    private int status() {
        return flags & STATUS;
    }

    private void setStatus(int status) {
        flags = (byte) ((flags & ~STATUS) | status);
    }

    private boolean isBusy() {
        return (flags & BUSY) != 0;
    }

    private long word(int w) {
        return w == 0 ? active0 : activeMore[w - 1];
    }

    private boolean isActive(int st) {
        return st < 64 ? (active0 & (1L << st)) != 0 : (activeMore[(st >>> 6) - 1] & (1L << st)) != 0;
    }

    private void setActive(int st) {
        if (st < 64) {
            active0 |= 1L << st;
        } else {
            activeMore[(st >>> 6) - 1] |= 1L << st;
        }
    }

    private void clearActive(int st) {
        if (st < 64) {
            active0 &= ~(1L << st);
        } else {
            activeMore[(st >>> 6) - 1] &= ~(1L << st);
        }
    }

    private void copyActive(long[] dst) {
        dst[0] = active0;
        for (int w = 1; w < dst.length; w++) {
            dst[w] = activeMore[w - 1];
        }
    }

    /** Remembers the configuration about to change, for {@link #revert}. */
    private void savePrevious() {
        previous0 = active0;
        if (activeMore != null) {
            savePreviousMore();
        }
    }

    private void savePreviousMore() {
        Extras x = extras();
        if (x.previousMore == null) {
            x.previousMore = new long[activeMore.length];
        }
        System.arraycopy(activeMore, 0, x.previousMore, 0, activeMore.length);
    }

    /** The deepest active state; in a flat chart, the one active leaf (descendants have larger ids). */
    private int highestActive(CompiledChart c) {
        return c.words == 1 ? 63 - Long.numberOfLeadingZeros(active0) : highestActiveOfMany(c); // -1 when none
    }

    private int highestActiveOfMany(CompiledChart c) {
        for (int w = c.words - 1; w > 0; w--) {
            long bits = activeMore[w - 1];
            if (bits != 0) {
                return (w << 6) + 63 - Long.numberOfLeadingZeros(bits);
            }
        }
        return active0 == 0 ? -1 : 63 - Long.numberOfLeadingZeros(active0);
    }

    /** The lowest active state at or after {@code from} whose bit is set in {@code mask}, or -1. */
    private int nextActiveIn(long[] mask, int from) {
        int words = mask.length;
        for (int w = from >>> 6; w < words; w++) {
            long bits = word(w) & mask[w];
            if (w == from >>> 6) {
                bits &= -1L << (from & 63);
            }
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return -1;
    }

    private static boolean isLeaf(CompiledChart c, int st) {
        return c.kind[st] == CompiledChart.ATOMIC || c.kind[st] == CompiledChart.FINAL;
    }

    private static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    private static void clear(long[] bits) {
        for (int i = 0; i < bits.length; i++) {
            bits[i] = 0;
        }
    }

    /** dst |= active over ids in [from, to). */
    private void orActiveRange(long[] dst, int from, int to) {
        if (from >= to) {
            return;
        }
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            dst[w] |= word(w) & rangeMask(w, from, to);
        }
    }

    private static boolean anyInRange(long[] bits, int from, int to) {
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            if ((bits[w] & rangeMask(w, from, to)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The bits of word {@code w} that fall in ids [from, to). */
    private static long rangeMask(int w, int from, int to) {
        long mask = -1L;
        if (w == from >>> 6) {
            mask &= -1L << (from & 63);
        }
        if (w == (to - 1) >>> 6) {
            mask &= -1L >>> (63 - ((to - 1) & 63));
        }
        return mask;
    }

    // ================================================================ moving to another chart (hot reload)

    /**
     * Moves this machine onto another chart for the same owner type, normally a new version of its
     * chart loaded while the game runs (seed 004: charts changed at run time), and reports what
     * changed. States are matched by their {@linkplain Chart#statePath path}.
     *
     * <ul>
     *   <li>An active state whose path exists in the new chart is <em>kept</em>: it stays active and
     *       nothing runs for it (but for its behaviours that changed: see below).</li>
     *   <li>An active state whose path is gone (renamed counts as gone), or that the new chart no
     *       longer allows (a once-parallel state that is now compound keeps its first child only),
     *       is exited by the <em>old</em> chart, innermost first: the listener's {@code onExit},
     *       its behaviours' {@code onExit} and its exit action, as the old chart declared them, so
     *       that what its entry started is undone. No history is recorded by these exits.</li>
     *   <li>It falls back to its nearest kept ancestor, which is completed by its default, as the
     *       new chart declares it: a compound's initial action and initial transition (or its
     *       history) down to atomic states, and a parallel state's missing regions. Those states
     *       are entered outermost first with their entry and initial actions, and final states
     *       raise their completion events.</li>
     *   <li>Then the step runs to completion on the new chart (eventless transitions, raised
     *       events, moves asked by the actions above). Every callback of the move says
     *       {@link Cause#RELOAD}.</li>
     * </ul>
     *
     * <p>Everything else that names states follows: history records are mapped by path (a record
     * naming a gone state is dropped, and its history enters its default next time); the previous
     * configuration ({@link #revert}), the pushed configurations ({@link #pop}) and the saved
     * configurations of plans are mapped and completed the same way, without callbacks; plan steps
     * whose state or container is gone, or whose container is no longer active, are cleared;
     * behaviour clocks of kept states carry on. A kept state's behaviours that changed (compared by
     * position, class and label) are exited, the old ones, and entered, the new ones; a kept state that
     * became final raises its completion. There is no pending move or internal event between
     * steps; events posted from other threads name no state and stay queued. Events raised by the
     * old exit actions are processed on the new chart, except completion events of the old chart;
     * moves they ask for name old states and are cleared. The machine uses the new chart's compiled
     * dispatch from the next event on. Listeners stay attached; ids they receive during and after
     * the move are the new chart's, except in the old chart's exits.
     *
     * <p>All or nothing: the whole new configuration is computed before anything changes, and a
     * move that cannot be made throws with the machine untouched. A user action that throws
     * during the move is handled as in any step: the move finishes and the error is reported as
     * the chart's {@link ErrorPolicy} says (with {@code RETHROW}, this method throws it after the
     * machine is whole on the new chart; the report is then only lost, not the move).
     *
     * <p>A machine not yet started, or stopped, just takes the new chart (with its history
     * mapped): nothing is active to move. Moving onto the same chart keeps every state.
     *
     * @param newChart the chart to run from now on, for the same owner type
     * @return what the move kept, exited, entered, mapped and cleared
     * @throws IllegalStateException when called from inside a step (an action, a guard or a
     *                               listener), or when the machine has halted in a final state;
     *                               the machine is then unchanged
     */
    public MigrationReport moveTo(Chart<C> newChart) {
        Objects.requireNonNull(newChart, "newChart");
        if (isBusy()) {
            throw new IllegalStateException("moveTo() called from inside a step of machine '" + chart.name()
                    + "': move a machine to another chart between steps, from the thread that runs it");
        }
        if (status() == HALTED) {
            throw new IllegalStateException("machine '" + chart.name()
                    + "' has halted in a final state and ignores everything; it is not moved to chart '"
                    + newChart.name() + "'");
        }
        Chart<C> oldChart = chart;
        CompiledChart from = oldChart.compiled;
        CompiledChart to = newChart.compiled;
        Extras x = extras;
        Migration m = new Migration(from, to);
        m.mapHistory(x == null ? null : x.history);
        long[] now = new long[from.words];
        copyActive(now);
        if (status() == RUNNING) {
            m.planActive(now);
            m.planBehaviors(now);
        }
        m.mapPrevious(previousConfiguration(from.words));
        if (x != null) {
            m.mapStack(x.stack, x.stackDepth);
        }
        Tasks oldTasks = x == null ? null : x.tasks;
        if (oldTasks != null) {
            m.mapPlans(oldTasks.planContainer, oldTasks.planStep, oldTasks.planConfig, oldTasks.planSize);
        }
        long[] previous = m.previous;

        beginStep(Cause.RELOAD);
        boolean completed = false;
        try {
            for (int st : m.exits) {
                exitState(from, st);
            }
            Tasks stopping = extras == null ? null : extras.tasks;
            for (int i = m.behaviorStates.length - 1; i >= 0 && stopping != null; i--) {
                for (int at : m.behaviorPositions[i]) {
                    if (at < from.behaviors[m.behaviorStates[i]].length) {
                        stopping.restartBehavior(m.behaviorStates[i], at, false); // the old chart's instance
                    }
                }
            }
            // What the old exit actions left in the step: events go on to the new chart; moves name old states.
            // A previous configuration wider than one word needs the extras for its high words.
            Extras ex = previous != null && to.words > 1 ? extras() : extras;
            Scratch held = ex == null ? null : ex.step;
            List<Object> raised = new ArrayList<>();
            List<Object> fired = new ArrayList<>();
            Throwable error = null;
            if (held != null) {
                drainInto(held.internal, raised, oldChart, m);
                drainInto(held.external, fired, oldChart, m);
                if (!held.moves.isEmpty()) {
                    m.cleared.add("moves asked by the old chart's exit actions");
                }
                error = held.firstError;
                ex.step = null;
                oldChart.scratch.get().release(held);
            }

            chart = newChart;
            activeMore = to.words > 1 ? new long[to.words - 1] : null;
            active0 = m.keep == null ? 0 : m.keep[0];
            for (int w = 1; m.keep != null && w < to.words; w++) {
                activeMore[w - 1] = m.keep[w];
            }
            previous0 = previous == null ? 0 : previous[0];
            if (ex != null) {
                ex.previousMore = previous != null && to.words > 1 ? java.util.Arrays.copyOfRange(previous, 1, to.words) : null;
                ex.history = m.history;
                ex.stack = m.stack;
                ex.stackDepth = m.stack == null ? 0 : m.stack.length;
                ex.tasks = null;
                boolean keptClocked = false;
                for (int st = 0; m.keep != null && st < from.stateCount; st++) {
                    int n = m.map[st];
                    keptClocked |= n >= 0 && Migration.isSet(m.keep, n) && isSet(now, st) && to.clocked[n];
                }
                if (oldTasks != null || keptClocked) {
                    Tasks t = tasks();
                    t.ticks = oldTasks == null ? 0 : oldTasks.ticks;
                    int clocks = 0;
                    for (int st = 0; m.keep != null && st < from.stateCount; st++) {
                        int n = m.map[st];
                        if (n < 0 || !Migration.isSet(m.keep, n) || !isSet(now, st) || !to.clocked[n]) {
                            continue;
                        }
                        if (oldTasks == null || !from.clocked[st]) {
                            t.enteredAt[n] = t.ticks; // a kept state that gained a clock starts it now
                            continue;
                        }
                        t.enteredAt[n] = oldTasks.enteredAt[st];
                        if (isSet(oldTasks.finished, st)) {
                            set(t.finished, n);
                        }
                        carryFiredTimers(from, st, oldTasks.timersFired, to, n, t.timersFired);
                        clocks++;
                    }
                    for (int i = 0; oldTasks != null && i < m.plans; i++) {
                        t.add(m.planContainer[i], m.planStep[i], m.planConfig[i]);
                    }
                    if (clocks > 0) {
                        m.carried.add("clocks (behaviours, timers) of the kept states");
                    }
                }
            }

            for (int i = 0; i < m.behaviorStates.length; i++) {
                int st = m.map[m.behaviorStates[i]];
                for (int at : m.behaviorPositions[i]) {
                    if (at < to.behaviors[st].length) {
                        tasks().restartBehavior(st, at, true);
                    }
                }
            }
            for (int st : m.keptInitial) {
                runInitialAction(to, st);
                if (m.historyDefaultOf[st] >= 0) {
                    runInitialAction(to, m.historyDefaultOf[st]);
                }
            }
            for (int st : m.enter) {
                enterState(to, st);
                if (isSet(m.defaultEntry, st)) {
                    runInitialAction(to, st);
                }
                if (m.historyDefaultOf[st] >= 0) {
                    runInitialAction(to, m.historyDefaultOf[st]);
                }
                if (to.kind[st] == CompiledChart.FINAL) {
                    completed(to, st);
                }
            }
            for (int st : m.becameFinal) {
                completed(to, st); // a kept state that is final now completes as if it had just been entered
            }
            if (!raised.isEmpty() || !fired.isEmpty() || error != null) {
                Scratch s = step();
                raised.forEach(s.internal::add);
                fired.forEach(s.external::add);
                if (error != null && s.firstError == null) {
                    s.firstError = error;
                } else if (error != null) {
                    s.firstError.addSuppressed(error);
                }
            }
            runToCompletion();
            drainExternal();
            completed = true;
        } finally {
            endStep(completed);
        }
        return report(m);
    }

    /** The configuration {@link #revert} returns to, in {@code words} words, or null when there is none. */
    /**
     * Which of a kept state's timers fired in its activation, carried to the new chart's timers of
     * that state at the same position (in due order) with the same ticks.
     */
    private static void carryFiredTimers(CompiledChart from, int st, long[] fired, CompiledChart to, int n, long[] into) {
        int[] oldPolled = from.polledTransitions[st];
        int[] newPolled = to.polledTransitions[n];
        int j = 0;
        for (int t : oldPolled) {
            if (from.tAfter[t] == 0) {
                continue;
            }
            while (j < newPolled.length && to.tAfter[newPolled[j]] == 0) {
                j++;
            }
            if (j == newPolled.length) {
                return;
            }
            int u = newPolled[j++];
            if (isSet(fired, t) && to.tTimerOnce[u] && to.tAfter[u] == from.tAfter[t]) {
                set(into, u);
            }
        }
    }

    private long[] previousConfiguration(int words) {
        if (previous0 == 0) {
            return null;
        }
        long[] saved = new long[words];
        saved[0] = previous0;
        if (words > 1) {
            System.arraycopy(extras.previousMore, 0, saved, 1, words - 1);
        }
        return saved;
    }

    private static void drainInto(EventQueue q, List<Object> out, Chart<?> oldChart, Migration m) {
        for (Object e = q.poll(); e != null; e = q.poll()) {
            if (e instanceof Done d && d.chartToken == oldChart) {
                m.cleared.add("completion event " + d + " of the old chart");
            } else {
                out.add(e);
            }
        }
    }

    private static MigrationReport report(Migration m) {
        List<String> kept = new ArrayList<>();
        List<String> entered = new ArrayList<>();
        for (int st = 1; m.keep != null && st < m.to.stateCount; st++) {
            if (Migration.isSet(m.keep, st)) {
                kept.add(m.newPath(st));
            }
        }
        for (int st : m.enter) {
            entered.add(m.newPath(st));
        }
        return new MigrationReport(m.from.name, m.to.name, kept, m.gone, entered, m.behaviorsRestarted, m.historyMapped,
                m.historyDropped, m.carried, m.cleared);
    }

    // ================================================================ behaviours and plans

    /**
     * Seed 004's runtime: when each state with behaviours was entered (in ticks), which have
     * finished in their current activation, and the stack of pending plan steps and saved
     * configurations. Doubles as the {@link Activity} handed to behaviours.
     */
    private final class Tasks implements Activity<C> {
        long ticks;
        final long[] enteredAt = new long[chart.compiled.stateCount];
        final long[] finished = new long[chart.compiled.words];
        /** Timers that fired while their source stayed active, by transition id; cleared when the source is entered. */
        final long[] timersFired = new long[(chart.compiled.transitionCount + 63) >>> 6];
        int current;
        int[] planContainer = new int[4];
        int[] planStep = new int[4];
        long[][] planConfig = new long[4][];
        int planSize;

        @Override
        public Machine<C> machine() {
            return Machine.this;
        }

        @Override
        public Object state() {
            return chart.compiled.key[current];
        }

        @Override
        public long ticks() {
            return ticks - enteredAt[current];
        }

        @Override
        public void finish() {
            if (!isSet(finished, current)) {
                set(finished, current);
                step().internal.add(chart.doneEvents[current]);
            }
        }

        @SuppressWarnings("unchecked")
        private Behavior<C>[] behaviorsOf(int st) {
            return (Behavior<C>[]) chart.compiled.behaviors[st];
        }

        void enter(int st) {
            enteredAt[st] = ticks;
            finished[st >>> 6] &= ~(1L << st);
            CompiledChart c = chart.compiled;
            if (c.maxAfter[st] > 0) {
                for (int t : c.polledTransitions[st]) {
                    if (c.tTimerOnce[t]) {
                        timersFired[t >>> 6] &= ~(1L << t);
                    }
                }
            }
            for (Behavior<C> b : behaviorsOf(st)) {
                current = st;
                try {
                    b.onEnter(owner, this);
                } catch (Throwable e) {
                    reportError(st, e);
                }
            }
        }

        /** Starts ({@code enter}) or stops one behaviour of a state that stays active: a behaviour changed by {@link #moveTo}. */
        void restartBehavior(int st, int at, boolean enter) {
            current = st;
            try {
                if (enter) {
                    behaviorsOf(st)[at].onEnter(owner, this);
                } else {
                    behaviorsOf(st)[at].onExit(owner, this);
                }
            } catch (Throwable e) {
                reportError(st, e);
            }
        }

        void update(int st) {
            for (Behavior<C> b : behaviorsOf(st)) {
                current = st;
                try {
                    b.onUpdate(owner, this);
                    current = st;
                    if (!isSet(finished, st) && b.isFinished(owner, this)) {
                        finish();
                    }
                } catch (Throwable e) {
                    reportError(st, e);
                }
            }
        }

        void exit(int st) {
            if (chart.compiled.behaviors[st].length > 0) {
                for (Behavior<C> b : behaviorsOf(st)) {
                    current = st;
                    try {
                        b.onExit(owner, this);
                    } catch (Throwable e) {
                        reportError(st, e);
                    }
                }
            }
            for (int i = planSize - 1; i >= 0; i--) {
                if (planContainer[i] == st && !resumedLater(i, st)) {
                    removePlanEntry(i); // the plan's container is left for good: the plan is abandoned
                }
            }
        }

        /** Whether a saved configuration above entry i will make {@code container} active again. */
        private boolean resumedLater(int i, int container) {
            for (int j = i + 1; j < planSize; j++) {
                if (planStep[j] < 0 && isSet(planConfig[j], container)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Pushes what follows transition t: the configuration it interrupts (kept while its domain
         * stays active), then the later plan steps, last first (kept while the steps' container
         * stays active).
         */
        void pushPlan(int t, int domain, long[] configuration) {
            CompiledChart c = chart.compiled;
            if (c.tResume[t]) {
                add(domain, -1, configuration);
            }
            int[] plan = c.tPlan[t];
            for (int k = plan.length - 1; k >= 0; k--) {
                add(c.tPlanContainer[t], plan[k], null);
            }
        }

        private void add(int container, int step, long[] config) {
            if (planSize == planContainer.length) {
                planContainer = java.util.Arrays.copyOf(planContainer, planSize * 2);
                planStep = java.util.Arrays.copyOf(planStep, planSize * 2);
                planConfig = java.util.Arrays.copyOf(planConfig, planSize * 2);
            }
            planContainer[planSize] = container;
            planStep[planSize] = step;
            planConfig[planSize++] = config;
        }

        void removePlanEntry(int i) {
            System.arraycopy(planContainer, i + 1, planContainer, i, planSize - i - 1);
            System.arraycopy(planStep, i + 1, planStep, i, planSize - i - 1);
            System.arraycopy(planConfig, i + 1, planConfig, i, planSize - i - 1);
            planConfig[--planSize] = null;
        }
    }
}
