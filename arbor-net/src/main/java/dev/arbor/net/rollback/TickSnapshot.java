package dev.arbor.net.rollback;

import dev.arbor.core.MachineState;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.Objects;

/**
 * Everything a {@link Timeline} saves at the end of a tick: the machine's state, the owner's state
 * and, when a {@link Dispatcher} is attached, its pending telegrams.
 *
 * @param tick      the tick after whose inputs this was taken
 * @param machine   the machine's configuration, history and halted flag
 * @param owner     the owner's state, as {@link OwnerState#copyOut} gave it
 * @param telegrams the dispatcher's pending telegrams, or null when no dispatcher is attached
 * @param <S>       the saved form of the owner's state
 */
public record TickSnapshot<S>(long tick, MachineState machine, S owner, Dispatcher.Snapshot telegrams) {

    /**
     * Checks that the states are given.
     *
     * @param tick      the tick after whose inputs this was taken
     * @param machine   the machine's state, not null
     * @param owner     the owner's state, not null
     * @param telegrams the dispatcher's pending telegrams, or null when no dispatcher is attached
     */
    public TickSnapshot {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(owner, "owner");
    }

    /**
     * Whether the two describe the same state, whatever tick each was taken at.
     *
     * @param other the snapshot to compare with (a prediction, say)
     * @return true when machine, owner and telegrams are all equal
     */
    public boolean sameStateAs(TickSnapshot<?> other) {
        return machine.equals(other.machine) && owner.equals(other.owner)
                && Objects.equals(telegrams, other.telegrams);
    }
}
