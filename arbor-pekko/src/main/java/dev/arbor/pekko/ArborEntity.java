package dev.arbor.pekko;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.SnapshotException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.persistence.query.PersistenceQuery;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.SnapshotAdapter;
import org.apache.pekko.persistence.typed.SnapshotSelectionCriteria;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.Recovery;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;

/**
 * One entity: an Arbor machine whose inputs are journaled before they take effect. A command's
 * input is persisted, then applied to the machine (the event handler), then acknowledged; on
 * recovery the last snapshot is decoded onto a new machine and the inputs after it are applied
 * again with {@link Cause#REPLAY}, so actions can tell a replay from the first run. Arbor is
 * deterministic: the machine recovered equals the one that ran.
 *
 * <p>The machine is the state, changed in place by the event handler (the command handler only
 * reads it), as Pekko allows for mutable state that is never shared.
 */
final class ArborEntity<C> extends EventSourcedBehavior<EntityCommand, Input, ArborEntity.Held<C>> {

    /**
     * The machine and how many inputs it has taken. {@code fromJournal} is set while the entity
     * rebuilds itself from the whole journal, its stored snapshot having been refused.
     */
    static final class Held<C> {
        Machine<C> machine;
        long inputs;
        boolean fromJournal;

        Held(Machine<C> machine, long inputs) {
            this.machine = machine;
            this.inputs = inputs;
        }
    }

    /**
     * The whole journal read back for an entity whose snapshot was refused, sent to itself (local:
     * never serialized); {@code failure} when it could not be read.
     */
    record Replayed(List<Input> inputs, Throwable failure) implements EntityCommand {}

    private final EntitySpec<C> spec;
    private final String entityId;
    private final ActorContext<EntityCommand> context;
    /** The entities of this type on this node whose stored snapshot was refused: they recover from the journal alone. */
    private final Set<String> snapshotRefused;
    /** The node's tick driver, told when the entity is live; null when the entities are not ticked. */
    private final ActorRef<TickDriver.Command> ticks;
    private boolean recovering = true;

    private ArborEntity(EntitySpec<C> spec, String entityId, ActorContext<EntityCommand> context,
                        Set<String> snapshotRefused, ActorRef<TickDriver.Command> ticks) {
        super(PersistenceId.of(spec.name(), entityId));
        this.spec = spec;
        this.entityId = entityId;
        this.context = context;
        this.snapshotRefused = snapshotRefused;
        this.ticks = ticks;
    }

    /**
     * The entity's behaviour. A snapshot the codec refuses (corrupted, or written for another
     * chart) is reported with the codec's reason, and the entity rebuilds its machine from the whole
     * journal, which snapshots never shorten, read back through the plugin's read journal; the
     * messages that arrive meanwhile wait in the entity's stash and are answered after it. Later
     * incarnations on this node skip snapshots for it altogether. Should the journal itself fail
     * to read, the entity fails and is restarted (at most three times a minute).
     */
    static <C> Behavior<EntityCommand> create(EntitySpec<C> spec, String entityId, Set<String> snapshotRefused,
                                              ActorRef<TickDriver.Command> ticks) {
        return Behaviors.supervise(Behaviors.<EntityCommand>setup(ctx -> new ArborEntity<>(spec, entityId, ctx,
                        snapshotRefused, ticks)))
                .onFailure(RuntimeException.class, SupervisorStrategy.restart().withLimit(3, Duration.ofMinutes(1)));
    }

    @Override
    public Recovery recovery() {
        return snapshotRefused.contains(entityId) ? Recovery.withSnapshotSelectionCriteria(SnapshotSelectionCriteria.none())
                : Recovery.withSnapshotSelectionCriteria(SnapshotSelectionCriteria.latest());
    }

    @Override
    public Held<C> emptyState() {
        Machine<C> m = spec.chart().newMachine(spec.ownerFor().apply(entityId));
        m.start();
        return new Held<>(m, 0);
    }

    private Cause cause() {
        return recovering ? Cause.REPLAY : Cause.NORMAL;
    }

