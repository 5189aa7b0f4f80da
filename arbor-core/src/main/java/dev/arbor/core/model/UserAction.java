package dev.arbor.core.model;

import java.util.List;
import java.util.Objects;

/**
 * Every user action, in one shape: the user's own function and a tag saying which kind it is, so
 * that running it is one switch and one call to the user's code. The user's function is
 * held as an {@code Object}: the model knows the shapes, not the API's interfaces (an adapter lambda around the
 * user's lambda would cost a second megamorphic call). The engine runs it ({@code UserCode});
 * this only describes it.
 */
public final class UserAction {
    /** A {@code StateAction}: the owner. */
    public static final int OWNER = 0;
    /** A {@code MachineStateAction}: the machine and the owner. */
    public static final int MACHINE_OWNER = 1;
    /** An {@code Action}: the owner and the event. */
    public static final int OWNER_EVENT = 2;
    /** A {@code MachineAction}: the machine, the owner and the event. */
    public static final int MACHINE_OWNER_EVENT = 3;
    /** A {@code StateHandler}'s {@code onEntry}. */
    public static final int HANDLER_ENTRY = 4;
    /** A {@code StateHandler}'s {@code onExit}. */
    public static final int HANDLER_EXIT = 5;
    /** A {@code StateHandler}'s {@code onInitial}. */
    public static final int HANDLER_INITIAL = 6;
    /** A {@code StateHandler}'s {@code onUpdate}. */
    public static final int HANDLER_UPDATE = 7;
    /** Several actions in order: the function is an {@code UserAction[]}. */
    public static final int SEQUENCE = 8;

    private final int shape;
    private final Object fn;

    private UserAction(int shape, Object fn) {
        this.shape = shape;
        this.fn = Objects.requireNonNull(fn, "action");
    }

    /**
     * The user's function {@code fn}, of the kind {@code shape} says ({@link #OWNER} to
     * {@link #HANDLER_UPDATE}); the API's builders pair each function with its shape.
     */
    public static UserAction of(int shape, Object fn) {
        if (shape < OWNER || shape > HANDLER_UPDATE) {
            throw new IllegalArgumentException("not the shape of one function: " + shape);
        }
        return new UserAction(shape, fn);
    }

    /** Runs several actions in order as one; null for none. */
    public static UserAction sequence(List<UserAction> acts) {
        if (acts.isEmpty()) {
            return null;
        }
        return acts.size() == 1 ? acts.get(0) : new UserAction(SEQUENCE, acts.toArray(new UserAction[0]));
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
        for (UserAction a : (UserAction[]) fn) {
            out.addAll(a.functions());
        }
        return out;
    }

    /** Which kind of function this is: {@link #OWNER} to {@link #SEQUENCE}. */
    public int shape() {
        return shape;
    }

    /** The user's function, as {@link #shape} says; for a sequence, its parts ({@code UserAction[]}). */
    public Object function() {
        return fn;
    }
}
