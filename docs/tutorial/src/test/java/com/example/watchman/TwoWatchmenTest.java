package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Step 4: two watchmen, ticks and a telegram between them through the dispatcher. */
class TwoWatchmenTest {

    @Test
    void bramCallsColeWhoComesTwoTicksLater() throws Exception {
        Printed.assertShown("two-watchmen.txt", Printed.by(TwoWatchmen::main));
    }

    @Test
    void theSameInputsGiveTheSameLogOnEveryRun() {
        List<String> first = run();
        List<String> second = run();

        assertEquals(first, second);
        assertTrue(first.contains("cole: event NOISE"));
    }

    @Test
    void aTelegramToAnAgentNobodyRegisteredIsDropped() {
        Wall wall = Wall.of(WatchmanChart.CHART);
        wall.village().dispatcher.unregister(2);

        wall.bram().fire(Call.NOISE);
        for (int i = 0; i < 3; i++) {
            GameLoop.tick(wall.village(), wall.bram(), wall.cole());
        }

        assertTrue(wall.village().log.stream().noneMatch(line -> line.startsWith("cole: event HELP")));
        assertFalse(wall.cole().isIn(Post.ASSIST));
        assertEquals(0, wall.village().dispatcher.pendingCount());
    }

    /** Both watchmen hear noises, bram's first, cole's after the eighth tick: twelve ticks. */
    private static List<String> run() {
        Wall wall = Wall.of(WatchmanChart.CHART);
        wall.bram().fire(Call.NOISE);
        for (int i = 0; i < 12; i++) {
            GameLoop.tick(wall.village(), wall.bram(), wall.cole());
            if (i == 7) {
                wall.cole().fire(Call.NOISE);
            }
        }
        return wall.village().log;
    }
}
