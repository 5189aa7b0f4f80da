package dev.arbor.bench.agents;

/** The floor for workload 3: the same chart's tick written by hand. */
public final class SwitchNpc {
    private static final byte PATROL = 0;
    private static final byte REST = 1;
    private static final byte ALERT = 2;

    private final Npc npc;
    private byte state = PATROL;

    public SwitchNpc(Npc npc) {
        this.npc = npc;
    }

    /** One tick: calm's polled transition, alert's, then the update action of the active state. */
    public void update() {
        Npc n = npc;
        switch (state) {
            case PATROL:
            case REST:
                if (n.alarm) {
                    state = ALERT;
                    return;
                }
                if (state == PATROL) {
                    n.steps++;
                }
                return;
            default:
                if (!n.alarm) {
                    state = PATROL;
                    n.steps++; // update actions run after the tick's transitions, as in Arbor
                }
        }
    }

    public boolean isAlert() {
        return state == ALERT;
    }
}
