package dev.arbor.pekko;

/**
 * An entity's snapshot as stored: the machine's snapshot bytes ({@code arbor-net}'s
 * {@code SnapshotCodec}) and how many inputs it had taken.
 *
 * @param bytes  the machine's snapshot, as the entity type's snapshot codec writes it; empty
 *               ({@link #NO_MACHINE}) for a snapshot that holds no machine and is always refused
 * @param inputs how many inputs (events and tick batches) the entity had taken when it was written
 */
public record SnapshotBytes(byte[] bytes, long inputs) implements ArborMessage {
    /**
     * The bytes of a snapshot Pekko stores of a state that is not the entity's: after a recovery
     * that replayed many inputs onto a refused snapshot's stand-in, or of an entity that cannot be
     * recovered. A recovery refuses it, as it refused the snapshot it stands for.
     */
    public static final byte[] NO_MACHINE = new byte[0];
}
