package dev.arbor.core;

/**
 * Observes what a machine does, step by step: the one trace stream that tests, tracing, the
 * inspector and networking attach to. Every method has a do-nothing default. States and
 * transitions are given as chart ids; {@link Chart#stateName(int)} and
 * {@link Chart#describeTransition(int)} turn them into names.
 *
 * <p>Callbacks run on the machine's thread, inside the step; they must not fire events.
 */
public interface MachineListener {

    /** An event is about to be processed (external, internal or a tick's polled transitions). */
    default void onEvent(Machine<?> machine, Object event, Cause cause) {}

    /** A state was entered (after its entry action ran). */
    default void onEntry(Machine<?> machine, int state, Cause cause) {}

    /** A state was exited (after its exit action ran). */
    default void onExit(Machine<?> machine, int state, Cause cause) {}

    /**
     * A transition with a target is taken: called after the exits and before its action.
     * Programmatic moves ({@link Machine#goTo} and the like) report the chart's move transition,
     * described as {@code "(programmatic move)"}.
     *
     * @param event the triggering event, or null for eventless, polled and initial transitions
     */
    default void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {}

    /** A transition without a target (or a handler that returned HANDLED) consumed the event. */
    default void onInternal(Machine<?> machine, int state, Object event, Cause cause) {}

    /** A state's update action is about to run during a {@link Machine#update()} tick. */
    default void onUpdate(Machine<?> machine, int state, Cause cause) {}

    /** No active state had a transition for the event. */
    default void onUnhandled(Machine<?> machine, Object event, Cause cause) {}

    /**
     * A user action or guard threw.
     *
     * @param state the state whose action threw, or the source of the transition whose action or
     *              guard threw
     */
    default void onError(Machine<?> machine, int state, Throwable error, Cause cause) {}
}
