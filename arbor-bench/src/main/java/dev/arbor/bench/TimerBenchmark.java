package dev.arbor.bench;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ticks of a chart with timers (issue 12): 1,000 machines of seed 001's burning torch — LIT
 * burns down through DIM after 3 ticks and SMOULDER after 5 more, an internal timer crackles once
 * per activation, and OUT relights after 2 ticks — each ticked once per invocation. Score: ns per
 * {@code update()} per machine; with {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per
 * machine-tick (target 0: a timer allocates nothing per tick).
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar TimerBenchmark -f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TimerBenchmark {

    static final int MACHINES = 1_000;

    /** The owner: how often the torch crackled, so that the action has an effect. */
    public static final class Torch {
        long crackles;
    }

    static Chart<Torch> chart() {
        return Chart.<Torch>builder("timed-torch")
                .initial("LIT")
                .state("LIT", lit -> {
                    lit.initial("BRIGHT");
                    lit.after(1).action((t, e) -> t.crackles++); // internal: once per activation of LIT
                    lit.state("BRIGHT", s -> s.after(3).target("DIM"));
                    lit.state("DIM", s -> s.after(5).target("OUT"));
                })
                .state("OUT", s -> s.after(2).target("LIT"))
                .build();
    }

    private Machine<?>[] machines;

    @Setup
    public void setUp() {
        Chart<Torch> chart = chart();
        machines = new Machine<?>[MACHINES];
        for (int i = 0; i < MACHINES; i++) {
            Machine<Torch> m = chart.newMachine(new Torch());
            m.start();
            for (int k = 0; k < i % 11; k++) {
                m.update(); // spread the machines over the cycle
            }
            machines[i] = m;
        }
    }

    @Benchmark
    @OperationsPerInvocation(MACHINES)
    public void update() {
        for (Machine<?> m : machines) {
            m.update();
        }
    }
}
