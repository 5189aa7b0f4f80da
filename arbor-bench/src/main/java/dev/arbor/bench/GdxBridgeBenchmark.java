package dev.arbor.bench;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.bench.gdx.Miner;
import dev.arbor.bench.gdx.MinerMachine;
import dev.arbor.bench.gdx.MinerState;
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
 * The gdx-ai bridge against gdx-ai (issue 37): 10,000 miners whose enum states are written for
 * gdx-ai ({@link MinerState}, with a global state), each on gdx-ai's {@code DefaultStateMachine}
 * or {@code StackStateMachine}, or on the bridge's {@code ArborStateMachine} or
 * {@code ArborStackStateMachine} ({@link MinerMachine}). Scores are ns per miner (per call for
 * each miner), what a game's frame pays per agent:
 *
 * <ul>
 *   <li>{@link #updateIdle}: {@code update()} of a miner who keeps digging: the global state's
 *       update and the current state's.</li>
 *   <li>{@link #updateChanging}: {@code update()} of a restless miner, who changes state every
 *       tick: digging sends him to the bank ({@code changeState}: a push on the stack machines),
 *       the bank's update sends him back ({@code revertToPreviousState}: a pop). Both are asked
 *       from inside the states' update, as gdx-ai code does.</li>
 *   <li>{@link #changeStateAndRevert}: {@code changeState(BANK)} then {@code revertToPreviousState()},
 *       from outside the machine, on a digging miner: two exits and two entries.</li>
 *   <li>{@link #handleMessage}: a telegram the current state takes, handed to {@code handleMessage}
 *       (one telegram, reused, as gdx-ai's dispatcher pools them).</li>
 * </ul>
 *
 * <p>With {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per miner.
 *
 * <p>Run: {@code java -jar arbor-bench/target/benchmarks.jar GdxBridgeBenchmark -f 1 -wi 3 -i 5 -w 1 -r 1 -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class GdxBridgeBenchmark {

    static final int MINERS = 10_000;

    @Param
    public MinerMachine machine;

    private DefaultStateMachine<?, ?>[] calm;
    private DefaultStateMachine<?, ?>[] restless;
    private DefaultStateMachine<?, ?>[] listening;
    private final Telegram stew = new Telegram();

    @Setup
    public void setUp() {
        calm = new DefaultStateMachine<?, ?>[MINERS];
        restless = new DefaultStateMachine<?, ?>[MINERS];
        listening = new DefaultStateMachine<?, ?>[MINERS];
        for (int i = 0; i < MINERS; i++) {
            calm[i] = machine.miner(false).fsm;
            restless[i] = machine.miner(true).fsm;
            listening[i] = machine.miner(false).fsm;
        }
        stew.message = MinerState.MSG_STEW;
    }

    /** A frame of digging miners. */
    @Benchmark
    @OperationsPerInvocation(MINERS)
    public void updateIdle() {
        for (DefaultStateMachine<?, ?> fsm : calm) {
            fsm.update();
        }
    }

    /** A frame of miners who each change state in it. */
    @Benchmark
    @OperationsPerInvocation(MINERS)
    public void updateChanging() {
        for (DefaultStateMachine<?, ?> fsm : restless) {
            fsm.update();
        }
    }

    /** A change and a revert for every miner. */
    @Benchmark
    @OperationsPerInvocation(MINERS)
    @SuppressWarnings("unchecked")
    public void changeStateAndRevert() {
        for (DefaultStateMachine<?, ?> fsm : calm) {
            DefaultStateMachine<Miner, MinerState> m = (DefaultStateMachine<Miner, MinerState>) fsm;
            m.changeState(MinerState.BANK);
            m.revertToPreviousState();
        }
    }

    /** A telegram for every miner, taken by his current state. */
    @Benchmark
    @OperationsPerInvocation(MINERS)
    public boolean handleMessage() {
        boolean all = true;
        for (DefaultStateMachine<?, ?> fsm : listening) {
            all &= fsm.handleMessage(stew);
        }
        return all;
    }
}
