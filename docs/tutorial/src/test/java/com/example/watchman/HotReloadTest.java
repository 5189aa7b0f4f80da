package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Step 3: a designer edits the chart file while the watchman runs; he moves onto the new chart. */
class HotReloadTest {

    @TempDir
    Path charts;

    @Test
    void aSavedEditMovesTheRunningWatchmanOntoTheNewChart() throws Exception {
        Printed.assertShown("hot-reload.txt", Printed.by(HotReload::main));
    }

    @Test
    void aBrokenSaveIsReportedAndTheWatchmanKeepsHisChart() throws Exception {
        Path file = charts.resolve("watchman.json");
        Files.copy(Path.of("charts/watchman.json"), file);
        List<String> failures = new ArrayList<>();
        ChartWatcher<Watchman> watcher = ChartWatcher.of(ChartFiles.LOADER, new ReloadListener<>() {
            @Override
            public void loadFailed(Path failed, Exception e) {
                failures.add(e.getMessage());
            }
        });
        Machine<Watchman> npc = watcher.watch(file).newMachine(new Watchman("bram", 1, new Village()));
        watcher.register(file, npc);
        npc.start();
        Chart<Watchman> before = npc.chart();

        Files.writeString(file, Files.readString(Path.of("charts/watchman-edited.json"))
            .replace("\"target\": \"CHASE\"", "\"target\": \"CHASSE\""));
        watcher.check();
        int moved = watcher.applyPending();
        watcher.close();

        assertEquals(0, moved);
        assertSame(before, npc.chart());
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).contains("watchman.json:") && failures.get(0).contains("unknown state 'CHASSE'"),
            failures.get(0));
    }
}
