package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import org.junit.jupiter.api.Test;

/** Tutorial step 1: the watchman's chart built in Java, run by ticks and an event. */
class TheWatchmanInJavaTest {

    /** The tutorial's first run, on any version of the chart; returns the village with its log. */
    static Village firstRun(Chart<Watchman> chart) {
        // tutorial:first-run
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
        // end
        return village;
    }

    @Test
    void walksTheRoundInvestigatesANoiseAndResumesWhereHeLeftOff() {
        Village village = firstRun(Watchmen.CHART);

        Expected.assertLog(village.log, "first-run.txt");
    }

    @Test
    void aMachineIsOneNpcAndTheChartIsShared() {
        Village village = new Village();
        Machine<Watchman> bram = Watchmen.CHART.newMachine(new Watchman("bram", 1, village));
        Machine<Watchman> cole = Watchmen.CHART.newMachine(new Watchman("cole", 2, village));
        bram.start();
        cole.start();

        bram.fire(Call.NOISE);

        assertThat(bram.activeStates()).containsExactly(Post.INVESTIGATE);
        assertThat(cole.activeStates()).containsExactly(Post.PATROL, Post.TO_TOWER);
        assertThat(bram.chart()).isSameAs(cole.chart());
    }

    @Test
    void aWalkAtSpeedZeroIsRefused() {
        assertThatThrownBy(() -> new WalkTo(6, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("speed must be at least 1, not 0");
    }
}
