package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tutorial step 3: a designer edits the chart file while the watchman runs; he moves onto the new chart. */
class HotReloadTest {

    @TempDir
    Path charts;

    @Test
    void aSavedEditMovesTheRunningWatchmanOntoTheNewChart() throws Exception {
        Expected.copy("watchman.json", charts, "watchman.json");
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);

        // tutorial:watch
        ChartWatcher<Watchman> watcher = ChartWatcher.of(Watchmen.LOADER, new ReloadListener<>() {
            @Override
            public void loadFailed(Path file, Exception e) {
                village.log.add("not reloaded: " + e.getMessage());  // the old chart stays in use
            }

            @Override
            public void moved(Path file, Machine<Watchman> m, MigrationReport report) {
                village.log.add(report.toString());
            }
        });
        Path file = charts.resolve("watchman.json");
        Machine<Watchman> npc = watcher.watch(file).newMachine(bram);
        watcher.register(file, npc);
        // end
        npc.addListener(new Trace("bram", village.log));
        npc.start();
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        npc.fire(Call.NOISE);
        GameLoop.tick(village, npc);
        Files.writeString(file, Expected.text("watchman-edited.json"));  // the designer saves
        village.log.add("(the designer saves watchman.json)");

        for (int i = 0; i < 3; i++) {
            // tutorial:reload-loop
            watcher.check();         // reads the file, loads it if its bytes changed
            watcher.applyPending();  // moves the machines, here on the game thread, between ticks
            GameLoop.tick(village, npc);
            // end
        }
        npc.fire(Call.NOISE);
        for (int i = 0; i < 4; i++) {
            GameLoop.tick(village, npc);
        }
        watcher.close();

        Expected.assertLog(village.log, "hot-reload.txt");
        assertThat(bram.x).isEqualTo(10);  // back from the chase at 12, one tick toward the gate
    }

    @Test
    void aBrokenSaveIsReportedAndTheWatchmanKeepsHisChart() throws Exception {
        Path file = Expected.copy("watchman.json", charts, "watchman.json");
        List<String> failures = new ArrayList<>();
        ChartWatcher<Watchman> watcher = ChartWatcher.of(Watchmen.LOADER, new ReloadListener<>() {
            @Override
            public void loadFailed(Path f, Exception e) {
                failures.add(e.getMessage());
            }
        });
        Machine<Watchman> npc = watcher.watch(file).newMachine(new Watchman("bram", 1, new Village()));
        watcher.register(file, npc);
        npc.start();
        Chart<Watchman> before = npc.chart();

        Files.writeString(file, Expected.text("watchman-edited.json").replace("\"target\": \"CHASE\"", "\"target\": \"CHASSE\""));
        watcher.check();
        int moved = watcher.applyPending();

        assertThat(moved).isZero();
        assertThat(npc.chart()).isSameAs(before);
        assertThat(failures).singleElement().asString()
                .contains("watchman.json:", "unknown state 'CHASSE'");
        watcher.close();
    }
}
