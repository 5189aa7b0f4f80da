package dev.arbor.io.export;

import dev.arbor.core.Action;
import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.Condition;
import dev.arbor.core.HistoryType;
import dev.arbor.core.StateAction;

/** The charts the export tests draw. */
final class Charts {
    private Charts() {}

    enum Ev { GO, STOP, HIT }

    record Hit(int damage) {}

    /** A guard as a component: its record text is its label. */
    record Hungry() implements Condition<Object> {
        @Override
        public boolean test(Object owner) {
            return true;
        }

        @Override
        public String toString() {
            return "hungry";
        }
    }

    /** An action as a component, labelled by its settings. */
    record Say<E>(String text) implements Action<Object, E>, StateAction<Object> {
        @Override
        public void run(Object owner, E event) {}

        @Override
        public void run(Object owner) {}

        @Override
        public String toString() {
            return "say(" + text + ")";
        }
    }

    record MoveTo(double speed) implements Behavior<Object> {
        @Override
        public String toString() {
            return "MoveTo{speed=" + speed + "}";
        }
    }

    /** A door: three states, one guard, one action. The golden texts of each format are of this chart. */
    static Chart<Object> door() {
        return Chart.builder("door")
                .initial("Closed")
                .state("Closed", s -> {
                    s.on(Ev.GO).target("Open");
                    s.on(Ev.STOP).guard(new Hungry()).target("Locked");
                })
                .state("Open", s -> s.on(Ev.STOP).action(new Say<>("bang")).target("Closed"))
                .state("Locked")
                .build();
    }

    /**
     * Every state kind and transition kind: a global (root) transition, compound with deep and
     * shallow history, parallel with two regions, finals, local, internal, eventless, polled,
     * done, wildcard, class and named triggers, multi-target, cross-level transitions.
     */
    static Chart<Object> everything() {
        return Chart.builder("everything")
                .initial("Idle")
                .global(g -> g.on("reset").target("Idle"))
                .state("Idle", s -> {
                    s.onEntry(new Say<>("hello"));
                    s.onExit(o -> { });
                    s.use(new MoveTo(2.5));
                    s.on(Ev.GO).target("Work");
                    s.on(Hit.class).action(new Say<>("ouch"));
                    s.on(Ev.HIT).target("Deep");
                    s.on("resume").target("WorkH");
                })
                .state("Work", w -> {
                    w.initial("Plan");
                    w.history("WorkH", HistoryType.SHALLOW);
                    w.history("WorkDeep", HistoryType.DEEP, "Act2");
                    w.onDone().target("Finished");
                    w.on(Ev.STOP).target("Idle");
                    w.state("Plan", p -> {
                        p.onUpdate(o -> { });
                        p.when(new Hungry()).target("Act");
                        p.always().guard(o -> false).target("Act2");
                    });
                    w.parallel("Act", a -> {
                        a.state("Left", l -> {
                            l.initial("L1");
                            l.state("L1", x -> x.on("*").target("L2").local());
                            l.state("L2", x -> x.on("left.done").target("LDone"));
                            l.finalState("LDone");
                        });
                        a.state("Right", r -> {
                            r.initial("R1");
                            r.state("R1", x -> x.on(Ev.GO).target("R2"));
                            r.state("R2", x -> x.on(Ev.STOP).target("L1", "R1"));
                        });
                    });
                    w.state("Act2", x -> x.on(Ev.STOP).target("WorkDeep"));
                    w.finalState("WorkEnd");
                    w.state("Deep", d -> {
                        d.initial("D1");
                        d.state("D1", x -> x.on(Ev.GO).target("WorkEnd"));
                    });
                })
                .finalState("Finished")
                .build();
    }

    /** Names every format must escape: quotes, backslashes, spaces, syntax characters, keywords, Unicode. */
    static final String QUOTED = "say \"hi\"";
    static final String BACKSLASH = "a\\b";
    static final String SYNTAX = "x;y#z%<w>{}";
    static final String KEYWORD = "subgraph";
    static final String UNICODE = "Ärger 怒り";

    static Chart<Object> awkwardNames() {
        return Chart.builder("awkward \"names\"")
                .initial(QUOTED)
                .state(QUOTED, s -> s.on("go").target(BACKSLASH))
                .state(BACKSLASH, s -> s.on("go").target(SYNTAX))
                .state(SYNTAX, s -> s.on("go").target(KEYWORD))
                .state(KEYWORD, s -> s.on("go").target(UNICODE))
                .state(UNICODE, s -> s.on("go").target(QUOTED))
                .build();
    }
}
