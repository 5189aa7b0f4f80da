package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.arbor.core.typed.TypedMachine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Step 1: the watchman's chart built in Java, run by ticks and an event. */
class FirstRunTest {

    @Test
    void walksTheRoundInvestigatesANoiseAndResumesWhereHeLeftOff() throws Exception {
        Printed.assertShown("first-run.txt", Printed.by(FirstRun::main));
    }

    @Test
    void aMachineIsOneNpcAndTheChartIsShared() {
        Village village = new Village();
        TypedMachine<Watchman, Post, Call> bram = WatchmanChart.CHART.newMachine(new Watchman("bram", 1, village));
        TypedMachine<Watchman, Post, Call> cole = WatchmanChart.CHART.newMachine(new Watchman("cole", 2, village));
        bram.start();
        cole.start();

        bram.fire(Call.NOISE);

        assertEquals(List.of(Post.INVESTIGATE), bram.activeStates());
        assertEquals(List.of(Post.PATROL, Post.TO_TOWER), cole.activeStates());
        assertSame(bram.chart(), cole.chart());
    }

    @Test
    void theWatchmanWalksTwoStepsATickAndTurnsAtTheTower() {
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);
        TypedMachine<Watchman, Post, Call> npc = WatchmanChart.CHART.newMachine(bram);
        npc.start();

        GameLoop.tick(village, npc);
        GameLoop.tick(village, npc);
        assertEquals(4, bram.x);
        GameLoop.tick(village, npc);
        assertEquals(6, bram.x);
        assertEquals(List.of(Post.PATROL, Post.TO_GATE), npc.activeStates());
    }

    @Test
    void aWalkAtSpeedZeroIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WalkTo(6, 0));

        assertEquals("speed must be at least 1, not 0", e.getMessage());
    }
}
