package dev.arbor.bench;

import dev.arbor.bench.deep.DeepChart;
import dev.arbor.bench.deep.DeepImpl;
import dev.arbor.bench.deep.DeepPeer;
import dev.arbor.bench.deep.DeepSig;
import dev.arbor.bench.peers.QhsmOwner;
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
 * Workload 2: a chart of depth 8 and fan-out 4, built programmatically ({@link DeepChart}), with
 * cross-level transitions up (from depth 8 to depth 1…7), down through a history state, between
 * siblings, and an internal transition that bubbles from depth 8 to the root. Arbor, the
 * hand-written floor and stateless4j run the same transitions from one model (checked by
 * DeepChartEquivalenceTest). Score: ns per event over the 35-event cycle.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar DeepChartBenchmark -f 1 -wi 8 -w 1s -i 5 -r 1s -prof gc}
 * (build first with {@code mvn -q -pl arbor-bench -am -DskipTests package}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class DeepChartBenchmark {

    @Param
    public DeepPeer peer;

    private DeepImpl impl;
    private DeepSig[] cycle;
    private int next;

    @Setup
    public void setUp() {
        impl = peer.create(new QhsmOwner(false));
        impl.start();
        cycle = DeepChart.CYCLE.toArray(new DeepSig[0]);
        next = 0;
    }

    /** One event of the cycle. */
    @Benchmark
    public void fire() {
        DeepSig[] c = cycle;
        int i = next;
        impl.fire(c[i]);
        next = i + 1 == c.length ? 0 : i + 1;
    }
}
