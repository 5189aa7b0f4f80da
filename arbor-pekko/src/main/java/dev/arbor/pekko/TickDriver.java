package dev.arbor.pekko;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Ticks the live entities of one entity type on one node: every entity that has recovered tells
 * the driver it is live, the driver watches it, and on each beat it sends every live entity the
 * ticks that came due since the last beat. Game time is kept by the clock, not by the beats: a
 * beat that comes late (a busy node, a pause of the collector) sends a batch of the ticks it
 * missed, so an entity runs {@code elapsed / every} ticks whatever the scheduler does.
 *
 * <p>A beat is spread over its period: the live entities are dealt into up to 16 slices, and the
 * timer beats once a slice, each time sending one slice its due ticks. With inputs
 * journaled each batch is a journal write, and a beat sent to every entity at once queued as many
 * writes at one instant: the soak measured pekko-persistence-jdbc's queue (1,000 writes by
 * default) overflowing at every beat with 1,800 live entities, every refused write stopping its
 * entity. Spread, an instant queues a slice's writes; the database must still take
 * {@code live / every} writes a second.
 *
 * <p>Ticks go straight to the entity, not through its shard, so they do not count as activity:
 * an entity that only ticks is idle, and is passivated after {@link EntitySpec#passivateAfter()}
 * (time stops for it until a message wakes it, as for a game's far-away NPCs).
 */
final class TickDriver {
    /** The most slices a beat is spread over. */
    static final int MAX_SLICES = 16;
    /** The shortest time between the beats of two slices. */
    private static final long MIN_SLICE_NANOS = 5_000_000;

    /** What the driver is told. Local to its node: never serialized. */
    sealed interface Command {}

    /** An entity has recovered and takes ticks from now on, until it stops. */
    record Live(ActorRef<EntityCommand> entity) implements Command {}

    /** The timer's beat, once a slice. */
    private enum Beat implements Command { INSTANCE }

    private final long everyNanos;
    private final long start;
    private final List<Set<ActorRef<EntityCommand>>> slices = new ArrayList<>();
    /** The slice of every live entity. */
    private final Map<ActorRef<EntityCommand>, Set<ActorRef<EntityCommand>>> sliceOf = new HashMap<>();
    /** Per slice, the ticks due when it was last sent them. */
    private final long[] ticksSent;
    private final ActorContext<Command> context;
    private int nextSlice;
    private int beats;

    private TickDriver(ActorContext<Command> context, Duration every, int sliceCount) {
        this.context = context;
        this.everyNanos = every.toNanos();
        this.start = System.nanoTime();
        for (int i = 0; i < sliceCount; i++) {
            slices.add(new HashSet<>());
        }
        this.ticksSent = new long[sliceCount];
    }

    /** {@return how many slices a beat of this period is spread over: up to 16, each at least 5 ms after the last} */
    static int slices(Duration every) {
        return (int) Math.max(1, Math.min(MAX_SLICES, every.toNanos() / MIN_SLICE_NANOS));
    }

    static Behavior<Command> create(Duration every) {
        int sliceCount = slices(every);
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            timers.startTimerAtFixedRate(Beat.INSTANCE, every.dividedBy(sliceCount));
            return new TickDriver(ctx, every, sliceCount).behavior();
        }));
    }

    private Behavior<Command> behavior() {
        return Behaviors.receive(Command.class)
                .onMessage(Live.class, l -> {
                    if (!sliceOf.containsKey(l.entity())) {
                        Set<ActorRef<EntityCommand>> slice = slices.get(nextSlice);
                        nextSlice = (nextSlice + 1) % slices.size(); // dealt in turn: the slices stay even
                        slice.add(l.entity());
                        sliceOf.put(l.entity(), slice);
                        context.watch(l.entity());
                    }
                    return Behaviors.same();
                })
                .onMessageEquals(Beat.INSTANCE, () -> {
                    beat(beats);
                    beats = (beats + 1) % slices.size();
                    return Behaviors.same();
                })
                .onSignal(Terminated.class, t -> {
                    Set<ActorRef<EntityCommand>> slice = sliceOf.remove(t.getRef());
                    if (slice != null) {
                        slice.remove(t.getRef());
                    }
                    return Behaviors.same();
                })
                .build();
    }

    /** Sends slice {@code i} the ticks that came due since it was last sent them. */
    private void beat(int i) {
        long due = (System.nanoTime() - start) / everyNanos;
        long count = due - ticksSent[i];
        if (count <= 0) {
            return;
        }
        ticksSent[i] = due;
        EntityCommand.Tick tick = new EntityCommand.Tick((int) Math.min(count, Integer.MAX_VALUE));
        for (ActorRef<EntityCommand> entity : slices.get(i)) {
            entity.tell(tick);
        }
    }
}
