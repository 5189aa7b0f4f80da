package dev.arbor.pekko;

import static dev.arbor.pekko.DurabilityTest.assertSame;
import static dev.arbor.pekko.DurabilityTest.fire;
import static dev.arbor.pekko.RetentionTest.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.pekko.DurabilityTest.Script;
import dev.arbor.pekko.demo.Guards;
import dev.arbor.pekko.demo.LoopbackNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two incarnations of one entity at once, on two nodes that do not know of each other (two
 * clusters on one database: the split brain a split-brain resolver exists to prevent, made on
 * purpose), with a snapshot every 2 inputs and 2 kept. The old incarnation took input 1; the new
 * one recovered it and took inputs 2 to 7, so that retention deleted the rows up to 3 and marked 4
 * as the high-water mark. The old incarnation's next write is input 2.
 *
 * <p>Without a fence the journal's key no longer stops it: row 2 is free, the write succeeds, the
 * event is acknowledged, and no recovery ever replays it. With {@link JournalFence} (PostgreSQL)
 * the write is refused, never acknowledged, and the old incarnation, restarted, recovers the
 * entity's one history and goes on from it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JournalFenceTest {
    private static final Durability.InputsJournaled RETAINING = new Durability.InputsJournaled(2, 2);
    private static final Guards.Ev[] EVENTS = Guards.Ev.values();

    /** The old and the new incarnation of {@code guard-1}, and the script of its one history. */
    private record SplitBrain(ArborSharding<Guards.Owner> old, ArborSharding<Guards.Owner> current, Script history) {}

    /**
     * Input 1 on the old node, inputs 2 to 7 on the new one, and waits until retention has deleted
     * the rows below 4.
     */
    private static SplitBrain oldBehindRetention(Node oldNode, Node newNode, String type, RowReader rows)
            throws Exception {
        ArborSharding<Guards.Owner> old = ArborSharding.init(oldNode.system,
                Guards.spec(type, RETAINING, Duration.ofMinutes(2), id -> new Guards.Owner()));
        ArborSharding<Guards.Owner> current = ArborSharding.init(newNode.system,
                Guards.spec(type, RETAINING, Duration.ofMinutes(2), id -> new Guards.Owner()));
        Script history = new Script();
        fire(old, "guard-1", history, Guards.Ev.SEE);
        for (int i = 0; i < 6; i++) {
            fire(current, "guard-1", history, EVENTS[i % EVENTS.length]);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!rows.read().equals(List.of(4L, 5L, 6L, 7L))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("retention did not delete the rows below 4: " + rows.read());
            }
            Thread.sleep(50);
        }
        return new SplitBrain(old, current, history);
    }

    /** The sequence numbers of an entity's journal rows, those marked deleted included. */
    private interface RowReader {
        List<Long> read() throws Exception;
    }

    @Test
    void withoutAFenceAStaleIncarnationWritesBehindRetentionAndItsAcknowledgedEventIsNeverReplayed(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("journal");
        Script history;
        try (Node oldNode = new Node("old", db); Node newNode = new Node("new", db)) {
            SplitBrain split = oldBehindRetention(oldNode, newNode, "guard",
                    () -> rows(Node.url(db), "sa", "", "guard|guard-1"));
            history = split.history();
            // the old incarnation is at input 1: its write of input 2 finds the row free, and is acknowledged
            EntityReply stale = split.old().fire("guard-1", Guards.Ev.ARRIVED).toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(stale).isInstanceOf(EntityReply.Ack.class);
            assertThat(rows(Node.url(db), "sa", "", "guard|guard-1")).containsExactly(2L, 4L, 5L, 6L, 7L);
        }
        // a later incarnation recovers from snapshot 6 and input 7: the acknowledged event is not in it
        try (Node later = new Node("later", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(later.system, Guard.spec(2));
            assertThat(guards.query("guard-1").toCompletableFuture().get(20, TimeUnit.SECONDS).inputs()).isEqualTo(7);
            assertSame(guards, "guard-1", history);
        }
    }

    @Test
    void withTheFenceAStaleIncarnationsWriteIsRefusedNeverAcknowledgedAndItRecoversTheOneHistory() throws Exception {
        LoopbackNode store = Store.postgres();
        String type = "fence" + Long.toString(System.nanoTime(), 36); // the database outlives the run
        String pid = type + "|guard-1";
        try (Node oldNode = new Node("old", store, null, false); Node newNode = new Node("new", store, null, false)) {
            try (Connection c = DriverManager.getConnection(store.url(), store.user(), store.password())) {
                JournalFence.install(c, "public.event_journal");
            }
            try {
                SplitBrain split = oldBehindRetention(oldNode, newNode, type,
                        () -> rows(store.url(), store.user(), store.password(), pid));
                Script history = split.history();
                // a refused write is never answered: the ask times out
                assertThatThrownBy(() -> split.old().withAskTimeout(Duration.ofSeconds(3)).fire("guard-1", Guards.Ev.ARRIVED)
                        .toCompletableFuture().get(20, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class).cause().isInstanceOf(TimeoutException.class);
                assertThat(rows(store.url(), store.user(), store.password(), pid)).containsExactly(4L, 5L, 6L, 7L);
                // restarted after the refused write, the old incarnation recovers snapshot 6 and input 7, and
                // goes on from them
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (true) {
                    try {
                        assertSame(split.old(), "guard-1", history);
                        break;
                    } catch (Exception | AssertionError notYet) { // not recovered yet, or still restarting
                        if (System.nanoTime() > deadline) {
                            throw notYet;
                        }
                        Thread.sleep(200);
                    }
                }
                fire(split.old(), "guard-1", history, Guards.Ev.ARRIVED);
                assertThat(rows(store.url(), store.user(), store.password(), pid)).containsExactly(4L, 5L, 6L, 7L, 8L);
            } finally {
                try (Connection c = DriverManager.getConnection(store.url(), store.user(), store.password());
                     Statement s = c.createStatement()) {
                    s.execute("DROP TRIGGER IF EXISTS arbor_fence ON public.event_journal");
                }
            }
        }
    }

    @Test
    void theFencesScriptNamesItsFunctionAfterTheTableAndABadTableNameIsRefusedByName() {
        assertThat(JournalFence.postgresSql("public.event_journal"))
                .contains("CREATE OR REPLACE FUNCTION public.arbor_fence_event_journal() RETURNS trigger")
                .contains("SELECT 1 FROM public.event_journal")
                .contains("CREATE TRIGGER arbor_fence BEFORE INSERT ON public.event_journal FOR EACH ROW"
                        + " EXECUTE FUNCTION public.arbor_fence_event_journal();");
        assertThat(JournalFence.postgresSql("npc_journal")).contains("FUNCTION arbor_fence_npc_journal()");
        assertThatThrownBy(() -> JournalFence.postgresSql("event_journal; DROP TABLE snapshot"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'event_journal; DROP TABLE snapshot'");
    }
}
