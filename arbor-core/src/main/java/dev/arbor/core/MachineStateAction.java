package dev.arbor.core;

/**
 * An entry, exit or update action that also sees the {@link Machine} running it, for example to
 * skip effects when {@link Machine#cause()} is not {@link Cause#NORMAL}.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface MachineStateAction<C> {
    /**
     * Runs the action.
     *
     * @param machine the machine whose state is entered, exited or updated, to ask its cause or
     *                raise events
     * @param owner   that machine's owner
     */
    void run(Machine<C> machine, C owner);
}
