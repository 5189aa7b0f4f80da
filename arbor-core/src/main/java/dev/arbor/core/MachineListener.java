package dev.arbor.core;

/**
 * An observer of what a machine does, step by step: the one trace stream that tests, tracing, the
 * inspector and networking attach to. Every method has a do-nothing default. States and
 * transitions are given as chart ids; {@link Chart#stateName(int)} and
 * {@link Chart#describeTransition(int)} turn them into names.
 *
 * <p>Callbacks run on the machine's thread, inside the step; they must not fire events.
 */
public interface MachineListener {

    /**
     * An event (external, or from the internal queue) is about to be processed. Ticks are reported
     * by {@link #onUpdate}.
     *
     * @param machine the machine processing the event
     * @param event   the event about to be processed
     * @param cause   why the machine is stepping
     */
    default void onEvent(Machine<?> machine, Object event, Cause cause) {}

    /**
     * A state is entered: it has just become active, and its entry action is about to run.
     *
     * @param machine the machine entering the state
     * @param state   the id of the state entered
     * @param cause   why the machine is stepping
     */
    default void onEntry(Machine<?> machine, int state, Cause cause) {}

    /**
     * A state is exited: its exit action is about to run, after which it is no longer active.
     *
     * @param machine the machine exiting the state
     * @param state   the id of the state exited
     * @param cause   why the machine is stepping
     */
    default void onExit(Machine<?> machine, int state, Cause cause) {}

    /**
     * A transition with a target is taken: called after the exits and before its action.
     * Programmatic moves ({@link Machine#goTo} and the like) report the chart's move transition,
     * described as {@code "(programmatic move)"}.
     *
     * @param machine    the machine taking the transition
     * @param transition the id of the transition taken
     * @param event      the triggering event, or null for eventless, polled and initial transitions
     * @param cause      why the machine is stepping
     */
    default void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {}

    /**
     * Whether this listener takes a compiled microstep in one call, {@link #onMicrostep}, rather
     * than its exits, transition and entries one by one. Asked once, when the listener is added.
     * A listener that only records what happened (a trace, the inspector) says yes and spares
     * the machine a call per state: the machine then runs the same code as with no listener,
     * plus that one call. A listener that must see each exit and entry between the actions
     * around it (one that reads the machine, or logs next to the actions) keeps the default, no.
     *
     * @return true to hear compiled microsteps through {@link #onMicrostep}
     */
    default boolean takesMicrosteps() {
        return false;
    }

    /**
     * Transition {@code transition} is taken from active leaf {@code leaf} as one compiled
     * microstep; called only on listeners that {@link #takesMicrosteps take microsteps}, before
     * the microstep's first exit. It stands for, in this order: {@link #onExit} for each state of
     * {@link Chart#microstepExits(int, int) chart.microstepExits(leaf, transition)},
     * {@link #onTransition} with {@code event}, then {@link #onEntry} for each state of
     * {@link Chart#microstepEntries(int) chart.microstepEntries(transition)}. An action of the
     * microstep that throws is reported by {@link #onError} after this call. Every other
     * microstep (through history, of a handler state, in several regions at once, on the
     * interpreter) is still reported one callback at a time.
     *
     * @param machine    the machine taking the transition
     * @param leaf       the active leaf state the microstep starts from
     * @param transition the id of the transition taken
     * @param event      the triggering event, or null for eventless and polled transitions
     * @param cause      why the machine is stepping
     */
    default void onMicrostep(Machine<?> machine, int leaf, int transition, Object event, Cause cause) {}

    /**
     * A transition without a target (or a handler that returned HANDLED) consumed the event.
     *
     * @param machine the machine that consumed the event
     * @param state   the id of the state whose transition or handler consumed it
     * @param event   the event consumed
     * @param cause   why the machine is stepping
     */
    default void onInternal(Machine<?> machine, int state, Object event, Cause cause) {}

    /**
     * A tick begins: {@link Machine#update()} was called on a running machine (after the events
     * posted to it have been fired). What the tick does follows: polled and timer transitions,
     * then {@link #onUpdate} for each update action.
     *
     * @param machine the machine ticking
     * @param cause   why the machine is stepping
     */
    default void onTick(Machine<?> machine, Cause cause) {}

    /**
     * A state's update action is about to run during a {@link Machine#update()} tick.
     *
     * @param machine the machine ticking
     * @param state   the id of the state whose update action runs
     * @param cause   why the machine is stepping
     */
    default void onUpdate(Machine<?> machine, int state, Cause cause) {}

    /**
     * No active state had a transition for the event, and none defers it. An event the chart does
     * not know at all comes here only under {@link UnknownEvents#IGNORE}; under
     * {@link UnknownEvents#REJECT} it is an {@link #onError} of the root.
     *
     * @param machine the machine the event was fired into
     * @param event   the event no state took
     * @param cause   why the machine is stepping
     */
    default void onUnhandled(Machine<?> machine, Object event, Cause cause) {}

    /**
     * A user action or guard threw.
     *
     * @param machine the machine whose user code threw
     * @param state   the state whose action threw, or the source of the transition whose action or
     *                guard threw
     * @param error   what was thrown
     * @param cause   why the machine is stepping
     */
    default void onError(Machine<?> machine, int state, Throwable error, Cause cause) {}

    /**
     * No transition took the event and an active state defers it: the machine keeps it, after the
     * events it already keeps ({@link StateBuilder#defer}). An event the machine cannot keep
     * because it keeps as many as the chart allows is reported by {@link #onError} instead, with
     * a {@link DeferralOverflowException}.
     *
     * @param machine the machine keeping the event
     * @param event   the event kept
     * @param cause   why the machine is stepping
     */
    default void onDeferred(Machine<?> machine, Object event, Cause cause) {}

    /**
     * A kept event that no active state defers any longer is offered again: {@link #onEvent} and
     * its processing follow.
     *
     * @param machine the machine offering the event again
     * @param event   the kept event, no longer kept
     * @param cause   why the machine is stepping
     */
    default void onRecalled(Machine<?> machine, Object event, Cause cause) {}

    /**
     * A line of the designer's own output ({@link Machine#log}): a {@code Log} action, or anything
     * else that writes through the machine, with the state whose action wrote it.
     *
     * @param machine the machine that logged
     * @param state   the state whose action wrote the line (a transition's source for a transition's action)
     * @param line    the line, as written
     * @param cause   why the machine is stepping ({@link Cause#NORMAL} outside steps)
     */
    default void onLog(Machine<?> machine, int state, String line, Cause cause) {}

    /**
     * A designer variable changed ({@link Machine#variables()}): by an action, a restore, or code
     * between steps.
     *
     * @param machine  the machine whose variable changed
     * @param variable the variable's id ({@link Chart#variables()})
     * @param value    its new raw value ({@link Variable})
     * @param cause    why the machine is stepping ({@link Cause#NORMAL} outside steps)
     */
    default void onVariable(Machine<?> machine, int variable, int value, Cause cause) {}

    /**
     * A step (an event with what it raised, a tick, the start, a move or a restore) has run to
     * completion, or stopped at an error: the machine is between steps. A listener that gathers
     * what a step's callbacks report can hand it on here, once a step rather than once a callback.
     *
     * @param machine the machine whose step ended
     */
    default void onStepEnd(Machine<?> machine) {}
}
