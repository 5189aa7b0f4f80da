package dev.arbor.svg;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.HistoryType;
import dev.arbor.core.StateBuilder;
import java.util.function.Consumer;

/** The charts the SVG tests draw. */
final class SvgCharts {
    private SvgCharts() {}

    enum Ev { GO, STOP }

    /** Every kind of state, with transitions across levels, into a parallel state and to history. */
    static Chart<Object> everything() {
        return Chart.builder("everything")
                .initial("Idle")
                .global(g -> g.on("reset").target("Idle"))
                .state("Idle", s -> {
                    s.onEntry(o -> { });
                    s.on(Ev.GO).target("Work");
                    s.on("hit").target("D1");
                    s.on("resume").target("WorkH");
                    s.on("ping").action((o, e) -> { });
                })
                .state("Work", w -> {
                    w.initial("Plan");
                    w.history("WorkH", HistoryType.SHALLOW);
                    w.history("WorkDeep", HistoryType.DEEP);
                    w.onDone().target("Finished");
                    w.on(Ev.STOP).target("Idle");
                    w.state("Plan", p -> p.on(Ev.GO).guard(o -> true).target("Act"));
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
                            r.state("R2", x -> x.on(Ev.STOP).target("WorkEnd"));
                        });
                    });
                    w.finalState("WorkEnd");
                    w.state("Deep", d -> {
                        d.initial("D1");
                        d.state("D1", x -> x.on(Ev.GO).target("WorkDeep"));
                    });
                })
                .finalState("Finished")
                .build();
    }

    /** A chain of compound states {@code depth} levels deep, with transitions from the innermost leaf to every ancestor's sibling. */
    static Chart<Object> deep(int depth) {
        ChartBuilder<Object> b = Chart.builder("deep").initial("C1");
        b.state("Out", s -> s.on("in").target("Leaf"));
        b.state("C1", nest(1, depth));
        return b.build();
    }

    private static Consumer<StateBuilder<Object>> nest(int level, int depth) {
        return s -> {
            if (level == depth) {
                s.initial("Leaf");
                s.state("Leaf", leaf -> {
                    leaf.on("out").target("Out");
                    for (int k = 1; k < depth; k++) {
                        leaf.on("up" + k).target("Side" + k);
                    }
                });
                return;
            }
            s.initial("C" + (level + 1));
            s.state("C" + (level + 1), nest(level + 1, depth));
            s.state("Side" + level, x -> x.on("back").target("Leaf"));
        };
    }

    /**
     * A wide chart of {@code groups} compound states with {@code perGroup} leaves each, chained
     * inside their group and across groups: {@code groups * (perGroup + 1)} states plus the root.
     */
    static Chart<Object> wide(int groups, int perGroup) {
        ChartBuilder<Object> b = Chart.builder("wide").initial("G0");
        for (int g = 0; g < groups; g++) {
            int group = g;
            b.state("G" + g, s -> {
                s.initial("G" + group + "_0");
                for (int i = 0; i < perGroup; i++) {
                    int leaf = i;
                    s.state("G" + group + "_" + i, x -> {
                        x.on("next").target("G" + group + "_" + ((leaf + 1) % perGroup));
                        if (leaf == perGroup - 1) {
                            x.on("jump").target("G" + ((group + 1) % groups) + "_0");
                        }
                    });
                }
            });
        }
        return b.build();
    }
}
