package dev.arbor.bench.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import org.junit.jupiter.api.Test;

/** Workload 3's floor does what Arbor's machine does, tick by tick. */
class NpcChartTest {

    @Test
    void theSwitchFloorTicksLikeArbor() {
        Npc a = new Npc();
        Npc b = new Npc();
        Machine<Npc> machine = NpcChart.CHART.newMachine(a);
        machine.start();
        SwitchNpc floor = new SwitchNpc(b);
        for (int tick = 0; tick < 200; tick++) {
            boolean alarm = (tick / 7) % 2 == 1;
            a.alarm = alarm;
            b.alarm = alarm;
            machine.update();
            floor.update();
            assertThat(floor.isAlert()).as("tick %s", tick).isEqualTo(machine.isIn(NpcChart.S.ALERT));
            assertThat(b.steps).as("tick %s", tick).isEqualTo(a.steps);
        }
        assertThat(a.steps).isPositive();
    }
}
