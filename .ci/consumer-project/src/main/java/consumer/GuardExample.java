package consumer;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;

/** The README's "A chart in twenty lines", as a program: a guard patrols, fights and resumes. */
public final class GuardExample {

    enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED }
    enum St { PATROL, WALK, WAIT, COMBAT, PATROL_HISTORY }

    /** The owner: what the chart's guards read and its actions do. */
    static final class Guard {
        int restTicks;

        boolean rested() {
            return ++restTicks >= 2;
        }

        void drawSword() {
            System.out.println("    (the guard draws his sword)");
        }
    }

    public static void main(String[] args) {
        Trace.header("the README's guard");
        Guard guard = new Guard();

        // From the README, as it is there:
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
        npc.addListener(new Trace());
        System.out.println("start");
        npc.start();
        npc.fire(Ev.ARRIVED);                           // an event: run to completion
        npc.update();                                   // a game tick: polled transitions, then onUpdate
        boolean fighting = npc.isIn(St.COMBAT);         // O(1)
        System.out.println("fighting: " + fighting + ", active: " + npc.activeLeaves());

        // Then an enemy, lost again: the patrol resumes where it was (shallow history).
        npc.fire(Ev.SEE_ENEMY);
        System.out.println("fighting: " + npc.isIn(St.COMBAT) + ", active: " + npc.activeLeaves());
        npc.fire(Ev.LOST_ENEMY);
        npc.update();
        System.out.println("fighting: " + npc.isIn(St.COMBAT) + ", active: " + npc.activeLeaves());
        if (!npc.isIn(St.WALK)) {
            throw new AssertionError("the guard should be walking again, not in " + npc.activeLeaves());
        }
    }
}
