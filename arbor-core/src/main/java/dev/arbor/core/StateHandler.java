package dev.arbor.core;

/**
 * A state written as an object, after the state pattern of Buckland and Samek: its own code
 * decides what to do with each event. Registered with {@link Chart#handlers}.
 *
 * <p>Unlike declared transitions, whose action runs between the exits and the entries, a handler
 * runs its code first and then asks for a transition, so its effects precede the exits, as in QP.
 * Inside parallel regions this means a handler's code has run even when SCXML conflict
 * resolution later drops the transition it asked for; prefer declared transitions there.
 *
 * @param <C> the owner (context) type of the chart
 */
public interface StateHandler<C> {

    /**
     * Runs when the state is entered.
     *
     * @param owner the owner of the machine entering the state
     */
    default void onEntry(C owner) {}

    /**
     * Runs when the state is exited.
     *
     * @param owner the owner of the machine exiting the state
     */
    default void onExit(C owner) {}

    /**
     * The action of the state's initial transition, run after entry and before the initial child is entered.
     *
     * @param owner the owner of the machine entering the state
     */
    default void onInitial(C owner) {}

    /**
     * Runs on every {@link Machine#update()} while the state is active.
     *
     * @param owner the owner of the ticking machine
     */
    default void onUpdate(C owner) {}

    /**
     * Reacts to an event that reached this state, either from an active descendant or directly.
     *
     * @param owner the owner of the machine the event was fired into
     * @param event the event being processed
     * @param to    requests a transition: {@code return to.state(TARGET)}
     * @return what was done; {@link Reply#UNHANDLED} passes the event to the parent
     */
    Reply onEvent(C owner, Object event, Transitions to);
}
