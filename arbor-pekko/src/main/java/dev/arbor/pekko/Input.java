package dev.arbor.pekko;

/** An entity's journaled input: what, replayed in order after its last snapshot, rebuilds it exactly. */
public sealed interface Input extends ArborMessage {

    /** An event, as the bytes of the entity type's event codec. */
    record Fired(byte[] event) implements Input {}

    /** A batch of ticks. */
    record Ticked(int count) implements Input {}
}
