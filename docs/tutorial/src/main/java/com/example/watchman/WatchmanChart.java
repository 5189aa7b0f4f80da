package com.example.watchman;

import dev.arbor.core.HistoryType;
import dev.arbor.core.typed.TypedChart;

/** The watchman's chart, built in Java with states of {@link Post} and events of {@link Call}: built once, shared. */
public final class WatchmanChart {

    public static final TypedChart<Watchman, Post, Call> CHART =
        TypedChart.builder("watchman", Watchman.class, Post.class, Call.class)  // owner, states, events
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
