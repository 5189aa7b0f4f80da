package dev.arbor.bench;

import dev.arbor.bench.agents.Npc;
import dev.arbor.bench.agents.NpcChart;
import dev.arbor.bench.agents.SwitchNpc;
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
 * Workload 3: one million agents, each an Arbor machine of a small non-parallel chart
 * ({@link NpcChart}), ticked once per invocation. Score: ns per {@code update()} per agent, when
 * no transition fires ({@code firePercent = 0}: each tick tests a polled condition and runs one
 * update action) and when 1% of the agents take a transition each tick. {@code SWITCH} is the same
 * tick written by hand, as the floor. With {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes
 * per agent-tick (target 0).
 *
 * <p>Bytes per idle machine are measured by {@link Footprint}, not here.
 *
 * <p>The fork pre-touches a fixed 2 GB heap ({@code -XX:+AlwaysPreTouch}), so first-use page
 * faults do not land in the measurement.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar IdleAgentsBenchmark -f 1 -wi 8 -w 1s -i 5 -r 1s -prof gc}
 * (build first with {@code mvn -q -pl arbor-bench -am -DskipTests package}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class IdleAgentsBenchmark {

    public static final int AGENTS = 1_000_000;

    public enum Impl { ARBOR, SWITCH }

    @Param
    public Impl impl;

    /** Percent of the agents whose alarm flips before each tick, so that they take a transition. */
    @Param({"0", "1"})
    public int firePercent;

    private Npc[] npcs;
    private Machine<?>[] machines;
    private SwitchNpc[] floor;
    private int window;

    @Setup
    public void setUp() {
        npcs = new Npc[AGENTS];
        if (impl == Impl.ARBOR) {
            machines = new Machine<?>[AGENTS];
        } else {
            floor = new SwitchNpc[AGENTS];
        }
        for (int i = 0; i < AGENTS; i++) {
            Npc n = new Npc();
            npcs[i] = n;
            if (impl == Impl.ARBOR) {
                Machine<Npc> m = NpcChart.CHART.newMachine(n);
                m.start();
                m.update();
                machines[i] = m;
            } else {
                floor[i] = new SwitchNpc(n);
                floor[i].update();
            }
        }
        window = 0;
    }

    /** One tick of every agent. */
    @Benchmark
    @OperationsPerInvocation(AGENTS)
    public void update() {
        if (firePercent > 0) {
            int n = AGENTS / 100 * firePercent;
            Npc[] all = npcs;
            for (int i = 0, j = window; i < n; i++, j++) {
                Npc x = all[j];
                x.alarm = !x.alarm;
            }
            window = (window + n) % AGENTS;
        }
        if (machines != null) {
            for (Machine<?> m : machines) {
                m.update();
            }
        } else {
            for (SwitchNpc s : floor) {
                s.update();
            }
        }
    }
}
