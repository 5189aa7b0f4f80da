package dev.arbor.bench.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;

/**
 * The owner of the gdx-ai bridge's workload: a miner with counters the states move, so that every
 * callback has an effect, and the machine his states ask for changes.
 */
public final class Miner {

    /** Set before the machine is made: the states ask it for {@code changeState} and {@code revertToPreviousState}. */
    public DefaultStateMachine<Miner, MinerState> fsm;
    /** Whether digging sends him to the bank every tick (and the bank sends him back the next). */
    public boolean restless;
    public long gold;
    public long banked;
    public long thirst;
    public long fed;
    public long entries;
    public long exits;

    /** {@return what the states did, summed, so that two runs can be compared} */
    public long work() {
        return gold + 3 * banked + 5 * thirst + 7 * fed + 11 * entries + 13 * exits;
    }
}
