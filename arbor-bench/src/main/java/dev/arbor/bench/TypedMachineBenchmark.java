package dev.arbor.bench;

import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;
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
 * What the typed face costs (issue 37): 1,000 machines of one chart, the README's guard, driven
 * through {@link TypedMachine} ({@code TYPED}) or through the {@link Machine}s themselves
 * ({@code MACHINE}), both made by the same {@link dev.arbor.core.Chart} object, so that the only
 * difference is the face's call. Three workloads, each machine in WAIT (inside PATROL):
 * <ul>
 *   <li>{@code transition}: an event that transitions, SEE_ENEMY (PATROL to COMBAT, with an
 *       action) and LOST_ENEMY (back through PATROL's shallow history) in turn;</li>
 *   <li>{@code unhandled}: an event no state takes, which bubbles from WAIT to the root;</li>
 *   <li>{@code update}: a tick that tests WAIT's polled transition (it does not hold) and runs
 *       PATROL's update action.</li>
 * </ul>
 * Score: ns per event or tick per machine; with {@code -prof gc}, {@code gc.alloc.rate.norm} is
 * bytes per event (target 0 for both faces).
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar TypedMachineBenchmark -f 1 -wi 3 -i 5 -w 1 -r 1 -prof gc}
 * (build first with {@code mvn -q -pl arbor-bench -am -DskipTests package}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TypedMachineBenchmark {

    static final int MACHINES = 1_000;

    /** Which face the machines are driven through. */
    public enum Face { MACHINE, TYPED }

    /** The guard's events; NOISE is taken by no state. */
    public enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED, NOISE }

    /** The guard's states. */
    public enum St { PATROL, WALK, WAIT, COMBAT, PATROL_HISTORY }

    /** The owner: counters, so that every action has an effect. */
    public static final class Guard {
        boolean rested;
        long shouts;
        long ticks;
    }

    /**
     * <pre>
     * root ─ PATROL (initial WALK, shallow history)  SEE_ENEMY / shout → COMBAT;  update: tick
     *          ├─ WALK   ARRIVED → WAIT
     *          └─ WAIT   when rested → WALK
     *      ─ COMBAT  LOST_ENEMY → PATROL_HISTORY
     * </pre>
     */
    public static final TypedChart<Guard, St, Ev> CHART = TypedChart.builder("guard", Guard.class, St.class, Ev.class)
            .initial(St.PATROL)
            .state(St.PATROL, p -> {
                p.initial(St.WALK);
                p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                p.onUpdate(g -> g.ticks++);
                p.on(Ev.SEE_ENEMY).action((g, e) -> g.shouts++).target(St.COMBAT);
                p.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
                p.state(St.WAIT, w -> w.when(g -> g.rested).target(St.WALK));
            })
            .state(St.COMBAT, c -> c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY))
            .build();

    @Param
    public Face face;

    Guard[] owners;
    Machine<?>[] machines;
    TypedMachine<?, ?, Ev>[] typed;
    private boolean inCombat;

    @Setup
    @SuppressWarnings("unchecked")
    public void setUp() {
        owners = new Guard[MACHINES];
        machines = face == Face.MACHINE ? new Machine<?>[MACHINES] : null;
        typed = face == Face.TYPED ? (TypedMachine<?, ?, Ev>[]) new TypedMachine<?, ?, ?>[MACHINES] : null;
        for (int i = 0; i < MACHINES; i++) {
            Guard g = new Guard();
            owners[i] = g;
            if (face == Face.TYPED) {
                TypedMachine<Guard, St, Ev> m = CHART.newMachine(g);
                m.start();
                m.fire(Ev.ARRIVED);
                typed[i] = m;
            } else {
                Machine<Guard> m = CHART.chart().newMachine(g);
                m.start();
                m.fire(Ev.ARRIVED);
                machines[i] = m;
            }
        }
        inCombat = false;
    }

    /** One event to every machine that moves it: into COMBAT, or back to WAIT through history. */
    @Benchmark
    @OperationsPerInvocation(MACHINES)
    public void transition() {
        Ev event = inCombat ? Ev.LOST_ENEMY : Ev.SEE_ENEMY;
        inCombat = !inCombat;
        fireToAll(event);
    }

    /** One event to every machine that no state takes. */
    @Benchmark
    @OperationsPerInvocation(MACHINES)
    public void unhandled() {
        fireToAll(Ev.NOISE);
    }

    /** One tick of every machine. */
    @Benchmark
    @OperationsPerInvocation(MACHINES)
    public void update() {
        if (typed != null) {
            for (TypedMachine<?, ?, Ev> m : typed) {
                m.update();
            }
        } else {
            for (Machine<?> m : machines) {
                m.update();
            }
        }
    }

    void fireToAll(Ev event) {
        if (typed != null) {
            for (TypedMachine<?, ?, Ev> m : typed) {
                m.fire(event);
            }
        } else {
            for (Machine<?> m : machines) {
                m.fire(event);
            }
        }
    }
}
