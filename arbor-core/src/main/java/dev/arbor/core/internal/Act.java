package dev.arbor.core.internal;

import dev.arbor.core.Action;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Objects;

/**
 * Every user action, in one shape the engine calls. It keeps the user's own function and a tag
 * saying which kind it is, so that running it is one switch and one call to the user's code
 * (an adapter lambda around the user's lambda would cost a second megamorphic call).
 */
public final class Act {
    private static final int OWNER = 0;
    private static final int MACHINE_OWNER = 1;
    private static final int OWNER_EVENT = 2;
    private static final int MACHINE_OWNER_EVENT = 3;
    private static final int HANDLER_ENTRY = 4;
    private static final int HANDLER_EXIT = 5;
    private static final int HANDLER_INITIAL = 6;
    private static final int HANDLER_UPDATE = 7;
    private static final int SEQUENCE = 8;

    private final int shape;
    private final Object fn;

    private Act(int shape, Object fn) {
        this.shape = shape;
        this.fn = Objects.requireNonNull(fn, "action");
    }

    public static Act ofOwner(StateAction<?> a) {
        return new Act(OWNER, a);
    }

    public static Act ofMachineOwner(MachineStateAction<?> a) {
        return new Act(MACHINE_OWNER, a);
    }

    public static Act ofOwnerEvent(Action<?, ?> a) {
        return new Act(OWNER_EVENT, a);
    }

    public static Act ofMachineOwnerEvent(MachineAction<?, ?> a) {
        return new Act(MACHINE_OWNER_EVENT, a);
    }

    public static Act entryOf(StateHandler<?> h) {
        return new Act(HANDLER_ENTRY, h);
    }

    public static Act exitOf(StateHandler<?> h) {
        return new Act(HANDLER_EXIT, h);
    }

    public static Act initialOf(StateHandler<?> h) {
        return new Act(HANDLER_INITIAL, h);
    }

    public static Act updateOf(StateHandler<?> h) {
        return new Act(HANDLER_UPDATE, h);
    }

    /** Runs several actions in order as one; null for none. */
    public static Act sequence(List<Act> acts) {
        if (acts.isEmpty()) {
            return null;
        }
        return acts.size() == 1 ? acts.get(0) : new Act(SEQUENCE, acts.toArray(new Act[0]));
    }

    /**
     * The user's functions this action runs, in order (a sequence's parts, flattened), for tools
     * that show what a chart does; never called from here. A handler state's own callbacks are
     * left out: tools show the handler itself.
     */
    public List<Object> functions() {
        if (shape >= HANDLER_ENTRY && shape <= HANDLER_UPDATE) {
            return List.of();
        }
        if (shape != SEQUENCE) {
            return List.of(fn);
        }
        List<Object> out = new java.util.ArrayList<>();
        for (Act a : (Act[]) fn) {
            out.addAll(a.functions());
        }
        return out;
    }

    /** The casts are safe: builders tag each function with the owner and event types the engine passes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void run(Machine<?> machine, Object owner, Object event) {
        switch (shape) {
            case OWNER -> ((StateAction) fn).run(owner);
            case MACHINE_OWNER -> ((MachineStateAction) fn).run((Machine) machine, owner);
            case OWNER_EVENT -> ((Action) fn).run(owner, event);
            case MACHINE_OWNER_EVENT -> ((MachineAction) fn).run((Machine) machine, owner, event);
            case HANDLER_ENTRY -> ((StateHandler) fn).onEntry(owner);
            case HANDLER_EXIT -> ((StateHandler) fn).onExit(owner);
            case HANDLER_INITIAL -> ((StateHandler) fn).onInitial(owner);
            case HANDLER_UPDATE -> ((StateHandler) fn).onUpdate(owner);
            default -> {
                for (Act a : (Act[]) fn) {
                    a.run(machine, owner, event);
                }
            }
        }
    }

    /**
     * The action as a method handle of type {@code (Machine, Object owner, Object event)void}
     * bound to the user's function, for specialised dispatch: a constant handle lets the JIT
     * call (and inline) the user's code directly instead of through one megamorphic call site.
     * The handle goes through a static adapter below rather than straight to the interface
     * method: a direct interface handle checks its receiver in a method too large to inline at
     * a rarely taken call site, while the adapter's call on a constant receiver devirtualises.
     */
    public MethodHandle handle() {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle h = switch (shape) {
                case SEQUENCE -> {
                    Act[] parts = (Act[]) fn;
                    MethodHandle all = parts[parts.length - 1].handle();
                    for (int i = parts.length - 2; i >= 0; i--) {
                        all = MethodHandles.foldArguments(all, parts[i].handle());
                    }
                    yield all;
                }
                default -> MethodHandles.insertArguments(lookup.findStatic(Act.class, "run" + shape,
                        TYPE.insertParameterTypes(0, fnType())), 0, fn);
            };
            return h.asType(TYPE);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a handle for " + fn, e);
        }
    }

    /** {@code (Machine, Object owner, Object event)void}: the shape of {@link #handle()}. */
    public static final MethodType TYPE = MethodType.methodType(void.class, Machine.class, Object.class, Object.class);

    private Class<?> fnType() {
        return switch (shape) {
            case OWNER -> StateAction.class;
            case MACHINE_OWNER -> MachineStateAction.class;
            case OWNER_EVENT -> Action.class;
            case MACHINE_OWNER_EVENT -> MachineAction.class;
            default -> StateHandler.class;
        };
    }

    // One adapter a shape, named run + shape: each a single call on the (constant) function.

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run0(StateAction f, Machine<?> m, Object owner, Object event) {
        f.run(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run1(MachineStateAction f, Machine m, Object owner, Object event) {
        f.run(m, owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run2(Action f, Machine<?> m, Object owner, Object event) {
        f.run(owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run3(MachineAction f, Machine m, Object owner, Object event) {
        f.run(m, owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run4(StateHandler f, Machine<?> m, Object owner, Object event) {
        f.onEntry(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run5(StateHandler f, Machine<?> m, Object owner, Object event) {
        f.onExit(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run6(StateHandler f, Machine<?> m, Object owner, Object event) {
        f.onInitial(owner);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static void run7(StateHandler f, Machine<?> m, Object owner, Object event) {
        f.onUpdate(owner);
    }
}
