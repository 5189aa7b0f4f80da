package dev.arbor.bench.cluster;

import dev.arbor.pekko.ArborSharding;
import dev.arbor.pekko.Durability;
import dev.arbor.pekko.EntityCommand;
import dev.arbor.pekko.EntityReply;
import dev.arbor.pekko.demo.GuardLedger;
import dev.arbor.pekko.demo.Guards;
import dev.arbor.pekko.demo.LoopbackNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one node of {@code arbor-pekko} sustains (docs/scale.md): {@code entities} guards
 * ({@link Guards}) live on a one-node cluster, and 64 callers each fire a random event at a random
 * guard and wait for its acknowledgement (journaled, then processed), over and over. Throughput
 * mode gives acknowledged events per millisecond on the node; sample-time mode the
 * acknowledgement latency's percentiles under that load. {@code entity=BARE} runs the same
 * storage with no machine ({@link BareEntity}), the floor the Arbor entities are compared with.
 *
 * <p>The trial's setup and teardown also print, prefixed {@code arbor-scale:}, the heap a live
 * entity holds (used heap after a full collection, before and after waking every guard), and
 * what the database holds: rows and payload bytes per input, and, for PostgreSQL, the table bytes
 * a row takes on disk (after {@code VACUUM}).
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar ShardedEntityBenchmark
 * -p store=H2,POSTGRESQL} (PostgreSQL at {@code -Darbor.postgres.url}, user and password
 * {@code arbor.postgres.user} and {@code .password}, by default arbor/arbor on 127.0.0.1:5432,
 * as {@code .ci/run} sets it up; pass them with {@code -jvmArgsAppend}).
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 10)
@Threads(64)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=error"})
@State(Scope.Benchmark)
public class ShardedEntityBenchmark {

    public enum Store { H2, POSTGRESQL }

    public enum Durable { INPUTS_JOURNALED, SNAPSHOTS_ONLY }

    @Param("H2")
    public Store store;

    @Param({"INPUTS_JOURNALED", "SNAPSHOTS_ONLY"})
    public Durable durability;

    @Param("10000")
    public int entities;

    /** The entities: Arbor guards, or {@link BareEntity}'s floor (the same storage, no machine). */
    public enum Entity { ARBOR, BARE }

    @Param({"ARBOR", "BARE"})
    public Entity entity;

    private Path dir;
    private LoopbackNode database;
    private ActorSystem<Void> node;
    private ArborSharding<Guards.Owner> guards;
    private EntityTypeKey<EntityCommand> bareKey;
    private ClusterSharding sharding;
    private final byte[][] eventBytes = new byte[Guards.Ev.values().length][];
    private String type;
    private long journalRowsBefore;

    /** Each caller's own random numbers. */
    @State(Scope.Thread)
    public static class Caller {
        private static final AtomicInteger SEEDS = new AtomicInteger();
        final SplittableRandom random = new SplittableRandom(SEEDS.incrementAndGet());
    }

    @Setup(Level.Trial)
    public void startNode() throws Exception {
        dir = Files.createTempDirectory("arbor-scale");
        database = store == Store.H2 ? LoopbackNode.h2(dir.resolve("journal"))
                : new LoopbackNode("slick.jdbc.PostgresProfile$", "org.postgresql.Driver",
                        System.getProperty("arbor.postgres.url", "jdbc:postgresql://127.0.0.1:5432/arbor"),
                        System.getProperty("arbor.postgres.user", "arbor"),
                        System.getProperty("arbor.postgres.password", "arbor"));
        node = database.start(null, false);
        type = "scale-" + Long.toHexString(System.nanoTime()); // none of its rows from earlier runs
        // every input kept: the bytes a journal row takes are measured over all the rows written
        Durability durable = durability == Durable.INPUTS_JOURNALED ? Durability.InputsJournaled.keepingEveryInput(100)
                : new Durability.SnapshotsOnly(50);
        Duration idle = Duration.ofHours(1);
        guards = ArborSharding.init(node, Guards.spec(type, durable, idle)).withAskTimeout(Duration.ofSeconds(60));
        for (Guards.Ev e : Guards.Ev.values()) {
            eventBytes[e.ordinal()] = new byte[] {(byte) e.ordinal()};
        }
        if (entity == Entity.BARE) {
            sharding = ClusterSharding.get(node);
            bareKey = EntityTypeKey.create(EntityCommand.class, type + "-bare");
            String bareType = bareKey.name();
            sharding.init(org.apache.pekko.cluster.sharding.typed.javadsl.Entity.of(bareKey,
                            ctx -> durability == Durable.INPUTS_JOURNALED ? BareEntity.journaled(bareType, ctx.getEntityId())
                                    : BareEntity.stateOnly(bareType, ctx.getEntityId()))
                    .withStopMessage(new EntityCommand.Passivate()));
            type = bareType;
        }
        long before = usedHeapAfterGc();
        wakeAll();
        long after = usedHeapAfterGc();
        System.out.printf("%narbor-scale: %s %s %s: %,d live entities hold %,d bytes of heap each%n", entity, store,
                durability, entities, (after - before) / entities);
        journalRowsBefore = count("SELECT COUNT(*) FROM \"event_journal\" WHERE \"persistence_id\" LIKE '" + type + "|%'");
    }

