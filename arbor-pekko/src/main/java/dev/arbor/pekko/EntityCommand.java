package dev.arbor.pekko;

import org.apache.pekko.actor.typed.ActorRef;

/** What an entity is told: an event to fire, ticks to run, a question about its state. */
public sealed interface EntityCommand extends ArborMessage
        permits EntityCommand.Fire, EntityCommand.Tick, EntityCommand.Query, EntityCommand.Passivate, ArborEntity.RecoverAgain {

    /**
     * Fires an event, given as the bytes of the entity type's event codec; the reply
     * ({@link EntityReply.Ack}) comes once the event is in the journal and the machine has
     * processed it, or at once ({@link EntityReply.Refused}) when the bytes are not an event.
     *
     * @param event   the event, encoded by the entity type's event codec
     * @param replyTo where the {@link EntityReply.Ack} or {@link EntityReply.Refused} goes
     */
    record Fire(byte[] event, ActorRef<EntityReply> replyTo) implements EntityCommand {}

    /**
     * Runs {@code count} ticks (sent by the node's tick driver to its live entities).
     *
     * @param count how many ticks came due since the last batch; at least 1
     */
    record Tick(int count) implements EntityCommand {
        /**
         * Checks the batch size.
         *
         * @param count how many ticks to run
         * @throws IllegalArgumentException when {@code count} is less than 1
         */
        public Tick {
            if (count < 1) {
                throw new IllegalArgumentException("a tick batch runs at least one tick, not " + count);
            }
        }
    }

    /**
     * Asks for the entity's state.
     *
     * @param replyTo where the {@link EntityReply.Status} goes, or {@link EntityReply.Refused} from
     *                an entity that cannot be recovered (its reason)
     */
    record Query(ActorRef<EntityReply> replyTo) implements EntityCommand {}

    /** Sharding's stop message when it passivates an idle entity: store what must be stored, then stop. */
    record Passivate() implements EntityCommand {}
}