    @Override
    public CommandHandler<EntityCommand, Input, Held<C>> commandHandler() {
        var builder = newCommandHandlerBuilder();
        builder.forState(held -> held.fromJournal) // rebuilding: everything waits for the journal
                .onCommand(Replayed.class, this::rebuild)
                .onAnyCommand(() -> Effect().stash());
        builder.forAnyState()
                .onCommand(EntityCommand.Fire.class, (held, fire) -> {
                    try {
                        decode(fire.event()); // bytes that are no event never reach the journal
                    } catch (SnapshotException | RuntimeException e) {
                        return Effect().reply(fire.replyTo(), new EntityReply.Refused("entity '" + entityId + "' of '"
                                + spec.name() + "': the event's bytes do not decode: " + e.getMessage()));
                    }
                    return Effect().persist(new Input.Fired(fire.event()))
                            .thenReply(fire.replyTo(), h -> new EntityReply.Ack(active(h.machine)));
                })
                .onCommand(EntityCommand.Tick.class, (held, tick) -> Effect().persist(new Input.Ticked(tick.count())))
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Status(active(held.machine), spec.snapshots().encode(held.machine), held.inputs)))
                .onCommand(EntityCommand.Passivate.class, (held, stop) -> Effect().stop()) // all is journaled already
                .onCommand(Replayed.class, (held, late) -> Effect().none());
        return builder.build();
    }

    @Override
    public EventHandler<Held<C>, Input> eventHandler() {
        return newEventHandlerBuilder().forAnyState()
                .onEvent(Input.class, (held, input) -> {
                    if (!held.fromJournal) { // else the rebuild from the whole journal applies it
                        apply(held, input, cause());
                    }
                    return held;
                })
                .build();
    }

    private void apply(Held<C> held, Input input, Cause cause) {
        if (input instanceof Input.Fired fired) {
            held.machine.fire(decodeJournaled(fired.event()), cause);
        } else if (input instanceof Input.Ticked ticked) {
            for (int i = 0; i < ticked.count(); i++) {
                held.machine.update(cause);
            }
        } else {
            throw new IllegalStateException("entity '" + entityId + "' of '" + spec.name()
                    + "': a journal row of another durability mode: " + input);
        }
        held.inputs++;
    }

    /** Reads the entity's whole journal and sends it to itself as {@link Replayed}. */
    private void readWholeJournal() {
        JdbcReadJournal journal = PersistenceQuery.get(Adapter.toClassic(context.getSystem()))
                .getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
        CompletionStage<List<Input>> read = journal
                .currentEventsByPersistenceId(persistenceId().id(), 0, Long.MAX_VALUE)
                .map(envelope -> (Input) envelope.event())
                .runWith(Sink.seq(), context.getSystem());
        context.pipeToSelf(read, Replayed::new);
    }

    /** Builds the machine again from every input of the journal, as a replay, then answers the stash. */
    private Effect<Input, Held<C>> rebuild(Held<C> held, Replayed replayed) {
        if (replayed.failure() != null) {
            throw new IllegalStateException("entity '" + entityId + "' of '" + spec.name()
                    + "': its snapshot was refused and its journal could not be read: " + replayed.failure(),
                    replayed.failure());
        }
        Held<C> fresh = emptyState();
        for (Input input : replayed.inputs()) {
            apply(fresh, input, Cause.REPLAY);
        }
        held.machine = fresh.machine;
        held.inputs = fresh.inputs;
        held.fromJournal = false;
        context.getLog().info("entity '{}' of '{}': rebuilt from {} journaled inputs", entityId, spec.name(),
                held.inputs);
        if (ticks != null) {
            ticks.tell(new TickDriver.Live(context.getSelf()));
        }
        return Effect().none().thenUnstashAll();
    }

    @Override
    public SignalHandler<Held<C>> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), held -> {
                    recovering = false;
                    if (held.fromJournal) {
                        readWholeJournal(); // live only once rebuilt
                    } else if (ticks != null) {
                        ticks.tell(new TickDriver.Live(context.getSelf()));
                    }
                })
                .build();
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return RetentionCriteria.snapshotEvery(((Durability.InputsJournaled) spec.durability()).snapshotEvery(), 2);
    }

    @Override
    public SnapshotAdapter<Held<C>> snapshotAdapter() {
        return new SnapshotAdapter<>() {
            @Override
            public Object toJournal(Held<C> held) {
                return new SnapshotBytes(spec.snapshots().encode(held.machine), held.inputs);
            }

            @Override
            public Held<C> fromJournal(Object stored) {
                SnapshotBytes s = (SnapshotBytes) stored;
                Held<C> held = emptyState();
                try {
                    spec.snapshots().decodeInto(s.bytes(), held.machine);
                } catch (SnapshotException e) {
                    snapshotRefused.add(entityId);
                    context.getLog().warn("entity '{}' of '{}': its snapshot is refused ({}); it recovers from"
                            + " the whole journal instead", entityId, spec.name(), e.getMessage());
                    held.fromJournal = true;
                    return held;
                }
                held.inputs = s.inputs();
                return held;
            }
        };
    }

    private Object decode(byte[] event) throws SnapshotException {
        return decode(spec, event);
    }

    static Object decode(EntitySpec<?> spec, byte[] event) throws SnapshotException {
        return spec.events().read(new BitReader(event));
    }

    /** A journaled event: it decoded when it was taken in, so failing now is a broken journal. */
    private Object decodeJournaled(byte[] event) {
        try {
            return decode(event);
        } catch (SnapshotException e) {
            throw new IllegalStateException("entity '" + entityId + "' of '" + spec.name()
                    + "': a journaled event does not decode: " + e.getMessage(), e);
        }
    }

    static byte[] encode(EntitySpec<?> spec, Object event) {
        BitWriter out = new BitWriter();
        spec.events().write(event, out);
        return out.padToByte().toByteArray();
    }

    /** The active configuration as state paths, in document order. */
    static List<String> active(Machine<?> machine) {
        Chart<?> chart = machine.chart();
        List<String> out = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            if (machine.isIn(s)) {
                out.add(chart.statePath(s));
            }
        }
        return out;
    }
}
