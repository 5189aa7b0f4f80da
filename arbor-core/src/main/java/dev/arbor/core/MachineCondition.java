package dev.arbor.core;

/**
 * A condition on the machine and its owner: it reads what the machine holds besides its owner,
 * such as its designer variables ({@link Machine#variables()}) or whether it is in a state. The
 * built-in conditions designers use in chart files are of this kind.
 *
 * @param <C> the owner (context) type of the chart
 */
@FunctionalInterface
public interface MachineCondition<C> {
    /**
     * Tests the condition; it should have no side effects (drawing from the machine's seeded
     * generator is the one allowed: it is part of the machine's state).
     *
     * @param machine the machine whose transition it guards
     * @param owner   the machine's owner
     * @return whether the condition holds
     */
    boolean test(Machine<C> machine, C owner);
}
