package dev.arbor.pekko;

import dev.arbor.core.Machine;
import dev.arbor.net.codec.SnapshotException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.SnapshotAdapter;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;

/**
 * One entity whose state alone is stored ({@link Durability.SnapshotsOnly}): the machine's
 * snapshot bytes go to the journal as one {@link Input.Stored} after every event (before it is
 * acknowledged), every {@code everyTicks} ticks and when the entity is passivated; older ones are
 * deleted as newer are written, so an entity keeps a few rows. Recovery decodes the newest; the
 * ticks run since it (fewer than {@code everyTicks}) are what a dead node loses.
 */
final class ArborStateEntity<C> extends EventSourcedBehavior<EntityCommand, Input, ArborEntity.Held<C>> {
    /** Stored states kept before the older are deleted. */
    private static final int KEEP = 10;

    private final EntitySpec<C> spec;
    private final String entityId;
    private final int everyTicks;
    private final ActorContext<EntityCommand> context;
    /** The node's tick driver, told when the entity is live; null when the entities are not ticked. */
    private final ActorRef<TickDriver.Command> ticks;
    /** Ticks run since the state was last stored. */
    private int unstoredTicks;
    private boolean recovering = true;

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

    private Input.Stored stored(ArborEntity.Held<C> held) {
        unstoredTicks = 0;
        return new Input.Stored(spec.snapshots().encode(held.machine), held.inputs);
    }

    @Override
    public CommandHandler<EntityCommand, Input, ArborEntity.Held<C>> commandHandler() {
        // The machine runs here, in the command handler; what is persisted is its state after.
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
                    return Effect().persist(stored(held))
                            .thenReply(fire.replyTo(), h -> new EntityReply.Ack(ArborEntity.active(h.machine)));
                })
                .onCommand(EntityCommand.Tick.class, (held, tick) -> {
                    for (int i = 0; i < tick.count(); i++) {
                        held.machine.update();
                    }
                    held.inputs++;
                    unstoredTicks += tick.count();
                    return unstoredTicks < everyTicks ? Effect().none() : Effect().persist(stored(held));
                })
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Status(ArborEntity.active(held.machine), spec.snapshots().encode(held.machine),
                                held.inputs)))
                .onCommand(EntityCommand.Passivate.class, (held, stop) -> unstoredTicks == 0 ? Effect().stop()
                        : Effect().persist(stored(held)).thenStop())
                .build();
    }

    @Override
    public EventHandler<ArborEntity.Held<C>, Input> eventHandler() {
        return newEventHandlerBuilder().forAnyState()
                .onEvent(Input.Stored.class, (held, stored) -> {
                    if (recovering) { // live, the machine is already in the state it stored
                        restore(held, stored.machine(), stored.inputs());
                    }
                    return held;
                })
                .build();
    }

    @Override
    public SignalHandler<ArborEntity.Held<C>> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), held -> {
                    recovering = false;
                    if (ticks != null) {
                        ticks.tell(new TickDriver.Live(context.getSelf()));
                    }
                })
                .build();
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        // a snapshot of the newest state every KEEP rows, and the rows before it deleted
        return RetentionCriteria.snapshotEvery(KEEP, 1).withDeleteEventsOnSnapshot();
    }

    /** What recovery restores: a stored state, decoded by the snapshot adapter the same way. */
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
                return restore(emptyState(), s.bytes(), s.inputs());
            }
        };
    }

    /**
     * Puts a stored state onto the machine. With no inputs to fall back to, a state the codec
     * refuses stops the entity with the codec's reason rather than let it start from nothing.
     */
    private ArborEntity.Held<C> restore(ArborEntity.Held<C> held, byte[] machine, long inputs) {
        try {
            spec.snapshots().decodeInto(machine, held.machine);
        } catch (SnapshotException e) {
            throw new IllegalStateException("entity '" + entityId + "' of '" + spec.name()
                    + "': its stored state is refused (" + e.getMessage() + ")", e);
        }
        held.inputs = inputs;
        return held;
    }
}
