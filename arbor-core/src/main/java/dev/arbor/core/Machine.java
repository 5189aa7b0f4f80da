package dev.arbor.core;

import dev.arbor.core.model.CompiledChart;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
 * <p>This class is the machine's state and its public face. The engine is a set of
 * package-private classes with one job each, static methods over a machine's state:
 * {@code RunToCompletion} is how an event is processed, from {@code fire} to the end of the step,
 * and chooses the tier that takes it: the chart's compiled dispatch ({@code Specializer} builds
 * it into method handles, so that each user guard and action is called from a call site of its
 * own, which the JIT can inline), {@code FlatStep} and {@code HandlerStep} for charts without
 * parallel states (precomputed paths; nothing allocated), {@code RegionStep} for the compiled step
 * of charts with regions, and {@code ScxmlStep}, SCXML's algorithm, for everything. Around them:
 * {@code Ticks}, {@code Moves} (and plans), {@code Deferral}, {@code Snapshots}, {@code Reload}
 * and {@code MachineActivity} (behaviours). {@code arbor.specialize} ({@code eager}, {@code off} or a number
 * of events before compiling) and {@code arbor.flat=off} choose the tiers; the suite runs on each.
 *
 * <p>A user action that throws never leaves a half-made configuration: the step finishes, then the
 * error is reported as the chart's {@link ErrorPolicy} says.
 *
 * @param <C> the owner (context) type
 */
public sealed class Machine<C> permits Machine.WithVariables {

    static final int NEW = 0;
    static final int RUNNING = 1;
    static final int HALTED = 2;
    static final int STOPPED = 3;
    static final int STATUS = 0b11;
    static final int BUSY = 0b100;
    static final int CAUSE_SHIFT = 3;
    private static final Cause[] CAUSES = Cause.values();

    /** Not final only so that {@link #moveTo} can replace it between steps; read as before on every path. */
    Chart<C> chart;
    final C owner;
    /** The active configuration, states 0 to 63: bit s is set when state s is active. */
    long active0;
    /** The configuration before the last change (for {@link #revert}), states 0 to 63; 0 when none. */
    long previous0;
    /** States 64 and up, for charts that large; null otherwise. */
    long[] activeMore;
    /**
     * Everything an idle machine does not need, made on first use. Read plainly on the owner's
     * thread; made under the machine's lock because {@link #post} may make it from another.
     */
    Extras extras;
    /** Status, busy and cause, packed so that an idle machine stays small. */
    byte flags;
    /**
     * Set once the extras are made, after them: a volatile read of it lets the owner see extras a
     * {@link #post} made on another thread, at the cost of a plain load, and only when its own
     * read of {@link #extras} saw none. (It fits in the padding: a machine stays at 48 bytes.)
     */
    private volatile boolean extrasMade;

    Machine(Chart<C> chart, C owner) {
        this.chart = chart;
        this.owner = owner;
        int words = chart.compiled.words;
        this.activeMore = words > 1 ? new long[words - 1] : null;
    }

    /**
     * A machine made for a chart that declares variables or draws random numbers: its variables
     * are one field away, where the built-in conditions read them on every event, and made with
     * it, next to it in memory. A machine whose chart has none stays at 48 bytes; one moved onto
     * such a chart by a reload keeps its variables in its extras.
     */
    static final class WithVariables<C> extends Machine<C> {
        final Variables variables;

        WithVariables(Chart<C> chart, C owner) {
            super(chart, owner);
            this.variables = new Variables(this, chart.compiled);
        }
    }

    /** The variables when the machine has made them; null otherwise. */
    final Variables variablesMade() {
        if (this instanceof WithVariables<C> w) {
            return w.variables;
        }
        Extras x = extras;
        return x == null ? null : x.variables;
    }

