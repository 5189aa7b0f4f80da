package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import org.junit.jupiter.api.Test;

/** The README's twenty-line example, compiled and run, so that the README stays true. */
class ReadmeExampleTest {

    enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED }

    enum St { PATROL, WALK, WAIT, COMBAT, PATROL_HISTORY }

    static final class Guard {
        int rest;
        boolean swordDrawn;

        boolean rested() {
            return ++rest >= 2;
        }

        void drawSword() {
            swordDrawn = true;
        }
    }

    @Test
    void theReadmeExampleRunsAsDescribed() {
        Guard guard = new Guard();
        // --- as in README.md
        Chart<Guard> chart = Chart.<Guard>builder("guard")
            .initial(St.PATROL)
            .state(St.PATROL, p -> {
                p.initial(St.WALK);
                p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                p.on(Ev.SEE_ENEMY).target(St.COMBAT);
                p.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
                p.state(St.WAIT, w -> w.when(g -> g.rested()).target(St.WALK));   // polled each update()
            })
            .state(St.COMBAT, c -> {
                c.onEntry(g -> g.drawSword());
                c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY);                      // resume the patrol
            })
            .build();

        Machine<Guard> npc = chart.newMachine(guard);   // one per NPC; the chart is shared
        npc.start();                                    // enters PATROL and WALK (inputs before it are refused)
        npc.fire(Ev.ARRIVED);                           // an event: run to completion
        npc.update();                                   // a game tick: polled transitions, then onUpdate
        boolean fighting = npc.isIn(St.COMBAT);         // O(1)
        // ---
        assertThat(fighting).isFalse();
        assertThat(npc.activeStates()).containsExactly(St.PATROL, St.WAIT);
        npc.fire(Ev.SEE_ENEMY);
        assertThat(guard.swordDrawn).isTrue();
        npc.fire(Ev.LOST_ENEMY);
        assertThat(npc.activeStates()).containsExactly(St.PATROL, St.WAIT); // resumed, not restarted
        npc.update();
        assertThat(npc.activeStates()).containsExactly(St.PATROL, St.WALK);
    }
}
