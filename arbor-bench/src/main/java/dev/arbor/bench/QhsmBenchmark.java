package dev.arbor.bench;

import dev.arbor.bench.peers.Peer;
import dev.arbor.bench.peers.QhsmPeer;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload 1: seed 003's QHsmTst driven by a cyclic event sequence that takes every transition of
 * the chart ({@link QhsmScript#CYCLE}: 23 events, guards that fail and bubble, one unhandled
 * event), in every implementation side by side. Score: ns per event; with {@code -prof gc},
 * {@code gc.alloc.rate.norm} is the bytes allocated per event (Arbor's target: 0).
 *
 * <p>Tracing is off: every action only increments a counter on the owner, the same work in every
 * implementation, so the numbers compare the engines. Each implementation was first checked to
 * produce Arbor's trace, or its documented variant (PeerEquivalenceTest, PEERS.md).
 *
 * <p>Run (from the repository root):
 * <pre>
 * mvn -q -pl arbor-bench -am -DskipTests package
 * java -jar arbor-bench/target/benchmarks.jar QhsmBenchmark -f 1 -wi 8 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 * or everything at once: {@code mvn -pl arbor-bench -am -Pbench verify}. Spring Statemachine needs
 * several seconds of warm-up to settle; for its number alone use {@code -wi 10}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class QhsmBenchmark {

    @Param
    public Peer peer;

    private QhsmPeer impl;
    private Sig[] cycle;
    private int next;

    @Setup
    public void setUp() {
        impl = peer.create(false);
        impl.start();
        cycle = QhsmScript.CYCLE.toArray(new Sig[0]);
        next = 0;
    }

    /** One event of the cycle. */
    @Benchmark
    public void fire() {
        Sig[] c = cycle;
        int i = next;
        impl.fire(c[i]);
        next = i + 1 == c.length ? 0 : i + 1;
    }

    @TearDown
    public void checkTheMachineStillWorks() {
        if (impl.owner().count == 0) {
            throw new IllegalStateException(peer + " did no work");
        }
    }
}
