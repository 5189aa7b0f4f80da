package dev.arbor.bench.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.StackStateMachine;
import dev.arbor.gdx.ArborStackStateMachine;
import dev.arbor.gdx.ArborStateMachine;
import dev.arbor.gdx.GdxChart;

/** The four machines the miner runs on: gdx-ai's two and the bridge's two. */
public enum MinerMachine {
    /** gdx-ai's {@link DefaultStateMachine}. */
    GDX_AI,
    /** The bridge's {@link ArborStateMachine}. */
    ARBOR,
    /** gdx-ai's {@link StackStateMachine}. */
    GDX_AI_STACK,
    /** The bridge's {@link ArborStackStateMachine}. */
    ARBOR_STACK;

    /** The miner's chart, shared by every bridged miner. */
    public static final GdxChart<Miner, MinerState> CHART = GdxChart.flat("bench-miner", MinerState.class);

    /**
     * A miner digging, with the global state, on this machine.
     *
     * @param restless whether digging sends him to the bank every tick
     * @return the miner, whose {@link Miner#fsm} is the machine
     */
    public Miner miner(boolean restless) {
        Miner m = new Miner();
        m.restless = restless;
        m.fsm = switch (this) {
            case GDX_AI -> new DefaultStateMachine<>(m, MinerState.DIG, MinerState.GLOBAL);
            case ARBOR -> new ArborStateMachine<>(CHART, m, MinerState.DIG, MinerState.GLOBAL);
            case GDX_AI_STACK -> new StackStateMachine<>(m, MinerState.DIG, MinerState.GLOBAL);
            case ARBOR_STACK -> new ArborStackStateMachine<>(CHART, m, MinerState.DIG, MinerState.GLOBAL);
        };
        return m;
    }
}
