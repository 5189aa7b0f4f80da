package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tutorial step 2: the same chart as a JSON file, its components bound by name. */
class TheWatchmanAsJsonTest {

    @TempDir
    Path charts;

    @Test
    void theChartFileBehavesAsTheChartBuiltInJava() throws Exception {
        Expected.copy("watchman.json", charts, "watchman.json");

        // tutorial:load
        Chart<Watchman> fromFile = Watchmen.LOADER.load(charts.resolve("watchman.json"));
        // end

        assertThat(TheWatchmanInJavaTest.firstRun(fromFile).log)
                .isEqualTo(TheWatchmanInJavaTest.firstRun(Watchmen.CHART).log);
        Expected.assertLog(TheWatchmanInJavaTest.firstRun(fromFile).log, "first-run.txt");
    }

    @Test
    void theFileNamesTheSameStatesAsTheJavaChart() throws Exception {
        Chart<Watchman> fromFile = Watchmen.LOADER.load(Expected.copy("watchman.json", charts, "watchman.json"));

        assertThat(paths(fromFile)).isEqualTo(paths(Watchmen.CHART));
    }

    @Test
    void aMisspeltPropertyIsReportedWithItsLineAndColumn() {
        String typo = Expected.text("watchman.json").replace("\"x\": 0, \"speed\": 2", "\"x\": 0, \"sped\": 2");

        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> Watchmen.LOADER.load("watchman.json", typo));

        assertThat(e).as("the load fails").isNotNull();
        List<String> problems = new ArrayList<>();
        // tutorial:problems
        for (ChartFileException.Problem problem : e.problems()) {
            problems.add(problem.toString());                 // FILE:LINE:COL: message
        }
        // end
        Expected.assertLog(problems, "typo.txt");
    }

    @Test
    void anUnknownComponentNamesTheRegisteredOnes() {
        String typo = Expected.text("watchman.json").replace("\"use\": \"Say\", \"line\": \"coming!\"",
                "\"use\": \"Shout\", \"line\": \"coming!\"");

        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> Watchmen.LOADER.load("watchman.json", typo));

        assertThat(e.problems()).singleElement().asString()
                .startsWith("watchman.json:22:")
                .contains("'Shout'", "CallForHelp", "Say");
    }

    private static List<String> paths(Chart<Watchman> chart) {
        List<String> paths = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            paths.add(chart.statePath(s) + " " + chart.kind(s));
        }
        return paths;
    }
}
