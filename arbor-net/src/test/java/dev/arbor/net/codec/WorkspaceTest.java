package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.FutureCodecTest.Ev;
import dev.arbor.net.codec.SnapshotException.Reason;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Snapshots through a reused {@link SnapshotCodec.Workspace} (issue 15): it writes the codec's
 * bytes and restores the codec's states; bytes corrupted or cut short in any field are refused
 * with a message naming the field, its state and the bit it starts at, leaving the machine and
 * its owner unchanged and the workspace ready for the next snapshot; and once warm, encoding and
 * decoding allocate nothing. The chart is {@link FutureCodecTest#rich()}, which remembers
 * everything a snapshot holds, with a state's data and the owner's added.
 */
class WorkspaceTest {

    /** The owner: a value PATROL's data holds (while PATROL is active), and one the owner's data holds. */
    static final class Box {
        int mood;
        int fuel;

        List<Integer> values() {
            return List.of(mood, fuel);
        }

        /** What a snapshot of a machine in this state carries. */
        List<Integer> carried(Machine<Object> m) {
            return List.of(m.isIn("PATROL") ? mood : -1, fuel);
        }
    }

    static SnapshotCodec<Object> codec(Chart<Object> chart) {
        return codec(chart, 32);
    }

    static SnapshotCodec<Object> codec(Chart<Object> chart, int fingerprintBits) {
        return SnapshotCodec.builder(chart)
                .fingerprintBits(fingerprintBits)
                .events(EventCodec.ofEnum(Ev.class))
                .stateData("PATROL", new StateData<Object, Integer>() {
                    @Override
                    public void write(Object owner, BitWriter out) {
                        out.writeBits(((Box) owner).mood, 3);
                    }

                    @Override
                    public Integer read(BitReader in) throws SnapshotException {
                        int mood = (int) in.readBits(3);
                        if (mood == 7) {
                            throw new SnapshotException(Reason.INVALID_DATA, "mood 7 does not exist");
                        }
                        return mood;
                    }

                    @Override
                    public void apply(Object owner, Integer value) {
                        ((Box) owner).mood = value;
                    }
                })
                .ownerData(new OwnerData<Object, Integer>() {
                    @Override
                    public void write(Object owner, BitWriter out) {
                        out.writeBits(((Box) owner).fuel, 7);
                    }

                    @Override
                    public Integer read(BitReader in) throws SnapshotException {
                        int fuel = (int) in.readBits(7);
                        if (fuel > 100) {
                            throw new SnapshotException(Reason.INVALID_DATA, "fuel " + fuel + " > 100");
                        }
                        return fuel;
                    }

                    @Override
                    public void apply(Object owner, Integer value) {
                        ((Box) owner).fuel = value;
                    }
                })
                .build();
    }

    /** One random input to a machine of the rich chart, and new owner values now and then. */
    static void step(Machine<Object> m, Random r) {
        Ev[] events = Ev.values();
        if (r.nextInt(100) < 45) {
            m.update();
        } else {
            m.fire(events[r.nextInt(events.length)]);
        }
        if (r.nextInt(4) == 0) {
            Box box = (Box) m.owner();
            box.mood = r.nextInt(7);
            box.fuel = r.nextInt(101);
        }
    }

    @Test
    void theWorkspaceWritesTheCodecsBytesAndRestoresTheSameStates() throws SnapshotException {
        Chart<Object> chart = FutureCodecTest.rich();
        SnapshotCodec<Object> codec = codec(chart);
        SnapshotCodec.Workspace<Object> workspace = codec.newWorkspace();
        BitWriter writer = new BitWriter();
        Box copyBox = new Box();
        Machine<Object> copy = chart.newMachine(copyBox);
        for (int seed = 0; seed < 10; seed++) {
            Random r = new Random(seed);
            Machine<Object> m = chart.newMachine(new Box());
            m.start();
            for (int i = 0; i < 150; i++) {
                step(m, r);
                writer.reset();
                workspace.encode(m, writer);
                byte[] bytes = writer.toByteArray();
                assertThat(bytes).as("seed %d step %d", seed, i).isEqualTo(codec.encode(m));
                workspace.decodeInto(bytes, copy);
                assertThat(copy.snapshot()).as("seed %d step %d", seed, i).isEqualTo(m.snapshot());
                assertThat(copyBox.carried(copy)).isEqualTo(((Box) m.owner()).carried(m));
            }
        }
    }

    private static final Pattern WHERE = Pattern.compile("\\(reading the (.+?)(?: of state '([^']+)')?, from bit (\\d+)\\)$");

    @Test
    void bytesCutShortOrCorruptedInAnyFieldAreRefusedNamingItAndChangeNothing() throws SnapshotException {
        Chart<Object> chart = FutureCodecTest.rich();
        SnapshotCodec<Object> codec = codec(chart);
        SnapshotCodec.Workspace<Object> workspace = codec.newWorkspace(); // one for every decode, refused or not
        // Cut at every byte of snapshots whose fields are shifted by 0 to 7 bits: a cut at every bit.
        List<SnapshotCodec.Workspace<Object>> shifted = new ArrayList<>();
        for (int shift = 0; shift < 8; shift++) {
            shifted.add(codec(chart, 32 + shift).newWorkspace());
        }
        Box targetBox = new Box();
        Machine<Object> target = chart.newMachine(targetBox);
        target.start();
        byte[] targetBytes = codec.encode(target);
        Set<String> fieldsNamed = new TreeSet<>();
        int accepted = 0;
        for (int seed = 0; seed < 12; seed++) {
            Random r = new Random(100 + seed);
            Machine<Object> m = chart.newMachine(new Box());
            m.start();
            for (int i = 0; i < 120; i++) {
                step(m, r);
                if (i % 8 != 7) {
                    continue;
                }
                byte[] bytes = codec.encode(m);
                MachineState before = target.snapshot();
                List<Integer> ownerBefore = targetBox.values();
                for (SnapshotCodec.Workspace<Object> cutter : shifted) {
                    byte[] whole = cutter.codec().encode(m);
                    for (int len = 0; len < whole.length; len++) {
                        SnapshotException e = refusal(cutter, Arrays.copyOf(whole, len), target);
                        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
                        fieldsNamed.add(fieldNamed(e, 8L * len));
                        assertThat(target.snapshot()).isEqualTo(before);
                        assertThat(targetBox.values()).isEqualTo(ownerBefore);
                    }
                }
                for (int bit = 0; bit < 8 * bytes.length; bit++) {
                    byte[] flipped = bytes.clone();
                    flipped[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
                    MachineState decoded;
                    try {
                        decoded = codec.decodeState(flipped); // the codec's own path, a workspace of its own
                    } catch (SnapshotException refused) {
                        SnapshotException e = refusal(workspace, flipped, target);
                        assertThat(e.reason()).isEqualTo(refused.reason());
                        assertThat(e.getMessage()).isEqualTo(refused.getMessage());
                        if (e.reason() != Reason.TRAILING_BYTES) {
                            fieldsNamed.add(fieldNamed(e, 8L * bytes.length));
                        }
                        assertThat(target.snapshot()).isEqualTo(before);
                        assertThat(targetBox.values()).isEqualTo(ownerBefore);
                        continue;
                    }
                    workspace.decodeInto(flipped, target); // another legal snapshot: taken whole
                    assertThat(target.snapshot()).isEqualTo(decoded);
                    accepted++;
                    workspace.decodeInto(targetBytes, target);
                    targetBox.mood = ownerBefore.get(0);
                    targetBox.fuel = ownerBefore.get(1);
                    assertThat(target.snapshot()).isEqualTo(before);
                }
                workspace.decodeInto(bytes, target);
                assertThat(target.snapshot()).isEqualTo(m.snapshot());
                assertThat(targetBox.carried(target)).isEqualTo(((Box) m.owner()).carried(m));
                targetBytes = bytes;
            }
        }
        assertThat(accepted).isPositive();
        assertThat(fieldsNamed).containsExactlyInAnyOrder("fingerprint", "configuration and history index",
                "previous configuration", "clock", "finished flag", "fired timer flags",
                "flag for anything pushed, planned or deferred", "pushed configurations", "plan entries",
                "deferred events", "data", "owner data");
    }

    private static SnapshotException refusal(SnapshotCodec.Workspace<Object> workspace, byte[] bytes,
                                             Machine<Object> target) {
        try {
            workspace.decodeInto(bytes, target);
        } catch (SnapshotException e) {
            return e;
        } catch (RuntimeException e) {
            throw new AssertionError("decode threw " + e + " instead of SnapshotException", e);
        }
        return fail("decoded " + Arrays.toString(bytes));
    }

    /** The field a refusal names; checks that the bit it names lies within the bytes. */
    private static String fieldNamed(SnapshotException e, long bits) {
        Matcher where = WHERE.matcher(e.getMessage());
        assertThat(where.find()).as("where in %s", e.getMessage()).isTrue();
        assertThat(Long.parseLong(where.group(3))).as(e.getMessage()).isBetween(0L, bits);
        if (where.group(1).equals("data")) {
            assertThat(where.group(2)).isEqualTo("PATROL");
        }
        return where.group(1);
    }

    @Test
    void aRefusalNamesTheFieldItsStateAndTheBitItStartsAt() throws SnapshotException {
        Chart<Object> chart = FutureCodecTest.tiny();
        SnapshotCodec<Object> codec = FutureCodecTest.codec(chart);
        Machine<Object> m = chart.newMachine(new Object());
        m.start();
        for (int i = 0; i < 3; i++) {
            m.update(); // A's timer: B, a state with a behaviour, whose clock is an Elias gamma code
        }
        assertThat(m.isIn("B")).isTrue();
        BitWriter w = new BitWriter()
                .writeBits(codec.fingerprint() & 0xFFFFFFFFL, 32)
                .writeBounded(codec.numbering().indexOf(m), codec.numbering().count())
                .writeBoolean(false); // no previous configuration; then only the zero bits that pad to a byte
        byte[] cut = w.toByteArray();
        Machine<Object> target = chart.newMachine(new Object());
        SnapshotException e = refusal(codec.newWorkspace(), cut, target);
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.getMessage()).endsWith("(reading the clock of state 'B', from bit " + (codec.headerBits() + 1) + ")");
        assertThat(target.isStarted()).isFalse();
    }

    @Test
    void onceWarmEncodingAndDecodingAllocateNothing() throws SnapshotException {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "no allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) threads;
        Assumptions.assumeTrue(counter.isThreadAllocatedMemorySupported() && counter.isThreadAllocatedMemoryEnabled());
        Chart<Object> chart = FutureCodecTest.rich();
        SnapshotCodec<Object> codec = codec(chart);
        // Snapshots along seeded runs, until they hold between them pushed configurations, a
        // plan's saved configuration and deferred events (and the parts every snapshot has).
        List<byte[]> snapshots = new ArrayList<>();
        boolean pushed = false;
        boolean resume = false;
        boolean deferred = false;
        for (int seed = 0; seed < 100 && !(pushed && resume && deferred); seed++) {
            Random r = new Random(seed);
            Machine<Object> source = chart.newMachine(new Box());
            source.start();
            for (int i = 0; i < 100; i++) {
                step(source, r);
                if (i % 5 == 0) {
                    snapshots.add(codec.encode(source));
                    MachineState s = source.snapshot();
                    pushed |= s.pushed().length > 0;
                    resume |= s.plans().stream().anyMatch(p -> p.step() < 0);
                    deferred |= !s.deferred().isEmpty();
                }
            }
        }
        assertThat(List.of(pushed, resume, deferred)).as("pushed, resume, deferred").containsOnly(true);
        Machine<Object> machine = chart.newMachine(new Box());
        SnapshotCodec.Workspace<Object> workspace = codec.newWorkspace();
        BitWriter writer = new BitWriter(256);
        long thread = Thread.currentThread().getId();
        long fewest = Long.MAX_VALUE;
        for (int round = 0; round < 12; round++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < snapshots.size(); i++) { // no iterator: the count is the codec's alone
                workspace.decodeInto(snapshots.get(i), machine);
                writer.reset();
                workspace.encode(machine, writer);
            }
            fewest = Math.min(fewest, counter.getThreadAllocatedBytes(thread) - before);
        }
        // The fewest of several rounds: what allocates once in a while is the JVM's own (a method
        // handle customised after so many calls), what allocates on every call is ours.
        assertThat(fewest).as("bytes allocated by %d decodes and encodes", snapshots.size()).isZero();
    }
}
