package dev.arbor.pekko;

import static dev.arbor.pekko.DurabilityTest.assertSame;
import static dev.arbor.pekko.DurabilityTest.fire;
import static dev.arbor.pekko.DurabilityTest.storedSnapshot;
import static dev.arbor.pekko.DurabilityTest.tick;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.arbor.pekko.DurabilityTest.Script;
import dev.arbor.pekko.demo.Guards;
import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention of journaled inputs on H2 files, read back row by row: with a snapshot every 5 inputs
 * and 2 kept, an entity of 23 inputs keeps the snapshots at 15 and 20 and the inputs 16 to 23;
 * a refused snapshot falls back to the older one and the inputs after it, exactly; when none is
 * usable the entity says so to every event and question; and an entity type with plugins of its
 * own writes to its own database only.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RetentionTest {
    private static final int SNAPSHOT_EVERY = 5;
    private static final int INPUTS = 23;

    /** Input {@code i} of the script: events and single ticks in turn, every event of the chart. */
    private static void input(ArborSharding<Guards.Owner> guards, String id, Script s, int i) throws Exception {
        if (i % 2 == 0) {
            fire(guards, id, s, Guards.Ev.values()[(i / 2) % 3]);
        } else {
            tick(guards, id, s, 1);
        }
    }

    /** A node that has run {@value #INPUTS} inputs on guard-1, and waited for its retention to settle. */
    private static Script twentyThreeInputs(Path db) throws Exception {
        Script one = new Script();
        try (Node node = new Node("writer", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(SNAPSHOT_EVERY));
            for (int i = 0; i < INPUTS; i++) {
                input(guards, "guard-1", one, i);
            }
            assertSame(guards, "guard-1", one);
            awaitRows(db, "guard|guard-1", List.of(15L, 20L), 16);
        }
        return one;
    }

    @Test
    void onlyTheLastTwoSnapshotsAndTheInputsAfterTheOlderRemainAndTheEntityRecoversFromThemExactly(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("journal");
        Script one = twentyThreeInputs(db);
        // snapshot 20 stored: inputs up to 20 - (2-1)·5 = 15 deleted, then the snapshots from 9 to 14
        assertThat(snapshots(db, "guard|guard-1")).containsExactly(15L, 20L);
        assertThat(liveInputs(db, "guard|guard-1")).containsExactly(16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L);
        // pekko-persistence-jdbc keeps the last deleted row, marked deleted, as the journal's high-water mark
        assertThat(rows(db, "guard|guard-1")).containsExactly(15L, 16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L);
        try (Node node = new Node("reader", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(SNAPSHOT_EVERY));
            assertSame(guards, "guard-1", one); // snapshot 20 and inputs 21 to 23
            assertThat(guards.query("guard-1").toCompletableFuture().get(20, TimeUnit.SECONDS).inputs()).isEqualTo(INPUTS);
            for (int i = INPUTS; i < INPUTS + 3; i++) { // and it runs on as the reference does
                input(guards, "guard-1", one, i);
            }
            assertSame(guards, "guard-1", one);
        }
    }

    @Test
    void theNewestSnapshotRefusedFallsBackToTheOlderOneAndTheInputsAfterItWithAFireSentMeanwhileAppliedOnce(
            @TempDir Path dir) throws Exception {
        Path db = dir.resolve("journal");
        Script one = twentyThreeInputs(db);
        corrupt(db, "guard|guard-1", 20);
        try (Node node = new Node("fallback", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system,
                    Guard.spec(SNAPSHOT_EVERY, Duration.ofSeconds(1), id -> new Guards.Owner()));
            // the fire wakes the entity, which refuses snapshot 20 and is recovered again from snapshot 15
            // and inputs 16 to 23; the fire waits meanwhile and is journaled and applied once, as input 24
            CompletableFuture<EntityReply> firedMeanwhile = guards.fire("guard-1", Guards.Ev.SEE).toCompletableFuture();
            one.reference.fire(Guards.Ev.SEE);
            assertThat(firedMeanwhile.get(20, TimeUnit.SECONDS))
                    .isEqualTo(new EntityReply.Ack(ArborEntity.active(one.reference)));
            assertSame(guards, "guard-1", one);
            assertThat(guards.query("guard-1").toCompletableFuture().get(20, TimeUnit.SECONDS).inputs()).isEqualTo(24);
            // Pekko snapshots a recovery that replayed snapshotEvery inputs or more (16 to 23): snapshot 23
            input(guards, "guard-1", one, 24); // input 25: snapshot 25, inputs up to 20 and snapshot 15 deleted
            awaitRows(db, "guard|guard-1", List.of(20L, 23L, 25L), 21);
            // the refused snapshot is not the bound for ever: passivated, the entity is woken from snapshot 25
            // (a bound of snapshot 20 would now find no snapshot and inputs 1 to 20 gone)
            Thread.sleep(2500);
            assertSame(guards, "guard-1", one);
        }
    }

    @Test
    void everySnapshotRefusedAfterInputsWereDeletedIsAClearErrorToEveryQuestionNeverAnEmptyMachine(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("journal");
        twentyThreeInputs(db);
        corrupt(db, "guard|guard-1", 15);
        corrupt(db, "guard|guard-1", 20);
        // twice a node: Pekko stored a snapshot of what the first recovery replayed (8 inputs), which must
        // not pass for the entity on the next node
        for (String name : List.of("refusing", "refusing-again")) {
            try (Node node = new Node(name, db)) {
                ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(SNAPSHOT_EVERY));
                for (int asked = 0; asked < 2; asked++) { // every time it is asked
                    assertThatThrownBy(() -> guards.query("guard-1").toCompletableFuture().get(20, TimeUnit.SECONDS))
                            .isInstanceOf(ExecutionException.class)
                            .cause().isInstanceOf(IllegalStateException.class)
                            .hasMessageContainingAll("entity 'guard-1' of 'guard' cannot be recovered",
                                    "ends at input 23", "gave 8 inputs", "other 15 were deleted");
                    EntityReply reply = guards.fire("guard-1", Guards.Ev.ARRIVED).toCompletableFuture().get(20, TimeUnit.SECONDS);
                    assertThat(reply).isInstanceOf(EntityReply.Refused.class);
                    assertThat(((EntityReply.Refused) reply).reason()).contains("guard-1", "'guard'", "cannot be recovered");
                }
            }
        }
        assertThat(liveInputs(db, "guard|guard-1")).hasSize(8); // nothing was journaled on top of it
    }

    @Test
    void anEntityTypeWithPluginsOfItsOwnWritesToItsOwnDatabaseOnly(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        LoopbackNode store = LoopbackNode.h2(a);
        Config twoDatabases = ConfigFactory.parseString("""
                jdbc-journal-b = ${jdbc-journal}
                jdbc-journal-b.use-shared-db = "b"
                jdbc-snapshot-store-b = ${jdbc-snapshot-store}
                jdbc-snapshot-store-b.use-shared-db = "b"
                pekko-persistence-jdbc.shared-databases.b = ${pekko-persistence-jdbc.shared-databases.slick}
                pekko-persistence-jdbc.shared-databases.b.db.url = "%s"
                """.formatted(LoopbackNode.h2Url(b))).withFallback(store.config(false)).resolve();
        ActorSystem<Void> node = store.start(null, false, twoDatabases);
        try {
            SchemaUtils.createIfNotExists("jdbc-journal-b", node).toCompletableFuture().get(30, TimeUnit.SECONDS);
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node, Guard.spec(2));
            ArborSharding<Guards.Owner> sentries = ArborSharding.init(node, Guard.spec(2).withName("sentry")
                    .withStorage(Storage.journaled("jdbc-journal-b", "jdbc-snapshot-store-b")));
            Script guard = new Script();
            Script sentry = new Script();
            for (int i = 0; i < 4; i++) { // snapshots at 2 and 4 for both
                input(guards, "guard-1", guard, i);
                input(sentries, "sentry-1", sentry, i);
            }
            assertSame(guards, "guard-1", guard);
            assertSame(sentries, "sentry-1", sentry);
        } finally {
            node.terminate();
            node.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        assertThat(persistenceIds(a, "event_journal")).containsExactly("guard|guard-1");
        assertThat(persistenceIds(a, "snapshot")).containsExactly("guard|guard-1");
        assertThat(persistenceIds(b, "event_journal")).containsExactly("sentry|sentry-1");
        assertThat(persistenceIds(b, "snapshot")).containsExactly("sentry|sentry-1");
    }

    @Test
    void aJournaledTypeKeepsAtLeastTwoSnapshotsOrEveryInputAndUsesOnlyThePluginsOfItsDurability() {
        assertThat(new Durability.InputsJournaled(100)).isEqualTo(new Durability.InputsJournaled(100, 2));
        assertThat(new Durability.InputsJournaled(100).deletesInputs()).isTrue();
        assertThat(Durability.InputsJournaled.keepingEveryInput(100).deletesInputs()).isFalse();
        assertThatThrownBy(() -> new Durability.InputsJournaled(100, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not 1");
        assertThatThrownBy(() -> new Durability.InputsJournaled(100, -3)).hasMessageContaining("not -3");
        assertThatThrownBy(() -> Guard.spec(5).withStorage(Storage.durableState("jdbc-durable-state-store-b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'jdbc-durable-state-store-b'");
        assertThatThrownBy(() -> Guard.snapshotsOnly(5).withStorage(Storage.journaled("jdbc-journal-b", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'jdbc-journal-b'");
    }

    /** Waits for the retention that follows a snapshot, which Pekko runs after it answers. */
    private static void awaitRows(Path db, String pid, List<Long> snapshotsLeft, long firstInputLeft) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(snapshots(db, pid).equals(snapshotsLeft) && liveInputs(db, pid).get(0) == firstInputLeft)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("retention did not settle at snapshots " + snapshotsLeft + " and inputs from "
                        + firstInputLeft + ": snapshots " + snapshots(db, pid) + ", inputs " + liveInputs(db, pid));
            }
            Thread.sleep(50);
        }
    }

    private static List<Long> snapshots(Path db, String pid) throws Exception {
        return longs(db, "SELECT \"sequence_number\" FROM \"snapshot\" WHERE \"persistence_id\" = ? ORDER BY 1", pid);
    }

    private static List<Long> liveInputs(Path db, String pid) throws Exception {
        return longs(db, "SELECT \"sequence_number\" FROM \"event_journal\" WHERE \"persistence_id\" = ?"
                + " AND NOT \"deleted\" ORDER BY 1", pid);
    }

    private static List<Long> rows(Path db, String pid) throws Exception {
        return rows(Node.url(db), "sa", "", pid);
    }

    /** The sequence numbers of an entity's journal rows, those marked deleted included, in a database at {@code url}. */
    static List<Long> rows(String url, String user, String password, String pid) throws Exception {
        return longs(url, user, password, "SELECT \"sequence_number\" FROM \"event_journal\" WHERE \"persistence_id\" = ?"
                + " ORDER BY 1", pid);
    }

    private static List<Long> longs(Path db, String sql, String pid) throws Exception {
        return longs(Node.url(db), "sa", "", sql, pid);
    }

    private static List<Long> longs(String url, String user, String password, String sql, String pid) throws Exception {
        try (Connection c = DriverManager.getConnection(url, user, password);
             PreparedStatement select = c.prepareStatement(sql)) {
            select.setString(1, pid);
            List<Long> out = new ArrayList<>();
            try (ResultSet r = select.executeQuery()) {
                while (r.next()) {
                    out.add(r.getLong(1));
                }
            }
            return out;
        }
    }

    private static List<String> persistenceIds(Path db, String table) throws Exception {
        try (Connection c = DriverManager.getConnection(Node.url(db), "sa", "");
             PreparedStatement select = c.prepareStatement("SELECT DISTINCT \"persistence_id\" FROM \"" + table + "\"");
             ResultSet r = select.executeQuery()) {
            List<String> out = new ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        }
    }

    /** Garbles one stored snapshot: well framed, its input count kept, but not a guard's bytes. */
    private static void corrupt(Path db, String pid, long sequenceNr) throws Exception {
        try (Connection c = DriverManager.getConnection(Node.url(db), "sa", "");
             PreparedStatement update = c.prepareStatement("UPDATE \"snapshot\" SET \"snapshot_payload\" = ?"
                     + " WHERE \"persistence_id\" = ? AND \"sequence_number\" = ?")) {
            update.setBytes(1, storedSnapshot(new byte[] {1, 2, 3, 4, 5, 6, 7}, sequenceNr));
            update.setString(2, pid);
            update.setLong(3, sequenceNr);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
    }
}
