package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tutorial step 4: two watchmen, ticks and a telegram between them through the dispatcher. */
class TwoWatchmenTest {

    /** Two watchmen on one chart, partners of each other, registered with the village's dispatcher. */
    record Wall(Village village, Machine<Watchman> bram, Machine<Watchman> cole) {
        static Wall of(Chart<Watchman> chart) {
            // tutorial:two-watchmen
            Village village = new Village();
            Watchman bram = new Watchman("bram", 1, village);
            Watchman cole = new Watchman("cole", 2, village);
            bram.partner = cole.id;
            cole.partner = bram.id;
            Machine<Watchman> bramNpc = chart.newMachine(bram).addListener(new Trace("bram", village.log));
            Machine<Watchman> coleNpc = chart.newMachine(cole).addListener(new Trace("cole", village.log));
            village.dispatcher.register(bram.id, bramNpc);  // telegrams to agent 1 are fired into bram's machine
            village.dispatcher.register(cole.id, coleNpc);
            bramNpc.start();
            coleNpc.start();
            // end
            return new Wall(village, bramNpc, coleNpc);
        }
    }

    @Test
    void bramCallsColeWhoComesTwoTicksLater() {
        Wall wall = Wall.of(Watchmen.CHART);
        Village village = wall.village();
        Machine<Watchman> bramNpc = wall.bram();
        Machine<Watchman> coleNpc = wall.cole();

        // tutorial:telegram
        bramNpc.fire(Call.NOISE);  // bram investigates and calls cole: HELP, due in 2 ticks
        for (int i = 0; i < 6; i++) {
            GameLoop.tick(village, bramNpc, coleNpc);
        }
        // end

        Expected.assertLog(village.log, "two-watchmen.txt");
        assertThat(village.dispatcher.pendingCount()).isZero();
    }

    @Test
    void theSameInputsGiveTheSameTraceOnEveryRun() {
        List<String> first = run();
        List<String> second = run();

        assertThat(second).isEqualTo(first);
    }

    @Test
    void aTelegramToAnAgentNobodyRegisteredIsDropped() {
        Wall wall = Wall.of(Watchmen.CHART);
        wall.village().dispatcher.unregister(2);

        wall.bram().fire(Call.NOISE);
        for (int i = 0; i < 3; i++) {
            GameLoop.tick(wall.village(), wall.bram(), wall.cole());
        }

        assertThat(wall.village().log).noneMatch(line -> line.startsWith("cole: event HELP"));
        assertThat(wall.cole().isIn(Post.ASSIST)).isFalse();
        assertThat(wall.village().dispatcher.pendingCount()).isZero();
    }

    private static List<String> run() {
        Wall wall = Wall.of(Watchmen.CHART);
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
