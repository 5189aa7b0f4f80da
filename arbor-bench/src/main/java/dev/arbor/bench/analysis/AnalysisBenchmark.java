package dev.arbor.bench.analysis;

import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.core.Chart;
import dev.arbor.examples.GuardComponents;
import dev.arbor.io.ChartLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What knowing a chart before it runs costs (issue 35): the guard demo's chart explored and
 * covered (every transition), and a generated chart of 200 states in 3 regions explored. Each
 * measurement is one whole analysis, cold (single shot) and warm.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar AnalysisBenchmark -f 3}; the figures
 * (configurations, steps) of each chart: {@code java -cp arbor-bench/target/benchmarks.jar
 * dev.arbor.bench.analysis.AnalysisBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(3)
@State(Scope.Benchmark)
public class AnalysisBenchmark {

    Chart<Object> guard;
    Chart<Object> generated;

    @Setup
    public void charts() throws IOException {
        guard = guardChart();
        generated = GeneratedRegions.chart(200, 200, 3);
    }

    /** The guard's chart analysed, and a set of paths taking every transition built. */
    @Benchmark
    public int guardAnalysedAndCovered() {
        ChartAnalysis a = ChartAnalysis.of(guard);
        return a.configurations() + a.cover(ChartAnalysis.Cover.TRANSITIONS).size();
    }

    /** The generated chart of 200 states in 3 regions analysed. */
    @Benchmark
    public int generatedAnalysed() {
        return ChartAnalysis.of(generated).configurations();
    }

    @SuppressWarnings("unchecked")
    static Chart<Object> guardChart() throws IOException {
        try (InputStream in = GuardComponents.class.getResourceAsStream("/dev/arbor/examples/charts/guard.json")) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return (Chart<Object>) (Chart<?>) ChartLoader.of(new GuardComponents().components()).load("guard.json", json);
        }
    }

    /**
     * Prints each chart's figures: states, configurations, steps, time of one cold analysis.
     *
     * @param args ignored
     * @throws IOException if the guard's chart cannot be read
     */
    public static void main(String[] args) throws IOException {
        for (long seed = 200; seed < 205; seed++) {
            report(GeneratedRegions.chart(seed, 200, 3));
        }
        report(guardChart());
    }

    private static void report(Chart<?> chart) {
        long t0 = System.nanoTime();
        ChartAnalysis a = ChartAnalysis.of(chart);
        int paths = a.cover(ChartAnalysis.Cover.TRANSITIONS).size();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int[] c = a.coverage();
        System.out.printf("%s: %d states, %d transitions; %d configurations (%d active), %d steps, %s; %d findings; "
                        + "%d paths cover the %d transitions taken; %d ms%n",
                chart.name(), chart.stateCount(), chart.transitionCount(), a.configurations(), a.activeConfigurations(),
                a.steps(), a.complete() ? "complete" : a.stoppedBecause().orElseThrow(), a.findings().size(), paths, c[2], ms);
    }
}
