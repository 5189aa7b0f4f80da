package dev.arbor.core.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.HistoryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed guard of docs/typed-charts.md, compiled and run, so that the page stays true. */
class TypedChartsDocTest {

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
    void thePagesExampleRunsAsDescribed() {
        Guard guard = new Guard();
        // --- as in docs/typed-charts.md
        TypedChart<Guard, St, Ev> chart = TypedChart.builder("guard", Guard.class, St.class, Ev.class)
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

        TypedMachine<Guard, St, Ev> npc = chart.newMachine(guard);
        npc.start();
        npc.fire(Ev.ARRIVED);                        // an event: run to completion
        npc.update();                                // a game tick
        boolean fighting = npc.isIn(St.COMBAT);
        List<St> states = npc.activeStates();        // [PATROL, WAIT]
        // ---
        assertThat(fighting).isFalse();
        assertThat(states).containsExactly(St.PATROL, St.WAIT);
        npc.fire(Ev.SEE_ENEMY);
        assertThat(guard.swordDrawn).isTrue();
        npc.fire(Ev.LOST_ENEMY);
        assertThat(npc.activeStates()).containsExactly(St.PATROL, St.WAIT); // resumed, not restarted
        npc.update();
        assertThat(npc.activeStates()).containsExactly(St.PATROL, St.WALK);
    }
}
