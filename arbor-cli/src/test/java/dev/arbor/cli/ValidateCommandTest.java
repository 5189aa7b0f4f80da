package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor validate}: exit codes and FILE:LINE:COL lines. */
class ValidateCommandTest {

    @Test
    void aValidFileExitsZero() {
        String file = Cli.chart("door.json").toString();
        Cli r = Cli.run("validate", file);
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(file + ": valid (3 states, 4 transitions)");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void everyProblemOfEveryFileIsPrintedWithItsPlace() {
        String good = Cli.chart("door.json").toString();
        String bad = Cli.chart("broken.json").toString();
        Cli r = Cli.run("validate", bad, good, "missing.json");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(good + ": valid (3 states, 4 transitions)");
        assertThat(r.errLines()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(r.errLines()).allSatisfy(line -> assertThat(line).matches("(.+:\\d+:\\d+: .+|missing.json: no such file)"));
        assertThat(r.err()).contains("Shout").contains("nowhere");
    }

    @Test
    void anUnknownLibraryIsNamedWithTheChoices() {
        Cli r = Cli.run("validate", "--components", "nope", Cli.chart("door.json").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("no component library named 'nope'; libraries: arbor");
    }

    @Test
    void malformedHugeAndHostileFilesGetOnePlacedLineEachAndNoStackTrace(@TempDir Path dir) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("empty.json", new byte[0]);
        files.put("truncated.json", "{\"chart\": \"t\", \"initial\": \"a\", \"states\": {\"a\": {".getBytes(StandardCharsets.UTF_8));
        files.put("deep.json", ("{\"chart\": " + "[".repeat(100_000)).getBytes(StandardCharsets.UTF_8));
        files.put("duplicate.json", "{\"chart\": \"d\", \"chart\": \"e\", \"states\": {}}".getBytes(StandardCharsets.UTF_8));
        files.put("types.json", "{\"chart\": 7, \"states\": []}".getBytes(StandardCharsets.UTF_8));
        files.put("components.json", ("{\"chart\": \"c\", \"initial\": \"a\", \"states\": {\"a\": "
                + "{\"onEntry\": {\"use\": \"Log\", \"txt\": 1}}}}").getBytes(StandardCharsets.UTF_8));
        files.put("binary.json", new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        byte[] huge = new byte[5 << 20];
        java.util.Arrays.fill(huge, (byte) ' ');
        files.put("huge.json", huge);
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path file = Files.write(dir.resolve(f.getKey()), f.getValue());
            Cli r = Cli.run("validate", file.toString());
            assertThat(r.exit()).as(f.getKey()).isEqualTo(1);
            assertThat(r.out()).as(f.getKey()).isEmpty();
            assertThat(r.errLines()).as(f.getKey()).isNotEmpty()
                    .allSatisfy(line -> assertThat(line).startsWith(file + ":").matches(".+:\\d+:\\d+: .+")
                            .doesNotContain("Exception"));
        }
    }

    @Test
    void theDemosChartFilesAreValidWithTheirLibraries() {
        Map<String, String> libraries = Map.of("miner", "miner", "wife", "wife", "robot", "robot", "guard", "guard");
        for (Map.Entry<String, String> demo : libraries.entrySet()) {
            String file = demoChart(demo.getKey()).toString();
            Cli r = Cli.run("validate", "--components", demo.getValue(), file);
            assertThat(r.err()).as(file).isEmpty();
            assertThat(r.exit()).as(file).isZero();
            assertThat(r.out()).as(file).startsWith(file + ": valid (");
        }
        // The file names its library; an explicit other one wins, and its components are not the file's.
        Cli wrongLibrary = Cli.run("validate", "--components", "arbor", demoChart("guard").toString());
        assertThat(wrongLibrary.exit()).isEqualTo(1);
        assertThat(wrongLibrary.err()).contains("unknown behaviour 'MoveTo'");
    }

    /** A demo's chart file, read where the examples module keeps it. */
    static Path demoChart(String name) {
        return Path.of("..", "arbor-examples", "src", "main", "resources", "dev", "arbor", "examples", "charts", name + ".json");
    }

    @Test
    void scxmlDocumentsAreValidatedWithTheirProblemsPlaced(@TempDir Path dir) throws IOException {
        String lamp = Cli.chart("lamp.scxml").toString();
        assertThat(Cli.run("validate", lamp).outLines()).containsExactly(lamp + ": valid (3 states, 4 transitions)");
        Path bad = Files.writeString(dir.resolve("bad.scxml"),
                "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0'>\n  <state id='a'><transition target='nowhere'/></state>\n</scxml>\n");
        Cli r = Cli.run("validate", bad.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().startsWith(bad + ":2:").contains("nowhere");
    }

    @Test
    void aDemoChartNamesItsLibraryAndValidatesWithoutAnOption() {
        for (String demo : java.util.List.of("guard", "miner", "robot", "wife")) {
            String file = demoChart(demo).toString();
            Cli r = Cli.run("validate", file);
            assertThat(r.err()).as(demo).isEmpty();
            assertThat(r.exit()).as(demo).isZero();
            assertThat(r.out()).as(demo).startsWith(file + ": valid");
        }
    }

    @Test
    void aFileThatNamesAnUnknownLibraryIsOneLineListingTheLibraries() {
        String file = Cli.chart("unknown-library.json").toString();
        Cli r = Cli.run("validate", file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().isEqualTo(
                file + ":3:17: no component library named 'nope'; libraries: arbor, echo, failing, guard, miner, robot, wife");
    }

    /** A shop whose entry raises a misspelt event: two warnings, one at the raise and one at the transition. */
    private static final String TYPO = """
            {
              "chart": "shop",
              "initial": "open",
              "states": {
                "open": {
                  "onEntry": {"use": "Raise", "event": "call_gaurds"},
                  "transitions": [{"event": "call_guards", "target": "alarm"}]
                },
                "alarm": {}
              }
            }
            """;

    @Test
    void warningsArePrintedWithTheirPlaceAndDoNotFailTheFile(@TempDir Path dir) throws IOException {
        String shop = Files.writeString(dir.resolve("shop.json"), TYPO).toString();
        Cli r = Cli.run("validate", shop);
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(shop + ": valid (2 states, 1 transitions; 2 warnings)");
        assertThat(r.errLines()).containsExactly(
                shop + ":6:44: warning: event 'call_gaurds' is raised here, but no transition of the chart takes it;"
                        + " did you mean 'call_guards'?",
                shop + ":7:33: warning: nothing in the chart raises event 'call_guards'; did you mean 'call_gaurds',"
                        + " raised at 6:44?");
    }

    @Test
    void strictFailsOnWarningsButNotOnAFileWithout(@TempDir Path dir) throws IOException {
        String shop = Files.writeString(dir.resolve("shop.json"), TYPO).toString();
        String door = Cli.chart("door.json").toString();
        Cli r = Cli.run("validate", "--strict", door, shop);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(door + ": valid (3 states, 4 transitions)",
                shop + ": valid (2 states, 1 transitions; 2 warnings)");
        assertThat(r.errLines()).hasSize(2).allSatisfy(line -> assertThat(line).startsWith(shop + ":").contains(": warning: "));
        Cli clean = Cli.run("validate", "--strict", door);
        assertThat(clean.exit()).isZero();
        assertThat(clean.err()).isEmpty();
    }

    @Test
    void aFileWithProblemsShowsItsWarningsBesideThemInFileOrder(@TempDir Path dir) throws IOException {
        String shop = Files.writeString(dir.resolve("shop.json"), TYPO.replace("\"alarm\": {}", "\"alarm\": {\"then\": \"opne\"}"))
                .toString();
        Cli r = Cli.run("validate", shop);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).containsExactly(
                shop + ":6:44: warning: event 'call_gaurds' is raised here, but no transition of the chart takes it;"
                        + " did you mean 'call_guards'?",
                shop + ":7:33: warning: nothing in the chart raises event 'call_guards'; did you mean 'call_gaurds',"
                        + " raised at 6:44?",
                shop + ":9:23: unknown state 'opne'; did you mean 'open'? The chart's states: open, alarm");
    }

    @Test
    void aSyntaxErrorIsInPlainWords(@TempDir Path dir) throws IOException {
        String shop = Files.writeString(dir.resolve("shop.json"), TYPO.replace("\"alarm\"}]", "\"alarm\"},]")).toString();
        Cli r = Cli.run("validate", shop);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(shop + ":7:66: remove this comma: no item follows it before the `]` at 7:67");
    }

    @Test
    void anExplicitLibraryWinsOverTheOneTheFileNames() {
        String file = Cli.chart("unknown-library.json").toString();
        Cli r = Cli.run("validate", "--components", "arbor", file);
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
    }
}
