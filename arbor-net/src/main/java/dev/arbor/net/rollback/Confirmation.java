package dev.arbor.net.rollback;

import dev.arbor.core.MachineState;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An authoritative state from the server: the machine's and owner's state at the end of
 * {@code tick}, and optionally the inputs the server saw for ticks from {@code tick} on
 * (corrections replacing what the client predicted for those ticks).
 *
 * @param tick        the tick whose end state this is
 * @param machine     the machine's state at the end of {@code tick}
 * @param owner       the owner's state at the end of {@code tick}
 * @param telegrams   the dispatcher's pending telegrams at the end of {@code tick}, or null to keep
 *                    the client's own (and when no dispatcher is attached)
 * @param corrections the server's inputs by tick, each tick's list replacing the client's whole
 *                    list for that tick (sorted by tick; copied)
 * @param <S>         the saved form of the owner's state
 */
public record Confirmation<S>(long tick, MachineState machine, S owner, Dispatcher.Snapshot telegrams,
        Map<Long, List<Input>> corrections) {

    /**
     * Checks the states and copies the corrections into an unmodifiable map sorted by tick.
     *
     * @param tick        the tick whose end state this is
     * @param machine     the machine's state at the end of {@code tick}, not null
     * @param owner       the owner's state at the end of {@code tick}, not null
     * @param telegrams   the dispatcher's pending telegrams, or null to keep the client's own
     * @param corrections the server's inputs by tick, not null (may be empty)
     */
    public Confirmation {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(owner, "owner");
        TreeMap<Long, List<Input>> copy = new TreeMap<>();
        for (Map.Entry<Long, List<Input>> e : Objects.requireNonNull(corrections, "corrections").entrySet()) {
            copy.put(Objects.requireNonNull(e.getKey(), "correction tick"), List.copyOf(e.getValue()));
        }
        corrections = Collections.unmodifiableSortedMap(copy);
    }

    /**
     * A confirmed state without corrections or telegrams.
     *
     * @param tick    the tick whose end state this is
     * @param machine the machine's state at the end of {@code tick}
     * @param owner   the owner's state at the end of {@code tick}
     * @param <S>     the saved form of the owner's state
     * @return the confirmation, keeping the client's telegrams
     */
    public static <S> Confirmation<S> of(long tick, MachineState machine, S owner) {
        return new Confirmation<>(tick, machine, owner, null, Map.of());
    }

    /**
     * A confirmed state taken from a snapshot (the server's own timeline, say), without corrections.
     *
     * @param snapshot the server's snapshot; its tick, states and telegrams are confirmed
     * @param <S>      the saved form of the owner's state
     * @return the confirmation
     */
    public static <S> Confirmation<S> of(TickSnapshot<S> snapshot) {
        return new Confirmation<>(snapshot.tick(), snapshot.machine(), snapshot.owner(), snapshot.telegrams(), Map.of());
    }

    /**
     * This confirmation with one more tick's inputs corrected.
     *
     * @param correctedTick the tick whose inputs are replaced (replacing an earlier correction for it)
     * @param inputs        the server's inputs for that tick, in order
     * @return a new confirmation; this one is unchanged
     */
    public Confirmation<S> withCorrection(long correctedTick, List<Input> inputs) {
        Map<Long, List<Input>> more = new TreeMap<>(corrections);
        more.put(correctedTick, new ArrayList<>(inputs));
        return new Confirmation<>(tick, machine, owner, telegrams, more);
    }
}
