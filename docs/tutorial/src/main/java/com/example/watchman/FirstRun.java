package com.example.watchman;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;

/** Step 1: bram on the chart built in Java, four ticks, a noise, four more ticks; prints the log. */
public final class FirstRun {

    public static void main(String[] args) {
        Village village = run(WatchmanChart.CHART);
        village.log.forEach(System.out::println);
    }

    /** The first run on a chart (step 2 gives it the chart file's); returns the village with its log. */
    static Village run(Chart<Watchman> chart) {
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);
        Machine<Watchman> npc = chart.newMachine(bram);  // one machine per NPC; the chart is shared
        npc.addListener(new Trace("bram", village.log));
        npc.start();                                     // enters PATROL, then TO_TOWER

        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        npc.fire(Call.NOISE);                            // an event: runs to completion, now
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        return village;
    }

    private FirstRun() {}
}
