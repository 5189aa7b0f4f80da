package dev.arbor.pekko;

/** An entity's journaled input: what, replayed in order after its last snapshot, rebuilds it exactly. */
public sealed interface Input extends ArborMessage {

    /**
     * An event, as the bytes of the entity type's event codec.
     *
     * @param event the encoded event, as it came in the {@link EntityCommand.Fire} command
     */
    record Fired(byte[] event) implements Input {}

    /**
     * A batch of ticks.
     *
     * @param count how many ticks the machine ran, one {@code update()} each
     */
    record Ticked(int count) implements Input {}
}
