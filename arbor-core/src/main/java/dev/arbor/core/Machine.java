package dev.arbor.core;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.Bits;
import dev.arbor.core.semantics.Listeners;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.Moves;
import dev.arbor.core.semantics.Reload;
import dev.arbor.core.semantics.RunToCompletion;
import dev.arbor.core.semantics.Snapshots;
import dev.arbor.core.semantics.StateCheck;
import dev.arbor.core.semantics.Ticks;
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
 * <p>This class is the machine's public face; its state is {@link MachineCore}, which the engine's
 * semantics ({@code dev.arbor.core.semantics}) reads and writes. Each method here hands the work
 * to one class there: {@code RunToCompletion} for events (it chooses the tier that takes each:
 * the chart's compiled dispatch, the flat path or the general SCXML step), {@code Ticks} for
 * ticks, {@code Moves}, {@code Snapshots} and {@code Reload}. docs/architecture.md follows an
 * event and a tick through them; {@code arbor.specialize} and {@code arbor.flat=off} choose the
 * tiers ({@code ChartCore}), and the suite runs on each.
 *
 * <p>A user action that throws never leaves a half-made configuration: the step finishes, then the
 * error is reported as the chart's {@link ErrorPolicy} says.
 *
 * @param <C> the owner (context) type
 */
@SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
public sealed class Machine<C> extends MachineCore permits Machine.WithVariables {

    Machine(Chart<C> chart, C owner) {
        super(chart, owner);
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
            this.variables = new Variables(this, chart.compiled());
        }

        @Override
        protected Variables variablesMade() {
            return variables;
        }
    }

    // ================================================================ public API

    /**
     * The chart this machine runs: the one it was made from, or the last one {@link #moveTo} moved it onto.
     *
     * @return the machine's chart
     */
    @SuppressWarnings("unchecked")
    public Chart<C> chart() {
        return (Chart<C>) chart;
    }

    /**
     * The owner every action of this machine receives.
     *
     * @return the owner given to {@link Chart#newMachine}
     */
    @SuppressWarnings("unchecked")
    public C owner() {
        return (C) owner;
    }

    /**
     * Gives the machine another owner, which every action receives from the next step on: a
     * pooled machine reused for another entity, or one made before its entity (gdx-ai's
     * {@code setOwner}). Nothing runs; the configuration and everything else stay as they are.
     *
     * @param owner the new owner
     * @throws IllegalStateException when called from inside a step, whose remaining actions
     *                               already hold the old owner
     */
    public void setOwner(C owner) {
        if (isBusy()) {
            throw new IllegalStateException("setOwner() called from inside a step of machine '" + chart().name()
                    + "': call it between steps");
        }
        this.owner = owner;
    }

    /**
     * Why the current step runs; {@link Cause#NORMAL} outside steps.
     *
     * @return the cause of the current step
     */
    public Cause cause() {
        return stepCause();
    }

    /**
     * Whether {@link #start} or a {@link #restore} has run (or {@link #stop}, on a machine never
     * started): until then, inputs that run a step ({@link #fire}, {@link #update} and the like)
     * are refused.
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
            v = x.variables = new Variables(this, compiled());
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
     * ({@code Dispatcher.register(agentId, machine)}), through which its actions send telegrams
     * (the built-in {@code Send}); null when it is registered with none.
     *
     * @return the dispatcher, or null
     */
    public Telegraph dispatcher() {
        Extras x = extras;
        return x == null ? null : (Telegraph) x.dispatcher;
    }

    /**
     * This machine's agent id at its {@link #dispatcher()}.
     *
     * @return the id it was registered under
     * @throws IllegalStateException when it is registered with no dispatcher
     */
    public int agentId() {
        if (dispatcher() == null) {
            throw new IllegalStateException("machine of chart '" + chart().name() + "' is registered with no dispatcher: "
                    + "register it with Dispatcher.register(agentId, machine)");
        }
        return extras.agentId;
    }

    /**
     * Records that this machine is an agent of {@code dispatcher} under {@code agentId} (null: of
     * none). {@code Dispatcher.register(agentId, machine)} and {@code unregister} call it; a game
     * does not need to.
     *
     * @param dispatcher the dispatcher, or null
     * @param agentId    its agent id there
     */
    public void registeredWith(Telegraph dispatcher, int agentId) {
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
        if (state < 0 || state >= chart().stateCount()) {
            throw new IllegalArgumentException("chart '" + chart().name() + "' has no state " + state
                    + " (its states are 0 to " + (chart().stateCount() - 1) + ")");
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
            throw new IllegalStateException("removeListener() called from inside a step of machine '" + chart().name() + "'");
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
     * Enters the initial configuration and runs to completion. A machine must be started (or
     * {@linkplain #restore restored}) before it takes events or ticks, so that its entry actions
     * run when the game says, not on its first input; it is started once.
     *
     * @throws IllegalStateException if the machine is already started (or restored, or stopped),
     *                               naming its chart, or when called from inside a step
     */
    public void start() {
        RunToCompletion.start(this, Cause.NORMAL);
    }

    /**
     * Enters the initial configuration with a given cause and runs to completion.
     *
     * @param startCause the cause every callback of the step sees
     * @throws IllegalStateException if the machine is already started (or restored, or stopped),
     *                               naming its chart, or when called from inside a step
     */
    public void start(Cause startCause) {
        RunToCompletion.start(this, startCause);
    }

    /**
     * Processes one event to completion, as an ordinary input; see {@link #fire(Object, Cause)}.
     *
     * @param event an enum constant, an object matched by its class, a {@link NamedEvent} or a name
     * @throws IllegalStateException    if the machine was never started (call {@link #start()} first)
     * @throws IllegalArgumentException if the chart does not know the event at all and its
     *                                  {@link UnknownEvents} policy rejects it
     */
    public void fire(Object event) {
        fire(event, Cause.NORMAL);
    }

    /**
     * Processes one event to completion. Called from inside an action, the event is queued and
     * processed after the current step (an action never re-enters the engine). An event that no
     * active state takes goes to the chart's {@code onUnhandled} hook and the listeners'
     * {@code onUnhandled}, or is kept when an active state defers it; an event the chart does not
     * know at all (no trigger of it matches) is treated as the chart's {@link UnknownEvents}
     * policy says. A machine never started refuses the event; a halted or stopped one ignores it.
     * docs/architecture.md, "What happens to an event", sets these cases side by side.
     *
     * @param event      an enum constant, an object matched by its class, a {@link NamedEvent} or a name
     * @param eventCause the cause every callback of the step sees
     * @throws IllegalStateException    if the machine was never started (call {@link #start()} first):
     *                                  nothing runs, no listener hears of it
     * @throws IllegalArgumentException if the chart does not know the event at all and its
     *                                  {@link UnknownEvents} policy rejects it, once the step has
     *                                  finished (by the chart's {@link ErrorPolicy})
     */
    public void fire(Object event, Cause eventCause) {
        RunToCompletion.fire(this, event, eventCause);
    }

    /**
     * Places an event on the internal queue, processed before the current step ends. Outside a
     * step it is the same as {@link #fire(Object)}, refused as it is by a machine never started.
     *
     * @param event the event to process within the current step
     * @throws IllegalStateException if called outside a step on a machine never started
     */
    public void raise(Object event) {
        Objects.requireNonNull(event, "event");
        if (!isBusy()) {
            if (status() == NEW) {
                throw RunToCompletion.notStarted(this, "raise(" + RunToCompletion.eventText(event) + ")");
            }
            fire(event);
            return;
        }
        step().internal.add(event);
    }

    /**
     * Hands an event to the machine from any thread; it is fired by the owning thread's next
     * {@link #update} or {@link #drainPosted}. A machine not yet started may be posted to: the
     * events wait for its start and its first tick.
     *
     * @param event the event to fire later, in posting order
     */
    public void post(Object event) {
        Objects.requireNonNull(event, "event");
        extras().post(event);
    }

    /**
     * Fires, in order, every event posted from other threads. Call on the owning thread.
     *
     * @throws IllegalStateException if the machine was never started (the events stay posted)
     */
    public void drainPosted() {
        RunToCompletion.drainPosted(this);
    }

    /**
     * Runs one tick: fires posted events, then tests polled transitions from the root down (or
     * from the leaves up, as the chart chooses) and fires at most one per region subtree, then
     * runs every active state's update action, root to leaf. A halted or stopped machine ignores
     * the tick.
     *
     * @throws IllegalStateException if the machine was never started (call {@link #start()}
     *                               first), or when called from inside a step
     */
    public void update() {
        update(Cause.NORMAL);
    }

    /**
     * Runs one tick with a given cause: {@link Cause#REPLAY} when a rollback re-simulates it.
     *
     * @param tickCause the cause every callback of the tick sees
     * @throws IllegalStateException if the machine was never started (call {@link #start()}
     *                               first), or when called from inside a step
     */
    public void update(Cause tickCause) {
        Ticks.update(this, tickCause);
    }

    /**
     * Exits every active state, innermost first, and stops the machine; later events and ticks
     * are ignored. A machine never started is stopped without running anything; it cannot be
     * started after.
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
     * microstep, as a step of its own; asked outside, it runs at once, to completion. A halted
     * or stopped machine ignores it.
     *
     * @param stateKey the key (or name) of the state to move to
     * @throws IllegalArgumentException if the chart has no such state
     * @throws IllegalStateException    if the machine was never started (call {@link #start()} first)
     */
    public void goTo(Object stateKey) {
        Moves.requestMove(this, Moves.GOTO, chart().stateId(stateKey));
    }

    /**
     * Returns to the configuration before the last change (a state blip, Buckland's agents): only the states
     * that differ are exited and entered. Asked and run as {@link #goTo} is.
     *
     * @throws IllegalStateException if the machine was never started (call {@link #start()} first)
     */
    public void revert() {
        Moves.requestMove(this, Moves.REVERT, -1);
    }

    /**
     * Saves the current configuration on a stack, then moves to the state (an interruption).
     *
     * @param stateKey the key (or name) of the state to move to, as {@link #goTo} does
     * @throws IllegalArgumentException if the chart has no such state
     * @throws IllegalStateException    if the machine was never started (call {@link #start()} first)
     */
    public void push(Object stateKey) {
        Moves.requestMove(this, Moves.PUSH, chart().stateId(stateKey));
    }

    /**
     * Returns to the configuration saved by the matching {@link #push} (resuming the interrupted
     * task). Asked and run as {@link #goTo} is.
     *
     * @throws IllegalStateException if the machine was never started (call {@link #start()} first)
     */
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

    /**
     * Whether the state with this id is active in the configuration {@code push} saved at
     * {@code index}: 0 is the oldest, {@code pushedDepth() - 1} the newest, the one {@link #pop}
     * returns to. One array read; allocates nothing.
     *
     * @param index the saved configuration's place on the stack, below {@link #pushedDepth()}
     * @param state the state's id
     * @return whether it is active there
     * @throws IndexOutOfBoundsException if {@code index} is not below {@link #pushedDepth()}
     */
    public boolean isInPushed(int index, int state) {
        Objects.checkIndex(index, pushedDepth());
        long[] saved = extras.stack[index]; // a depth above 0 has its extras
        return (saved[state >>> 6] & (1L << state)) != 0;
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
        MachineStateBuffer state = new MachineStateBuffer(chart());
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
     * finished behaviours, fired timers and deferred events. On a machine not yet started the
     * restore is its start, from the snapshot instead of the initial configuration: it is started
     * after, and {@link #start()} is refused. The state is checked whole before anything changes.
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
        String problem = StateCheck.formProblem(compiled(), state);
        if (problem != null) {
            throw new IllegalArgumentException("not a state of chart '" + chart().name() + "': " + problem);
        }
        MachineStateBuffer buffer = new MachineStateBuffer(chart());
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
        CompiledChart c = compiled();
        return c.paths.historyOffset[historyState] < 0 ? 0 : recordedCount(c, historyState);
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
        return recorded(compiled(), historyState, j + 1);
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
        return isActive(chart().stateId(stateKey));
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
     * Whether the state with this id was active in the configuration before the last change, the
     * one {@link #revert} returns to (false for every state when there is none). One array read;
     * allocates nothing, unlike reading it from a {@link #snapshot()}.
     *
     * @param state the state's id
     * @return whether it was active
     */
    public boolean wasIn(int state) {
        if (state < 64 || previous0 == 0) { // a previous configuration holds the root, bit 0
            return state < 64 && (previous0 & (1L << state)) != 0;
        }
        return (extras.previousMore[(state >>> 6) - 1] & (1L << state)) != 0;
    }

    /**
     * The active states below the root, in document order (the update-driven HSM's {@code getStates}): for a
     * chart without parallel states, the path from the top down to the current leaf.
     *
     * @return a fresh list of the states' keys, empty when no state is active
     */
    public List<Object> activeStates() {
        CompiledChart c = compiled();
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                out.add(c.states.key[s]);
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
        CompiledChart c = compiled();
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s) && Bits.isLeaf(c, s)) {
                out.add(c.states.key[s]);
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
        CompiledChart c = compiled();
        Objects.checkIndex(state, c.stateCount);
        Extras x = extras;
        if (!c.ticks.clocked[state] || !isActive(state) || x == null || x.tasks == null) {
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
        CompiledChart c = compiled();
        List<String> names = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                names.add(c.states.name[s]);
            }
        }
        return "Machine[" + c.name + " " + names + (status() == HALTED ? " halted" : "") + "]";
    }

}
