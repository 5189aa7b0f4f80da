package dev.arbor.pekko.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import dev.arbor.pekko.Input;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Five nodes, each in its own network namespace, shard the {@link Marks} entities; in each
 * scenario their clients fire marks at 10,000 entities and record every request and answer while
 * the lab breaks something: links, a process, the database. Then the lab heals, starts again the
 * nodes that died or were downed, lets the cluster settle, asks every entity for its state, and
 * {@link HistoryChecker} holds the history against the journal in PostgreSQL. Every scenario must
 * come out with no anomaly; its report (requests, acknowledged, failed, unknown, time to recover)
 * is printed and written to {@code target/faults/report.txt}. The entities delete inputs behind
 * their snapshots, as production's do, with the journal fenced ({@link dev.arbor.pekko.JournalFence});
 * the lab's database keeps a copy of every deleted row, which the checker reads with the journal.
 *
 * <p>It needs root (network namespaces) and PostgreSQL's binaries, and is skipped with the reason
 * without them, unless {@code -Darbor.faults=required} makes that a failure (as {@code .ci/run}
 * does). It runs with {@code -Pfaults}, in four to eight minutes on two cores.
 */
@Tag("faults")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class FaultSuiteTest {
    private static final int NODES = 5;
    private static final int ENTITIES = 10_000;
    /** Requests a second from each node's client. */
    private static final int RATE = 80;
    private static final int SNAPSHOT_EVERY = 4;
    private static final long WARM_UP_MS = 3_000;
    private static final long FAULT_MS = 15_000;
    private static final long SETTLE_MS = 3_000;
    /**
     * Whether the journal carries its {@link dev.arbor.pekko.JournalFence}: by default, as it must
     * in production; {@code -Darbor.faults.fence=off} runs the suite without it, to see what it
     * prevents.
     */
    private static final boolean FENCED = !"off".equals(System.getProperty("arbor.faults.fence"));

    private NetworkLab network;
    private LabDatabase database;
    private LabCluster cluster;
    private ActorSystem<Void> serialization;
    private Path dir;
    private final List<String> reports = new ArrayList<>();

    @BeforeAll
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void startTheLab() throws Exception {
        String unavailable = NetworkLab.unavailable();
        Path bin = LabDatabase.binaries();
        if (unavailable == null && bin == null) {
            unavailable = "PostgreSQL's binaries are not installed (/usr/lib/postgresql/VERSION/bin)";
        }
        if (unavailable != null) {
            if ("required".equals(System.getProperty("arbor.faults"))) {
                throw new AssertionError(unavailable + "; -Darbor.faults=required makes this a failure");
            }
            Assumptions.abort(unavailable + ": the fault suite is skipped; -Darbor.faults=required makes this a failure");
        }
        dir = Path.of("target", "faults").toAbsolutePath();
        if (Files.isDirectory(dir)) { // an earlier run's histories would mix with this one's
            try (Stream<Path> old = Files.list(dir)) {
                for (Path f : old.toList()) {
                    Files.delete(f);
                }
            }
        }
        Files.createDirectories(dir);
        network = NetworkLab.create(NODES);
        database = LabDatabase.start(bin);
        cluster = new LabCluster(network, NODES, dir, SNAPSHOT_EVERY);
        cluster.start(1); // the first makes the journal's tables; then the others join it
        LabDatabase.readyJournal(FENCED);
        for (int i = 2; i <= NODES; i++) {
            cluster.start(i);
        }
        awaitWhole(120);
        serialization = ActorSystem.create(Behaviors.empty(), "checker",
                ConfigFactory.parseString("pekko.actor.provider = local").withFallback(ConfigFactory.load()));
    }

    @AfterAll
    void stopTheLab() {
        if (serialization != null) {
            serialization.terminate();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (database != null) {
            try {
                database.keepLog(dir.resolve("postgres.log"));
            } catch (IOException e) {
                System.out.println("the lab database's log was not kept: " + e);
            }
            database.close();
        }
        if (network != null) {
            network.close();
        }
        reports.forEach(System.out::println);
        if (network != null) {
            assertThat(NetworkLab.leftovers()).as("what the lab left on the machine").isEmpty();
        }
        if (database != null) {
            assertThat(database.directory()).as("the lab database's data directory").doesNotExist();
        }
    }

    /**
     * After every scenario, whether it passed or was cut short (by its time limit, or a failure
     * half-way through its fault): every link restored, every node let run on, the database up,
     * the cluster whole again and the clients stopped, so that the next scenario finds the lab as
     * the first did.
     */
    @AfterEach
    void mendTheLab() throws Exception {
        network.heal();
        for (int i = 1; i <= NODES; i++) {
            if (cluster.alive(i)) {
                cluster.resume(i); // a SIGCONT to a node that runs changes nothing
            }
        }
        database.ensureRunning();
        awaitWhole(180);
        stopClients();
    }

    @Test
    @Order(1)
    void aPartitionThatIsolatesAMinorityThenHeals() throws Exception {
        scenario("minority", () -> {
            network.cut(new int[] {5}, new int[] {1, 2, 3, 4});
            Thread.sleep(FAULT_MS);
            network.heal();
        });
    }

    @Test
    @Order(2)
    void aPartitionInTwoHalvesAndABridgeNode() throws Exception {
        scenario("bridge", () -> {
            network.cut(new int[] {1, 2}, new int[] {4, 5}); // node 3 still reaches everyone
            Thread.sleep(FAULT_MS);
            network.heal();
        });
    }

    @Test
    @Order(3)
    void aNodePausedBeyondTheFailureDetectorThenResumed() throws Exception {
        scenario("pause", () -> {
            cluster.pause(2);
            Thread.sleep(FAULT_MS);
            cluster.resume(2);
        });
    }

    @Test
    @Order(4)
    void aNodeKilledAndStartedAgain() throws Exception {
        scenario("kill", () -> {
            cluster.kill(4);
            Thread.sleep(10_000);
            startWithClients(4, "kill");
        });
    }

    @Test
    @Order(5)
    void theDatabaseRestartedMidRun() throws Exception {
        scenario("database", () -> {
            database.crash();
            Thread.sleep(5_000);
            database.restart();
        });
    }

    @Test
    @Order(6)
    void aFlappingLink() throws Exception {
        scenario("flapping", () -> {
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FAULT_MS);
            while (System.nanoTime() < end) {
                network.cut(new int[] {3}, new int[] {1, 2, 4, 5});
                Thread.sleep(300);
                network.heal();
                Thread.sleep(300);
            }
        });
    }

    @Test
    @Order(7)
    void aScenarioCutShortLeavesTheNextOneTheLabItFound() throws Exception {
        // what a scenario stopped half-way through its fault leaves: a node cut off, another paused,
        // the database down
        network.cut(new int[] {1}, new int[] {2, 3, 4, 5});
        cluster.pause(5);
        database.crash();
        mendTheLab();
        // every client's request acknowledged and the checker finding nothing, as in the first scenario
        scenario("mended", () -> Thread.sleep(1_000));
    }

    /** What breaks, and heals, during a scenario. */
    private interface Fault {
        void inject() throws Exception;
    }

    private void scenario(String name, Fault fault) throws Exception {
        for (int i = 1; i <= NODES; i++) {
            startClients(i, name);
        }
        Thread.sleep(WARM_UP_MS);
        long faultStart = System.nanoTime();
        fault.inject();
        long faultEnd = System.nanoTime();
        long whole = awaitWhole(180, name);
        Thread.sleep(SETTLE_MS);
        stopClients();
        Path statuses = dir.resolve(name + ".statuses");
        cluster.tell(1, "query " + name + " " + ENTITIES + " " + statuses);
        cluster.await(1, "queried", 180);

        HistoryChecker.Verdict v = new HistoryChecker(History.read(historyFiles(name)))
                .check(journals(name), statuses(statuses));
        long recovered = recoveredAfter(name, faultEnd);
        long deleted = deletedRows(name);
        String report = String.format("%-9s requests %6d  acknowledged %6d  failed %4d  unknown %4d (%d applied)"
                        + "  fault %4.1f s  whole again after %4.1f s  all acknowledged again after %4.1f s"
                        + "  entities %d  rows deleted by retention %d  anomalies %d",
                name, v.requests(), v.acknowledged(), v.failed(), v.unknown(), v.applied(),
                (faultEnd - faultStart) / 1e9, (whole - faultEnd) / 1e9, recovered / 1e9, v.entities(), deleted,
                v.anomalies().size());
        reports.add(report);
        System.out.println(report);
        v.anomalies().stream().limit(20).forEach(a -> System.out.println("  anomaly: " + a));
        Files.writeString(dir.resolve("report.txt"), report + "\n" + String.join("\n",
                        v.anomalies().stream().map(a -> "  anomaly: " + a).toList()) + "\n",
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        assertThat(v.entities()).isEqualTo(ENTITIES);
        assertThat(v.acknowledged()).as("requests acknowledged in %s", name).isPositive();
        assertThat(deleted).as("journal rows retention deleted in %s (the hot entities')", name).isPositive();
        assertThat(v.anomalies()).as("anomalies in %s", name).isEmpty();
    }

    /** Stops every node's client and waits until each has its requests answered or timed out. */
    private void stopClients() {
        for (int i = 1; i <= NODES; i++) {
            cluster.tell(i, "stop");
        }
        for (int i = 1; i <= NODES; i++) {
            cluster.await(i, "stopped", 30);
        }
    }

    private void startClients(int i, String scenario) {
        cluster.tell(i, "clients " + scenario + " " + ENTITIES + " " + RATE + " "
                + dir.resolve(scenario + "-n" + i + "-i" + cluster.incarnation(i) + ".history"));
    }

    private void startWithClients(int i, String scenario) throws IOException {
        cluster.start(i);
        startClients(i, scenario);
    }

    private long awaitWhole(int seconds) throws Exception {
        return awaitWhole(seconds, null);
    }

    /**
     * Waits until every node runs and sees all five up and none unreachable, starting again (with
     * its clients, during a scenario) every node whose process ended: one the split-brain resolver
     * downed shuts itself down.
     *
     * @return when the cluster was whole
     */
    private long awaitWhole(int seconds, String scenario) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String last = "";
        while (System.nanoTime() < deadline) {
            boolean whole = true;
            for (int i = 1; i <= NODES; i++) {
                if (!cluster.alive(i)) {
                    if (scenario != null) {
                        startWithClients(i, scenario);
                    } else {
                        cluster.start(i);
                    }
                }
            }
            for (int i = 1; i <= NODES && whole; i++) {
                cluster.tell(i, "members");
                try {
                    last = "node " + i + ": " + cluster.await(i, "members", 5);
                    whole = last.endsWith("members " + NODES + " 0");
                } catch (IllegalStateException e) {
                    last = e.getMessage();
                    whole = false;
                }
            }
            if (whole) {
                return System.nanoTime();
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the cluster was not whole again within " + seconds + " s: " + last);
    }

    private List<Path> historyFiles(String scenario) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(scenario + "-n")
                    && f.getFileName().toString().endsWith(".history")).toList();
        }
    }

    /**
     * How long after the fault ended the clients saw requests go unacknowledged: the last request
     * sent that was not acknowledged, after the fault's end (zero when none was).
     */
    private long recoveredAfter(String scenario, long faultEnd) throws IOException {
        long lastBad = faultEnd;
        for (History.Request r : History.read(historyFiles(scenario)).values()) {
            if (r.outcome() != History.Outcome.ACKNOWLEDGED) {
                lastBad = Math.max(lastBad, r.invoked());
            }
        }
        return lastBad - faultEnd;
    }

    private Map<String, HistoryChecker.Status> statuses(Path file) throws IOException {
        Map<String, HistoryChecker.Status> out = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] w = line.split(" ");
            out.put(w[0], new HistoryChecker.Status(Base64.getDecoder().decode(w[1]), Long.parseLong(w[2])));
        }
        return out;
    }

    /** {@return the LIKE pattern of the persistence ids of the scenario's entities} */
    private static String persistenceIds(String scenario) {
        return Marks.TYPE + "|" + scenario + "-%";
    }

    /** {@return how many of the scenario's journal rows retention deleted} */
    private static long deletedRows(String scenario) throws Exception {
        try (Connection c = LabDatabase.connect();
             PreparedStatement q = c.prepareStatement("SELECT count(*) FROM " + LabDatabase.DELETED_ROWS
                     + " WHERE persistence_id LIKE ?")) {
            q.setString(1, persistenceIds(scenario));
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * Every journal row of the scenario's entities, those retention deleted included, read back
     * through the journal's own serializer.
     */
    private Map<String, List<HistoryChecker.Row>> journals(String scenario) throws Exception {
        Serialization serializer = SerializationExtension.get(Adapter.toClassic(serialization));
        Map<String, List<HistoryChecker.Row>> out = new HashMap<>();
        String columns = "persistence_id, sequence_number, writer, event_ser_id, event_ser_manifest, event_payload";
        try (Connection c = LabDatabase.connect();
             PreparedStatement q = c.prepareStatement("SELECT " + columns + " FROM event_journal WHERE persistence_id"
                     + " LIKE ? UNION ALL SELECT " + columns + " FROM " + LabDatabase.DELETED_ROWS
                     + " WHERE persistence_id LIKE ? ORDER BY persistence_id, sequence_number")) {
            q.setString(1, persistenceIds(scenario));
            q.setString(2, persistenceIds(scenario));
            q.setFetchSize(5_000);
            c.setAutoCommit(false); // else the driver reads every row at once
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    String entity = rs.getString(1).substring(Marks.TYPE.length() + 1);
                    Input input = (Input) serializer.deserialize(rs.getBytes(6), rs.getInt(4), rs.getString(5)).get();
                    out.computeIfAbsent(entity, e -> new ArrayList<>())
                            .add(new HistoryChecker.Row(rs.getLong(2), rs.getString(3), input));
                }
            }
        }
        return out;
    }
}
