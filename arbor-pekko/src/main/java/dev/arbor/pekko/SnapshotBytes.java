package dev.arbor.pekko;

/**
 * An entity's snapshot as stored: the machine's snapshot bytes ({@code arbor-net}'s
 * {@code SnapshotCodec}) and how many inputs it had taken.
 */
public record SnapshotBytes(byte[] bytes, long inputs) implements ArborMessage {}
