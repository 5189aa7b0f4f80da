package dev.arbor.core;

/**
 * An entry, exit or update action of a state, run with the machine's owner.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface StateAction<C> {
    /**
     * Runs the action.
     *
     * @param owner the owner of the machine whose state is entered, exited or updated
     */
    void run(C owner);
}
