package dev.arbor.pekko.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.arbor.pekko.ArborSharding;
import dev.arbor.pekko.EntityReply;
import dev.arbor.pekko.demo.LoopbackNode;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;

/**
 * One node of the fault suite, a process of its own in its network namespace: a cluster member
 * on its namespace's address, the {@link Marks} entity type sharded over the cluster, its journal
 * in the lab's PostgreSQL, and a client that fires marks at the scenario's entities and records
 * every request and answer. The suite drives it by lines on its standard input:
 *
 * <ul>
 *   <li>{@code clients SCENARIO ENTITIES RATE FILE}: start firing, at most {@code RATE} requests a
 *       second and 16 in flight, recording to {@code FILE}; one request in four goes to one of the
 *       first {@value #HOT} entities, the rest to any;</li>
 *   <li>{@code stop}: stop firing, wait for the requests in flight to be answered or to time out;
 *       answers {@code stopped};</li>
 *   <li>{@code query SCENARIO ENTITIES FILE}: ask every entity for its state, writing one line
 *       each; answers {@code queried};</li>
 *   <li>{@code members}: answers {@code members UP UNREACHABLE}, as this node sees the cluster;</li>
 * </ul>
 *
 * and it prints {@code up} once it is a member up with the entity type set up. A node the split-brain
 * resolver downs exits its process, as a production node would, to be started again.
 */
public final class FaultNode {
    /** How long a client waits for an answer before it counts the request as unknown. */
    static final Duration ASK_TIMEOUT = Duration.ofSeconds(5);
    static final int PORT = 25520;
    /** The scenario's first entities, which take one request in four between them. */
    static final int HOT = 8;

    private final ArborSharding<Marks.Tally> marks;
    private final Cluster cluster;
    private final int node;
    private final int incarnation;
    private final PrintStream out;
    private Thread client;
    private final AtomicBoolean firing = new AtomicBoolean();

    private FaultNode(ArborSharding<Marks.Tally> marks, Cluster cluster, int node, int incarnation, PrintStream out) {
        this.marks = marks;
        this.cluster = cluster;
        this.node = node;
        this.incarnation = incarnation;
        this.out = out;
    }

