package dev.arbor.core;

/**
 * An action that also sees the {@link Machine} running it, so it can {@link Machine#raise raise}
 * events or read the {@link Machine#cause() cause} of the step.
 *
 * @param <C> the owner (context) type of the chart
 * @param <E> the event type the transition is triggered by
 */
@FunctionalInterface
public interface MachineAction<C, E> {
    /**
     * Runs the action.
     *
     * @param machine the machine taking the transition, to raise events or ask its cause
     * @param owner   that machine's owner
     * @param event   the event that triggered the transition
     */
    void run(Machine<C> machine, C owner, E event);
}
