package dev.arbor.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.arbor.pekko.demo.Guards;
import dev.arbor.pekko.demo.LoopbackNode;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A long run of one node: 100,000 ticked guards on PostgreSQL get events for
 * {@code -Darbor.soak.minutes} (20 by default) while a window of them moves along, so that guards
 * are passivated behind it and recovered from the database when it comes round again, over and
 * over. Once a sample period ({@code -Darbor.soak.sampleSeconds}, 60 by default) it prints a row:
 * events acknowledged, the heap used after a full collection, live threads, the node's database
 * connections, open file descriptors and live guards.
 *
 * <p>At the end nothing may be lost: every guard's stored state is one that a reference guard
 * reaches from its acknowledged events, in order, with some ticks between them
 * ({@link ReachableGuards}; an unanswered event may or may not have been taken), and the run must
 * have been flat: see {@link #assertFlat}. One run a durability mode ({@code -Darbor.soak.modes},
 * {@code journaled,snapshots} by default), each on a node of its own.
 *
 * <p>Behind {@code -Psoak}, which also bounds the test JVM's heap (1 GB):
 * {@code mvn -B -ntp -o -pl arbor-pekko -am test -Psoak -Dtest=SoakTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Darbor.soak.minutes=20}. Needs PostgreSQL (as {@link Store} finds it); skipped with the reason
 * without one.
 */
@Tag("soak")
@Timeout(value = 3, unit = TimeUnit.HOURS)
class SoakTest {
    private static final int GUARDS = 100_000;
    /** Guards that get an event in each step of the workload. */
    private static final int WINDOW = 2_000;
    /** How far the window moves after each step: each guard gets WINDOW / ADVANCE events in a row, then rests. */
    private static final int ADVANCE = 500;
    private static final int IN_FLIGHT = 128;
    /**
     * Short beside a pass of the window over all the guards (minutes), so that every guard the
     * window leaves is passivated and recovered from the database when the window comes round;
     * long enough that at the slowest rate seen on a loaded machine (~100 events a second) more
     * guards are touched within it than {@link #LIVE_LIMIT}, which then passivates them first.
     */
    private static final Duration PASSIVATE_AFTER = Duration.ofSeconds(30);
    /**
     * The tick period. Every tick batch is a journal row when inputs are journaled, so the live
     * guards (a few thousand) times the beats must stay well below what the database takes.
     */
    private static final Duration TICK_EVERY = Duration.ofSeconds(2);
    /**
     * The most guards the node keeps live (Pekko's active entity limit, the least recently used
     * passivated first), besides the idle timeout: the live guards' heap then stays the same
     * whatever the throughput of a shared machine, so that the heap after a collection compares
     * across the run (with 5 s idle passivation alone, the live guards went from 500 to 3,000 with
     * the machine's load). Above the window, so that a guard is not passivated between two of its events.
     */
    private static final int LIVE_LIMIT = 3_000;
    /**
     * The node's passivation, at most {@link #LIVE_LIMIT} live guards, and the journal's write queue
     * ({@code jdbc-journal.bufferSize}, 1,000 by default). Every tick batch of a journaled guard is
     * a write; when the database falls behind (this shared machine's slow spells), a full queue
     * refuses writes, ten refusals open the journal's circuit breaker for half a minute, and the
     * heap and live guards then measure the outage, not a leak. A 3-minute run with the default
     * queue had one such spell (10 writes refused, 123 events unanswered, none lost); the soak keeps
     * room for the slow spells so that what it compares is the node's.
     */
    private static final String NODE = """
            jdbc-journal.bufferSize = 20000
            pekko.cluster.sharding.passivation.strategy = default-strategy
            pekko.cluster.sharding.passivation.default-strategy.active-entity-limit = %d
            """.formatted(LIVE_LIMIT);
    /** The pool's bound ({@code maxConnections} in {@link LoopbackNode#config}): no sample may exceed it. */
    private static final int MAX_CONNECTIONS = 16;
    /**
     * How much the heap after a full collection may grow, the last third of the run's samples over
     * the first (warm-up left out). The node held 33 MB after a collection over the 20-minute run
     * with 3,000 guards live, between 31.6 and 34.1 MB a sample; 15 % is 5 MB, so a leak of some 20 bytes a recovery
     * (250,000 recoveries in that run) fails it, and the noise between samples does not.
     */
    private static final double HEAP_GROWTH = 0.15;
    /** Threads the last third may have above the first's most: pools are sized at start, not per entity. */
    private static final int MORE_THREADS = 8;
    /** Descriptors the last third may have above the first's most: a connection or a file opened per recovery would pass it within a minute. */
    private static final int MORE_DESCRIPTORS = 32;

