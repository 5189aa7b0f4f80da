package dev.arbor.bench.gdx;

import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;

/**
 * The miner's states, written for gdx-ai: digging (a restless miner leaves for the bank every
 * tick), the bank (a state blip: it reverts at its first update), and a global state whose update
 * makes him thirsty. Digging takes the stew telegram; nobody takes the others.
 */
public enum MinerState implements State<Miner> {
    DIG {
        @Override
        public void update(Miner m) {
            m.gold++;
            if (m.restless) {
                m.fsm.changeState(BANK);
            }
        }

        @Override
        public boolean onMessage(Miner m, Telegram telegram) {
            if (telegram.message == MSG_STEW) {
                m.fed++;
                return true;
            }
            return false;
        }
    },
    BANK {
        @Override
        public void update(Miner m) {
            m.banked++;
            m.fsm.revertToPreviousState();
        }
    },
    GLOBAL {
        @Override
        public void update(Miner m) {
            m.thirst++;
        }
    };

    /** The telegram digging takes. */
    public static final int MSG_STEW = 1;

    @Override
    public void enter(Miner m) {
        m.entries++;
    }

    @Override
    public void update(Miner m) {
    }

    @Override
    public void exit(Miner m) {
        m.exits++;
    }

    @Override
    public boolean onMessage(Miner m, Telegram telegram) {
        return false;
    }
}
