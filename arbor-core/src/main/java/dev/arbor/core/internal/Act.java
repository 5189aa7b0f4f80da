package dev.arbor.core.internal;

import dev.arbor.core.Action;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import java.util.List;
import java.util.Objects;

/**
 * Every user action, in one shape: the user's own function and a tag saying which kind it is, so
 * that running it is one switch and one call to the user's code (an adapter lambda around the
 * user's lambda would cost a second megamorphic call). The engine runs it ({@code UserCode});
 * this only describes it.
 */
public final class Act {
    /** A {@link StateAction}: the owner. */
    public static final int OWNER = 0;
    /** A {@link MachineStateAction}: the machine and the owner. */
    public static final int MACHINE_OWNER = 1;
    /** An {@link Action}: the owner and the event. */
    public static final int OWNER_EVENT = 2;
    /** A {@link MachineAction}: the machine, the owner and the event. */
    public static final int MACHINE_OWNER_EVENT = 3;
    /** A {@link StateHandler}'s {@code onEntry}. */
    public static final int HANDLER_ENTRY = 4;
    /** A {@link StateHandler}'s {@code onExit}. */
    public static final int HANDLER_EXIT = 5;
    /** A {@link StateHandler}'s {@code onInitial}. */
    public static final int HANDLER_INITIAL = 6;
    /** A {@link StateHandler}'s {@code onUpdate}. */
    public static final int HANDLER_UPDATE = 7;
    /** Several actions in order: the function is an {@code Act[]}. */
    public static final int SEQUENCE = 8;

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

    /** Which kind of function this is: {@link #OWNER} to {@link #SEQUENCE}. */
    public int shape() {
        return shape;
    }

    /** The user's function, as {@link #shape} says; for a sequence, its parts ({@code Act[]}). */
    public Object function() {
        return fn;
    }
}
