package dev.arbor.core.internal;

import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;

/** Every user guard or condition, in one shape the engine calls: the user's function and its kind (see {@link Act}). */
public final class Check {
    private final boolean withEvent;
    private final Object fn;

    private Check(boolean withEvent, Object fn) {
        this.withEvent = withEvent;
        this.fn = Objects.requireNonNull(fn, "guard");
    }

    public static Check of(Guard<?, ?> g) {
        return new Check(true, g);
    }

    public static Check of(Condition<?> c) {
        return new Check(false, c);
    }

    /** The user's guard or condition, for tools that show what a chart does; never called from here. */
    public Object function() {
        return fn;
    }

    /** The casts are safe: builders tag each function with the owner and event types the engine passes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean test(Machine<?> machine, Object owner, Object event) {
        return withEvent ? ((Guard) fn).test(owner, event) : ((Condition) fn).test(owner);
    }

    /**
     * The guard as a handle of type {@code (Machine, Object owner, Object event)boolean} bound to
     * the user's function, through a static adapter (see {@link Act#handle()}).
     */
    public MethodHandle handle() {
        try {
            MethodType type = MethodType.methodType(boolean.class, withEvent ? Guard.class : Condition.class,
                    Machine.class, Object.class, Object.class);
            return MethodHandles.insertArguments(MethodHandles.lookup().findStatic(Check.class,
                    withEvent ? "testGuard" : "testCondition", type), 0, fn);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a handle for " + fn, e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testGuard(Guard g, Machine<?> m, Object owner, Object event) {
        return g.test(owner, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes", "unused"})
    private static boolean testCondition(Condition c, Machine<?> m, Object owner, Object event) {
        return c.test(owner);
    }
}
