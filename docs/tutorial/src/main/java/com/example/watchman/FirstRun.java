package com.example.watchman;

import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;

/** Step 1: bram on the chart built in Java, four ticks, a noise, four more ticks; prints the log. */
public final class FirstRun {

    public static void main(String[] args) {
        Village village = run(WatchmanChart.CHART);
        village.log.forEach(System.out::println);
    }

    /** The first run on a chart whose events are calls, whatever its states (step 2 gives it the file's). */
    static <S> Village run(TypedChart<Watchman, S, Call> chart) {
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);
        TypedMachine<Watchman, S, Call> npc = chart.newMachine(bram);  // one machine per NPC; the chart is shared
        npc.addListener(new Trace("bram", village.log));
        npc.start();                                                   // enters PATROL, then TO_TOWER

        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        npc.fire(Call.NOISE);                                          // an event: runs to completion, now
        // npc.fire(Post.INVESTIGATE);                                 does not compile: a Post is not a Call
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        return village;
    }

    private FirstRun() {}
}
