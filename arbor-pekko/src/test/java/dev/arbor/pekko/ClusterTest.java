package dev.arbor.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
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
 * <p>About a minute a mode: it runs with {@code -Pcluster} (as {@code .ci/run} does), not in the
 * default build.
 */
@Tag("cluster")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClusterTest {
    private static final int ENTITIES = 10_000;
    private static final Guard.Ev[] EVENTS = Guard.Ev.values();

    /** One guard's events as sent: acknowledged, or unknown (no answer). */
    private static final class Sent {
        final List<Guard.Ev> events = new ArrayList<>();
        final List<Boolean> acked = new ArrayList<>();
    }

    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("inputs journaled", "H2"), Arguments.of("snapshots only", "H2"),
                Arguments.of("inputs journaled", "PostgreSQL"), Arguments.of("snapshots only", "PostgreSQL"));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void aNodeKilledMidRunLosesNoAcknowledgedEvent(String mode, String storage, @TempDir Path dir) throws Exception {
        Durability durability = mode.equals("inputs journaled") ? new Durability.InputsJournaled(3)
                : new Durability.SnapshotsOnly(5);
        LoopbackNode store = storage.equals("H2") ? LoopbackNode.h2(dir.resolve("journal")) : Store.postgres();
        // a type name of its own, so that a database kept from earlier runs holds none of its entities
        String type = "guard-" + Long.toHexString(System.nanoTime());
        EntitySpec<Guard.Owner> spec = new EntitySpec<>(type, Guard.CHART, id -> new Guard.Owner(), Guard.SNAPSHOTS,
                dev.arbor.net.codec.EventCodec.ofEnum(Guard.Ev.class), durability, java.time.Duration.ofMinutes(5));
        Sent[] sent = new Sent[ENTITIES];
        for (int i = 0; i < ENTITIES; i++) {
            sent[i] = new Sent();
        }
        Random random = new Random(20261125L);
        try (Node first = new Node("first", store, null, false);
             Node second = new Node("second", store, first.address(), false);
             Node third = new Node("third", store, first.address(), true)) {
            LoopbackNode.awaitMembers(first.system, 3);
            ArborSharding<Guard.Owner> one = ArborSharding.init(first.system, spec);
            ArborSharding<Guard.Owner> two = ArborSharding.init(second.system, spec);
            ArborSharding.init(third.system, spec);
            wave(one, sent, random); // every guard placed somewhere, one event each
            wave(two, sent, random);
            CompletableFuture<Void> inFlight = CompletableFuture.runAsync(() -> wave(one, sent, random));
            Thread.sleep(300);
            third.close(); // abruptly: no leaving, no handing over
            inFlight.get(120, TimeUnit.SECONDS);
            LoopbackNode.awaitMembers(first.system, 2);
            wave(two, sent, random); // the dead node's guards come back on the others
            int checked = 0;
            int unknown = 0;
            List<CompletableFuture<EntityReply.Status>> statuses = new ArrayList<>(ENTITIES);
            Semaphore window = new Semaphore(256);
            for (int i = 0; i < ENTITIES; i++) {
                window.acquireUninterruptibly();
                statuses.add(one.query(id(i)).toCompletableFuture().whenComplete((status, error) -> window.release()));
            }
            for (int i = 0; i < ENTITIES; i++) {
                EntityReply.Status status = statuses.get(i).get(60, TimeUnit.SECONDS);
                assertThat(matchesSomeOutcome(status.snapshot(), sent[i])).as("guard %d after %s", i, describe(sent[i]))
                        .isTrue();
                checked++;
                unknown += (int) sent[i].acked.stream().filter(a -> !a).count();
            }
            assertThat(checked).isEqualTo(ENTITIES);
            System.out.printf("%s on %s: %d guards equal their reference; %d events were in flight to the dead node%n",
                    mode, storage, checked, unknown);
        }
    }

    private static String id(int i) {
        return "guard-" + i;
    }

    /** One random event to every guard, at most 256 in flight; failures (no answer) are noted, not thrown. */
    private static void wave(ArborSharding<Guard.Owner> via, Sent[] sent, Random random) {
        Semaphore window = new Semaphore(256);
        List<CompletableFuture<?>> all = new ArrayList<>(ENTITIES);
        for (int i = 0; i < ENTITIES; i++) {
            Guard.Ev event;
            synchronized (random) {
                event = EVENTS[random.nextInt(EVENTS.length)];
            }
            Sent s = sent[i];
            int index;
            synchronized (s) {
                index = s.events.size();
                s.events.add(event);
                s.acked.add(false);
            }
            window.acquireUninterruptibly();
            all.add(via.fire(id(i), event).toCompletableFuture().handle((reply, error) -> {
                if (reply instanceof EntityReply.Ack) {
                    synchronized (s) {
                        s.acked.set(index, true);
                    }
                }
                window.release();
                return null;
            }));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
    }

    /** Whether the stored state is the reference fed the acknowledged events and some of the unknown ones. */
    private static boolean matchesSomeOutcome(byte[] actual, Sent s) {
        List<Integer> unknown = new ArrayList<>();
        for (int k = 0; k < s.events.size(); k++) {
            if (!s.acked.get(k)) {
                unknown.add(k);
            }
        }
        String want = HexFormat.of().formatHex(actual);
        for (int subset = 0; subset < 1 << Math.min(unknown.size(), 6); subset++) {
            Machine<Guard.Owner> ref = Guard.CHART.newMachine(new Guard.Owner());
            ref.start();
            for (int k = 0; k < s.events.size(); k++) {
                int u = unknown.indexOf(k);
                if (u < 0 || (subset & 1 << u) != 0) {
                    ref.fire(s.events.get(k));
                }
            }
            if (HexFormat.of().formatHex(Guard.SNAPSHOTS.encode(ref)).equals(want)) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Sent s) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < s.events.size(); k++) {
            b.append(s.events.get(k)).append(s.acked.get(k) ? "" : "?").append(' ');
        }
        return b.toString().trim();
    }
}
