package dev.arbor.core;

/**
 * A guard on the machine, its owner and the event: a {@link MachineCondition} that also sees the
 * event being processed.
 *
 * @param <C> the owner (context) type of the chart
 * @param <E> the event type the transition is triggered by
 */
@FunctionalInterface
public interface MachineGuard<C, E> {
    /**
     * Tests the guard; it should have no side effects (drawing from the machine's seeded generator
     * is the one allowed: it is part of the machine's state).
     *
     * @param machine the machine whose transition it guards
     * @param owner   the machine's owner
     * @param event   the event being processed
     * @return whether the transition may be taken
     */
    boolean test(Machine<C> machine, C owner, E event);
}