    /** One row of the table. */
    record Sample(long seconds, long acked, double eventsPerSecond, long unanswered, double heapMb, double ledgerMb,
                  int threads, int connections, int descriptors, int liveGuards, double load) {
        /** The heap after a collection less the test's ledger: the node's. */
        double nodeHeapMb() {
            return heapMb - ledgerMb;
        }

        String row() {
            return String.format("| %d:%02d | %,d | %,.0f | %d | %.1f | %.1f | %d | %d | %d | %,d | %.2f |", seconds / 60,
                    seconds % 60, acked, eventsPerSecond, unanswered, heapMb, ledgerMb, threads, connections,
                    descriptors, liveGuards, load);
        }
    }

    static Stream<String> modes() {
        return Arrays.stream(System.getProperty("arbor.soak.modes", "journaled,snapshots").split(",")).map(String::trim);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void aLongRunLosesNothingAndStaysFlat(String mode) throws Exception {
        Durability durability = switch (mode) {
            case "journaled" -> new Durability.InputsJournaled(10);
            case "snapshots" -> new Durability.SnapshotsOnly(5);
            default -> throw new IllegalArgumentException("arbor.soak.modes: journaled or snapshots, not " + mode);
        };
        double minutes = Double.parseDouble(System.getProperty("arbor.soak.minutes", "20"));
        long sampleSeconds = Long.parseLong(System.getProperty("arbor.soak.sampleSeconds", "60"));
        long runNanos = (long) (minutes * 60e9);
        if (runNanos / TimeUnit.SECONDS.toNanos(sampleSeconds) < 6) {
            throw new IllegalArgumentException("a soak takes six samples at least, to compare its thirds after the"
                    + " first: raise -Darbor.soak.minutes or lower -Darbor.soak.sampleSeconds");
        }
        LoopbackNode found = Store.postgres();
        // the node's connections are told from any other client's (another build on the same database) by name
        String application = "arbor-soak-" + ProcessHandle.current().pid();
        LoopbackNode store = new LoopbackNode(found.profile(), found.driver(),
                found.url() + (found.url().contains("?") ? "&" : "?") + "ApplicationName=" + application,
                found.user(), found.password());
        // a type name of its own, so that a database kept from earlier runs holds none of its guards
        String type = "soak-" + mode + "-" + Long.toHexString(System.nanoTime());
        EntitySpec<Guards.Owner> spec = Guards.spec(type, durability, PASSIVATE_AFTER).ticked(TICK_EVERY);
        ReachableGuards reachable = new ReachableGuards(GUARDS);
        System.out.printf("soak %s: %,d guards, window %,d moving %d a step, passivated after %s, ticked every %s,"
                        + " %s, %.1f minutes, %d cores, heap max %d MB%n", mode, GUARDS, WINDOW, ADVANCE,
                PASSIVATE_AFTER, TICK_EVERY, durability, minutes, Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        System.out.println("| elapsed | events acked | acked/s | unanswered | heap after GC (MB) | of which the ledger"
                + " | threads | DB connections | open fds | live guards | load avg |");
        System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");

        List<Sample> samples = new ArrayList<>();
        AtomicLong acked = new AtomicLong();
        AtomicLong unanswered = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        ActorSystem<Void> node = store.start(null, false, ConfigFactory.parseString(NODE));
        try (Connection probe = DriverManager.getConnection(found.url(), found.user(), found.password())) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node, spec).withAskTimeout(Duration.ofSeconds(30));
            EntityTypeKey<EntityCommand> key = EntityTypeKey.create(EntityCommand.class, type);
            Random random = new Random(20261126L);
            long start = System.nanoTime();
            long nextSample = start + TimeUnit.SECONDS.toNanos(sampleSeconds);
            long ackedAtLastSample = 0;
            long lastSampleAt = start;
            int cursor = 0;
            while (System.nanoTime() - start < runNanos) {
                step(guards, reachable, random, cursor, acked, unanswered, refused);
                cursor = (cursor + ADVANCE) % GUARDS;
                long now = System.nanoTime();
                if (now >= nextSample) {
                    long total = acked.get();
                    Sample s = sample(now - start, total, (total - ackedAtLastSample) / ((now - lastSampleAt) / 1e9),
                            unanswered.get(), reachable, probe, application, node, key);
                    samples.add(s);
                    System.out.println(s.row());
                    ackedAtLastSample = total;
                    lastSampleAt = now;
                    nextSample += TimeUnit.SECONDS.toNanos(sampleSeconds);
                }
            }
            System.out.printf("soak %s: %,d events acknowledged, %,d unanswered, %,d refused in %.1f minutes%n",
                    mode, acked.get(), unanswered.get(), refused.get(), (System.nanoTime() - start) / 60e9);
            assertThat(reachable.broken()).as("an acknowledgement no reference explains").isNull();
            checkEveryGuard(guards, reachable);
        } finally {
            node.terminate();
            node.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
        }
        assertThat(refused.get()).as("events refused").isZero();
        assertFlat(samples);
    }

