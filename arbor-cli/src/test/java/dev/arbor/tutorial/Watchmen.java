package dev.arbor.tutorial;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;

/** The watchman's chart written in Java, and the components a chart file may name. */
final class Watchmen {

    // tutorial:chart
    static final Chart<Watchman> CHART = Chart.<Watchman>builder("watchman")
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
    // end

    // tutorial:components
    static final ComponentRegistry<Watchman> COMPONENTS = ComponentRegistry.<Watchman>create()
        .behavior("WalkTo", WalkTo.class)         // {"use": "WalkTo", "x": 6, "speed": 2}
        .action("Say", Say.class)                 // {"use": "Say", "line": "coming!"}
        .action("CallForHelp", CallForHelp.class); // {"use": "CallForHelp", "delay": 2}
    static final ChartLoader<Watchman> LOADER = ChartLoader.of(COMPONENTS);
    // end

    private Watchmen() {}
}
