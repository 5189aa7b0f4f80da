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

    /** The machine and how many inputs it has taken. */
    static final class Held<C> {
        final Machine<C> machine;
        long inputs;

        Held(Machine<C> machine, long inputs) {
            this.machine = machine;
            this.inputs = inputs;
        }
    }

    private final EntitySpec<C> spec;
    private final String entityId;
    private final ActorContext<EntityCommand> context;
    /** The entities of this type on this node whose stored snapshot was refused: they recover from the journal alone. */
    private final Set<String> snapshotRefused;
    private boolean recovering = true;

    private ArborEntity(EntitySpec<C> spec, String entityId, ActorContext<EntityCommand> context,
                        Set<String> snapshotRefused) {
        super(PersistenceId.of(spec.name(), entityId));
        this.spec = spec;
        this.entityId = entityId;
        this.context = context;
        this.snapshotRefused = snapshotRefused;
    }

    /**
     * The entity's behaviour. A snapshot the codec refuses (corrupted, or written for another
     * chart) fails the recovery with a message that says why; the entity then restarts and
     * recovers from the whole journal, which snapshots never shorten. (The message that was
     * waiting for the failed recovery is lost with it: its sender's ask times out.)
     */
    static <C> Behavior<EntityCommand> create(EntitySpec<C> spec, String entityId, Set<String> snapshotRefused) {
        return Behaviors.supervise(Behaviors.<EntityCommand>setup(ctx -> new ArborEntity<>(spec, entityId, ctx, snapshotRefused)))
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
        return newCommandHandlerBuilder().forAnyState()
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
                .build();
    }

    @Override
    public EventHandler<Held<C>, Input> eventHandler() {
        return newEventHandlerBuilder().forAnyState()
                .onEvent(Input.Fired.class, (held, fired) -> {
                    held.machine.fire(decodeJournaled(fired.event()), cause());
                    held.inputs++;
                    return held;
                })
                .onEvent(Input.Ticked.class, (held, ticked) -> {
                    for (int i = 0; i < ticked.count(); i++) {
                        held.machine.update(cause());
                    }
                    held.inputs++;
                    return held;
                })
                .build();
    }

    @Override
    public SignalHandler<Held<C>> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), held -> recovering = false)
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
                    String why = "entity '" + entityId + "' of '" + spec.name() + "': its snapshot is refused ("
                            + e.getMessage() + "); it recovers from the journal instead";
                    context.getLog().warn(why);
                    throw new IllegalStateException(why, e);
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
