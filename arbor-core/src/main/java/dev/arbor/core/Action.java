package dev.arbor.core;

/**
 * An action run by a transition, with the machine's owner and the event that triggered it.
 *
 * @param <C> the owner (context) type of the chart
 * @param <E> the event type the transition is triggered by
 */
@FunctionalInterface
public interface Action<C, E> {
    /**
     * Runs the action.
     *
     * @param owner the owner of the machine taking the transition, whose data the action changes
     * @param event the event that triggered the transition (for an {@code onUnhandled} hook, the
     *              event no state handled)
     */
    void run(C owner, E event);
}
