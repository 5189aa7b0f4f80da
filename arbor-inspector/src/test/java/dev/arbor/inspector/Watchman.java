package dev.arbor.inspector;

import dev.arbor.core.Chart;
import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;

/**
 * The chart the coverage tests watch: a watchman who patrols (walking and watching), fights and
 * rests. In {@code fight} a targetless {@code hit} takes every hit, so the {@code hit} into
 * {@code ghost} declared after it is never taken: {@code ghost} is dead, and so is its {@code wake}.
 */
final class Watchman {
    private Watchman() {}

    static Chart<Object> chart() {
        return Chart.builder("watchman")
                .initial("patrol")
                .state("patrol", p -> {
                    p.initial("walk");
                    p.on("alarm").target("fight");
                    p.state("walk", w -> w.on("look").target("watch"));
                    p.state("watch", w -> w.on("look").target("walk"));
                })
                .state("fight", f -> {
                    f.on("hit");                   // takes every hit...
                    f.on("hit").target("ghost");   // ...so this one never
                    f.on("tire").target("rest");
                    f.on("calm").target("patrol");
                })
                .state("rest", r -> r.on("rise").target("patrol"))
                .state("ghost", g -> g.on("wake").target("patrol"))
                .build();
    }

    /** The same states, decided by a handler: the analysis does not take it. */
    static Chart<Object> handled() {
        return Chart.handlers("handled").initial("idle").state("idle", Chart.ROOT, new Idle()).build();
    }

    private static final class Idle implements StateHandler<Object> {
        @Override
        public Reply onEvent(Object owner, Object event, Transitions to) {
            return Reply.UNHANDLED;
        }
    }
}