    @Benchmark
    public EntityReply fire(Caller caller) throws Exception {
        String id = GuardLedger.id(caller.random.nextInt(entities));
        int event = caller.random.nextInt(3);
        CompletionStage<EntityReply> reply = entity == Entity.ARBOR ? guards.fire(id, Guards.Ev.values()[event])
                : sharding.entityRefFor(bareKey, id).ask(r -> new EntityCommand.Fire(eventBytes[event], r), Duration.ofSeconds(60));
        return reply.toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    /** Asks every entity for its state, 256 at a time: each is started (and has nothing to recover). */
    private void wakeAll() throws Exception {
        if (entity == Entity.ARBOR) {
            new GuardLedger(entities).queryAll(guards, 256);
            return;
        }
        Semaphore window = new Semaphore(256);
        List<CompletableFuture<EntityReply>> asked = new ArrayList<>(entities);
        for (int i = 0; i < entities; i++) {
            window.acquireUninterruptibly();
            asked.add(sharding.entityRefFor(bareKey, GuardLedger.id(i))
                    .<EntityReply>ask(EntityCommand.Query::new, Duration.ofSeconds(60))
                    .toCompletableFuture().whenComplete((s, e) -> window.release()));
        }
        CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
    }

    @TearDown(Level.Trial)
    public void stopNode() throws Exception {
        try {
            String mine = "\"persistence_id\" LIKE '" + type + "|%'";
            long rows = count("SELECT COUNT(*) FROM \"event_journal\" WHERE " + mine);
            long payload = count("SELECT COALESCE(SUM(OCTET_LENGTH(\"event_payload\")), 0) FROM \"event_journal\" WHERE " + mine);
            long snapshots = count("SELECT COUNT(*) FROM \"snapshot\" WHERE " + mine);
            long snapshotPayload = count("SELECT COALESCE(SUM(OCTET_LENGTH(\"snapshot_payload\")), 0) FROM \"snapshot\" WHERE " + mine);
            long states = count("SELECT COUNT(*) FROM \"durable_state\" WHERE " + mine);
            long statePayload = count("SELECT COALESCE(SUM(OCTET_LENGTH(\"state_payload\")), 0) FROM \"durable_state\" WHERE " + mine);
            System.out.printf("%narbor-scale: %s %s %s: journal %,d rows (%,d since setup), payload %.1f bytes a row;"
                            + " snapshots %,d rows, payload %.1f bytes a row; stored per guard %.1f journal rows,"
                            + " %.1f snapshot rows; durable state %,d rows, payload %.1f bytes a row%n", entity, store, durability,
                    rows, rows - journalRowsBefore, (double) payload / Math.max(rows, 1), snapshots,
                    (double) snapshotPayload / Math.max(snapshots, 1), (double) rows / entities,
                    (double) snapshots / entities, states, (double) statePayload / Math.max(states, 1));
            if (store == Store.POSTGRESQL) {
                try (Connection c = connect(); Statement s = c.createStatement()) {
                    s.execute("VACUUM ANALYZE \"event_journal\"");
                    s.execute("VACUUM ANALYZE \"snapshot\"");
                    s.execute("VACUUM ANALYZE \"durable_state\"");
                }
                long all = count("SELECT COUNT(*) FROM \"event_journal\"");
                long bytes = count("SELECT pg_total_relation_size('event_journal')");
                long allSnapshots = count("SELECT COUNT(*) FROM \"snapshot\"");
                long snapshotBytes = count("SELECT pg_total_relation_size('snapshot')");
                long allStates = count("SELECT COUNT(*) FROM \"durable_state\"");
                long stateBytes = count("SELECT pg_total_relation_size('durable_state')");
                System.out.printf("arbor-scale: PostgreSQL on disk (tables and indexes, every row of the database):"
                                + " event_journal %,d bytes for %,d rows, %.0f a row; snapshot %,d bytes for %,d rows,"
                                + " %.0f a row; durable_state %,d bytes for %,d rows, %.0f a row%n", bytes, all,
                        (double) bytes / Math.max(all, 1), snapshotBytes, allSnapshots,
                        (double) snapshotBytes / Math.max(allSnapshots, 1), stateBytes, allStates,
                        (double) stateBytes / Math.max(allStates, 1));
            }
        } finally {
            node.terminate();
            node.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            if (store == Store.H2) {
                long fileBytes;
                try (Stream<Path> files = Files.walk(dir)) {
                    fileBytes = files.filter(Files::isRegularFile).mapToLong(ShardedEntityBenchmark::size).sum();
                }
                System.out.printf("arbor-scale: H2 file %,d bytes%n", fileBytes);
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(database.url(), database.user(), database.password());
    }

    private long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
