package dev.arbor.pekko;

import dev.arbor.core.Machine;
import dev.arbor.net.codec.SnapshotException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.SnapshotAdapter;
import org.apache.pekko.persistence.typed.state.RecoveryCompleted;
import org.apache.pekko.persistence.typed.state.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.state.javadsl.DurableStateBehavior;
import org.apache.pekko.persistence.typed.state.javadsl.SignalHandler;

/**
 * One entity whose state alone is stored ({@link Durability.SnapshotsOnly}), as Pekko's durable
 * state: one row an entity, written over in place (the plugin's {@code durable_state} table). The
 * machine runs in the command handler, and its snapshot bytes are stored after every event (before
 * it is acknowledged), every {@code everyTicks} ticks and when the entity is passivated. Recovery
 * decodes the row; the ticks run since it was written (fewer than {@code everyTicks}) are what a
 * dead node loses.
 */
final class ArborStateEntity<C> extends DurableStateBehavior<EntityCommand, ArborEntity.Held<C>> {
    private final EntitySpec<C> spec;
    private final String entityId;
    private final int everyTicks;
    private final ActorContext<EntityCommand> context;
    /** The node's tick driver, told when the entity is live; null when the entities are not ticked. */
    private final ActorRef<TickDriver.Command> ticks;
    /** Ticks run since the state was last stored. */
    private int unstoredTicks;

    private ArborStateEntity(EntitySpec<C> spec, String entityId, ActorContext<EntityCommand> context,
                             ActorRef<TickDriver.Command> ticks) {
        super(PersistenceId.of(spec.name(), entityId));
        this.spec = spec;
        this.entityId = entityId;
        this.context = context;
        this.ticks = ticks;
        this.everyTicks = ((Durability.SnapshotsOnly) spec.durability()).everyTicks();
    }

    static <C> Behavior<EntityCommand> create(EntitySpec<C> spec, String entityId, ActorRef<TickDriver.Command> ticks) {
        return Behaviors.setup(ctx -> new ArborStateEntity<>(spec, entityId, ctx, ticks));
    }

    @Override
    public ArborEntity.Held<C> emptyState() {
        Machine<C> m = spec.chart().newMachine(spec.ownerFor().apply(entityId));
        m.start();
        return new ArborEntity.Held<>(m, 0);
    }

    @Override
    public CommandHandler<EntityCommand, ArborEntity.Held<C>> commandHandler() {
        // The machine runs here, in the command handler; what is stored is its state after.
        return newCommandHandlerBuilder().forAnyState()
                .onCommand(EntityCommand.Fire.class, (held, fire) -> {
                    Object event;
                    try {
                        event = ArborEntity.decode(spec, fire.event());
                    } catch (SnapshotException | RuntimeException e) {
                        return Effect().reply(fire.replyTo(), new EntityReply.Refused("entity '" + entityId + "' of '"
                                + spec.name() + "': the event's bytes do not decode: " + e.getMessage()));
                    }
                    held.machine.fire(event);
                    held.inputs++;
                    unstoredTicks = 0;
                    return Effect().persist(held)
                            .thenReply(fire.replyTo(), h -> new EntityReply.Ack(ArborEntity.active(h.machine)));
                })
                .onCommand(EntityCommand.Tick.class, (held, tick) -> {
                    for (int i = 0; i < tick.count(); i++) {
                        held.machine.update();
                    }
                    held.inputs++;
                    unstoredTicks += tick.count();
                    if (unstoredTicks < everyTicks) {
                        return Effect().none();
                    }
                    unstoredTicks = 0;
                    return Effect().persist(held);
                })
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Status(ArborEntity.active(held.machine), spec.snapshots().encode(held.machine),
                                held.inputs)))
                .onCommand(EntityCommand.Passivate.class, (held, stop) -> unstoredTicks == 0 ? Effect().stop()
                        : Effect().persist(held).thenStop())
                .build();
    }

    @Override
    public SignalHandler<ArborEntity.Held<C>> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), held -> {
                    if (ticks != null) {
                        ticks.tell(new TickDriver.Live(context.getSelf()));
                    }
                })
                .build();
    }

    /**
     * The stored row: the machine's snapshot bytes and its inputs. With no inputs to fall back
     * to, a row the codec refuses stops the entity with the codec's reason rather than let it start
     * from nothing.
     */
    @Override
    public SnapshotAdapter<ArborEntity.Held<C>> snapshotAdapter() {
        return new SnapshotAdapter<>() {
            @Override
            public Object toJournal(ArborEntity.Held<C> held) {
                return new SnapshotBytes(spec.snapshots().encode(held.machine), held.inputs);
            }

            @Override
            public ArborEntity.Held<C> fromJournal(Object from) {
                SnapshotBytes s = (SnapshotBytes) from;
                ArborEntity.Held<C> held = emptyState();
                try {
                    spec.snapshots().decodeInto(s.bytes(), held.machine);
                } catch (SnapshotException e) {
                    throw new IllegalStateException("entity '" + entityId + "' of '" + spec.name()
                            + "': its stored state is refused (" + e.getMessage() + ")", e);
                }
                held.inputs = s.inputs();
                return held;
            }
        };
    }
}
