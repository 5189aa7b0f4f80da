package dev.arbor.core.internal;

import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
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

    /** The casts are safe: builders tag each function with the owner and event types the engine passes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean test(Machine<?> machine, Object owner, Object event) {
        return withEvent ? ((Guard) fn).test(owner, event) : ((Condition) fn).test(owner);
    }
}
