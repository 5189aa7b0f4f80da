package dev.arbor.pekko;

import dev.arbor.pekko.demo.Guards;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs journaled (event sourcing) on an H2 file: every acknowledged input survives the node, and
 * the entity recovered from its last snapshot and the journal after it equals a machine that ran
 * the same inputs without stopping, configuration and owner data alike (compared as snapshot
 * bytes).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DurabilityTest {

    /** One entity's inputs, as the test sends them and as the reference machine takes them. */
    static final class Script {
        final Machine<Guards.Owner> reference = Guards.CHART.newMachine(new Guards.Owner());
        final List<String> log = new ArrayList<>();

        Script() {
            reference.start();
        }
    }

    /** A snapshot row's payload as {@link ArborSerializer} writes a {@link SnapshotBytes}. */
    static byte[] storedSnapshot(byte[] machine, long inputs) throws java.io.IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
            out.writeInt(machine.length);
            out.write(machine);
            out.writeLong(inputs);
        }
        return bytes.toByteArray();
    }

    private static EntitySpec<Guards.Owner> keepingEveryInput(int snapshotEvery, java.util.function.Function<String, Guards.Owner> owners) {
        return Guard.spec(Durability.InputsJournaled.keepingEveryInput(snapshotEvery), Duration.ofMinutes(2), owners);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    static void fire(ArborSharding<Guards.Owner> guards, String id, Script s, Guards.Ev event) throws Exception {
        EntityReply reply = guards.fire(id, event).toCompletableFuture().get(20, TimeUnit.SECONDS);
        s.reference.fire(event);
        assertThat(reply).isEqualTo(new EntityReply.Ack(ArborEntity.active(s.reference)));
    }

    static void tick(ArborSharding<Guards.Owner> guards, String id, Script s, int n) {
        guards.tick(id, n);
        for (int i = 0; i < n; i++) {
            s.reference.update();
        }
    }

    static void assertSame(ArborSharding<Guards.Owner> guards, String id, Script s) throws Exception {
        EntityReply.Status status = guards.query(id).toCompletableFuture().get(20, TimeUnit.SECONDS);
        assertThat(hex(status.snapshot())).as(id).isEqualTo(hex(Guards.SNAPSHOTS.encode(s.reference)));
        assertThat(status.active()).isEqualTo(ArborEntity.active(s.reference));
    }

    @Test
    void anEntityRecoveredFromItsSnapshotAndJournalEqualsOneThatNeverStopped(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("journal");
        Script one = new Script();
        Script two = new Script();
        try (Node node = new Node("first", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(5));
            for (int round = 0; round < 4; round++) { // 4 rounds of 4 inputs: snapshots at 5, 10, 15
                fire(guards, "guard-1", one, Guards.Ev.ARRIVED);
                tick(guards, "guard-1", one, 3);
                fire(guards, "guard-1", one, round % 2 == 0 ? Guards.Ev.SEE : Guards.Ev.LOST);
                fire(guards, "guard-2", two, Guards.Ev.ARRIVED);
                tick(guards, "guard-2", two, 1);
            }
            fire(guards, "guard-1", one, Guards.Ev.LOST); // back on patrol, in WAIT: history at work
            assertSame(guards, "guard-1", one);
            assertSame(guards, "guard-2", two);
            assertThat(one.reference.owner().arrivals).isEqualTo(2); // a fight interrupted the rest
        }
        try (Node node = new Node("second", db)) { // another node, the same database: recovery
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(5));
            assertSame(guards, "guard-1", one);
            assertSame(guards, "guard-2", two);
            tick(guards, "guard-1", one, 2); // and it goes on as the reference does
            fire(guards, "guard-1", one, Guards.Ev.ARRIVED);
            assertSame(guards, "guard-1", one);
        }
    }

    @Test
    void recoveryReplaysTheJournalWithTheReplayCauseAndCorruptedSnapshotsFallBackToTheWholeJournalWhenEveryInputIsKept(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("journal");
        Script one = new Script();
        try (Node node = new Node("writer", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, keepingEveryInput(4, id -> new Guards.Owner()));
            for (int i = 0; i < 5; i++) { // 10 inputs: snapshots at 4 and 8, three arrivals after the last
                fire(guards, "guard-1", one, Guards.Ev.ARRIVED);
                tick(guards, "guard-1", one, 2);
            }
            assertSame(guards, "guard-1", one);
        }
        Map<String, Guards.Owner> owners = new ConcurrentHashMap<>();
        try (Node node = new Node("reader", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system,
                    keepingEveryInput(4, id -> owners.computeIfAbsent(id, k -> new Guards.Owner())));
            assertSame(guards, "guard-1", one);
            // inputs 9 and 10 came from the journal after snapshot 8: one arrival (input 9) ran as a replay
            assertThat(owners.get("guard-1").replayed).isEqualTo(1);
        }
        // every stored snapshot of guard-1 garbled: the codec refuses them, the entity replays the whole journal
        try (Connection c = DriverManager.getConnection(Node.url(db), "sa", "");
             PreparedStatement update = c.prepareStatement(
                     "UPDATE \"snapshot\" SET \"snapshot_payload\" = ? WHERE \"persistence_id\" = 'guard|guard-1'")) {
            update.setBytes(1, storedSnapshot(new byte[] {1, 2, 3, 4, 5, 6, 7}, 8)); // well framed, not a guard's
            assertThat(update.executeUpdate()).isEqualTo(2);
        }
        owners.clear();
        try (Node node = new Node("fallback", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system,
                    keepingEveryInput(4, id -> owners.computeIfAbsent(id, k -> new Guards.Owner())));
            // the first question wakes it: the snapshot at 8 is refused, then the one at 4, and the entity is
            // recovered from the whole journal; the question waited and is answered from the machine rebuilt
            assertSame(guards, "guard-1", one);
            assertThat(owners.get("guard-1").replayed).isEqualTo(5); // every arrival, from the first input on
        }
    }

    @Test
    void aPassivatedEntityIsFreedAndTheNextMessageBringsItBackAsItWas(@TempDir Path dir) throws Exception {
        Script one = new Script();
        List<Guards.Owner> made = new CopyOnWriteArrayList<>();
        try (Node node = new Node("passivating", dir.resolve("journal"))) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system,
                    Guard.spec(100, Duration.ofMillis(600), id -> {
                        Guards.Owner o = new Guards.Owner();
                        made.add(o);
                        return o;
                    }));
            fire(guards, "guard-0", new Script(), Guards.Ev.ARRIVED); // the journal's first write is slow: not guard-1's
            made.clear();
            fire(guards, "guard-1", one, Guards.Ev.ARRIVED);
            fire(guards, "guard-1", one, Guards.Ev.SEE);
            assertThat(made).hasSize(1);
            Thread.sleep(2000); // idle for longer than 600 ms: stopped, its machine and owner dropped
            assertSame(guards, "guard-1", one); // woken: a new owner, the state from the journal
            assertThat(made).hasSize(2);
            assertThat(made.get(1).arrivals).isEqualTo(1);
        }
    }

    @Test
    void snapshotsOnlyStoresEveryEventAndEveryNTicksSoANodeThatDiesLosesFewerThanNTicks(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("journal");
        Script one = new Script();
        try (Node node = new Node("ticking", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.snapshotsOnly(10));
            fire(guards, "guard-1", one, Guards.Ev.ARRIVED); // stored before it is acknowledged
            assertThat(stored(db, "guard-1")).isEqualTo(hex(Guards.SNAPSHOTS.encode(one.reference)));
            for (int i = 0; i < 7; i++) {
                tick(guards, "guard-1", one, 1);
            }
            assertSame(guards, "guard-1", one); // live: seven ticks on, WAIT is over
            Machine<Guards.Owner> lost = Guards.CHART.newMachine(new Guards.Owner()); // what a crash now would leave
            lost.start();
            lost.fire(Guards.Ev.ARRIVED);
            assertThat(stored(db, "guard-1")).isEqualTo(hex(Guards.SNAPSHOTS.encode(lost)));
            tick(guards, "guard-1", one, 3); // the tenth tick since the event: stored
            assertSame(guards, "guard-1", one);
            assertThat(stored(db, "guard-1")).isEqualTo(hex(Guards.SNAPSHOTS.encode(one.reference)));
            tick(guards, "guard-1", one, 2);
            fire(guards, "guard-1", one, Guards.Ev.SEE);
        } // a node that leaves passivates its entities: they store what they ran
        try (Node node = new Node("woken", db)) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.snapshotsOnly(10));
            assertSame(guards, "guard-1", one);
        }
    }

    /** The state stored for an entity (its durable state row), as the hex of its machine's snapshot bytes. */
    private static String stored(Path db, String entityId) throws Exception {
        try (Connection c = DriverManager.getConnection(Node.url(db), "sa", "");
             PreparedStatement select = c.prepareStatement(
                     "SELECT \"state_payload\" FROM \"durable_state\" WHERE \"persistence_id\" = ?")) {
            select.setString(1, "guard|" + entityId);
            try (java.sql.ResultSet r = select.executeQuery()) {
                assertThat(r.next()).as("a stored state for " + entityId).isTrue();
                java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(r.getBytes(1)));
                byte[] machine = new byte[in.readInt()];
                in.readFully(machine);
                return hex(machine);
            }
        }
    }

    @Test
    void bytesThatAreNoEventAreRefusedAndNeverJournaled(@TempDir Path dir) throws Exception {
        try (Node node = new Node("refusing", dir.resolve("journal"))) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, Guard.spec(5));
            var ref = org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding.get(node.system)
                    .entityRefFor(org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey.create(EntityCommand.class, "guard"), "guard-9");
            EntityReply reply = ref.<EntityReply>ask(r -> new EntityCommand.Fire(new byte[] {(byte) 0xFF}, r),
                    java.time.Duration.ofSeconds(20)).toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(reply).isInstanceOf(EntityReply.Refused.class);
            assertThat(((EntityReply.Refused) reply).reason()).contains("guard-9", "do not decode");
            EntityReply.Status status = guards.query("guard-9").toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(status.inputs()).isZero();
        }
    }

    @Test
    void anEventTheChartWouldRejectIsRefusedAndNeverJournaled(@TempDir Path dir) throws Exception {
        // A codec that carries a name beside the guards' enum: "NOISE" decodes, but no trigger of the chart matches it.
        dev.arbor.net.codec.EventCodec withNames = new dev.arbor.net.codec.EventCodec() {
            @Override
            public void write(Object event, dev.arbor.net.codec.BitWriter out) {
                out.writeBounded(event instanceof Guards.Ev e ? e.ordinal() : Guards.Ev.values().length,
                        Guards.Ev.values().length + 1);
            }

            @Override
            public Object read(dev.arbor.net.codec.BitReader in) throws dev.arbor.net.codec.SnapshotException {
                int i = (int) in.readBounded(Guards.Ev.values().length + 1);
                return i < Guards.Ev.values().length ? Guards.Ev.values()[i] : "NOISE";
            }
        };
        EntitySpec<Guards.Owner> spec = new EntitySpec<>("guard", Guards.CHART, id -> new Guards.Owner(), Guards.SNAPSHOTS,
                withNames, new Durability.InputsJournaled(5), Duration.ofMinutes(2));
        assertThat(Guards.CHART.unknownEvents()).as("the default under tests").isEqualTo(dev.arbor.core.UnknownEvents.REJECT);
        try (Node node = new Node("rejecting", dir.resolve("journal"))) {
            ArborSharding<Guards.Owner> guards = ArborSharding.init(node.system, spec);
            EntityReply reply = guards.fire("guard-4", "NOISE").toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(reply).isInstanceOf(EntityReply.Refused.class);
            assertThat(((EntityReply.Refused) reply).reason())
                    .startsWith("entity 'guard-4' of 'guard': chart 'guard' does not know the event \"NOISE\" (a String)");
            EntityReply.Status status = guards.query("guard-4").toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertThat(status.inputs()).isZero();
        }
    }
}
