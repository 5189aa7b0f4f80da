package dev.arbor.core;

/**
 * A condition on the owner alone, tested by {@link Machine#update()} for polled transitions and
 * by eventless transitions.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface Condition<C> {
    boolean test(C owner);
}
