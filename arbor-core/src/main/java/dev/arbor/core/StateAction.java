package dev.arbor.core;

/**
 * An entry, exit or update action of a state, run with the machine's owner.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface StateAction<C> {
    void run(C owner);
}
