package dev.arbor.bench;

import dev.arbor.bench.regions.ArborPlayer;
import dev.arbor.bench.regions.PlayerEv;
import dev.arbor.bench.regions.PlayerOwner;
import dev.arbor.bench.regions.PlayerPeer;
import dev.arbor.bench.regions.ScxmlPlayer;
import dev.arbor.bench.regions.SwitchPlayer;
import java.util.List;
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
 * Workload 6: seed 001's player as three orthogonal regions (movement, action, status with a
 * timer), driven by {@link PlayerEv#CYCLE}, which takes every transition (a blocked move, a hit
 * that leaves two regions at once, a timer that runs out on a tick). Arbor against the
 * hand-written switch over three ints and Apache Commons SCXML 0.9, each checked against Arbor's
 * records first (PlayerEquivalenceTest). Score: ns per event or tick; with {@code -prof gc},
 * bytes per event.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar RegionsBenchmark -f 2 -wi 5 -w 1s -i 5 -r 1s -prof gc}.
 * Spring Statemachine cannot express the chart (it gives an event to one region only:
 * {@code SpringPlayer}), so it is not timed.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RegionsBenchmark {

    /** The implementations of the player. */
    public enum Subject { ARBOR, SWITCH, COMMONS_SCXML }

    @Param
    public Subject subject;

    /**
     * Inputs left out of the cycle, joined by {@code +} ({@code HIT}; {@code TICK+POWER_UP}): to
     * see what each kind of step costs. Empty by default: the whole cycle.
     */
    @Param({""})
    public String without;

    private PlayerPeer player;
    private PlayerEv[] cycle;
    private int next;

    @Setup
    public void setUp() {
        PlayerOwner owner = new PlayerOwner(false);
        player = switch (subject) {
            case ARBOR -> new ArborPlayer(owner);
            case SWITCH -> new SwitchPlayer(owner);
            case COMMONS_SCXML -> new ScxmlPlayer(owner);
        };
        player.start();
        List<String> left = List.of(without.split("\\+"));
        cycle = PlayerEv.CYCLE.stream().filter(e -> !left.contains(e.name())).toArray(PlayerEv[]::new);
        next = 0;
    }

    /** One event (or tick) of the cycle. */
    @Benchmark
    public void fire() {
        PlayerEv[] c = cycle;
        int i = next;
        player.fire(c[i]);
        next = i + 1 == c.length ? 0 : i + 1;
    }

    @TearDown
    public void checkThePlayerStillWorks() {
        if (player.owner().count == 0) {
            throw new IllegalStateException(subject + " did no work");
        }
    }
}
