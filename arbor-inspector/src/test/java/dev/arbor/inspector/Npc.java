package dev.arbor.inspector;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.UnknownEvents;

/** The NPC chart the inspector's tests watch: a patrol with history, combat, a stun timer and a deferred event. */
final class Npc {
    enum Ev { SEE_ENEMY, LOST_ENEMY, ARRIVED, REST, HIT, ORDER }

    enum St { PATROL, WALK, WAIT, PATROL_HISTORY, COMBAT, STUNNED, RESTING }

    static final class Owner {
        int updates;
    }

    static Chart<Owner> chart() {
        return chart("npc", false);
    }

    /** The chart, or its second version (for reload): RESTING added, reached by REST from PATROL. */
    static Chart<Owner> chart(String name, boolean withResting) {
        var b = Chart.<Owner>builder(name)
                .unknownEvents(UnknownEvents.IGNORE) // the tests fire names too, to see how events not the chart's are recorded
                .initial(St.PATROL)
                .state(St.PATROL, p -> {
                    p.initial(St.WALK);
                    p.history(St.PATROL_HISTORY, HistoryType.SHALLOW);
                    p.on(Ev.SEE_ENEMY).target(St.COMBAT);
                    if (withResting) {
                        p.on(Ev.REST).target(St.RESTING);
                    }
                    p.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
                    p.state(St.WAIT, w -> {
                        w.onUpdate(o -> o.updates++);
                        w.on(Ev.ARRIVED).target(St.WALK);
                    });
                })
                .state(St.COMBAT, c -> {
                    c.defer(Ev.ORDER);
                    c.on(Ev.LOST_ENEMY).target(St.PATROL_HISTORY);
                    c.on(Ev.HIT).target(St.STUNNED);
                })
                .state(St.STUNNED, s -> s.after(3).target(St.COMBAT));
        if (withResting) {
            b.state(St.RESTING, r -> r.on(Ev.ARRIVED).target(St.PATROL));
        }
        return b.build();
    }

    private Npc() {}
}
