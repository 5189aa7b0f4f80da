package dev.arbor.core.model;

import java.util.Objects;

/** Every user guard or condition, in one shape: the user's function and its kind (see {@link UserAction}). */
public final class UserGuard {
    /** A {@code Condition}: the owner. */
    public static final int CONDITION = 0;
    /** A {@code Guard}: the owner and the event. */
    public static final int GUARD = 1;
    /** A {@code MachineCondition}: the machine and the owner. */
    public static final int MACHINE_CONDITION = 2;
    /** A {@code MachineGuard}: the machine, the owner and the event. */
    public static final int MACHINE_GUARD = 3;

    private final int kind;
    private final Object fn;

    private UserGuard(int kind, Object fn) {
        this.kind = kind;
        this.fn = Objects.requireNonNull(fn, "guard");
    }

    /** The user's function {@code fn}, of the kind {@code kind} says ({@link #CONDITION} to {@link #MACHINE_GUARD}). */
    public static UserGuard of(int kind, Object fn) {
        if (kind < CONDITION || kind > MACHINE_GUARD) {
            throw new IllegalArgumentException("not a kind of guard: " + kind);
        }
        return new UserGuard(kind, fn);
    }

    /** The user's guard or condition, as {@link #kind} says. */
    public Object function() {
        return fn;
    }

    /** What the function takes: {@link #CONDITION}, {@link #GUARD}, {@link #MACHINE_CONDITION} or {@link #MACHINE_GUARD}. */
    public int kind() {
        return kind;
    }

    /** Whether the function sees the event ({@code Guard}, {@code MachineGuard}). */
    public boolean withEvent() {
        return kind == GUARD || kind == MACHINE_GUARD;
    }
}
