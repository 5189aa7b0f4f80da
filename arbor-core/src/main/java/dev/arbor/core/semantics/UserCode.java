package dev.arbor.core.semantics;

import dev.arbor.core.Action;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.core.model.UserAction;
import dev.arbor.core.model.UserGuard;

/**
 * Calls the user's actions and guards, as the chart describes them ({@link UserAction}, {@link UserGuard}),
 * for the interpreters: by one switch on the function's kind. (The compiled code calls them
 * through method handles, {@code UserCodeHandles}, which belong to the speed tier.) The casts are
 * safe: builders tag each function with the owner and event types the engine passes.
 */
public final class UserCode {

    private UserCode() {
    }

    // What the builders hand the model: each user function paired with its shape, so that the
    // model holds functions without knowing the API's interfaces.

    public static UserAction ownerAction(StateAction<?> a) {
        return UserAction.of(UserAction.OWNER, a);
    }

    public static UserAction machineOwnerAction(MachineStateAction<?> a) {
        return UserAction.of(UserAction.MACHINE_OWNER, a);
    }

    public static UserAction eventAction(Action<?, ?> a) {
        return UserAction.of(UserAction.OWNER_EVENT, a);
    }

    public static UserAction machineEventAction(MachineAction<?, ?> a) {
        return UserAction.of(UserAction.MACHINE_OWNER_EVENT, a);
    }

    /** A handler state's four callbacks, as actions: entry, exit, initial, update. */
    public static UserAction[] handlerActions(StateHandler<?> h) {
        return new UserAction[] {UserAction.of(UserAction.HANDLER_ENTRY, h), UserAction.of(UserAction.HANDLER_EXIT, h),
            UserAction.of(UserAction.HANDLER_INITIAL, h), UserAction.of(UserAction.HANDLER_UPDATE, h)};
    }

    public static UserGuard condition(Condition<?> c) {
        return UserGuard.of(UserGuard.CONDITION, c);
    }

    public static UserGuard guard(Guard<?, ?> g) {
        return UserGuard.of(UserGuard.GUARD, g);
    }

    public static UserGuard machineCondition(MachineCondition<?> c) {
        return UserGuard.of(UserGuard.MACHINE_CONDITION, c);
    }

    public static UserGuard machineGuard(MachineGuard<?, ?> g) {
        return UserGuard.of(UserGuard.MACHINE_GUARD, g);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void run(UserAction a, MachineCore machine, Object owner, Object event) {
        Object fn = a.function();
        switch (a.shape()) {
            case UserAction.OWNER -> ((StateAction) fn).run(owner);
            case UserAction.MACHINE_OWNER -> ((MachineStateAction) fn).run((Machine) machine, owner);
            case UserAction.OWNER_EVENT -> ((Action) fn).run(owner, event);
            case UserAction.MACHINE_OWNER_EVENT -> ((MachineAction) fn).run((Machine) machine, owner, event);
            case UserAction.HANDLER_ENTRY -> ((StateHandler) fn).onEntry(owner);
            case UserAction.HANDLER_EXIT -> ((StateHandler) fn).onExit(owner);
            case UserAction.HANDLER_INITIAL -> ((StateHandler) fn).onInitial(owner);
            case UserAction.HANDLER_UPDATE -> ((StateHandler) fn).onUpdate(owner);
            default -> {
                for (UserAction part : (UserAction[]) fn) {
                    run(part, machine, owner, event);
                }
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static boolean test(UserGuard g, MachineCore machine, Object owner, Object event) {
        return switch (g.kind()) {
            case UserGuard.CONDITION -> ((Condition) g.function()).test(owner);
            case UserGuard.GUARD -> ((Guard) g.function()).test(owner, event);
            case UserGuard.MACHINE_CONDITION -> ((MachineCondition) g.function()).test((Machine) machine, owner);
            default -> ((MachineGuard) g.function()).test((Machine) machine, owner, event);
        };
    }
}
