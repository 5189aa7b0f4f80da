package dev.arbor.bench.gdx;

import static org.assertj.core.api.Assertions.assertThat;

import com.badlogic.gdx.ai.msg.Telegram;
import org.junit.jupiter.api.Test;

/** The gdx-ai bridge's workload does the same work on the bridge's machines as on gdx-ai's, tick by tick. */
class MinerMachineTest {

    @Test
    void eachBridgeRunsTheMinersAsItsGdxAiMachineDoes() {
        MinerMachine[][] pairs = {{MinerMachine.GDX_AI, MinerMachine.ARBOR},
                {MinerMachine.GDX_AI_STACK, MinerMachine.ARBOR_STACK}};
        Telegram stew = new Telegram();
        stew.message = MinerState.MSG_STEW;
        for (MinerMachine[] pair : pairs) {
            for (boolean restless : new boolean[] {false, true}) {
                Miner gdx = pair[0].miner(restless);
                Miner arbor = pair[1].miner(restless);
                for (int tick = 0; tick < 100; tick++) {
                    for (Miner m : new Miner[] {gdx, arbor}) {
                        m.fsm.update();
                        m.fed += m.fsm.handleMessage(stew) ? 100 : 0;
                        if (tick % 10 == 3) {
                            m.fsm.changeState(MinerState.BANK);
                            m.fsm.revertToPreviousState();
                        }
                    }
                    assertThat(arbor.fsm.getCurrentState()).as("%s tick %d", pair[1], tick)
                            .isEqualTo(gdx.fsm.getCurrentState());
                    assertThat(arbor.fsm.getPreviousState()).as("%s tick %d", pair[1], tick)
                            .isEqualTo(gdx.fsm.getPreviousState());
                    assertThat(arbor.work()).as("%s tick %d", pair[1], tick).isEqualTo(gdx.work());
                }
                assertThat(gdx.fed).isPositive();
                assertThat(gdx.banked > 0).isEqualTo(restless);
                assertThat(gdx.thirst).isEqualTo(100);
            }
        }
    }
}
