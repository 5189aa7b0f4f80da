package dev.arbor.core;

/**
 * A condition on the owner alone, tested by {@link Machine#update()} for polled transitions and
 * by eventless transitions.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface Condition<C> {
    /**
     * Tests the condition; it should have no side effects.
     *
     * @param owner the owner of the machine, whose data decides
     * @return whether the condition holds
     */
    boolean test(C owner);
}
