package dev.arbor.core.typed;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.Variables;
import java.util.List;

/**
 * One running instance of a {@link TypedChart}: a face of a {@link Machine} that takes only events
 * of type {@code E} and names only states of type {@code S}. Each method hands its call to the
 * machine ({@link #machine()}) unchanged, so a typed machine behaves exactly as the machine does.
 * Once the JIT has inlined the call, the face adds one field read to an event and allocates
 * nothing (arbor-bench's {@code TypedMachineBenchmark}; docs/benchmarks.md). What the typed face
 * leaves out (telegram agents, state ids, tools' queries) is on the machine.
 *
 * <p>A face, not a machine of its own: the engine hands actions, guards and listeners the
 * {@link Machine}, whose {@code fire} and {@code goTo} take {@code Object}; {@link TypedChart#view}
 * gives them a typed face of it when they want one. The face holds the machine and the state
 * type, so it adds 24 bytes to each machine with compressed references; a loop that ticks a large
 * crowd may hold the machines instead, and save a load per machine.
 *
 * @param <C> the owner (context) type
 * @param <S> the type of the chart's state keys
 * @param <E> the type of the chart's events
 */
public final class TypedMachine<C, S, E> {
    private final Machine<C> machine;
    private final Class<S> stateType;

    TypedMachine(Machine<C> machine, Class<S> stateType) {
        this.machine = machine;
        this.stateType = stateType;
    }

    /**
     * The machine this face hands its calls to, for everything that takes a {@link Machine}:
     * snapshot codecs, rollback, the inspector, the telegram dispatcher.
     *
     * @return the untyped machine
     */
    public Machine<C> machine() {
        return machine;
    }

    /**
     * The owner every action of this machine receives.
     *
     * @return the owner given to {@link TypedChart#newMachine}
     */
    public C owner() {
        return machine.owner();
    }

    /**
     * The machine's designer variables and its seeded random generator ({@link Machine#variables()}).
     *
     * @return the machine's variables (the same object every call)
     */
    public Variables variables() {
        return machine.variables();
    }

    /**
     * Why the current step runs; {@link Cause#NORMAL} outside steps.
     *
     * @return the cause of the current step
     */
    public Cause cause() {
        return machine.cause();
    }

    /**
     * Whether the machine has been started (or restored, or stopped).
     *
     * @return false until then
     */
    public boolean isStarted() {
        return machine.isStarted();
    }

    /**
     * Whether a top-level final state was entered; a halted machine ignores events.
     *
     * @return true once halted
     */
    public boolean isHalted() {
        return machine.isHalted();
    }

    /**
     * Whether one of the machine's actions, guards or listeners is running ({@link Machine#isStepping()}).
     *
     * @return true inside a step
     */
    public boolean isStepping() {
        return machine.isStepping();
    }

    // ---------------------------------------------------------------- listeners

    /**
     * Attaches a listener ({@link Machine#addListener}).
     *
     * @param listener the listener to call
     * @return this machine
     */
    public TypedMachine<C, S, E> addListener(MachineListener listener) {
        machine.addListener(listener);
        return this;
    }

    /**
     * Detaches a listener ({@link Machine#removeListener}).
     *
     * @param listener the listener to detach
     * @return whether it was attached
     * @throws IllegalStateException when called from inside a step
     */
    public boolean removeListener(MachineListener listener) {
        return machine.removeListener(listener);
    }

    // ---------------------------------------------------------------- running

    /**
     * Enters the initial configuration and runs to completion.
     *
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start() {
        machine.start();
    }

    /**
     * Enters the initial configuration with a given cause and runs to completion.
     *
     * @param startCause the cause every callback of the step sees
     * @throws IllegalStateException if the machine is already started, or when called from inside a step
     */
    public void start(Cause startCause) {
        machine.start(startCause);
    }

    /**
     * Processes one event to completion, as an ordinary input ({@link Machine#fire(Object)}).
     *
     * @param event the event
     */
    public void fire(E event) {
        machine.fire(event);
    }

    /**
     * Processes one event to completion with a given cause ({@link Machine#fire(Object, Cause)}).
     *
     * @param event      the event
     * @param eventCause the cause every callback of the step sees
     */
    public void fire(E event, Cause eventCause) {
        machine.fire(event, eventCause);
    }

    /**
     * Places an event on the internal queue, processed before the current step ends; outside a
     * step, the same as {@link #fire(Object)}.
     *
     * @param event the event to process within the current step
     */
    public void raise(E event) {
        machine.raise(event);
    }

    /**
     * Hands an event to the machine from any thread; it is fired by the owning thread's next
     * {@link #update} or {@link #drainPosted}.
     *
     * @param event the event to fire later, in posting order
     */
    public void post(E event) {
        machine.post(event);
    }

    /** Fires, in order, every event posted from other threads. Call on the owning thread. */
    public void drainPosted() {
        machine.drainPosted();
    }

    /**
     * Runs one tick: posted events, polled and timed transitions, then every active state's update
     * action ({@link Machine#update()}).
     */
    public void update() {
        machine.update();
    }

    /**
     * Runs one tick with a given cause: {@link Cause#REPLAY} when a rollback re-simulates it.
     *
     * @param tickCause the cause every callback of the tick sees
     */
    public void update(Cause tickCause) {
        machine.update(tickCause);
    }

