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
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.BackoffSupervisorStrategy;
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
 * recovery the newest snapshot is decoded onto a new machine and the inputs after it are applied
 * again with {@link Cause#REPLAY}, so actions can tell a replay from the first run. Arbor is
 * deterministic: the machine recovered equals the one that ran.
 *
 * <p>The machine is the state, changed in place by the event handler (the command handler only
 * reads it), as Pekko allows for mutable state that is never shared. One object is never changed:
 * the empty state, which Pekko takes once and starts every recovery of this incarnation from,
 * after a journal failure too; the first input moves its machine into a state of its own.
 *
 * <p><b>Retention</b> ({@link Durability.InputsJournaled}): Pekko's
 * {@code RetentionCriteria.snapshotEvery(e, k - 1).withDeleteEventsOnSnapshot()} keeps the last
 * {@code k} snapshots and deletes the inputs before the oldest of them; with every input kept,
 * {@code snapshotEvery(e, 2)} keeps the last two snapshots and deletes no input.
 *
 * <p><b>A snapshot the codec refuses</b> (corrupted, or written for another chart) is reported
 * with the codec's reason, and the entity is recovered again at once, from the next older
 * snapshot and the inputs after it, which Pekko selects and replays itself
 * ({@code SnapshotSelectionCriteria.latest().withMaxSequenceNr(S - 1)}, S the refused one's input)
 * with any journal plugin: down the snapshots kept to the journal's first input. The messages that
 * arrive meanwhile are sent on to the next incarnation, in their order. A recovery that succeeds
 * forgets the bound, so that the next incarnation takes the newest snapshot again (by then the
 * older ones may be deleted). When no snapshot the codec accepts is left and the journal's first
 * inputs were deleted, the entity does not start from an empty machine: it answers every event and
 * question with {@link EntityReply.Refused}, naming itself, its type and the inputs.
 *
 * <p><b>A journal that fails</b> (a database away for a few seconds) restarts the entity with
 * backoff, {@value #BACKOFF_MIN_MS} ms doubling to {@value #BACKOFF_MAX_S} s (20 % random), for as
 * long as it fails: the input being persisted is not acknowledged (its ask times out), and the
 * messages waiting behind it are kept and answered after the entity is recovered.
 */
final class ArborEntity<C> extends EventSourcedBehavior<EntityCommand, Input, ArborEntity.Held<C>> {
    /** The first wait before a journal that failed is tried again. */
    static final long BACKOFF_MIN_MS = 200;
    /** The longest wait between tries of a journal that keeps failing. */
    static final long BACKOFF_MAX_S = 10;
    /** The restarts of an entity whose journal or durable state store fails. */
    static final BackoffSupervisorStrategy STORE_FAILURE_BACKOFF = SupervisorStrategy.restartWithBackoff(
            Duration.ofMillis(BACKOFF_MIN_MS), Duration.ofSeconds(BACKOFF_MAX_S), 0.2);

    /** The machine and how many inputs it has taken. */
    static final class Held<C> {
        /** Null only in the empty state, before a machine is made for it or after its first input moved it out. */
        Machine<C> machine;
        long inputs;
        /** Whether recovery is over: inputs applied from now on are new, not replayed. */
        boolean live;
        /**
         * The codec refused the snapshot this recovery started from: {@code machine} is a blank
         * stand-in, and {@code inputs} counts the inputs replayed after the refused snapshot.
         */
        boolean snapshotRefused;
        /** Why the entity cannot be recovered; null when it runs. */
        String unrecoverable;

        Held(Machine<C> machine, long inputs) {
            this.machine = machine;
            this.inputs = inputs;
        }
    }

    /**
     * What an entity whose snapshot was refused sends itself once recovered: it restarts, to be
     * recovered from an older snapshot (local: never serialized). It goes round the mailbox twice:
     * Pekko may stash messages behind the first (while it stores a snapshot after recovery), and
     * those must be sent on before the restart drops the stash; the second comes after them.
     *
     * @param behindTheStash whether this is the second round, when nothing waits in the stash
     */
    record RecoverAgain(boolean behindTheStash) implements EntityCommand {}

    /** Restarts an entity whose snapshot was refused; its own supervisor restarts it at once, without a log. */
    static final class SnapshotRefused extends RuntimeException {
        SnapshotRefused(String message) {
            super(message, null, false, false);
        }
    }

    private final EntitySpec<C> spec;
    private final Durability.InputsJournaled durability;
    private final String entityId;
    private final ActorContext<EntityCommand> context;
    /**
     * The entities of this type on this node whose snapshot the codec refused, each with the input
     * of the oldest refused: their next recovery takes a snapshot before it.
     */
    private final Map<String, Long> refusedSnapshots;
    /** The node's tick driver, told when the entity is live; null when the entities are not ticked. */
    private final ActorRef<TickDriver.Command> ticks;
    /** The empty state Pekko was given: never changed by an input (see {@link #ownState}). */
    private final Held<C> empty;

    private ArborEntity(EntitySpec<C> spec, String entityId, ActorContext<EntityCommand> context,
                        Map<String, Long> refusedSnapshots, ActorRef<TickDriver.Command> ticks) {
        super(PersistenceId.of(spec.name(), entityId), STORE_FAILURE_BACKOFF);
        this.spec = spec;
        this.durability = (Durability.InputsJournaled) spec.durability();
        this.entityId = entityId;
        this.context = context;
        this.refusedSnapshots = refusedSnapshots;
        this.ticks = ticks;
        this.empty = new Held<>(null, 0);
    }

    /**
     * The entity's behaviour. Restarts for a refused snapshot are not counted: each recovers from
     * an older snapshot than the one before, so they end. Anything else that fails the entity
     * (a journaled event that no longer decodes) restarts it at most three times a minute.
     */
    static <C> Behavior<EntityCommand> create(EntitySpec<C> spec, String entityId, Map<String, Long> refusedSnapshots,
                                              ActorRef<TickDriver.Command> ticks) {
        Behavior<EntityCommand> entity = Behaviors.setup(ctx -> new ArborEntity<>(spec, entityId, ctx,
                refusedSnapshots, ticks));
        Behavior<EntityCommand> fallingBack = Behaviors.supervise(entity)
                .onFailure(SnapshotRefused.class, SupervisorStrategy.restart().withLoggingEnabled(false));
        return Behaviors.supervise(fallingBack)
                .onFailure(RuntimeException.class, SupervisorStrategy.restart().withLimit(3, Duration.ofMinutes(1)));
    }

    @Override
    public Recovery recovery() {
        Long refused = refusedSnapshots.get(entityId);
        return refused == null ? Recovery.withSnapshotSelectionCriteria(SnapshotSelectionCriteria.latest())
                : Recovery.withSnapshotSelectionCriteria(SnapshotSelectionCriteria.latest().withMaxSequenceNr(refused - 1));
    }

    @Override
    public String journalPluginId() {
        return spec.storage().journalPluginId();
    }

    @Override
    public String snapshotPluginId() {
        return spec.storage().snapshotPluginId();
    }

    @Override
    public Held<C> emptyState() {
        return empty;
    }

    private Held<C> newHeld() {
        Machine<C> m = spec.chart().newMachine(spec.ownerFor().apply(entityId));
        m.start();
        return new Held<>(m, 0);
    }

    /** The machine of a state, made for the empty state when it is first asked for. */
    private Machine<C> machine(Held<C> held) {
        if (held.machine == null) {
            held.machine = newHeld().machine;
        }
        return held.machine;
    }

    /**
     * The state an input may change: the empty state's machine moved into a state of its own
     * (Pekko starts every recovery from the empty state, a restart after a failed persist too, so
     * it must never take an input), any other state itself.
     */
    private Held<C> ownState(Held<C> held) {
        if (held != empty) {
            return held;
        }
        Held<C> own = new Held<>(machine(empty), 0);
        own.live = empty.live;
        empty.machine = null;
        empty.live = false;
        return own;
    }

    @Override
    public CommandHandler<EntityCommand, Input, Held<C>> commandHandler() {
        var builder = newCommandHandlerBuilder();
        builder.forState(held -> held.unrecoverable != null)
                .onCommand(EntityCommand.Fire.class, (held, fire) -> Effect().reply(fire.replyTo(),
                        new EntityReply.Refused(held.unrecoverable)))
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Refused(held.unrecoverable)))
                .onCommand(EntityCommand.Passivate.class, (held, stop) -> Effect().stop())
                .onAnyCommand(() -> Effect().none()); // ticks: there is no machine to run them
        builder.forState(held -> held.snapshotRefused)
                .onCommand(RecoverAgain.class, (held, again) -> {
                    if (!again.behindTheStash()) {
                        context.getSelf().tell(new RecoverAgain(true));
                        return Effect().none();
                    }
                    throw new SnapshotRefused("entity '" + entityId + "' of '" + spec.name()
                            + "': recovered again, from a snapshot older than input " + refusedSnapshots.get(entityId));
                })
                .onAnyCommand((held, command) -> {
                    // the mailbox outlives the restart: sent to itself, the message waits there for the
                    // next incarnation, behind those before it and ahead of RecoverAgain's successors
                    context.getSelf().tell(command);
                    return Effect().none();
                });
        builder.forAnyState()
                .onCommand(EntityCommand.Fire.class, (held, fire) -> {
                    try {
                        admit(spec, fire.event());
                    } catch (NotAdmitted e) {
                        return Effect().reply(fire.replyTo(), e.reply(entityId, spec));
                    }
                    return Effect().persist(new Input.Fired(fire.event()))
                            .thenReply(fire.replyTo(), h -> new EntityReply.Ack(active(h.machine)));
                })
                .onCommand(EntityCommand.Tick.class, (held, tick) -> Effect().persist(new Input.Ticked(tick.count())))
                .onCommand(EntityCommand.Query.class, (held, query) -> Effect().reply(query.replyTo(),
                        new EntityReply.Status(active(machine(held)), spec.snapshots().encode(machine(held)),
                                held.inputs)))
                .onCommand(EntityCommand.Passivate.class, (held, stop) -> Effect().stop()) // all is journaled already
                .onCommand(RecoverAgain.class, (held, late) -> Effect().none());
        return builder.build();
    }

    @Override
    public EventHandler<Held<C>, Input> eventHandler() {
        return newEventHandlerBuilder().forAnyState()
                .onEvent(Input.class, (held, input) -> {
                    if (held.snapshotRefused) {
                        held.inputs++; // counted, to know the refused snapshot's input; an older one applies it
                        return held;
                    }
                    Held<C> own = ownState(held);
                    apply(own, input, own.live ? Cause.NORMAL : Cause.REPLAY);
                    return own;
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

    @Override
    public SignalHandler<Held<C>> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), this::recovered)
                .build();
    }

    /**
     * Checks what recovery made. Journal row {@code n} is input {@code n}, so a recovered entity
     * has taken as many inputs as its journal's last sequence number: fewer means inputs are
     * missing, deleted behind a snapshot that could not be used.
     */
    private void recovered(Held<C> held) {
        long last = lastSequenceNumber(context);
        Long refusedBefore = refusedSnapshots.get(entityId);
        if (held.snapshotRefused) {
            long refusedAt = last - held.inputs; // the inputs replayed came after it
            if (refusedBefore != null && refusedAt >= refusedBefore) { // the store ignored the bound: never loop
                unrecoverable(held, "the snapshot store gave the snapshot at input " + refusedAt
                        + " for a recovery from before input " + refusedBefore);
                return;
            }
            refusedSnapshots.put(entityId, refusedAt);
            context.getSelf().tell(new RecoverAgain(false));
            return;
        }
        if (held.inputs != last) {
            unrecoverable(held, (refusedBefore != null ? "the codec refused its snapshots from input "
                    + refusedBefore + " down" : "no snapshot of it is left") + ", and its journal, which ends at input "
                    + last + ", gave " + held.inputs + " inputs: the other " + (last - held.inputs)
                    + " were deleted behind the snapshots kept");
            return;
        }
        if (refusedBefore != null) { // recovered from an older snapshot: the next incarnation tries the newest again
            refusedSnapshots.remove(entityId);
            context.getLog().info("entity '{}' of '{}': recovered from a snapshot before input {} and the {} inputs"
                    + " journaled after it", entityId, spec.name(), refusedBefore, last);
        }
        held.live = true;
        if (ticks != null) {
            ticks.tell(new TickDriver.Live(context.getSelf()));
        }
    }

    private void unrecoverable(Held<C> held, String why) {
        held.unrecoverable = "entity '" + entityId + "' of '" + spec.name() + "' cannot be recovered: " + why
                + "; it refuses every event and question rather than start from an empty machine";
        held.live = true;
        context.getLog().error(held.unrecoverable);
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return durability.deletesInputs()
                ? RetentionCriteria.snapshotEvery(durability.snapshotEvery(), durability.keepSnapshots() - 1)
                        .withDeleteEventsOnSnapshot()
                : RetentionCriteria.snapshotEvery(durability.snapshotEvery(), 2);
    }

    @Override
    public SnapshotAdapter<Held<C>> snapshotAdapter() {
        return new SnapshotAdapter<>() {
            /**
             * The machine's snapshot bytes; none for a state that is not the entity's (a refused
             * snapshot's stand-in, an entity that cannot be recovered), which Pekko stores too when its
             * recovery replayed {@code snapshotEvery} inputs or more: such a snapshot is always refused.
             */
            @Override
            public Object toJournal(Held<C> held) {
                if (held.snapshotRefused || held.unrecoverable != null) {
                    return new SnapshotBytes(SnapshotBytes.NO_MACHINE, held.inputs);
                }
                return new SnapshotBytes(spec.snapshots().encode(machine(held)), held.inputs);
            }

            @Override
            public Held<C> fromJournal(Object stored) {
                SnapshotBytes s = (SnapshotBytes) stored;
                Held<C> held = newHeld();
                try {
                    if (s.bytes().length == 0) {
                        throw new SnapshotException(SnapshotException.Reason.TRUNCATED, "no machine: stored after a"
                                + " recovery that could not use its snapshot");
                    }
                    spec.snapshots().decodeInto(s.bytes(), held.machine);
                } catch (SnapshotException e) {
                    context.getLog().warn("entity '{}' of '{}': its snapshot (of {} inputs, it says) is refused ({});"
                            + " it is recovered again from an older one", entityId, spec.name(), s.inputs(), e.getMessage());
                    held.snapshotRefused = true;
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

    /** Why an event is refused before it reaches the machine or the store. */
    static final class NotAdmitted extends Exception {
        NotAdmitted(String why) {
            super(why, null, false, false);
        }

        EntityReply.Refused reply(String entityId, EntitySpec<?> spec) {
            return new EntityReply.Refused("entity '" + entityId + "' of '" + spec.name() + "': " + getMessage());
        }
    }

    /**
     * The event the bytes hold, once it is one the machine takes: bytes that are no event, and an
     * event the chart rejects ({@code Chart.checkEvent}), which a journal would replay into the
     * same error every time, never reach the store.
     */
    static Object admit(EntitySpec<?> spec, byte[] bytes) throws NotAdmitted {
        Object event;
        try {
            event = decode(spec, bytes);
        } catch (SnapshotException | RuntimeException e) {
            throw new NotAdmitted("the event's bytes do not decode: " + e.getMessage());
        }
        try {
            spec.chart().checkEvent(event);
        } catch (IllegalArgumentException e) {
            throw new NotAdmitted(e.getMessage());
        }
        return event;
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
