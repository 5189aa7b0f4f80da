package dev.arbor.core.internal;

import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import java.util.Objects;

/** Every user guard or condition, in one shape: the user's function and its kind (see {@link Act}). */
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

    /** The user's guard or condition, as {@link #withEvent} says. */
    public Object function() {
        return fn;
    }

    /** Whether the function is a {@link Guard} (it sees the event), not a {@link Condition}. */
    public boolean withEvent() {
        return withEvent;
    }
}