    /**
     * Exits every active state, innermost first, and stops the machine; later events are ignored.
     *
     * @throws IllegalStateException when called from inside a step
     */
    public void stop() {
        machine.stop();
    }

    // ---------------------------------------------------------------- programmatic moves

    /**
     * Moves to a state, as an external transition from the active leaf nearest to it
     * ({@link Machine#goTo}).
     *
     * @param state the state to move to (a history state too)
     */
    public void goTo(S state) {
        machine.goTo(state);
    }

    /**
     * Returns to the configuration before the last change (a state blip).
     */
    public void revert() {
        machine.revert();
    }

    /**
     * Saves the current configuration on a stack, then moves to the state (an interruption).
     *
     * @param state the state to move to, as {@link #goTo} does
     */
    public void push(S state) {
        machine.push(state);
    }

    /** Returns to the configuration saved by the matching {@link #push} (resuming the interrupted task). */
    public void pop() {
        machine.pop();
    }

    /**
     * How many configurations {@link #push} has saved that {@link #pop} has not restored.
     *
     * @return the depth of the stack of saved configurations
     */
    public int pushedDepth() {
        return machine.pushedDepth();
    }

    // ---------------------------------------------------------------- queries

    /**
     * Whether the state is active: for an enum key, an array read and a bit test.
     *
     * @param state the state
     * @return whether it is active
     * @throws IllegalArgumentException if the chart has no such state
     */
    public boolean isIn(S state) {
        return machine.isIn(state);
    }

    /**
     * The active states below the root, in document order: the list {@link Machine#activeStates()}
     * makes (nothing more is allocated), each key checked to be of type {@code S}.
     *
     * @return a fresh list of the states, empty when no state is active
     * @throws ClassCastException when the machine was moved, untyped, onto a chart with other keys
     */
    public List<S> activeStates() {
        return checked(machine.activeStates());
    }

    /**
     * The active atomic and final states, in document order: the list
     * {@link Machine#activeLeaves()} makes, each key checked to be of type {@code S}.
     *
     * @return a fresh list of the states, empty when no state is active
     * @throws ClassCastException when the machine was moved, untyped, onto a chart with other keys
     */
    public List<S> activeLeaves() {
        return checked(machine.activeLeaves());
    }

    /** The machine's fresh list of keys, as what a typed chart's keys all are (checked, so that a list never lies). */
    @SuppressWarnings("unchecked")
    private List<S> checked(List<Object> keys) {
        for (Object key : keys) {
            stateType.cast(key);
        }
        return (List<S>) (List<?>) keys;
    }

    /**
     * How many events this machine keeps deferred.
     *
     * @return the number of deferred events
     */
    public int deferredCount() {
        return machine.deferredCount();
    }

    // ---------------------------------------------------------------- snapshots and reload

    /**
     * The machine's whole state apart from its owner ({@link Machine#snapshot()}).
     *
     * @return the state, to {@link #restore} here or on another machine of the chart
     */
    public MachineState snapshot() {
        return machine.snapshot();
    }

    /**
     * {@link #snapshot()} into a reusable buffer, allocating nothing once it has grown.
     *
     * @param into the buffer overwritten, made for this machine's chart
     * @throws IllegalArgumentException if the buffer was made for another chart
     */
    public void snapshotInto(MachineStateBuffer into) {
        machine.snapshotInto(into);
    }

    /**
     * Puts a saved state back ({@link Machine#restore(MachineState, Cause)}), checked whole before
     * anything changes.
     *
     * @param state the state to put back, such as one {@link #snapshot()} made
     * @param cause the cause every callback of the restore sees (normally {@link Cause#RESTORE})
     * @throws IllegalArgumentException naming what is wrong when the state is not a valid state of
     *                                  this chart; the machine is then unchanged
     * @throws IllegalStateException    when called from inside a step
     */
    public void restore(MachineState state, Cause cause) {
        machine.restore(state, cause);
    }

    /**
     * {@link #restore(MachineState, Cause)} from a reusable buffer, as a codec fills one.
     *
     * @param state the state to put back, made for this machine's chart
     * @param cause the cause every callback of the restore sees
     * @throws IllegalArgumentException naming what is wrong; the machine is then unchanged
     * @throws IllegalStateException    when called from inside a step
     */
    public void restore(MachineStateBuffer state, Cause cause) {
        machine.restore(state, cause);
    }

    /**
     * Moves this machine onto another version of its chart, of the same state and event types,
     * keeping what both versions share ({@link Machine#moveTo}).
     *
     * @param newChart the chart to run from now on
     * @return what the move kept, exited, entered, mapped and cleared
     * @throws IllegalStateException when called from inside a step, or when the machine has halted
     */
    public MigrationReport moveTo(TypedChart<C, S, E> newChart) {
        return machine.moveTo(newChart.chart());
    }

    /**
     * The chart the machine runs now: the one it was made from, or the last one {@link #moveTo}
     * moved it onto.
     *
     * @return the untyped chart
     */
    public Chart<C> chart() {
        return machine.chart();
    }

    @Override
    public String toString() {
        return machine.toString();
    }
}
