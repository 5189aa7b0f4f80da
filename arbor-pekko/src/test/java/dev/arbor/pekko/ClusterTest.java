package dev.arbor.pekko;

import dev.arbor.pekko.demo.Guards;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.pekko.demo.GuardLedger;
import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Three nodes in one JVM (loopback, ephemeral ports) shard 10,000 guards; random events are routed
 * by id; one node is terminated abruptly mid-run. After the split-brain resolver downs it and its
 * shards move, every guard's state equals a reference machine fed exactly its acknowledged
 * events: none lost, none applied twice. An event whose acknowledgement never came (it was in
 * flight to the dead node) may or may not have been stored, and is allowed either way.
 *
 * <p>About a minute a case: it runs with {@code -Pcluster}, not in the
 * default build.
 */
@Tag("cluster")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClusterTest {
    private static final int ENTITIES = 10_000;

    /**
     * Both durability modes on both stores, or those {@code -Darbor.cluster.cases} names by their
     * display names, comma-separated (e.g. "snapshots only on PostgreSQL"; CI runs the fault
     * suite instead, whose kill scenario has a stricter checker).
     */
    static Stream<Arguments> cases() {
        List<Arguments> all = List.of(Arguments.of("inputs journaled", "H2"), Arguments.of("snapshots only", "H2"),
                Arguments.of("inputs journaled", "PostgreSQL"), Arguments.of("snapshots only", "PostgreSQL"));
        String only = System.getProperty("arbor.cluster.cases", "");
        if (only.isBlank()) {
            return all.stream();
        }
        List<String> names = Arrays.stream(only.split(",")).map(String::trim).toList();
        List<Arguments> chosen = all.stream().filter(a -> names.contains(a.get()[0] + " on " + a.get()[1])).toList();
        if (chosen.size() != names.size()) {
            throw new IllegalArgumentException("-Darbor.cluster.cases names " + names + "; the cases are "
                    + all.stream().map(a -> a.get()[0] + " on " + a.get()[1]).toList());
        }
        return chosen.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void aNodeKilledMidRunLosesNoAcknowledgedEvent(String mode, String storage, @TempDir Path dir) throws Exception {
        Durability durability = mode.equals("inputs journaled") ? new Durability.InputsJournaled(3)
                : new Durability.SnapshotsOnly(5);
        LoopbackNode store = storage.equals("H2") ? LoopbackNode.h2(dir.resolve("journal")) : Store.postgres();
        // a type name of its own, so that a database kept from earlier runs holds none of its entities
        String type = "guard-" + Long.toHexString(System.nanoTime());
        EntitySpec<Guards.Owner> spec = Guards.spec(type, durability, java.time.Duration.ofMinutes(5));
        GuardLedger sent = new GuardLedger(ENTITIES);
        Random random = new Random(20261125L);
        try (Node first = new Node("first", store, null, false);
             Node second = new Node("second", store, first.address(), false);
             Node third = new Node("third", store, first.address(), true)) {
            LoopbackNode.awaitMembers(first.system, 3);
            ArborSharding<Guards.Owner> one = ArborSharding.init(first.system, spec);
            ArborSharding<Guards.Owner> two = ArborSharding.init(second.system, spec);
            ArborSharding.init(third.system, spec);
            sent.wave(one, random, 256); // every guard placed somewhere, one event each
            sent.wave(two, random, 256);
            CompletableFuture<Void> inFlight = CompletableFuture.runAsync(() -> sent.wave(one, random, 256));
            Thread.sleep(300);
            third.close(); // abruptly: no leaving, no handing over
            inFlight.get(120, TimeUnit.SECONDS);
            LoopbackNode.awaitMembers(first.system, 2);
            sent.wave(two, random, 256); // the dead node's guards come back on the others
            int checked = 0;
            int unknown = 0;
            List<EntityReply.Status> statuses = sent.queryAll(one, 256);
            for (int i = 0; i < ENTITIES; i++) {
                EntityReply.Status status = statuses.get(i);
                assertThat(sent.matches(i, status.snapshot())).as("guard %d after %s", i, sent.describe(i)).isTrue();
                checked++;
                unknown += sent.unanswered(i);
            }
            assertThat(checked).isEqualTo(ENTITIES);
            System.out.printf("%s on %s: %d guards equal their reference; %d events were in flight to the dead node%n",
                    mode, storage, checked, unknown);
        }
    }
}
