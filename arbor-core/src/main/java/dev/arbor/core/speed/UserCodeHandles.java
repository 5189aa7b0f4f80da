package dev.arbor.core.speed;

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
import dev.arbor.core.semantics.MachineCore;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The user's actions and guards as method handles, each bound to the user's function, for the
 * speed tier's compiled code ({@link Specializer}); the interpreters call them through
 * {@link UserCode}. The casts are safe: builders tag each function with the owner and event types
 * the engine passes.
 */
final class UserCodeHandles {

    /** {@code (Machine, Object owner, Object event)void}: the shape of an action's {@link #handle(UserAction)}. */
    private static final MethodType ACTION = MethodType.methodType(void.class, MachineCore.class, Object.class, Object.class);

    private UserCodeHandles() {
    }

    /**
     * The action as a method handle of type {@link #ACTION} bound to the user's function, for the
     * compiled code: a constant handle lets the JIT call (and inline) the user's code directly
     * instead of through one megamorphic call site. The handle goes through a static adapter below
     * rather than straight to the interface method: a direct interface handle checks its receiver
     * in a method too large to inline at a rarely taken call site, while the adapter's call on a
     * constant receiver devirtualises.
     */
    static MethodHandle handle(UserAction a) {
        try {
            MethodHandle h;
            if (a.shape() == UserAction.SEQUENCE) {
                UserAction[] parts = (UserAction[]) a.function();
                h = handle(parts[parts.length - 1]);
                for (int i = parts.length - 2; i >= 0; i--) {
                    h = MethodHandles.foldArguments(h, handle(parts[i]));
                }
            } else {
                h = MethodHandles.insertArguments(MethodHandles.lookup().findStatic(UserCodeHandles.class, NamedMembers.actionAdapter(a.shape()),
                        ACTION.insertParameterTypes(0, functionType(a.shape()))), 0, a.function());
            }
            return h.asType(ACTION);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a handle for " + a.function(), e);
        }
    }

    /**
     * The guard as a handle of type {@code (Machine, Object owner, Object event)boolean} bound to
     * the user's function, through a static adapter (see {@link #handle(UserAction)}).
     */
    static MethodHandle handle(UserGuard g) {
        try {
            Class<?> fn = switch (g.kind()) {
                case UserGuard.CONDITION -> Condition.class;
                case UserGuard.GUARD -> Guard.class;
                case UserGuard.MACHINE_CONDITION -> MachineCondition.class;
                default -> MachineGuard.class;
            };
            String adapter = switch (g.kind()) {
                case UserGuard.CONDITION -> NamedMembers.TEST_CONDITION;
                case UserGuard.GUARD -> NamedMembers.TEST_GUARD;
                case UserGuard.MACHINE_CONDITION -> NamedMembers.TEST_MACHINE_CONDITION;
                default -> NamedMembers.TEST_MACHINE_GUARD;
            };
            MethodType type = MethodType.methodType(boolean.class, fn, MachineCore.class, Object.class, Object.class);
            return MethodHandles.insertArguments(MethodHandles.lookup().findStatic(UserCodeHandles.class, adapter, type), 0,
                    g.function());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a handle for " + g.function(), e);
        }
    }

    private static Class<?> functionType(int shape) {
        return switch (shape) {
            case UserAction.OWNER -> StateAction.class;
            case UserAction.MACHINE_OWNER -> MachineStateAction.class;
            case UserAction.OWNER_EVENT -> Action.class;
            case UserAction.MACHINE_OWNER_EVENT -> MachineAction.class;
            default -> StateHandler.class;
        };
    }

    // One adapter a shape, named by NamedMembers.actionAdapter: each a single call on the (constant) function.

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runStateAction(StateAction f, MachineCore m, Object owner, Object event) {
        f.run(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runMachineStateAction(MachineStateAction f, MachineCore m, Object owner, Object event) {
        f.run((Machine) m, owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runEventAction(Action f, MachineCore m, Object owner, Object event) {
        f.run(owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runMachineEventAction(MachineAction f, MachineCore m, Object owner, Object event) {
        f.run((Machine) m, owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runHandlerEntry(StateHandler f, MachineCore m, Object owner, Object event) {
        f.onEntry(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runHandlerExit(StateHandler f, MachineCore m, Object owner, Object event) {
        f.onExit(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runHandlerInitial(StateHandler f, MachineCore m, Object owner, Object event) {
        f.onInitial(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void runHandlerUpdate(StateHandler f, MachineCore m, Object owner, Object event) {
        f.onUpdate(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testGuard(Guard g, MachineCore m, Object owner, Object event) {
        return g.test(owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testCondition(Condition c, MachineCore m, Object owner, Object event) {
        return c.test(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testMachineCondition(MachineCondition c, MachineCore m, Object owner, Object event) {
        return c.test((Machine) m, owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testMachineGuard(MachineGuard g, MachineCore m, Object owner, Object event) {
        return g.test((Machine) m, owner, event);
    }
}
