package com.example.watchman;

import dev.arbor.inspector.Inspector;
import dev.arbor.inspector.InspectorOptions;
import java.io.IOException;

/** Step 5: the two watchmen in the live inspector, ten ticks a second (the argument: how many ticks). */
public final class WatchInInspector {

    public static void main(String[] args) throws IOException, InterruptedException {
        int ticks = args.length > 0 ? Integer.parseInt(args[0]) : 600;  // a minute
        Wall wall = Wall.of(WatchmanChart.CHART);
        wall.bram().fire(Call.NOISE);

        try (Inspector inspector = Inspector.start(InspectorOptions.defaults())) {  // 127.0.0.1, a free port; prints the URL
            inspector.attach(wall.bram().machine(), "bram");  // tools take the untyped machine
            inspector.attach(wall.cole().machine(), "cole");
            inspector.attach(wall.village().dispatcher);  // the telegrams between them
            for (int i = 0; i < ticks; i++) {
                inspector.gate();                         // once a tick: where the page pauses and steps the game
                GameLoop.tick(wall.village(), wall.bram(), wall.cole());
                Thread.sleep(100);                        // ten ticks a second: time to watch
            }
        }                                                 // close() stops the server; the machines go on
        System.out.println("after " + ticks + " ticks: bram in " + wall.bram().activeStates()
            + ", cole in " + wall.cole().activeStates());
    }

    private WatchInInspector() {}
}
