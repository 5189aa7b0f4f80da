package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.SnapshotException.Reason;
import dev.arbor.net.codec.TestCharts.Torch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SnapshotCodecTest {

    static Reason reasonOf(ThrowingRunnable r) {
        try {
            r.run();
        } catch (SnapshotException e) {
            return e.reason();
        } catch (RuntimeException e) {
            throw new AssertionError("decode threw " + e + " instead of SnapshotException", e);
        }
        throw new AssertionError("decode did not throw");
    }

    interface ThrowingRunnable {
        void run() throws SnapshotException;
    }

    // ---------------------------------------------------------------- exhaustive round trips

    @Test
    void everyCombinationOfEveryChartRoundTrips() throws SnapshotException {
        for (Chart<Object> chart : ChartNumberingTest.charts()) {
            SnapshotCodec<Object> codec = SnapshotCodec.of(chart);
            ChartNumbering n = codec.numbering();
            Machine<Object> live = chart.newMachine(new Object());
            live.start();
            for (long i = 0; i < n.count(); i++) {
                MachineState s = n.stateAt(i);
                Machine<Object> source = chart.newMachine(new Object());
                source.restore(s, Cause.RESTORE);
                byte[] bytes = codec.encode(source);
                assertThat(bytes).hasSize((32 + n.bits() + 7) / 8);
                Machine<Object> fresh = chart.newMachine(new Object());
                codec.decodeInto(bytes, fresh);
                assertThat(fresh.snapshot()).as("%s index %d", chart.name(), i).isEqualTo(s);
                codec.decodeInto(bytes, live); // onto a running machine in another state
                assertThat(live.snapshot()).isEqualTo(s);
                assertThat(codec.decodeState(bytes)).isEqualTo(s);
                assertThat(codec.decode(bytes, 0, bytes.length).index()).isEqualTo(i);
            }
        }
    }

    @Test
    void torchWithDataRoundTripsEveryCombinationAndValue() throws SnapshotException {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        ChartNumbering n = codec.numbering();
        SplittableRandom r = new SplittableRandom(3);
        for (long i = 0; i < n.count(); i++) {
            for (int k = 0; k < 20; k++) {
                Torch t = new Torch(r.nextInt(1001), r.nextInt(201), r.nextInt(1 << 16));
                Machine<Torch> source = chart.newMachine(t);
                source.restore(n.stateAt(i), Cause.RESTORE);
                byte[] bytes = codec.encode(source);
                Torch copy = new Torch(0, 0, 0);
                Machine<Torch> target = chart.newMachine(copy);
                codec.decodeInto(bytes, target);
                assertThat(target.snapshot()).isEqualTo(source.snapshot());
                assertThat(copy.fuel).isEqualTo(t.fuel);
                assertThat(copy.brightness).isEqualTo(source.isIn("Glowing") ? t.brightness : 0);
                assertThat(copy.burnTick).isEqualTo(source.isIn("Burning") ? t.burnTick : 0);
                assertThat(codec.encode(target)).isEqualTo(bytes);
            }
        }
    }

    @Test
    void stateDataIsWrittenOnlyWhileActiveRootToLeaf() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        int header = codec.headerBits(); // 32 + 5
        assertThat(header).isEqualTo(37);
        int previous = 1 + codec.numbering().configurationBits(); // a previous configuration (revert) once one changed
        Machine<Torch> m = chart.newMachine(new Torch());
        m.start(); // Unlit: header + no previous (1) + nothing pushed or deferred (1) + fuel (10)
        assertThat(codec.encode(m)).hasSize((37 + 2 + 10 + 7) / 8);
        m.fire(TestCharts.Ev.LIGHT); // Dim: + the previous configuration + brightness (8)
        assertThat(codec.encode(m)).hasSize((37 + previous + 1 + 8 + 10 + 7) / 8);
        m.fire(TestCharts.Ev.FLARE);
        m.fire(TestCharts.Ev.FLARE); // Smoulder: + burn tick (16)
        assertThat(m.isIn("Smoulder")).isTrue();
        assertThat(codec.encode(m)).hasSize((37 + previous + 1 + 16 + 10 + 7) / 8);
    }

    @Test
    void restoringFiresOnlyTheChangedStatesTaggedRestore() throws SnapshotException {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> server = chart.newMachine(new Torch());
        server.start();
        server.fire(TestCharts.Ev.LIGHT);
        server.fire(TestCharts.Ev.FLARE); // Bright
        Machine<Torch> client = chart.newMachine(new Torch());
        client.start();
        client.fire(TestCharts.Ev.LIGHT); // Dim
        List<String> log = new ArrayList<>();
        client.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> mm, int state, Cause cause) {
                log.add("enter " + mm.chart().stateName(state) + " " + cause);
            }

            @Override
            public void onExit(Machine<?> mm, int state, Cause cause) {
                log.add("exit " + mm.chart().stateName(state) + " " + cause);
            }
        });
        codec.decodeInto(codec.encode(server), client);
        assertThat(log).containsExactly("exit Dim RESTORE", "enter Bright RESTORE");
    }

    @Test
    void snapshotsPackIntoOneStream() throws SnapshotException {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> a = chart.newMachine(new Torch(5, 6, 7));
        a.start();
        Machine<Torch> b = chart.newMachine(new Torch(900, 100, 4000));
        b.start();
        b.fire(TestCharts.Ev.LIGHT);
        BitWriter out = new BitWriter();
        codec.encode(a, out);
        codec.encode(b, out);
        BitReader in = new BitReader(out.toByteArray());
        Torch ta = new Torch(0, 0, 0);
        Torch tb = new Torch(0, 0, 0);
        Machine<Torch> ma = chart.newMachine(ta);
        Machine<Torch> mb = chart.newMachine(tb);
        codec.read(in).applyTo(ma);
        codec.read(in).applyTo(mb);
        assertThat(ma.snapshot()).isEqualTo(a.snapshot());
        assertThat(mb.snapshot()).isEqualTo(b.snapshot());
        assertThat(ta.fuel).isEqualTo(5);
        assertThat(tb.values()).containsExactly(900, 100, 0);
    }

    // ---------------------------------------------------------------- hostile input

    /** A machine and its owner, to check that a failed decode changed neither. */
    record Target(Machine<Torch> machine, Torch owner) {
        static Target started(Chart<Torch> chart, SplittableRandom r) {
            Torch t = new Torch(r.nextInt(1001), r.nextInt(201), r.nextInt(1 << 16));
            Machine<Torch> m = chart.newMachine(t);
            m.start();
            return new Target(m, t);
        }

        Object fingerprint() {
            return List.of(machine.snapshot(), owner.values());
        }
    }

    /** Valid snapshots of the torch with data: every combination, random values. */
    static List<byte[]> validTorchSnapshots(Chart<Torch> chart, SnapshotCodec<Torch> codec) {
        SplittableRandom r = new SplittableRandom(11);
        List<byte[]> out = new ArrayList<>();
        for (long i = 0; i < codec.numbering().count(); i++) {
            Machine<Torch> m = chart.newMachine(new Torch(r.nextInt(1001), r.nextInt(201), r.nextInt(1 << 16)));
            m.restore(codec.numbering().stateAt(i), Cause.RESTORE);
            out.add(codec.encode(m));
        }
        return out;
    }

    @Test
    void everyTruncationIsRefusedAndChangesNothing() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Target target = Target.started(chart, new SplittableRandom(1));
        target.machine().fire(TestCharts.Ev.LIGHT);
        Object before = target.fingerprint();
        int checked = 0;
        for (byte[] valid : validTorchSnapshots(chart, codec)) {
            for (int len = 0; len < valid.length; len++) {
                byte[] prefix = Arrays.copyOf(valid, len);
                assertThat(reasonOf(() -> codec.decodeInto(prefix, target.machine()))).isEqualTo(Reason.TRUNCATED);
                assertThat(reasonOf(() -> codec.decodeState(prefix))).isEqualTo(Reason.TRUNCATED);
                assertThat(target.fingerprint()).isEqualTo(before);
                checked++;
            }
        }
        for (Chart<Object> other : ChartNumberingTest.charts()) {
            SnapshotCodec<Object> c = SnapshotCodec.of(other);
            Machine<Object> m = other.newMachine(new Object());
            m.start();
            MachineState start = m.snapshot();
            for (long i = 0; i < c.numbering().count(); i++) {
                Machine<Object> src = other.newMachine(new Object());
                src.restore(c.numbering().stateAt(i), Cause.RESTORE);
                byte[] valid = c.encode(src);
                for (int len = 0; len < valid.length; len++) {
                    byte[] prefix = Arrays.copyOf(valid, len);
                    assertThat(reasonOf(() -> c.decodeInto(prefix, m))).isEqualTo(Reason.TRUNCATED);
                    checked++;
                }
            }
            assertThat(m.snapshot()).isEqualTo(start);
        }
        assertThat(checked).isGreaterThan(1000);
    }

    /**
     * At least 1,000,000 decodes of seeded random bytes (short, half of them behind the right
     * fingerprint so they reach the index and the data): only SnapshotException ever escapes, a
     * failed decode changes nothing, and any bytes accepted are the canonical encoding of what
     * they decoded to.
     */
    @Test
    void aMillionRandomDecodesThrowOnlySnapshotExceptionAndChangeNothingWhenRefused() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        SnapshotCodec<Torch> small = TestCharts.torchCodec(chart).fingerprintBits(0).maxBytes(8).build();
        SplittableRandom r = new SplittableRandom(20261122L);
        Target target = Target.started(chart, r);
        Object before = target.fingerprint();
        byte[] fp = new BitWriter().writeBits(codec.fingerprint() & 0xFFFFFFFFL, 32).toByteArray();
        int[] byReason = new int[Reason.values().length];
        int accepted = 0;
        int decodes = 1_000_000;
        for (int i = 0; i < decodes; i++) {
            SnapshotCodec<Torch> c = (i & 2) == 0 ? codec : small;
            int len = r.nextInt(c == codec ? 13 : 10);
            byte[] bytes = new byte[len];
            for (int j = 0; j < len; j++) {
                bytes[j] = (byte) r.nextInt(256);
            }
            if (c == codec && (i & 1) == 0 && len >= 4) {
                System.arraycopy(fp, 0, bytes, 0, 4);
            }
            try {
                c.decodeInto(bytes, target.machine());
                accepted++;
                assertThat(c.encode(target.machine())).isEqualTo(bytes);
                before = target.fingerprint();
            } catch (SnapshotException e) {
                byReason[e.reason().ordinal()]++;
                if ((i & 63) == 0 || !target.fingerprint().equals(before)) {
                    assertThat(target.fingerprint()).as("decode %d", i).isEqualTo(before);
                }
            } catch (RuntimeException e) {
                fail("decode " + i + " of " + Arrays.toString(bytes) + " threw " + e, e);
            }
        }
        assertThat(accepted).isPositive();
        for (Reason reason : Reason.values()) {
            assertThat(byReason[reason.ordinal()]).as("reason %s", reason).isPositive();
        }
    }

    @Test
    void wrongFingerprintIsRefused() throws SnapshotException {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> m = chart.newMachine(new Torch());
        m.start();
        byte[] bytes = codec.encode(m);
        // Another version of the chart: one more transition.
        Chart<Torch> changed = Chart.<Torch>builder("torch")
                .initial("Unlit")
                .state("Unlit", s -> {
                    s.on(TestCharts.Ev.LIGHT).target("H");
                    s.on(TestCharts.Ev.EXHAUST).target("BurntOut");
                })
                .state("Lit", lit -> {
                    lit.initial("Glowing");
                    lit.history("H", dev.arbor.core.HistoryType.DEEP);
                    lit.on(TestCharts.Ev.DOUSE).target("Unlit");
                    lit.on(TestCharts.Ev.EXHAUST).target("BurntOut");
                    lit.state("Glowing", g -> {
                        g.initial("Dim");
                        g.state("Dim", s -> s.on(TestCharts.Ev.FLARE).target("Bright"));
                        g.state("Bright", s -> s.on(TestCharts.Ev.FLARE).target("Burning"));
                    });
                    lit.state("Burning", b -> {
                        b.initial("Smoulder");
                        b.state("Smoulder", s -> s.on(TestCharts.Ev.FLARE).target("Blaze"));
                        b.state("Blaze", s -> s.on(TestCharts.Ev.CALM).target("Smoulder"));
                    });
                })
                .finalState("BurntOut")
                .build();
        SnapshotCodec<Torch> other = TestCharts.torchCodec(changed).build();
        assertThat(other.fingerprint()).isNotEqualTo(codec.fingerprint());
        Machine<Torch> target = changed.newMachine(new Torch());
        assertThat(reasonOf(() -> other.decodeInto(bytes, target))).isEqualTo(Reason.WRONG_FINGERPRINT);
        assertThat(target.isStarted()).isFalse();
        // Same structure, another data layout version.
        SnapshotCodec<Torch> v2 = TestCharts.torchCodec(chart).dataVersion(2).build();
        assertThat(reasonOf(() -> v2.decodeInto(bytes, chart.newMachine(new Torch())))).isEqualTo(Reason.WRONG_FINGERPRINT);
        // The same chart built again has the same fingerprint.
        assertThat(TestCharts.torchCodec(TestCharts.torch()).build().fingerprint()).isEqualTo(codec.fingerprint());
        codec.decodeInto(bytes, chart.newMachine(new Torch()));
    }

    @Test
    void fingerprintIsStableAcrossRunsAndJvms() {
        // Pinned: if this changes, snapshots of old builds are refused (bump deliberately).
        assertThat(Long.toHexString(Fingerprint.of(TestCharts.torch()))).isEqualTo(PINNED_TORCH_FINGERPRINT);
        assertThat(Fingerprint.of(TestCharts.flat())).isNotEqualTo(Fingerprint.of(TestCharts.torch()));
    }

    static final String PINNED_TORCH_FINGERPRINT = "3794ee2c9ff12122"; // v2 (issue 12): snapshots hold the whole future

    @Test
    void trailingBytesAndNonZeroPaddingAreRefused() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> m = chart.newMachine(new Torch());
        m.start(); // 37 + 10 bits: 47, one padding bit
        byte[] bytes = codec.encode(m);
        Machine<Torch> target = chart.newMachine(new Torch());
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThat(reasonOf(() -> codec.decodeInto(longer, target))).isEqualTo(Reason.TRAILING_BYTES);
        byte[] padded = bytes.clone();
        padded[padded.length - 1] |= 1;
        assertThat(reasonOf(() -> codec.decodeInto(padded, target))).isEqualTo(Reason.TRAILING_BYTES);
        assertThat(target.isStarted()).isFalse();
        // Without data codecs the size bound is the largest snapshot the chart can have (a previous
        // configuration and pushLimit pushed ones): one more byte is oversized.
        SnapshotCodec<Torch> plain = SnapshotCodec.of(chart);
        int cb = plain.numbering().configurationBits();
        long largest = plain.headerBits() + 1 + cb + 1 + BitWriter.bitsFor(chart.pushLimit() + 1L)
                + (long) chart.pushLimit() * cb;
        assertThat(plain.maxBytes()).isEqualTo((int) ((largest + 7) / 8));
        byte[] p = Arrays.copyOf(plain.encode(m), plain.maxBytes() + 1);
        assertThat(reasonOf(() -> plain.decodeInto(p, target))).isEqualTo(Reason.OVERSIZED);
    }

    @Test
    void oversizedInputIsRefusedBeforeReading() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> target = chart.newMachine(new Torch());
        assertThat(reasonOf(() -> codec.decodeInto(new byte[1025], target))).isEqualTo(Reason.OVERSIZED);
        assertThat(reasonOf(() -> codec.decodeInto(new byte[1 << 20], target))).isEqualTo(Reason.OVERSIZED);
        SnapshotCodec<Torch> tight = TestCharts.torchCodec(chart).maxBytes(7).build();
        assertThat(reasonOf(() -> tight.decodeInto(new byte[8], target))).isEqualTo(Reason.OVERSIZED);
        assertThatThrownBy(() -> TestCharts.torchCodec(chart).maxBytes(4).build())
                .isInstanceOf(IllegalArgumentException.class);
        // Encoding beyond the bound is refused too.
        Machine<Torch> big = chart.newMachine(new Torch());
        big.start();
        big.fire(TestCharts.Ev.LIGHT);
        big.fire(TestCharts.Ev.FLARE);
        big.fire(TestCharts.Ev.FLARE); // 37 + 16 + 10 bits and the previous configuration: 9 bytes
        SnapshotCodec<Torch> eight = TestCharts.torchCodec(chart).maxBytes(8).build();
        assertThatThrownBy(() -> eight.encode(big)).isInstanceOf(IllegalStateException.class);
        assertThat(target.isStarted()).isFalse();
    }

    @Test
    void indexOutOfRangeIsRefused() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = SnapshotCodec.builder(chart).fingerprintBits(0).build();
        Machine<Torch> target = chart.newMachine(new Torch());
        target.start();
        MachineState before = target.snapshot();
        // 30 combinations in 5 bits: 30 and 31 are out of range
        for (int index = 30; index < 32; index++) {
            byte[] bytes = new BitWriter().writeBits(index, 5).toByteArray();
            assertThat(reasonOf(() -> codec.decodeInto(bytes, target))).isEqualTo(Reason.INDEX_OUT_OF_RANGE);
        }
        assertThat(target.snapshot()).isEqualTo(before);
    }

    @Test
    void stateDataThatRejectsAValueChangesNothing() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = TestCharts.torchCodec(chart).build();
        Machine<Torch> src = chart.newMachine(new Torch(500, 150, 0));
        src.start();
        src.fire(TestCharts.Ev.LIGHT); // Dim: brightness is written
        byte[] valid = codec.encode(src);
        // brightness 250 (> 200): the Glowing codec throws INVALID_DATA
        Torch badBrightness = new Torch(500, 250, 0);
        Machine<Torch> srcBad = chart.newMachine(badBrightness);
        srcBad.restore(src.snapshot(), Cause.RESTORE);
        byte[] bad = codec.encode(srcBad);
        // fuel 1010 (> 1000) cannot be encoded by the codec; forge it: the owner codec throws an
        // IllegalArgumentException, which must come out as INVALID_DATA
        BitWriter w = new BitWriter();
        w.writeBits(codec.fingerprint() & 0xFFFFFFFFL, 32).writeBounded(codec.numbering().indexOf(src.snapshot()), 30);
        w.writeBits(150, 8).writeBits(1010, 10);
        byte[] badFuel = w.toByteArray();

        Torch owner = new Torch(1, 2, 3);
        Machine<Torch> target = chart.newMachine(owner);
        target.start();
        Object before = List.of(target.snapshot(), owner.values());
        assertThat(reasonOf(() -> codec.decodeInto(bad, target))).isEqualTo(Reason.INVALID_DATA);
        assertThat(reasonOf(() -> codec.decodeInto(badFuel, target))).isEqualTo(Reason.INVALID_DATA);
        assertThat(List.of(target.snapshot(), owner.values())).isEqualTo(before);
        // A codec that throws anything unexpected is translated too.
        SnapshotCodec<Torch> throwing = SnapshotCodec.builder(chart)
                .stateData("Lit", new StateData<Torch, Object>() {
                    @Override
                    public void write(Torch o, BitWriter out) {
                        out.writeBits(1, 1);
                    }

                    @Override
                    public Object read(BitReader in) throws SnapshotException {
                        in.readBits(1);
                        throw new IllegalStateException("boom");
                    }

                    @Override
                    public void apply(Torch o, Object value) {
                        throw new AssertionError("never applied");
                    }
                })
                .build();
        byte[] lit = throwing.encode(src);
        assertThat(reasonOf(() -> throwing.decodeInto(lit, target))).isEqualTo(Reason.INVALID_DATA);
        assertThat(List.of(target.snapshot(), owner.values())).isEqualTo(before);
        assertThat(valid).isNotEqualTo(bad);
    }

    @Test
    void misuseIsReportedAsProgrammingErrors() {
        Chart<Torch> chart = TestCharts.torch();
        SnapshotCodec<Torch> codec = SnapshotCodec.of(chart);
        assertThatThrownBy(() -> codec.encode(chart.newMachine(new Torch())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not started");
        Chart<Torch> other = TestCharts.torch();
        assertThatThrownBy(() -> codec.decodeInto(new byte[5], other.newMachine(new Torch())))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SnapshotCodec.builder(chart).stateData("H", new StateData<Torch, Object>() {
            @Override
            public void write(Torch o, BitWriter out) { }

            @Override
            public Object read(BitReader in) {
                return null;
            }

            @Override
            public void apply(Torch o, Object v) { }
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("history");
        assertThatThrownBy(() -> SnapshotCodec.builder(chart).stateData("Nope", null))
                .isInstanceOf(NullPointerException.class);
    }
}
