package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.arbor.core.Chart;
import dev.arbor.core.typed.TypedChart;
import dev.arbor.core.typed.TypedMachine;
import dev.arbor.io.ChartFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Step 2: the same chart as a JSON file, its components bound by name. */
class RunFromFileTest {

    @Test
    void theChartFileBehavesAsTheChartBuiltInJava() throws Exception {
        Printed.assertShown("first-run.txt", Printed.by(RunFromFile::main));
    }

    @Test
    void aMisspeltPropertyIsReportedWithThePathGivenItsLineAndColumn() throws Exception {
        Printed.assertShown("misspelt.txt", Printed.by(RunFromFile::main, "charts/misspelt.json"));
    }

    @Test
    void theMisspeltFileIsTheChartFileWithOneMistake() throws Exception {
        String chart = Files.readString(Path.of("charts/watchman.json"));
        String misspelt = Files.readString(Path.of("charts/misspelt.json"));

        assertEquals(chart.replace("\"x\": 0, \"speed\": 2", "\"x\": 0, \"sped\": 2"), misspelt);
        assertTrue(misspelt.lines().toList().get(12).contains("\"TO_GATE\""), "line 13 is TO_GATE's");
    }

    @Test
    void theFileNamesTheSameStatesAsTheJavaChart() throws Exception {
        Chart<Watchman> fromFile = ChartFiles.LOADER.load(Path.of("charts/watchman.json"));

        assertEquals(paths(WatchmanChart.CHART.chart()), paths(fromFile));
    }

    @Test
    void aChartFilesStatesAreItsNamesNotTheEnumsConstants() throws Exception {
        TypedChart<Watchman, String, Call> chart = ChartFiles.load(Path.of("charts/watchman.json"));
        TypedMachine<Watchman, String, Call> npc = chart.newMachine(new Watchman("bram", 1, new Village()));
        npc.start();
        npc.fire(Call.NOISE);

        assertEquals(List.of("INVESTIGATE"), npc.activeStates());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> TypedChart.of(chart.chart(), Post.class, Call.class));
        assertTrue(e.getMessage().contains("has a key of java.lang.String"), e.getMessage());
    }

    @Test
    void anUnknownComponentNamesTheRegisteredOnes() throws Exception {
        String shout = Files.readString(Path.of("charts/watchman.json"))
            .replace("\"use\": \"Say\", \"line\": \"coming!\"", "\"use\": \"Shout\", \"line\": \"coming!\"");

        ChartFileException e = assertThrows(ChartFileException.class,
            () -> ChartFiles.LOADER.load("watchman.json", shout));

        assertEquals(1, e.problems().size());
        String problem = e.problems().get(0).toString();
        assertTrue(problem.startsWith("watchman.json:22:"), problem);
        assertTrue(problem.contains("'Shout'") && problem.contains("CallForHelp") && problem.contains("Say"), problem);
    }

    private static List<String> paths(Chart<Watchman> chart) {
        List<String> paths = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            paths.add(chart.statePath(s) + " " + chart.kind(s));
        }
        return paths;
    }
}
