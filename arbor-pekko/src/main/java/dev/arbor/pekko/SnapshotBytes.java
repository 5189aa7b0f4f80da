package dev.arbor.pekko;

/**
 * An entity's snapshot as stored: the machine's snapshot bytes ({@code arbor-net}'s
 * {@code SnapshotCodec}) and how many inputs it had taken.
 *
 * @param bytes  the machine's snapshot, as the entity type's snapshot codec writes it
 * @param inputs how many inputs (events and tick batches) the entity had taken when it was written
 */
public record SnapshotBytes(byte[] bytes, long inputs) implements ArborMessage {}
