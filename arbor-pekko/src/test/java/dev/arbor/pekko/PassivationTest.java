package dev.arbor.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.arbor.pekko.demo.GuardLedger;
import dev.arbor.pekko.demo.Guards;
import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's passivation settings are kept, the entity type's idle timeout added to them: an
 * active entity limit (Pekko's {@code default-strategy}) bounds how many guards a node keeps live,
 * the least recently used passivated first, and a passivated guard comes back as it was.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PassivationTest {

    @Test
    void anActiveEntityLimitInTheNodesConfigurationBoundsItsLiveGuards(@TempDir Path dir) throws Exception {
        Map<String, AtomicInteger> incarnations = new ConcurrentHashMap<>();
        ActorSystem<Void> node = LoopbackNode.h2(dir.resolve("journal")).start(null, false, ConfigFactory.parseString("""
                pekko.cluster.sharding.passivation.strategy = default-strategy
                pekko.cluster.sharding.passivation.default-strategy.active-entity-limit = 20
                """));
        try {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node, Guard.spec(100, Duration.ofMinutes(10), id -> {
                incarnations.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                return new Guards.Owner();
            }));
            EntityReply first = guards.fire(GuardLedger.id(0), Guards.Ev.ARRIVED).toCompletableFuture()
                    .get(20, TimeUnit.SECONDS);
            assertThat(first).isInstanceOf(EntityReply.Ack.class);
            GuardLedger others = new GuardLedger(200);
            others.queryAll(guards, 1); // 200 guards woken one after the other, guard-0 among them
            assertThat(incarnations).hasSize(200);
            // guard-0, woken first and idle since, was passivated to keep the limit: asked again, it
            // is a new incarnation, in the state it had
            EntityReply.Status again = guards.query(GuardLedger.id(0)).toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(incarnations.get(GuardLedger.id(0)).get()).isGreaterThan(1);
            assertThat(again.active()).contains("PATROL/WAIT");
            assertThat(again.inputs()).isEqualTo(1);
        } finally {
            node.terminate();
            node.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
