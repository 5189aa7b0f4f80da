// region setup
package com.example.watchman;

import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Step 3: bram runs on a chart file that a designer edits; the save moves him onto the new chart. */
public final class HotReload {

    public static void main(String[] args) throws IOException {
        // The program plays the designer, on a copy: charts/watchman.json stays as it is.
        Path file = Files.createTempDirectory("charts").resolve("watchman.json");
        Files.copy(Path.of("charts/watchman.json"), file);
        Village village = new Village();
        Watchman bram = new Watchman("bram", 1, village);

        ChartWatcher<Watchman> watcher = ChartWatcher.of(ChartFiles.LOADER, new ReloadListener<>() {
            @Override
            public void loadFailed(Path failed, Exception e) {
                village.log.add("not reloaded: " + e.getMessage());  // the old chart stays in use
            }

            @Override
            public void moved(Path moved, Machine<Watchman> m, MigrationReport report) {
                village.log.add(report.toString());
            }
        });
        TypedChart<Watchman, String, Call> chart = TypedChart.of(watcher.watch(file), String.class, Call.class);
        TypedMachine<Watchman, String, Call> npc = chart.newMachine(bram);
        watcher.register(file, npc.machine());  // the watcher moves the machine under the typed face
        npc.addListener(new Trace("bram", village.log));
        npc.start();
        // endregion

        // region loop
        for (int i = 0; i < 12; i++) {
            watcher.check();         // reads the file, loads it if its bytes changed
            watcher.applyPending();  // moves the machines, here on the game thread, between ticks
            GameLoop.tick(village, npc);

            // What the player and the designer do, after the tick of each:
            if (village.tick == 4) {
                npc.fire(Call.NOISE);                    // a noise: bram investigates
            } else if (village.tick == 5) {
                Files.copy(Path.of("charts/watchman-edited.json"), file, StandardCopyOption.REPLACE_EXISTING);
                village.log.add("(the designer saves watchman.json)");
            } else if (village.tick == 8) {
                npc.fire(Call.NOISE);                    // a second noise, still investigating
            }
        }
        watcher.close();
        Files.delete(file);
        Files.delete(file.getParent());
        village.log.forEach(System.out::println);
    }

    private HotReload() {}
}
// endregion
