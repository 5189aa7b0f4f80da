package dev.arbor.pekko;

import java.time.Duration;
import java.util.HashSet;
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
 * <p>Ticks go straight to the entity, not through its shard, so they do not count as activity:
 * an entity that only ticks is idle, and is passivated after {@link EntitySpec#passivateAfter()}
 * (time stops for it until a message wakes it, as for a game's far-away NPCs).
 */
final class TickDriver {
    /** What the driver is told. Local to its node: never serialized. */
    sealed interface Command {}

    /** An entity has recovered and takes ticks from now on, until it stops. */
    record Live(ActorRef<EntityCommand> entity) implements Command {}

    /** The timer's beat. */
    private enum Beat implements Command { INSTANCE }

    private final ActorContext<Command> context;
    private final long everyNanos;
    private final long start;
    private final Set<ActorRef<EntityCommand>> live = new HashSet<>();
    private long ticksSent;

    private TickDriver(ActorContext<Command> context, Duration every) {
        this.context = context;
        this.everyNanos = every.toNanos();
        this.start = System.nanoTime();
    }

    static Behavior<Command> create(Duration every) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            timers.startTimerAtFixedRate(Beat.INSTANCE, every);
            return new TickDriver(ctx, every).behavior();
        }));
    }

    private Behavior<Command> behavior() {
        return Behaviors.receive(Command.class)
                .onMessage(Live.class, l -> {
                    if (live.add(l.entity())) {
                        context.watch(l.entity());
                    }
                    return Behaviors.same();
                })
                .onMessageEquals(Beat.INSTANCE, () -> {
                    beat();
                    return Behaviors.same();
                })
                .onSignal(Terminated.class, t -> {
                    live.remove(t.getRef());
                    return Behaviors.same();
                })
                .build();
    }

    private void beat() {
        long due = (System.nanoTime() - start) / everyNanos;
        long count = due - ticksSent;
        if (count <= 0) {
            return;
        }
        ticksSent = due;
        EntityCommand.Tick tick = new EntityCommand.Tick((int) Math.min(count, Integer.MAX_VALUE));
        for (ActorRef<EntityCommand> entity : live) {
            entity.tell(tick);
        }
    }
}