    /** One event to each guard of the window at {@code cursor}, {@link #IN_FLIGHT} at a time; returns when all are answered. */
    private static void step(ArborSharding<Guards.Owner> guards, ReachableGuards reachable, Random random, int cursor,
                             AtomicLong acked, AtomicLong unanswered, AtomicLong refused) {
        Semaphore window = new Semaphore(IN_FLIGHT);
        CompletableFuture<?>[] answers = new CompletableFuture<?>[WINDOW];
        for (int k = 0; k < WINDOW; k++) {
            int i = (cursor + k) % GUARDS;
            Guards.Ev event = Guards.Ev.values()[random.nextInt(Guards.Ev.values().length)];
            window.acquireUninterruptibly();
            answers[k] = guards.fire(guardId(i), event).toCompletableFuture().handle((reply, error) -> {
                if (reply instanceof EntityReply.Ack ack) {
                    reachable.acknowledged(i, event, ack.active());
                    acked.incrementAndGet();
                } else if (reply instanceof EntityReply.Refused) {
                    refused.incrementAndGet();
                } else {
                    reachable.unanswered(i, event);
                    unanswered.incrementAndGet();
                }
                window.release();
                return null;
            });
        }
        CompletableFuture.allOf(answers).join();
    }

    private static String guardId(int i) {
        return "guard-" + i;
    }

    /** Asks every guard for its state (waking the passivated) and checks it against its reachable states. */
    private static void checkEveryGuard(ArborSharding<Guards.Owner> guards, ReachableGuards reachable) throws Exception {
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicInteger wrong = new AtomicInteger();
        AtomicInteger askedAgain = new AtomicInteger();
        List<String> firstWrong = new ArrayList<>();
        CompletableFuture<?>[] asked = new CompletableFuture<?>[GUARDS];
        for (int i = 0; i < GUARDS; i++) {
            int g = i;
            window.acquireUninterruptibly();
            asked[i] = queryPatiently(guards, g, askedAgain).whenComplete((status, error) -> {
                window.release();
                if (error != null || !reachable.reaches(g, status.snapshot())) {
                    wrong.incrementAndGet();
                    synchronized (firstWrong) {
                        if (firstWrong.size() < 5) {
                            firstWrong.add("guard " + g + " (" + reachable.acknowledged(g) + " events acknowledged): "
                                    + (error != null ? error : status.active() + " " + Arrays.toString(status.snapshot()))
                                    + " is none of " + reachable.describe(g));
                        }
                    }
                }
            });
        }
        CompletableFuture.allOf(asked).exceptionally(e -> null).get(10, TimeUnit.MINUTES);
        long exact = 0;
        long states = 0;
        for (int i = 0; i < GUARDS; i++) {
            int n = reachable.size(i);
            states += n;
            exact += n == 1 ? 1 : 0;
        }
        // how tight the check was: a guard with one reachable state was checked exactly
        System.out.printf("checked %,d guards against their reachable states (%d configurations with clocks): %,d"
                + " with one state, %.2f states a guard on average; %d queries asked again after no answer; %d wrong%n",
                GUARDS, reachable.configurations(), exact, (double) states / GUARDS, askedAgain.get(), wrong.get());
        assertThat(wrong.get()).as("guards in a state no reference reaches: %s", firstWrong).isZero();
    }

    /**
     * A guard's state, asked up to three times: on a loaded machine a query that wakes a guard may
     * wait behind other recoveries past its timeout, which is no loss; a guard that never answers is.
     */
    private static CompletableFuture<EntityReply.Status> queryPatiently(ArborSharding<Guards.Owner> guards, int i,
                                                                       AtomicInteger askedAgain) {
        CompletableFuture<EntityReply.Status> answer = guards.query(guardId(i)).toCompletableFuture();
        for (int again = 0; again < 2; again++) {
            answer = answer.handle((status, error) -> {
                if (error == null) {
                    return CompletableFuture.completedFuture(status);
                }
                askedAgain.incrementAndGet();
                return guards.query(guardId(i)).toCompletableFuture();
            }).thenCompose(f -> f);
        }
        return answer;
    }

