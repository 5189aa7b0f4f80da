package dev.arbor.analysis;

import dev.arbor.core.Action;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;

/**
 * A chart's own guards and actions, called as the engine calls them: the function a builder was
 * given ({@code Chart.transitionInfo(t)}'s guard, what {@code Substitution} is asked about) is one
 * of four guard or four action interfaces, and a substituted copy that still runs it calls it here.
 */
final class UserCode {
    private UserCode() {}

    /**
     * Tests a guard as built: a {@link MachineGuard}, {@link MachineCondition}, {@link Guard} or {@link Condition}.
     *
     * @param guard   the guard
     * @param machine the machine whose transition it guards
     * @param owner   its owner
     * @param event   the event, or null for an eventless, polled or timer transition
     * @return whether it holds
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static boolean test(Object guard, Machine<?> machine, Object owner, Object event) {
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
     * Runs an action as built: a {@link MachineAction}, {@link Action}, {@link MachineStateAction} or {@link StateAction}.
     *
     * @param action  the action
     * @param machine the machine running it
     * @param owner   its owner
     * @param event   the event, or null where there is none
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void run(Object action, Machine<?> machine, Object owner, Object event) {
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
