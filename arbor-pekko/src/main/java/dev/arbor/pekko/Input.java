package dev.arbor.pekko;

/** An entity's journaled input: what, replayed in order after its last snapshot, rebuilds it exactly. */
public sealed interface Input extends ArborMessage {

    /** An event, as the bytes of the entity type's event codec. */
    record Fired(byte[] event) implements Input {}

    /** A batch of ticks. */
    record Ticked(int count) implements Input {}

    /**
     * The whole state, stored in place of the inputs that led to it ({@link Durability.SnapshotsOnly}):
     * the machine's snapshot bytes and how many inputs it had taken.
     */
    record Stored(byte[] machine, long inputs) implements Input {}
}
