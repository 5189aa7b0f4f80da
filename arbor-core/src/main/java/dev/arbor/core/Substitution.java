package dev.arbor.core;

/**
 * Which of a chart's functions a {@link Chart#substituted substituted} copy runs in its place.
 * Each method is asked once per function as the copy is compiled, with the id of the transition
 * or state it belongs to and the function the builder was given; it returns the replacement, or
 * null to keep the original. Tools use it to decide guards a test cannot set up (analysis,
 * generated tests that force a guard's outcome) and to leave out effects they do not model.
 *
 * @param <C> the chart's owner type
 */
public interface Substitution<C> {

    /** Where an action runs. */
    enum Site {
        /** A state's entry action; the id is the state's. */
        ENTRY,
        /** A state's exit action; the id is the state's. */
        EXIT,
        /** A state's update (tick) action; the id is the state's. */
        UPDATE,
        /** The action of a state's initial transition; the id is the state's. */
        INITIAL,
        /** A transition's action; the id is the transition's. */
        TRANSITION
    }

    /**
     * The guard to test in place of a transition's guard.
     *
     * @param transition the transition's id
     * @param original   its guard as given to the builder: a {@link Condition}, {@link Guard},
     *                   {@link MachineCondition} or {@link MachineGuard}
     * @return the guard to test instead (it receives the event, or null for an eventless or
     *         ticked transition), or null to keep the original
     */
    default MachineGuard<C, Object> guard(int transition, Object original) {
        return null;
    }

    /**
     * The action to run in place of one of the functions run at a site (a state's entry actions,
     * for one, are asked one by one; a state handler's callbacks are never asked).
     *
     * @param site     where it runs
     * @param id       the state's id, or the transition's for {@link Site#TRANSITION}
     * @param original the function as given to the builder: an {@link Action}, {@link MachineAction},
     *                 {@link StateAction} or {@link MachineStateAction}
     * @return the action to run instead (it receives the event, or null where there is none), or
     *         null to keep the original
     */
    default MachineAction<C, Object> action(Site site, int id, Object original) {
        return null;
    }

    /**
     * The behaviour component to run in place of one of a state's.
     *
     * @param state    the state's id
     * @param original the behaviour as given to the builder
     * @return the behaviour to run instead, or null to keep the original
     */
    default Behavior<C> behavior(int state, Behavior<C> original) {
        return null;
    }

    /**
     * Tests a guard as the builder was given it, whichever of the four shapes it takes: what a
     * substitute calls to run the original (to record its outcome, say).
     *
     * @param guard   a {@link Condition}, {@link Guard}, {@link MachineCondition} or {@link MachineGuard}
     * @param machine the machine whose transition it guards
     * @param owner   its owner
     * @param event   the event, or null for an eventless, polled or timer transition
     * @param <C>     the owner type
     * @return whether it holds
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <C> boolean test(Object guard, Machine<C> machine, C owner, Object event) {
        if (guard instanceof MachineGuard mg) {
            return mg.test(machine, owner, event);
        }
        if (guard instanceof MachineCondition mc) {
            return mc.test(machine, owner);
        }
        if (guard instanceof Guard g) {
            return g.test(owner, event);
        }
        return ((Condition) guard).test(owner);
    }

    /**
     * Runs an action as the builder was given it, whichever of the four shapes it takes.
     *
     * @param action  an {@link Action}, {@link MachineAction}, {@link StateAction} or {@link MachineStateAction}
     * @param machine the machine running it
     * @param owner   its owner
     * @param event   the event, or null where there is none
     * @param <C>     the owner type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <C> void run(Object action, Machine<C> machine, C owner, Object event) {
        if (action instanceof MachineAction ma) {
            ma.run(machine, owner, event);
        } else if (action instanceof Action a) {
            a.run(owner, event);
        } else if (action instanceof MachineStateAction msa) {
            msa.run(machine, owner);
        } else {
            ((StateAction) action).run(owner);
        }
    }
}