    /** Listener, history, saved configurations, behaviour clocks, posted events and the step's scratch. */
    static final class Extras {
        /** Set through {@link #listen}. */
        MachineListener listener;
        /** No listener, or one that takes a compiled microstep as one call ({@link MachineListener#takesMicrosteps}). */
        private boolean microstepsWhole = true;
        long[] previousMore;
        int[] history;
        long[][] stack; // no field is set at construction: a racing plain read sees a whole object
        int stackDepth;
        MachineActivity<?> tasks;
        /** Events posted from other threads, oldest first, null before the first; guarded by this object. */
        private ArrayDeque<Object> posted;
        /** Whether {@link #posted} may hold events: read without the lock, on every tick. */
        volatile boolean anyPosted;
        Scratch step;
        /** What a handler state asks for, on the flat path; made on first use. */
        HandlerRequest request;
        /** What an event selects in a chart with regions, on the specialized path; made on first use. */
        RegionPicks picks;
        /** Listeners added during a step, attached when it ends. */
        MachineListener pendingListener;
        /** The dispatcher this machine is registered with as an agent, or null; and its agent id there. */
        dev.arbor.core.dispatch.Dispatcher dispatcher;
        int agentId;
        /** The designer variables and the seeded generator, made on first use, unless the machine is {@link WithVariables}. */
        Variables variables;
        /** Deferred events, oldest first: {@code deferred[0 .. deferredCount)}. */
        Object[] deferred;
        int deferredCount;

        /** No listener, and no behaviour or plan to tell of exits (see {@code MicrostepHooks.quiet}). */
        boolean quiet() {
            return listener == null && (tasks == null || tasks.exitsQuietly());
        }

        /** {@link #quiet}, or a listener that hears a compiled microstep in one call (see {@code MicrostepHooks.summarised}). */
        boolean summarised() {
            return microstepsWhole && (tasks == null || tasks.exitsQuietly());
        }

        /** Makes {@code l} (a chain, or null) the listener; asks it once whether it takes microsteps whole. */
        void listen(MachineListener l) {
            listener = l;
            microstepsWhole = l == null || l.takesMicrosteps();
        }

        /** No behaviour clocks or plans, and no events posted: a tick needs none of the general path. */
        boolean nothingPending() {
            return tasks == null && !anyPosted;
        }

        // Posted events pass under this object's lock, with a volatile flag the owner reads each
        // tick, rather than through a ConcurrentLinkedQueue, which TeaVM's class library lacks.

        /** Adds an event posted from any thread. */
        synchronized void post(Object event) {
            if (posted == null) {
                posted = new ArrayDeque<>();
            }
            posted.add(event);
            anyPosted = true;
        }

