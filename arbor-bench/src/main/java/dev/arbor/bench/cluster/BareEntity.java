package dev.arbor.bench.cluster;

import dev.arbor.pekko.EntityCommand;
import dev.arbor.pekko.EntityReply;
import dev.arbor.pekko.Input;
import dev.arbor.pekko.SnapshotBytes;
import java.util.List;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.state.javadsl.DurableStateBehavior;

/**
 * The floor under {@code arbor-pekko}'s entities in {@link ShardedEntityBenchmark}: Pekko entities
 * that store what an Arbor guard stores, through the same plugin and serializer, and run no
 * machine. Journaled: each event's bytes persisted as an {@link Input.Fired}, then acknowledged.
 * State only: a 9-byte state (a guard's snapshot size) written over in place, then acknowledged.
 */
final class BareEntity {
    private BareEntity() {}

    static Behavior<EntityCommand> journaled(String type, String id) {
        return new Journaled(PersistenceId.of(type, id));
    }

    static Behavior<EntityCommand> stateOnly(String type, String id) {
        return new StateOnly(PersistenceId.of(type, id));
    }

    private static final class Journaled extends EventSourcedBehavior<EntityCommand, Input, long[]> {
        Journaled(PersistenceId id) {
            super(id);
        }

        @Override
        public long[] emptyState() {
            return new long[1];
        }

        @Override
        public CommandHandler<EntityCommand, Input, long[]> commandHandler() {
            return newCommandHandlerBuilder().forAnyState()
                    .onCommand(EntityCommand.Fire.class, (inputs, fire) -> Effect().persist(new Input.Fired(fire.event()))
                            .thenReply(fire.replyTo(), s -> new EntityReply.Ack(List.of())))
                    .onCommand(EntityCommand.Query.class, (inputs, query) -> Effect().reply(query.replyTo(),
                            new EntityReply.Status(List.of(), new byte[0], inputs[0])))
                    .onCommand(EntityCommand.Passivate.class, (inputs, stop) -> Effect().stop())
                    .build();
        }

        @Override
        public EventHandler<long[], Input> eventHandler() {
            return newEventHandlerBuilder().forAnyState().onEvent(Input.class, (inputs, input) -> {
                inputs[0]++;
                return inputs;
            }).build();
        }
    }

    private static final class StateOnly extends DurableStateBehavior<EntityCommand, SnapshotBytes> {
        StateOnly(PersistenceId id) {
            super(id);
        }

        @Override
        public SnapshotBytes emptyState() {
            return new SnapshotBytes(new byte[9], 0); // a guard's snapshot is 9 bytes
        }

        @Override
        public org.apache.pekko.persistence.typed.state.javadsl.CommandHandler<EntityCommand, SnapshotBytes> commandHandler() {
            return newCommandHandlerBuilder().forAnyState()
                    .onCommand(EntityCommand.Fire.class, (state, fire) -> {
                        byte[] next = state.bytes().clone();
                        next[next.length - 1] ^= fire.event()[0];
                        return Effect().persist(new SnapshotBytes(next, state.inputs() + 1))
                                .thenReply(fire.replyTo(), s -> new EntityReply.Ack(List.of()));
                    })
                    .onCommand(EntityCommand.Query.class, (state, query) -> Effect().reply(query.replyTo(),
                            new EntityReply.Status(List.of(), state.bytes(), state.inputs())))
                    .onCommand(EntityCommand.Passivate.class, (state, stop) -> Effect().stop())
                    .build();
        }
    }
}
