package dev.arbor.bench;

import dev.arbor.bench.peers.ArborPeer;
import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;
import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload 5: encoding and decoding snapshots ({@code arbor-net}'s {@link SnapshotCodec}). Two
 * charts: QHsmTst (no history, no data) and a seed-001 torch (deep history, one owner field).
 * {@code encode} writes the whole snapshot (fingerprint, combination index, the rest of the
 * machine's state, data) into a reused {@link BitWriter}; {@code decode} checks untrusted bytes
 * whole and restores them onto a live machine. Both go through a reused
 * {@link SnapshotCodec.Workspace} (the allocation-free path); {@code encodeNoWorkspace} and
 * {@code decodeNoWorkspace} call the codec's own methods, which make a workspace for each call.
 * Score: ns per snapshot; with {@code -prof gc}, bytes per snapshot allocated.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar SnapshotBenchmark -f 1 -wi 8 -w 1s -i 5 -r 1s -prof gc}
 * (build first with {@code mvn -q -pl arbor-bench -am -DskipTests package}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SnapshotBenchmark {

    public enum Subject { QHSM, TORCH }

    @Param
    public Subject subject;

    private Machine<?> machine;
    private SnapshotCodec<?> codec;
    private SnapshotCodec.Workspace<?> workspace;
    private final BitWriter writer = new BitWriter(64);
    private byte[] bytes;

    enum T { UNLIT, LIT, H, DIM, BRIGHT, OUT }

    enum E { LIGHT, GLOW, DOUSE }

    static final class Torch {
        int fuel = 40;
    }

    static Chart<Torch> torch() {
        return Chart.<Torch>builder("torch")
                .initial(T.UNLIT)
                .state(T.UNLIT, s -> s.on(E.LIGHT).target(T.H))
                .state(T.LIT, l -> {
                    l.initial(T.DIM);
                    l.history(T.H, HistoryType.DEEP);
                    l.on(E.DOUSE).target(T.UNLIT);
                    l.state(T.DIM, s -> s.on(E.GLOW).target(T.BRIGHT));
                    l.state(T.BRIGHT, s -> s.on(E.GLOW).target(T.DIM));
                })
                .state(T.OUT)
                .allowUnreachable()
                .build();
    }

    @Setup
    public void setUp() throws SnapshotException {
        if (subject == Subject.QHSM) {
            Machine<QhsmOwner> m = ArborPeer.CHART.newMachine(new QhsmOwner());
            m.start();
            for (Sig s : QhsmScript.CYCLE.subList(0, 7)) {
                m.fire(s);
            }
            SnapshotCodec<QhsmOwner> c = SnapshotCodec.of(ArborPeer.CHART);
            machine = m;
            codec = c;
            workspace = c.newWorkspace();
            bytes = c.encode(m);
            c.decodeInto(bytes, m);
        } else {
            Machine<Torch> m = torch().newMachine(new Torch());
            m.start();
            m.fire(E.LIGHT);
            m.fire(E.GLOW);
            m.fire(E.DOUSE); // the history records BRIGHT
            m.fire(E.LIGHT);
            SnapshotCodec<Torch> c = SnapshotCodec.builder(m.chart()).ownerData(new OwnerData<Torch, Integer>() {
                @Override
                public void write(Torch t, BitWriter out) {
                    out.writeBounded(t.fuel, 64);
                }

                @Override
                public Integer read(BitReader in) throws SnapshotException {
                    return (int) in.readBounded(64);
                }

                @Override
                public void apply(Torch t, Integer v) {
                    t.fuel = v;
                }
            }).build();
            machine = m;
            codec = c;
            workspace = c.newWorkspace();
            bytes = c.encode(m);
            c.decodeInto(bytes, m);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Benchmark
    public long encode() {
        writer.reset();
        ((SnapshotCodec.Workspace) workspace).encode(machine, writer);
        return writer.bitLength();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Benchmark
    public Machine<?> decode() throws SnapshotException {
        ((SnapshotCodec.Workspace) workspace).decodeInto(bytes, machine);
        return machine;
    }

    /** The codec's own {@code encode(machine, writer)}: a workspace made for the call. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    @Benchmark
    public long encodeNoWorkspace() {
        writer.reset();
        ((SnapshotCodec) codec).encode(machine, writer);
        return writer.bitLength();
    }

    /** The codec's own {@code decodeInto(bytes, machine)}: a workspace made for the call. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    @Benchmark
    public Machine<?> decodeNoWorkspace() throws SnapshotException {
        ((SnapshotCodec) codec).decodeInto(bytes, machine);
        return machine;
    }
}
