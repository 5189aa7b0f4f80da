package dev.arbor.core;

/**
 * An action run by a transition, with the machine's owner and the event that triggered it.
 *
 * @param <C> the owner (context) type of the chart
 * @param <E> the event type the transition is triggered by
 */
@FunctionalInterface
public interface Action<C, E> {
    void run(C owner, E event);
}
