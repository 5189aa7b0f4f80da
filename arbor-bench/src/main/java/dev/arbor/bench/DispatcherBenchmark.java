package dev.arbor.bench;

import dev.arbor.core.dispatch.Dispatcher;
import java.util.SplittableRandom;
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
 * Workload 4: Arbor's telegram {@link Dispatcher}. Each invocation schedules 1,000,000 telegrams to
 * 1,000 agents with delays spread over 1,000 ticks, then delivers them tick by tick. Score: ns per
 * telegram, scheduling and delivery together; with {@code -prof gc}, bytes per telegram. The
 * receivers only count, so the number is the dispatcher's. One dispatcher is reused across
 * invocations (it is empty after each), so its heap array has reached full size: steady state.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar DispatcherBenchmark -f 1 -wi 8 -w 1s -i 5 -r 1s -prof gc}
 * (build first with {@code mvn -q -pl arbor-bench -am -DskipTests package}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class DispatcherBenchmark {

    public static final int TELEGRAMS = 1_000_000;
    public static final int AGENTS = 1_000;
    public static final int MAX_DELAY = 1_000;

    enum Msg { PING }

    private Dispatcher dispatcher;
    private int[] delays;
    private int[] receivers;
    private long now;
    private long received;

    @Setup
    public void setUp() {
        dispatcher = new Dispatcher();
        for (int id = 0; id < AGENTS; id++) {
            dispatcher.register(id, t -> received++);
        }
        SplittableRandom random = new SplittableRandom(42);
        delays = new int[TELEGRAMS];
        receivers = new int[TELEGRAMS];
        for (int i = 0; i < TELEGRAMS; i++) {
            delays[i] = 1 + random.nextInt(MAX_DELAY);
            receivers[i] = random.nextInt(AGENTS);
        }
        now = 0;
    }

    /** 1,000,000 telegrams scheduled, then delivered over 1,000 ticks. */
    @Benchmark
    @OperationsPerInvocation(TELEGRAMS)
    public long scheduleAndDeliver() {
        Dispatcher d = dispatcher;
        long start = now;
        long before = received;
        for (int i = 0; i < TELEGRAMS; i++) {
            d.send(start, delays[i], receivers[i], receivers[i], Msg.PING);
        }
        for (int tick = 1; tick <= MAX_DELAY; tick++) {
            d.deliver(start + tick);
        }
        now = start + MAX_DELAY;
        long delivered = received - before;
        if (delivered != TELEGRAMS) {
            throw new IllegalStateException("delivered " + delivered + " of " + TELEGRAMS);
        }
        return delivered;
    }
}
