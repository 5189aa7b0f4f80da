package dev.arbor.pekko;

import dev.arbor.pekko.demo.Guards;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
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

    /**
     * 32 entities ticked every 320 ms: the driver deals them into 16 slices beating 20 ms apart,
     * so their batches come spread over the period (sent at once, they came within a millisecond
     * or two), and each still runs one tick a period of the clock.
     */
    @Test
    void aBeatIsSpreadOverItsPeriodAndEveryEntityStillKeepsTheClocksTime() throws Exception {
        Duration every = Duration.ofMillis(320);
        assertThat(TickDriver.slices(every)).isEqualTo(16);
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "ticks");
        try {
            Map<Integer, AtomicLong> ticks = new ConcurrentHashMap<>();
            Map<Integer, Long> firstBatch = new ConcurrentHashMap<>();
            ActorRef<TickDriver.Command> driver = system.systemActorOf(TickDriver.create(every), "driver", Props.empty());
            long start = System.nanoTime();
            for (int i = 0; i < 32; i++) {
                int entity = i;
                ticks.put(entity, new AtomicLong());
                ActorRef<EntityCommand> recorder = system.systemActorOf(Behaviors.receive(EntityCommand.class)
                        .onMessage(EntityCommand.Tick.class, t -> {
                            firstBatch.putIfAbsent(entity, System.nanoTime());
                            ticks.get(entity).addAndGet(t.count());
                            return Behaviors.same();
                        }).build(), "entity-" + i, Props.empty());
                driver.tell(new TickDriver.Live(recorder));
            }
            Thread.sleep(2_000);
            long periods = (System.nanoTime() - start) / every.toNanos();
            List<Long> firsts = new ArrayList<>(firstBatch.values());
            firsts.sort(null);
            assertThat(firsts).as("every entity had a batch").hasSize(32);
            assertThat(firsts.get(31) - firsts.get(0)).as("the first batches, spread over the period")
                    .isGreaterThan(every.toNanos() / 4);
            for (AtomicLong taken : ticks.values()) {
                assertThat(taken.get()).as("ticks after %d periods", periods).isBetween(periods - 2, periods);
            }
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }
}
