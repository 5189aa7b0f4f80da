package dev.arbor.pekko.demo;

import dev.arbor.pekko.ArborSharding;
import dev.arbor.pekko.Durability;
import dev.arbor.pekko.EntityReply;
import dev.arbor.pekko.EntitySpec;
import dev.arbor.pekko.demo.Guards.Owner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * Three cluster nodes in one process on 127.0.0.1 share a hundred thousand guards (inputs journaled
 * in an H2 file in a temporary directory): every guard gets an event, twice; the entities each
 * node holds and the throughput are printed; then a node is stopped without a word, its guards come
 * back on the other two from the journal, a third wave of events reaches them, and every guard is
 * compared with a machine that was fed the same acknowledged events in this process.
 *
 * <p>Arguments: {@code [--entities N]} (default 100,000).
 */
public final class ClusterDemo {
    private final PrintStream out;
    private final int entities;

    ClusterDemo(PrintStream out, int entities) {
        this.out = out;
        this.entities = entities;
    }

    /**
     * Runs the demo and exits with 0 when every guard matches its reference, 1 when one does not,
     * 2 on a bad argument.
     *
     * @param args {@code [--entities N]}
     * @throws Exception when the nodes or the journal fail
     */
    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
        int entities = 100_000;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--entities") && i + 1 < args.length) {
                entities = Integer.parseInt(args[++i]);
            } else {
                System.err.println("arbor demo cluster: unknown argument '" + args[i] + "' (usage: [--entities N])");
                System.exit(2);
            }
        }
        int failed = new ClusterDemo(System.out, entities).run();
        System.exit(failed == 0 ? 0 : 1);
    }

    /** Runs the story; returns how many guards differ from their reference (0). */
    int run() throws Exception {
        Path dir = Files.createTempDirectory("arbor-cluster-demo");
        LoopbackNode database = LoopbackNode.h2(dir.resolve("journal"));
        EntitySpec<Owner> spec = Guards.spec("guard", new Durability.InputsJournaled(20), Duration.ofMinutes(10));
        List<ActorSystem<Void>> nodes = new ArrayList<>();
        try {
            for (int n = 0; n < 3; n++) {
                nodes.add(database.start(n == 0 ? null : Cluster.get(nodes.get(0)).selfMember().address(), n == 2));
            }
            out.printf("three nodes up on 127.0.0.1; a journal in %s%n", dir);
            List<ArborSharding<Owner>> sharding = new ArrayList<>();
            for (ActorSystem<Void> node : nodes) {
                sharding.add(ArborSharding.init(node, spec).withAskTimeout(Duration.ofSeconds(60)));
            }
            GuardLedger sent = new GuardLedger(entities);
            Random random = new Random(2026);
            wave("first wave", sharding.get(0), sent, random);
            printEntitiesPerNode(nodes);
            wave("second wave", sharding.get(1), sent, random);
            out.println("stopping node 3 without a word (as a crash would)");
            // asks to guards of the dying node go unanswered: they give up after 10 s
            ArborSharding<Owner> impatient = sharding.get(0).withAskTimeout(Duration.ofSeconds(10));
            CompletableFuture<Void> third = CompletableFuture.runAsync(() -> wave("third wave, across the crash",
                    impatient, sent, random));
            Thread.sleep(200);
            ActorSystem<Void> dead = nodes.remove(2);
            dead.terminate();
            dead.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            third.get(10, TimeUnit.MINUTES);
            LoopbackNode.awaitMembers(nodes.get(0), 2);
            out.println("node 3 downed by the split-brain resolver; its guards recover on nodes 1 and 2 from the journal");
            wave("fourth wave", sharding.get(1), sent, random);
            printEntitiesPerNode(nodes);
            return check(sharding.get(0), sent);
        } finally {
            for (ActorSystem<Void> node : nodes) {
                node.terminate();
                node.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                out.println("could not delete " + dir + ": " + e.getMessage());
            }
        }
    }

    private void wave(String name, ArborSharding<Owner> via, GuardLedger ledger, Random random) {
        long start = System.nanoTime();
        int acked = ledger.wave(via, random, 512);
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf("%s: %,d events, %,d acknowledged, %,.0f events/s across the cluster%n", name, entities, acked,
                entities / seconds);
    }

    private void printEntitiesPerNode(List<ActorSystem<Void>> nodes) throws Exception {
        EntityTypeKey<?> key = EntityTypeKey.create(dev.arbor.pekko.EntityCommand.class, "guard");
        StringBuilder line = new StringBuilder("guards per node:");
        for (int n = 0; n < nodes.size(); n++) {
            ActorSystem<Void> node = nodes.get(n);
            ShardRegion.CurrentShardRegionState state = AskPattern.<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery,
                    ShardRegion.CurrentShardRegionState>ask(ClusterSharding.get(node).shardState(),
                    reply -> new GetShardRegionState(key, reply), Duration.ofSeconds(30), node.scheduler())
                    .toCompletableFuture().get(30, TimeUnit.SECONDS);
            int count = state.getShards().stream().mapToInt(s -> s.getEntityIds().size()).sum();
            line.append(String.format(" node %d %,d", n + 1, count));
        }
        out.println(line);
    }

    private int check(ArborSharding<Owner> via, GuardLedger ledger) throws Exception {
        List<EntityReply.Status> statuses = ledger.queryAll(via, 512);
        int equal = 0;
        int unknown = 0;
        for (int i = 0; i < entities; i++) {
            equal += ledger.matches(i, statuses.get(i).snapshot()) ? 1 : 0;
            unknown += ledger.unanswered(i);
        }
        out.printf("%,d of %,d guards equal a machine fed their acknowledged events (%,d events went unanswered"
                + " while node 3 was dying: each may or may not have been stored, and either is accepted)%n",
                equal, entities, unknown);
        return entities - equal;
    }
}
