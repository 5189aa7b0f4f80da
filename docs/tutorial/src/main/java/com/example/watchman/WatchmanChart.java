package com.example.watchman;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;

/** The watchman's chart, built in Java: built and checked once, shared by every watchman's machine. */
public final class WatchmanChart {

    public static final Chart<Watchman> CHART = Chart.<Watchman>builder("watchman")
        .initial(Post.PATROL)
        .state(Post.PATROL, patrol -> {
            patrol.initial(Post.TO_TOWER);
            patrol.on(Call.NOISE).target(Post.INVESTIGATE);
            patrol.on(Call.HELP).target(Post.ASSIST);
            patrol.state(Post.TO_TOWER, s -> s.use(new WalkTo(6, 2)).then(Post.TO_GATE));
            patrol.state(Post.TO_GATE, s -> s.use(new WalkTo(0, 2)).then(Post.TO_TOWER));
            patrol.history(Post.RESUME, HistoryType.SHALLOW);  // the leg of the round he was on
        })
        .state(Post.INVESTIGATE, s -> {
            s.onEntry(new Say("who goes there?"));
            s.onEntry(new CallForHelp(2));                   // a telegram, due in 2 ticks
            s.after(3).target(Post.RESUME);                  // 3 ticks later, back to the round
        })
        .state(Post.ASSIST, s -> {
            s.onEntry(new Say("coming!"));
            s.after(4).target(Post.RESUME);
        })
        .build();

    private WatchmanChart() {}
}
