package dev.arbor.bench.regions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Before workload 6 is timed: the switch makes Arbor's records, step by step, in the same order,
 * and ends each step in the same configuration; and the cycle takes every transition of the chart.
 */
class PlayerEquivalenceTest {

    @Test
    void theSwitchMakesArborsRecordsStepByStep() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        SwitchPlayer floor = new SwitchPlayer(new PlayerOwner(true));
        arbor.start();
        floor.start();
        assertThat(arbor.owner().drain()).containsExactly("IDLE-ENTRY", "NONE-ENTRY", "NORMAL-ENTRY");
        assertThat(floor.owner().drain()).containsExactly("IDLE-ENTRY", "NONE-ENTRY", "NORMAL-ENTRY");
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < PlayerEv.CYCLE.size(); i++) {
                PlayerEv e = PlayerEv.CYCLE.get(i);
                arbor.fire(e);
                floor.fire(e);
                String where = "round " + round + ", step " + i + " (" + e + ")";
                assertThat(floor.owner().drain()).as(where).isEqualTo(arbor.owner().drain());
                assertThat(floor.configuration()).as(where).isEqualTo(arbor.configuration());
            }
            assertThat(arbor.configuration()).isEqualTo("IDLE/NONE/NORMAL");
        }
    }

    @Test
    void aHitDuringAnAttackLeavesBothRegionsInOneStepInScxmlOrder() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        arbor.start();
        arbor.fire(PlayerEv.LIGHT);
        arbor.owner().drain();
        arbor.fire(PlayerEv.HIT);
        assertThat(arbor.owner().drain()).containsExactly(
                "NORMAL-EXIT", "LIGHT_ATTACK-EXIT", "a-HIT", "s-HIT", "NONE-ENTRY", "STUNNED-ENTRY");
    }

    @Test
    void theCycleTakesEveryTransitionOfTheChart() {
        ArborPlayer arbor = new ArborPlayer(new PlayerOwner(true));
        arbor.start();
        arbor.owner().drain();
        Set<String> records = new HashSet<>();
        for (PlayerEv e : PlayerEv.CYCLE) {
            arbor.fire(e);
            records.addAll(arbor.owner().drain());
        }
        assertThat(records).containsAll(List.of(
                "m-MOVE", "m-CROUCH", "m-STAND", "m-HALT",
                "a-LIGHT", "a-HEAVY", "a-DONE", "a-HIT",
                "s-HIT", "s-RECOVER", "s-POWER_UP", "s-EXPIRED"));
    }
}