    /**
     * Starts a node.
     *
     * @param args the node's number (1..9), its incarnation (0..255), the addresses of all nodes
     *             (comma-separated), the JDBC URL of the journal's database, and how many inputs
     *             between snapshots
     * @throws Exception when the node cannot start; the process then exits with an error
     */
    public static void main(String[] args) throws Exception {
        int node = Integer.parseInt(args[0]);
        int incarnation = Integer.parseInt(args[1]);
        List<String> hosts = List.of(args[2].split(","));
        String url = args[3];
        int snapshotEvery = Integer.parseInt(args[4]);
        PrintStream out = new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "arbor",
                config(hosts.get(node - 1), seeds(node, incarnation, hosts), url));
        Cluster cluster = Cluster.get(system);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (cluster.selfMember().status() != MemberStatus.up()) {
            if (System.nanoTime() > deadline) {
                System.err.println("node " + node + " did not join within 60 s: " + cluster.state());
                System.exit(2);
            }
            Thread.sleep(50);
        }
        SchemaUtils.createIfNotExists(system).toCompletableFuture().get(60, TimeUnit.SECONDS);
        ArborSharding<Marks.Tally> marks = ArborSharding.init(system, Marks.spec(snapshotEvery)).withAskTimeout(ASK_TIMEOUT);
        out.println("up");
        new FaultNode(marks, cluster, node, incarnation, out).serve(new BufferedReader(new InputStreamReader(System.in,
                StandardCharsets.UTF_8)));
        system.terminate();
    }

    /**
     * The seed nodes a node joins through. Only the first start of node 1 lists itself (first, so
     * that it forms the cluster when no other answers); every other start lists the others alone.
     * A restarted node that listed itself first would form a second cluster whenever the others
     * were too busy to answer within {@code seed-node-timeout}: measured here, node 1 restarted
     * after the bridge partition, while node 3 alone carried every entity, and two clusters ran the
     * same entities until the end of the run.
     */
    static List<String> seeds(int node, int incarnation, List<String> hosts) {
        if (node == 1 && incarnation == 0) {
            return hosts;
        }
        List<String> others = new ArrayList<>(hosts);
        others.remove(node - 1);
        return others;
    }

    /**
     * The node's configuration: a loopback node's (the journal's plugins on the lab's PostgreSQL),
     * on its namespace's address, with seed nodes, a split-brain resolver timed for processes that
     * are paused and cut off, and the process ended when the node is downed.
     */
    static Config config(String self, List<String> hosts, String url) {
        String seeds = hosts.stream().map(h -> "\"pekko://arbor@" + h + ":" + PORT + "\"").collect(Collectors.joining(", "));
        Config loopback = new LoopbackNode("slick.jdbc.PostgresProfile$", "org.postgresql.Driver", url, "arbor", "arbor")
                .config(false);
        return ConfigFactory.parseString("""
                pekko.loglevel = INFO
                pekko.log-dead-letters = off
                pekko.remote.artery.canonical.hostname = "%s"
                pekko.remote.artery.canonical.port = %d
                pekko.cluster.seed-nodes = [%s]
                pekko.cluster.seed-node-timeout = 3s
                pekko.cluster.shutdown-after-unsuccessful-join-seed-nodes = 40s
                pekko.cluster.split-brain-resolver.stable-after = 5s
                pekko.cluster.split-brain-resolver.down-all-when-unstable = on
                pekko.cluster.failure-detector.acceptable-heartbeat-pause = 3s
                pekko.coordinated-shutdown.exit-jvm = on
                pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = on
                pekko.persistence.max-concurrent-recoveries = 50
                pekko.cluster.sharding.number-of-shards = 50
                # after the database comes back, the journal is tried again within 5 s (30 s by default)
                jdbc-journal.circuit-breaker.reset-timeout = 5s
                jdbc-snapshot-store.circuit-breaker.reset-timeout = 5s
                # five nodes on one server: 8 connections each
                pekko-persistence-jdbc.shared-databases.slick.db {
                  numThreads = 8, maxConnections = 8, minConnections = 1, connectionTimeout = 3000
                }
                """.formatted(self, PORT, seeds)).withFallback(loopback);
    }

    private void serve(BufferedReader commands) throws Exception {
        for (String line; (line = commands.readLine()) != null; ) {
            String[] words = line.trim().split(" ");
            switch (words[0]) {
                case "clients" -> startClients(words[1], Integer.parseInt(words[2]), Integer.parseInt(words[3]),
                        Path.of(words[4]));
                case "stop" -> {
                    stopClients();
                    out.println("stopped");
                }
                case "query" -> {
                    query(words[1], Integer.parseInt(words[2]), Path.of(words[3]));
                    out.println("queried");
                }
                case "members" -> {
                    int up = 0;
                    for (Member m : cluster.state().getMembers()) {
                        up += m.status() == MemberStatus.up() ? 1 : 0;
                    }
                    out.println("members " + up + " " + cluster.state().getUnreachable().size());
                }
                case "exit" -> {
                    return;
                }
                default -> System.err.println("node " + node + ": unknown command '" + line + "'");
            }
        }
    }

    /** Fires marks at random entities of the scenario, each request recorded before it is sent. */
    private void startClients(String scenario, int entities, int rate, Path file) throws IOException {
        History.Writer history = new History.Writer(file);
        SplittableRandom random = new SplittableRandom(node * 7919L + incarnation);
        Semaphore inFlight = new Semaphore(16);
        firing.set(true);
        long base = ((long) node << 48) | ((long) incarnation << 40);
        client = new Thread(() -> {
            long sent = 0;
            long start = System.nanoTime();
            try {
                while (firing.get()) {
                    long due = start + sent * 1_000_000_000L / rate;
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    if (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                        continue;
                    }
                    long request = base | ++sent;
                    // one request in four goes to a hot entity, so that some entities take enough
                    // inputs in a scenario for retention to delete them, faults and all
                    String entity = scenario + "-" + random.nextInt(random.nextInt(4) == 0 ? HOT : entities);
                    history.invoked(request, entity);
                    marks.fire(entity, new Marks.Mark(request)).whenComplete((reply, error) -> {
                        if (error != null) {
                            history.unknown(request, error.getClass().getSimpleName());
                        } else if (reply instanceof EntityReply.Ack) {
                            history.acknowledged(request);
                        } else {
                            history.failed(request, reply.toString());
                        }
                        inFlight.release();
                    });
                }
                inFlight.acquire(16); // every request in flight answered or timed out
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                history.close();
            }
        }, "fault-client");
        client.start();
    }

    private void stopClients() throws InterruptedException {
        firing.set(false);
        if (client != null) {
            client.join(ASK_TIMEOUT.toMillis() * 3);
            client = null;
        }
    }

    /** Asks every entity of the scenario for its state, retrying an entity whose answer does not come. */
    private void query(String scenario, int entities, Path file) throws Exception {
        List<String> lines = new ArrayList<>();
        Semaphore inFlight = new Semaphore(64);
        List<CompletableFuture<String>> answers = IntStream.range(0, entities).mapToObj(i -> {
            String entity = scenario + "-" + i;
            try {
                inFlight.acquire();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return queryWithRetries(entity, 6).whenComplete((s, e) -> inFlight.release());
        }).toList();
        for (CompletableFuture<String> answer : answers) {
            lines.add(answer.get(5, TimeUnit.MINUTES));
        }
        Files.write(file, lines);
    }

    private CompletableFuture<String> queryWithRetries(String entity, int attempts) {
        return marks.query(entity).toCompletableFuture()
                .thenApply(s -> entity + " " + Base64.getEncoder().encodeToString(s.snapshot()) + " " + s.inputs())
                .exceptionallyCompose(e -> {
                    if (attempts <= 1) {
                        return CompletableFuture.failedFuture(new IllegalStateException("entity " + entity
                                + " did not answer a query: " + e, e));
                    }
                    return queryWithRetries(entity, attempts - 1);
                });
    }
}
