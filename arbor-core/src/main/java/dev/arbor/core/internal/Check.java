package dev.arbor.core.internal;

import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import java.util.Objects;

/** Every user guard or condition, in one shape: the user's function and its kind (see {@link Act}). */
public final class Check {
    /** A {@link Condition}: the owner. */
    public static final int CONDITION = 0;
    /** A {@link Guard}: the owner and the event. */
    public static final int GUARD = 1;
    /** A {@link MachineCondition}: the machine and the owner. */
    public static final int MACHINE_CONDITION = 2;
    /** A {@link MachineGuard}: the machine, the owner and the event. */
    public static final int MACHINE_GUARD = 3;

    private final int kind;
    private final Object fn;

    private Check(int kind, Object fn) {
        this.kind = kind;
        this.fn = Objects.requireNonNull(fn, "guard");
    }

    public static Check of(Guard<?, ?> g) {
        return new Check(GUARD, g);
    }

    public static Check of(Condition<?> c) {
        return new Check(CONDITION, c);
    }

    public static Check of(MachineCondition<?> c) {
        return new Check(MACHINE_CONDITION, c);
    }

    public static Check of(MachineGuard<?, ?> g) {
        return new Check(MACHINE_GUARD, g);
    }

    /** The user's guard or condition, as {@link #kind} says. */
    public Object function() {
        return fn;
    }

    /** What the function takes: {@link #CONDITION}, {@link #GUARD}, {@link #MACHINE_CONDITION} or {@link #MACHINE_GUARD}. */
    public int kind() {
        return kind;
    }

    /** Whether the function sees the event ({@link Guard}, {@link MachineGuard}). */
    public boolean withEvent() {
        return kind == GUARD || kind == MACHINE_GUARD;
    }
}
