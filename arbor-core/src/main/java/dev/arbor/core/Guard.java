package dev.arbor.core;

/**
 * A side-effect-free condition on the owner's extended state and the event that decides whether
 * a transition is enabled.
 *
 * @param <C> the owner (context) type of the chart
 * @param <E> the event type the transition is triggered by
 */
@FunctionalInterface
public interface Guard<C, E> {
    /**
     * Tests the guard.
     *
     * @param owner the owner of the machine, whose extended state the guard reads
     * @param event the event that would trigger the transition
     * @return whether the transition is enabled
     */
    boolean test(C owner, E event);
}
