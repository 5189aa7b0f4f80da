package dev.arbor.bench.plans;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.StateBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The guard: idle until an alarm, then on duty, walking to the gate (two ticks), waiting there
 * (one tick) and walking back (two ticks); a ping is answered in either state, and calm sends the
 * guard back to idle. {@link #chart} writes the duty as a plan or as declared successors; both make
 * the same records, tick by tick ({@code PlansEquivalenceTest}).
 */
public final class Guard {
    /** The guard's events; ticks are {@code update()}. */
    public enum Ev { ALARM, PING, CALM, TICK }

    /** One cycle of inputs, every state entered and left: 10 inputs. */
    public static final List<Ev> CYCLE = List.of(
            Ev.ALARM, Ev.PING, Ev.TICK, Ev.TICK, Ev.TICK, Ev.PING, Ev.TICK, Ev.TICK, Ev.CALM, Ev.PING);

    /** How the duty is written. */
    public enum Duty {
        /** {@code on(ALARM).plan(TO_GATE, AT_GATE, BACK)}: every microstep of the chart interpreted. */
        PLAN,
        /** {@code on(ALARM).target(TO_GATE)}, each step's {@code then(next)}: every microstep compiled. */
        SUCCESSORS
    }

    /** The owner: where the guard is, and a running record of what happened. */
    public static final class Owner {
        int x;
        long pings;
        long records;
        /** Each record, when {@code keep} is set (for the equivalence test); otherwise only counted. */
        final List<String> kept;

        public Owner(boolean keep) {
            kept = keep ? new ArrayList<>() : null;
        }

        void rec(String what) {
            records = records * 31 + what.hashCode();
            if (kept != null) {
                kept.add(what);
            }
        }

        /** The records kept since the last call. */
        public List<String> take() {
            List<String> out = List.copyOf(kept);
            kept.clear();
            return out;
        }

        /** Where the guard stands. */
        public int x() {
            return x;
        }

        /** A digest of every record, so that the benchmark's work has an effect. */
        public long records() {
            return records;
        }
    }

    /** Walks one unit a tick toward {@code target}; finished on arrival. */
    record WalkTo(int target) implements Behavior<Owner> {
        @Override
        public void onUpdate(Owner g, Activity<Owner> a) {
            g.x += Integer.signum(target - g.x);
        }

        @Override
        public boolean isFinished(Owner g, Activity<Owner> a) {
            return g.x == target;
        }
    }

    /** Waits {@code ticks} ticks, read from the activity's clock. */
    record Wait(int ticks) implements Behavior<Owner> {
        @Override
        public boolean isFinished(Owner g, Activity<Owner> a) {
            return a.ticks() >= ticks;
        }
    }

    private Guard() {
    }

    private static Consumer<StateBuilder<Owner>> recorded(String name, Consumer<StateBuilder<Owner>> rest) {
        String entry = "enter " + name;
        String exit = "exit " + name;
        return s -> {
            s.onEntry(g -> g.rec(entry)).onExit(g -> g.rec(exit));
            rest.accept(s);
        };
    }

    /** The guard's chart, its duty written as {@code duty} says. */
    public static Chart<Owner> chart(Duty duty) {
        boolean plan = duty == Duty.PLAN;
        return Chart.<Owner>builder("guard-" + duty.name().toLowerCase(java.util.Locale.ROOT))
                .initial("IDLE")
                .state("IDLE", recorded("IDLE", s -> {
                    s.on(Ev.PING).action((g, e) -> g.rec("idle ping"));
                    if (plan) {
                        s.on(Ev.ALARM).action((g, e) -> g.rec("alarm")).plan("TO_GATE", "AT_GATE", "BACK");
                    } else {
                        s.on(Ev.ALARM).action((g, e) -> g.rec("alarm")).target("TO_GATE");
                    }
                }))
                .state("DUTY", recorded("DUTY", d -> {
                    d.initial("TO_GATE");
                    d.on(Ev.PING).action((g, e) -> {
                        g.pings++;
                        g.rec("duty ping");
                    });
                    d.on(Ev.CALM).action((g, e) -> g.rec("calm")).target("IDLE");
                    d.state("TO_GATE", recorded("TO_GATE", s -> {
                        s.use(new WalkTo(2));
                        if (!plan) {
                            s.then("AT_GATE");
                        }
                    }));
                    d.state("AT_GATE", recorded("AT_GATE", s -> {
                        s.use(new Wait(1));
                        if (!plan) {
                            s.then("BACK");
                        }
                    }));
                    d.state("BACK", recorded("BACK", s -> s.use(new WalkTo(0))));
                }))
                .build();
    }
}
