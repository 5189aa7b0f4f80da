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
 *
 * <p>A store that fails (a database away for a few seconds) restarts the entity with backoff, as
 * {@link ArborEntity} does: {@value ArborEntity#BACKOFF_MIN_MS} ms doubling to
 * {@value ArborEntity#BACKOFF_MAX_S} s, for as long as it fails, the messages waiting kept; the
 * restarted entity is the stored row, so the input whose store failed (never acknowledged) and the
 * ticks since the last store are undone. Pekko restarts it from the empty state it took once, so
 * that state never takes an input: a new entity's first input, a tick too, is stored at once, in
 * a state of its own.
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
    /** The empty state Pekko was given: its machine is made when first asked for, and moved out by the first input. */
    private final ArborEntity.Held<C> empty = new ArborEntity.Held<>(null, 0);

    private ArborStateEntity(EntitySpec<C> spec, String entityId, ActorContext<EntityCommand> context,
                             ActorRef<TickDriver.Command> ticks) {
        super(PersistenceId.of(spec.name(), entityId), ArborEntity.STORE_FAILURE_BACKOFF);
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
        return empty;
    }

    @Override
    public String durableStateStorePluginId() {
        return spec.storage().durableStateStorePluginId();
    }

    private Machine<C> newMachine() {
        Machine<C> m = spec.chart().newMachine(spec.ownerFor().apply(entityId));
        m.start();
        return m;
    }

    private Machine<C> machine(ArborEntity.Held<C> held) {
        if (held.machine == null) {
            held.machine = newMachine();
        }
        return held.machine;
    }

    /** The state an input may change: the empty state's machine moved into a state of its own, any other state itself. */
    private ArborEntity.Held<C> ownState(ArborEntity.Held<C> held) {
        if (held != empty) {
            return held;
        }
        ArborEntity.Held<C> own = new ArborEntity.Held<>(machine(empty), 0);
        empty.machine = null;
        return own;
    }

    @Override
    public CommandHandler<EntityCommand, ArborEntity.Held<C>> commandHandler() {
        // The machine runs here, in the command handler; what is stored is its state after.
        return newCommandHandlerBuilder().forAnyState()
                .onCommand(EntityCommand.Fire.class, (stored, fire) -> {
                    Object event;
                    try {
                        event = ArborEntity.admit(spec, fire.event()); // checked before the machine changes
                    } catch (ArborEntity.NotAdmitted e) {
                        return Effect().reply(fire.replyTo(), e.reply(entityId, spec));
                    }
                    ArborEntity.Held<C> held = ownState(stored);
                    held.machine.fire(event);
                    held.inputs++;
                    unstoredTicks = 0;
                    return Effect().persist(held)
                            .thenReply(fire.replyTo(), h -> new EntityReply.Ack(ArborEntity.active(h.machine)));
                })
                .onCommand(EntityCommand.Tick.class, (stored, tick) -> {
                    ArborEntity.Held<C> held = ownState(stored);
                    for (int i = 0; i < tick.count(); i++) {
                        held.machine.update();
                    }
                    held.inputs++;
                    unstoredTicks += tick.count();
                    if (unstoredTicks < everyTicks && held == stored) {
                        return Effect().none();
                    }
                    unstoredTicks = 0;
                    return Effect().persist(held);
                })
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Status(ArborEntity.active(machine(held)), spec.snapshots().encode(machine(held)),
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
                return new SnapshotBytes(spec.snapshots().encode(machine(held)), held.inputs);
            }

            @Override
            public ArborEntity.Held<C> fromJournal(Object from) {
                SnapshotBytes s = (SnapshotBytes) from;
                ArborEntity.Held<C> held = new ArborEntity.Held<>(newMachine(), 0);
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