    /**
     * The run was flat: after the first sample (warm-up: JIT, pools filling, the window's first
     * pass, where every guard is new), the heap after a full collection less the test's ledger
     * ({@link ReachableGuards#heapBytes}) in the last third of the samples is on average at most {@link #HEAP_GROWTH} above the first third's; the last third
     * has at most {@link #MORE_THREADS} threads and {@link #MORE_DESCRIPTORS} descriptors more than
     * the first third's most; no sample has more database connections than the pool allows.
     */
    private static void assertFlat(List<Sample> samples) {
        List<Sample> run = samples.subList(1, samples.size());
        int third = run.size() / 3;
        List<Sample> first = run.subList(0, third);
        List<Sample> last = run.subList(run.size() - third, run.size());
        double heapFirst = mean(first, Sample::nodeHeapMb);
        double heapLast = mean(last, Sample::nodeHeapMb);
        System.out.printf("flatness: the node's heap after GC (less the ledger) %.1f MB in the first third, %.1f MB in the last (%+.1f %%, at most %+.0f %%);"
                        + " threads at most %.0f then %.0f; descriptors at most %.0f then %.0f; connections at most %.0f (pool %d)%n",
                heapFirst, heapLast, 100 * (heapLast / heapFirst - 1), 100 * HEAP_GROWTH,
                max(first, Sample::threads), max(last, Sample::threads), max(first, Sample::descriptors),
                max(last, Sample::descriptors), max(samples, Sample::connections), MAX_CONNECTIONS);
        assertThat(heapLast).as("heap after GC, last third over first").isLessThanOrEqualTo(heapFirst * (1 + HEAP_GROWTH));
        assertThat(max(last, Sample::threads)).as("threads").isLessThanOrEqualTo(max(first, Sample::threads) + MORE_THREADS);
        assertThat(max(last, Sample::descriptors)).as("open file descriptors")
                .isLessThanOrEqualTo(max(first, Sample::descriptors) + MORE_DESCRIPTORS);
        assertThat(max(samples, Sample::connections)).as("database connections").isLessThanOrEqualTo(MAX_CONNECTIONS);
    }

    /** One column of the samples' table. */
    private interface Column {
        double of(Sample sample);
    }

    private static double mean(List<Sample> samples, Column column) {
        double sum = 0;
        for (Sample s : samples) {
            sum += column.of(s);
        }
        return sum / samples.size();
    }

    private static double max(List<Sample> samples, Column column) {
        double most = Double.NEGATIVE_INFINITY;
        for (Sample s : samples) {
            most = Math.max(most, column.of(s));
        }
        return most;
    }

    private static Sample sample(long elapsedNanos, long acked, double eventsPerSecond, long unanswered,
                                 ReachableGuards ledger, Connection probe, String application, ActorSystem<Void> system,
                                 EntityTypeKey<EntityCommand> key) throws Exception {
        System.gc(); // a full collection with G1: what is left is what is held
        double heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
        double ledgerMb = ledger.heapBytes() / (1024.0 * 1024.0);
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        String[] fds = new File("/proc/self/fd").list();
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return new Sample(TimeUnit.NANOSECONDS.toSeconds(elapsedNanos), acked, eventsPerSecond, unanswered, heapMb,
                ledgerMb, threads, connections(probe, application), fds == null ? -1 : fds.length, liveGuards(system, key), load);
    }

    /** The node's connections as PostgreSQL counts them (the probe's own is under another name). */
    private static int connections(Connection probe, String application) throws SQLException {
        try (PreparedStatement q = probe.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?")) {
            q.setString(1, application);
            try (ResultSet r = q.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** The guards live on the node, as its shard region counts them. */
    private static int liveGuards(ActorSystem<Void> system, EntityTypeKey<EntityCommand> key) throws Exception {
        ShardRegion.CurrentShardRegionState state = AskPattern.<ClusterShardingQuery, ShardRegion.CurrentShardRegionState>ask(
                        ClusterSharding.get(system).shardState(), replyTo -> new GetShardRegionState(key, replyTo),
                        Duration.ofSeconds(10), system.scheduler())
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        int live = 0;
        for (ShardRegion.ShardState shard : state.getShards()) {
            live += shard.getEntityIds().size();
        }
        return live;
    }
}
