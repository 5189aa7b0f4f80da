package dev.arbor.bench;

import dev.arbor.bench.plans.Guard;
import dev.arbor.core.Machine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the specializer's fallback for plans costs (issue 15): the guard of
 * {@link Guard} with behaviours on every step of its duty, the duty written as a plan (whose
 * microsteps, in a chart with any plan, the interpreter takes) or as declared successors (compiled
 * microsteps), over {@link Guard#CYCLE}. Both run the general tick, as every chart with behaviours
 * does. Score: ns per input; with {@code -prof gc}, bytes per input. The interpreter's figures:
 * {@code -jvmArgsAppend -Darbor.specialize=off}.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar PlansBenchmark -f 2 -wi 5 -w 1s -i 5 -r 1s -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class PlansBenchmark {

    @Param
    public Guard.Duty duty;

    private Machine<Guard.Owner> machine;
    private Guard.Ev[] inputs;

    @Setup
    public void setUp() {
        machine = Guard.chart(duty).newMachine(new Guard.Owner(false));
        machine.start();
        inputs = Guard.CYCLE.toArray(new Guard.Ev[0]);
    }

    @Benchmark
    @OperationsPerInvocation(10)
    public long cycle() {
        Machine<Guard.Owner> m = machine;
        for (Guard.Ev e : inputs) {
            if (e == Guard.Ev.TICK) {
                m.update();
            } else {
                m.fire(e);
            }
        }
        return m.owner().records();
    }
}
