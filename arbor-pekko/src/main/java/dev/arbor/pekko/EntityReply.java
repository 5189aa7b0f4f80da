package dev.arbor.pekko;

import java.util.List;

/** What an entity answers. */
public sealed interface EntityReply extends ArborMessage {

    /**
     * An event is durable and processed.
     *
     * @param active the machine's active configuration after it, as state paths in document order
     */
    record Ack(List<String> active) implements EntityReply {
        /**
         * Copies the configuration.
         *
         * @param active the active configuration, copied
         */
        public Ack {
            active = List.copyOf(active);
        }
    }

    /**
     * An event was refused before it reached the journal: its bytes do not decode, or the entity
     * cannot be recovered (no snapshot the codec accepts is left, and the journal's first inputs
     * were deleted), which it answers to every event and question.
     *
     * @param reason the entity, its type and why, for a log
     */
    record Refused(String reason) implements EntityReply {}

    /**
     * The entity's state.
     *
     * @param active   its active configuration, as state paths in document order
     * @param snapshot its whole state as the entity type's snapshot bytes (configuration, history,
     *                 clocks, owner data)
     * @param inputs   how many inputs (events and tick batches) it has taken since it was created
     */
    record Status(List<String> active, byte[] snapshot, long inputs) implements EntityReply {
        /**
         * Copies the configuration.
         *
         * @param active   the active configuration, copied
         * @param snapshot the snapshot bytes, kept as given
         * @param inputs   how many inputs it has taken
         */
        public Status {
            active = List.copyOf(active);
        }
    }
}