        /** The oldest event posted, removed, or null when none waits; on the owner's thread. */
        synchronized Object takePosted() {
            Object e = posted == null ? null : posted.poll();
            anyPosted = e != null && !posted.isEmpty();
            return e;
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
     * The machine's designer variables (those its chart declares) and its seeded random
     * generator: read and written from Java and by components, part of its whole state.
     *
     * @return the machine's variables (the same object every call)
     */
    public final Variables variables() {
        if (this instanceof WithVariables<C> w) {
            return w.variables;
        }
        Extras x = extras();
        Variables v = x.variables;
        if (v == null) {
            v = x.variables = new Variables(this, chart.compiled);
        }
        return v;
    }

    /** A variable changed: the listeners hear of it. */
    void variableChanged(int variable, int value) {
        Extras x = extras;
        if (x != null && x.listener != null) {
            x.listener.onVariable(this, variable, value, cause());
        }
    }

    /**
     * The dispatcher this machine is registered with as an agent
     * ({@link dev.arbor.core.dispatch.Dispatcher#register(int, Machine)}), through which its actions
     * send telegrams (the built-in {@code Send}); null when it is registered with none.
     *
     * @return the dispatcher, or null
     */
    public dev.arbor.core.dispatch.Dispatcher dispatcher() {
        Extras x = extras;
        return x == null ? null : x.dispatcher;
    }

    /**
     * This machine's agent id at its {@link #dispatcher()}.
     *
     * @return the id it was registered under
     * @throws IllegalStateException when it is registered with no dispatcher
     */
    public int agentId() {
        if (dispatcher() == null) {
            throw new IllegalStateException("machine of chart '" + chart.name() + "' is registered with no dispatcher: "
                    + "register it with Dispatcher.register(agentId, machine)");
        }
        return extras.agentId;
    }

    /**
     * Records that this machine is an agent of {@code dispatcher} under {@code agentId} (null: of
     * none). {@link dev.arbor.core.dispatch.Dispatcher#register(int, Machine)} and
     * {@code unregister} call it; a game does not need to.
     *
     * @param dispatcher the dispatcher, or null
     * @param agentId    its agent id there
     */
    public void registeredWith(dev.arbor.core.dispatch.Dispatcher dispatcher, int agentId) {
        Extras x = extras();
        x.dispatcher = dispatcher;
        x.agentId = agentId;
    }

    /**
     * Writes a line of the designer's own output (what a {@code Log} action writes) to the
     * listeners, as written by an action of {@code state}: the inspector shows it in the trace,
     * {@code arbor run} prints it. With no listener attached it costs one null check.
     *
     * @param state the state whose action writes the line (a transition's source for a transition's action)
     * @param line  the line
     * @throws IllegalArgumentException when the chart has no state {@code state}
     */
    public void log(int state, String line) {
        Objects.requireNonNull(line, "line");
        if (state < 0 || state >= chart.stateCount()) {
            throw new IllegalArgumentException("chart '" + chart.name() + "' has no state " + state
                    + " (its states are 0 to " + (chart.stateCount() - 1) + ")");
        }
        Extras x = extras;
        if (x != null && x.listener != null) {
            x.listener.onLog(this, state, line, cause());
        }
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
            x.listen(x.listener == null ? l : Listeners.both(x.listener, l));
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
        x.listen(rest);
        return removed;
    }

    /**
     * Enters the initial configuration and runs to completion.
     *
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start() {
        RunToCompletion.start(this, Cause.NORMAL);
    }

    /**
     * Enters the initial configuration with a given cause and runs to completion.
     *
     * @param startCause the cause every callback of the step sees
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start(Cause startCause) {
        RunToCompletion.start(this, startCause);
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
        // Kept small, so that it is inlined where it is called: a chart that has been specialized
        // goes to a method of its own, whose profile the JIT sees only specialized events in,
        // even when the caller was compiled while the chart was still interpreted.
        SpecializedDispatch code = chart.specializedIfReady();
        if (code != null && flags == RUNNING && eventCause == Cause.NORMAL && event != null && unobserved()) {
            RunToCompletion.fireSpecialized(this, code, event);
        } else {
            RunToCompletion.fireInterpreted(this, event, eventCause);
        }
    }

    boolean unobserved() {
        Extras x = extras;
        return x == null || x.listener == null;
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
        extras().post(event);
    }

    /** Fires, in order, every event posted from other threads. Call on the owning thread. */
    public void drainPosted() {
        Extras x = extras;
        if (x == null) {
            if (!extrasMade) {
                return; // nothing was ever posted
            }
            x = extras; // post made them on another thread: seen after the volatile read
        }
        if (!x.anyPosted) {
            return;
        }
        for (Object e = x.takePosted(); e != null; e = x.takePosted()) {
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
            // Specialized ticks have a method of their own, as events do (see fire).
            if (x != null && x.listener != null) {
                x.listener.onTick(this, tickCause);
            }
            SpecializedDispatch code = chart.specializedIfReady();
            if (code != null && code.ticks()) {
                Ticks.tickSpecialized(this, code, c, tickCause);
            } else {
                Ticks.tickFlat(this, c, tickCause);
            }
        } else {
            Ticks.tick(this, c, tickCause);
        }
    }

    /**
     * Exits every active state, innermost first, and stops the machine; later events are ignored.
     *
     * @throws IllegalStateException when called from inside a step
     */
    public void stop() {
        RunToCompletion.stop(this);
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
        Moves.requestMove(this, Moves.GOTO, chart.stateId(stateKey));
    }

    /**
     * Returns to the configuration before the last change (a state blip, Buckland's agents): only the states
     * that differ are exited and entered.
     */
    public void revert() {
        Moves.requestMove(this, Moves.REVERT, -1);
    }

    /**
     * Saves the current configuration on a stack, then moves to the state (an interruption).
     *
     * @param stateKey the key (or name) of the state to move to, as {@link #goTo} does
     * @throws IllegalArgumentException if the chart has no such state
     */
    public void push(Object stateKey) {
        Moves.requestMove(this, Moves.PUSH, chart.stateId(stateKey));
    }

    /** Returns to the configuration saved by the matching {@link #push} (resuming the interrupted task). */
    public void pop() {
        Moves.requestMove(this, Moves.POP, -1);
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
        Snapshots.snapshotInto(this, state);
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
        Snapshots.snapshotInto(this, into);
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
        Snapshots.checkNotStepping(this);
        String problem = StateCheck.formProblem(chart.compiled, state);
        if (problem != null) {
            throw new IllegalArgumentException("not a state of chart '" + chart.name() + "': " + problem);
        }
        MachineStateBuffer buffer = new MachineStateBuffer(chart);
        buffer.load(state);
        Snapshots.restore(this, buffer, cause);
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
        Snapshots.restore(this, state, cause);
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
     * The active states below the root, in document order (the update-driven HSM's {@code getStates}): for a
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
            if (isActive(s) && Bits.isLeaf(c, s)) {
                out.add(c.key[s]);
            }
        }
        return out;
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

    /**
     * How many events this machine keeps deferred.
     *
     * @return the number of deferred events
     */
    public int deferredCount() {
        Extras x = extras;
        return x == null ? 0 : x.deferredCount;
    }

    // ---------------------------------------------------------------- moving to another chart (hot reload)

    /**
     * Moves this machine onto another chart for the same owner type, normally a new version of its
     * chart loaded while the game runs (the component HSM: charts changed at run time), and reports what
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
        return Reload.moveTo(this, newChart);
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

    // ================================================================ the state, as the engine reads and writes it

    /** The extras, made on first use (from any thread: see {@link #post}). */
    Extras extras() {
        Extras x = extras;
        return x != null ? x : makeExtras();
    }

    /**
     * Makes the extras unless another thread has: under the machine's lock, so that a
     * {@link #post} racing the owner's first use makes one. (A lock rather than a VarHandle's
     * compare-and-set: TeaVM has no VarHandle, and this runs once a machine.)
     */
    private synchronized Extras makeExtras() {
        Extras x = extras;
        if (x == null) {
            extras = x = new Extras();
            extrasMade = true;
        }
        return x;
    }

    /** The step's scratch, borrowed from the chart's pool on first need within the step. */
    Scratch step() {
        Extras x = extras();
        Scratch s = x.step;
        if (s == null) {
            x.step = s = chart.scratch.get().acquire();
        }
        return s;
    }

    /** The listener, or null: one null check when none is attached. */
    MachineListener listener() {
        Extras x = extras;
        return x == null ? null : x.listener;
    }

    /** How many states history state {@code h} recorded. */
    int recordedCount(CompiledChart c, int h) {
        Extras x = extras;
        return x == null || x.history == null ? 0 : x.history[c.historyOffset[h]];
    }

    /** The {@code j}-th state (from 1) history state {@code h} recorded. */
    int recorded(CompiledChart c, int h, int j) {
        return extras.history[c.historyOffset[h] + j];
    }

    /** The behaviour clocks and plans, made on first use. */
    MachineActivity<C> tasks() {
        Extras x = extras();
        @SuppressWarnings("unchecked")
        MachineActivity<C> t = (MachineActivity<C>) x.tasks;
        if (t == null) {
            x.tasks = t = new MachineActivity<>(this);
        }
        return t;
    }


    int status() {
        return flags & STATUS;
    }

    void setStatus(int status) {
        flags = (byte) ((flags & ~STATUS) | status);
    }

    boolean isBusy() {
        return (flags & BUSY) != 0;
    }

    long word(int w) {
        return w == 0 ? active0 : activeMore[w - 1];
    }

    boolean isActive(int st) {
        return st < 64 ? (active0 & (1L << st)) != 0 : (activeMore[(st >>> 6) - 1] & (1L << st)) != 0;
    }

    void setActive(int st) {
        if (st < 64) {
            active0 |= 1L << st;
        } else {
            activeMore[(st >>> 6) - 1] |= 1L << st;
        }
    }

    void clearActive(int st) {
        if (st < 64) {
            active0 &= ~(1L << st);
        } else {
            activeMore[(st >>> 6) - 1] &= ~(1L << st);
        }
    }

    void copyActive(long[] dst) {
        dst[0] = active0;
        for (int w = 1; w < dst.length; w++) {
            dst[w] = activeMore[w - 1];
        }
    }

    /** Remembers the configuration about to change, for {@link #revert}. */
    void savePrevious() {
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
    int highestActive(CompiledChart c) {
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
    int nextActiveIn(long[] mask, int from) {
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

    /** dst |= active over ids in [from, to). */
    void orActiveRange(long[] dst, int from, int to) {
        if (from >= to) {
            return;
        }
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            dst[w] |= word(w) & Bits.rangeMask(w, from, to);
        }
    }

}
