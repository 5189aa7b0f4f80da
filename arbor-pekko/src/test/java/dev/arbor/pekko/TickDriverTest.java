package dev.arbor.pekko;

import dev.arbor.pekko.demo.Guards;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ticked entity type: each node's tick driver runs its live entities' ticks, and only theirs.
 * The guard's WAIT lasts two ticks, so a guard that arrives is walking again a few beats later with
 * no message from outside; a guard that gets no message is passivated although it ticks.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TickDriverTest {

    private static EntityReply.Status status(ArborSharding<Guards.Owner> guards, String id) throws Exception {
        return guards.query(id).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    /** Asks until the entity is in {@code leaf}, for at most five seconds. */
    private static EntityReply.Status awaitIn(ArborSharding<Guards.Owner> guards, String id, String leaf) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        EntityReply.Status s = status(guards, id);
        while (!s.active().contains(leaf) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            s = status(guards, id);
        }
        return s;
    }

    @Test
    void theNodesDriverTicksALiveEntityWithNoMessageFromOutside(@TempDir Path dir) throws Exception {
        try (Node node = new Node("ticking", dir.resolve("journal"))) {
            for (EntitySpec<Guards.Owner> spec : List.of(Guard.spec(50), Guard.snapshotsOnly(50))) {
                ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system,
                        spec.withName("guard-" + spec.durability().getClass().getSimpleName()).ticked(Duration.ofMillis(20)));
                EntityReply reply = guards.fire("guard-1", Guards.Ev.ARRIVED).toCompletableFuture().get(20, TimeUnit.SECONDS);
                assertThat(reply).isEqualTo(new EntityReply.Ack(List.of("", "PATROL", "PATROL/WAIT")));
                EntityReply.Status walking = awaitIn(guards, "guard-1", "PATROL/WALK");
                assertThat(walking.active()).as(spec.durability().toString()).containsExactly("", "PATROL", "PATROL/WALK");
                assertThat(walking.inputs()).as("the event and at least one tick batch").isGreaterThan(1);
            }
        }
    }

    @Test
    void ticksAreNoActivityAnEntityThatOnlyTicksIsPassivatedAndTimeStopsForIt(@TempDir Path dir) throws Exception {
        List<Guards.Owner> made = new CopyOnWriteArrayList<>();
        try (Node node = new Node("passivating", dir.resolve("journal"))) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(1000, Duration.ofMillis(600), id -> {
                Guards.Owner o = new Guards.Owner();
                made.add(o);
                return o;
            }).ticked(Duration.ofMillis(20)));
            guards.fire("guard-1", Guards.Ev.ARRIVED).toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(awaitIn(guards, "guard-1", "PATROL/WALK").active()).contains("PATROL/WALK");
            Thread.sleep(2000); // 100 beats, and no message: passivated after 600 ms
            long before = made.size();
            EntityReply.Status woken = status(guards, "guard-1");
            assertThat(made).as("the query woke a new incarnation").hasSize((int) before + 1);
            // what it ran while live is in the journal: every batch it took, each one input
            assertThat(woken.active()).containsExactly("", "PATROL", "PATROL/WALK");
            long asleep = woken.inputs();
            Thread.sleep(300);
            assertThat(status(guards, "guard-1").inputs()).as("live again, it ticks again").isGreaterThan(asleep);
            assertThat(asleep).as("it stopped ticking once passivated: about 30 batches in 600 ms, not 100")
                    .isLessThan(80);
        }
    }
}
