package dev.arbor.net.rollback;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The owner used by the rollback tests, and its chart: nested states, a parallel region, deep
 * history, guards on the owner, actions and update actions that change the owner, polled
 * transitions, and a delayed telegram sent on entry.
 *
 * <pre>
 * root ─ IDLE                                    (update: energy+1)
 *      ─ ACTIVE (H: deep history) ─ MOVING (parallel) ─ LEGS ─ WALK, RUN   (RUN update: energy-1; polled energy&lt;=0 → WALK)
 *                                 │                   ─ ARMS ─ EMPTY, HOLD
 *                                 └ CHARGING        (entry: telegram CHARGED in 3 ticks; update: energy+2)
 *      ─ STUNNED                                      (entry: score-1)
 * </pre>
 */
final class Hero {

    enum Ev { MOVE, RUN, WALK, PICK, USE, CHARGE, CHARGED, STUN, WAKE, STOP }

    static final int AGENT = 1;

    /** The owner's state as saved per tick. */
    record State(int energy, int score, int coins) {}

    static final OwnerState<Hero, State> STATE = new OwnerState<>() {
        @Override
        public State copyOut(Hero h) {
            return new State(h.energy, h.score, h.coins);
        }

        @Override
        public void copyIn(State s, Hero h) {
            h.energy = s.energy();
            h.score = s.score();
            h.coins = s.coins();
        }
    };

    int energy = 5;
    int score;
    int coins;
    /** Effects that must happen once (not part of the state): only played on NORMAL steps. */
    final List<String> sounds = new ArrayList<>();
    Dispatcher dispatcher;
    LongSupplier clock = () -> 0;

    static final Chart<Hero> CHART = chart();

    private static Chart<Hero> chart() {
        return Chart.<Hero>builder("hero")
                .initial("IDLE")
                .state("IDLE", s -> {
                    s.onUpdate(h -> h.energy = Math.min(10, h.energy + 1));
                    s.on(Ev.MOVE).target("H");
                    s.on(Ev.CHARGE).target("CHARGING");
                })
                .state("ACTIVE", a -> {
                    a.initial("MOVING");
                    a.history("H", HistoryType.DEEP, "MOVING");
                    a.on(Ev.STOP).target("IDLE");
                    a.on(Ev.STUN).guard(h -> h.energy < 5).target("STUNNED");
                    a.on(Ev.CHARGE).target("CHARGING");
                    a.parallel("MOVING", m -> {
                        m.state("LEGS", r -> {
                            r.initial("WALK");
                            r.state("WALK", s -> s.on(Ev.RUN).guard(h -> h.energy >= 3).target("RUN"));
                            r.state("RUN", s -> {
                                s.onEntry((mm, h) -> {
                                    if (mm.cause() == Cause.NORMAL) {
                                        h.sounds.add("whoosh");
                                    }
                                });
                                s.onUpdate(h -> h.energy--);
                                s.when(h -> h.energy <= 0).target("WALK");
                                s.on(Ev.WALK).target("WALK");
                            });
                        });
                        m.state("ARMS", r -> {
                            r.initial("EMPTY");
                            r.state("EMPTY", s -> s.on(Ev.PICK).target("HOLD").action((h, e) -> h.coins++));
                            r.state("HOLD", s -> {
                                s.on(Ev.PICK).action((h, e) -> h.coins++);
                                s.on(Ev.USE).guard(h -> h.coins > 0).target("EMPTY").action((h, e) -> {
                                    h.coins--;
                                    h.score += 5;
                                });
                            });
                        });
                    });
                    a.state("CHARGING", s -> {
                        s.onEntry((mm, h) -> {
                            if (mm.cause() != Cause.RESTORE && h.dispatcher != null) {
                                h.dispatcher.send(h.clock.getAsLong(), 3, AGENT, AGENT, Ev.CHARGED);
                            }
                        });
                        s.onUpdate(h -> h.energy = Math.min(10, h.energy + 2));
                        s.on(Ev.CHARGED).target("MOVING");
                        s.on(Ev.PICK).action((h, e) -> h.coins++);
                    });
                })
                .state("STUNNED", s -> {
                    s.onEntry(h -> h.score--);
                    s.on(Ev.WAKE).target("H");
                    s.on(Ev.STOP).target("IDLE");
                })
                .build();
    }
}
