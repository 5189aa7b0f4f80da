package com.example.watchman;

/** Step 4: bram hears a noise and calls cole by telegram; six ticks; prints the log. */
public final class TwoWatchmen {

    public static void main(String[] args) {
        Wall wall = Wall.of(WatchmanChart.CHART);
        wall.bram().fire(Call.NOISE);  // bram investigates and calls cole: HELP, due in 2 ticks
        for (int i = 0; i < 6; i++) {
            GameLoop.tick(wall.village(), wall.bram(), wall.cole());
        }
        wall.village().log.forEach(System.out::println);
    }

    private TwoWatchmen() {}
}
