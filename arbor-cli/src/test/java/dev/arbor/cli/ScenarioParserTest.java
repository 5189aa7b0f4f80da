package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.cli.Scenario.Comparison;
import dev.arbor.cli.Scenario.ExpectLog;
import dev.arbor.cli.Scenario.ExpectState;
import dev.arbor.cli.Scenario.ExpectVariable;
import dev.arbor.cli.Scenario.Fire;
import dev.arbor.cli.Scenario.Tick;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario format: each step as it is read, and each mistake with its exact message. */
class ScenarioParserTest {

    @TempDir
    Path dir;

    private Path chart;

    private Scenario parse(String name, String text) throws IOException {
        chart = Files.writeString(dir.resolve("shop.json"), "{}");
        return ScenarioParser.parse(dir.resolve(name), text);
    }

    @Test
    void everyStepIsReadWithItsLine() throws IOException {
        Scenario s = parse("dawn.scenario", String.join("\n",
                "# a comment, then a blank line",
                "",
                "chart shop.json",
                "dawn      # fired by name",
                "event expect",
                "\"go home\"",
                "tick 3",
                "set gold 40",
                "expect open/haggling",
                "expect not closed",
                "expect \"not\"",
                "expect gold >= 3",
                "expect mood==calm",
                "expect log \"sold \\\"it\\\"\\tfor 3\"",
                "  expect log log"));
        assertThat(s.problems()).isEmpty();
        assertThat(s.chart()).isEqualTo(chart);
        assertThat(s.steps()).containsExactly(
                new Fire(4, "dawn", false),
                new Fire(5, "expect", true),
                new Fire(6, "go home", false),
                new Tick(7, 3),
                new Scenario.Set(8, "gold", "40"),
                new ExpectState(9, "open/haggling", true),
                new ExpectState(10, "closed", false),
                new ExpectState(11, "not", true),
                new ExpectVariable(12, "gold", Comparison.GE, "3"),
                new ExpectVariable(13, "mood", Comparison.EQ, "calm"),
                new ExpectLog(14, "sold \"it\"\tfor 3"),
                new ExpectLog(15, "log"));
    }

    @Test
    void withoutAChartLineTheChartIsTheJsonFileOfTheSameNameBesideIt() throws IOException {
        Scenario s = parse("shop.scenario", "dawn\r\ntick 1\r\n");
        assertThat(s.problems()).isEmpty();
        assertThat(s.chart()).isEqualTo(chart);
        assertThat(s.steps()).containsExactly(new Fire(1, "dawn", false), new Tick(2, 1));
    }

    @Test
    void aScenarioWithNoChartSaysHowToNameOne() throws IOException {
        Scenario s = parse("dawn.scenario", "dawn\n");
        assertThat(s.chart()).isNull();
        assertThat(s.describe(s.problems())).containsExactly(dir.resolve("dawn.scenario")
                + ": no chart to test: write chart FILE as its first step, or name the scenario after a chart beside it "
                + "(door.scenario for door.json)");
    }

    @Test
    void everyMistakeIsReportedWithItsLineInOnePass() throws IOException {
        Path file = dir.resolve("typos.scenario");
        Scenario s = parse("typos.scenario", String.join("\n",
                "chart shop.json",
                "expext open",
                "tik 3",
                "offer now",
                "\"go home\" now",
                "tick",
                "tick three",
                "tick 0",
                "tick 2000000",
                "set gold",
                "event",
                "expect",
                "expect log",
                "expect log sold it",
                "expect not",
                "expect gold = 3",
                "expect gold => 3",
                "expect gold <> 3",
                "expect a b",
                "expect log \"sold",
                "expect log \"sold\\e\"",
                "chart shop.json",
                "dawn"));
        assertThat(s.describe(s.problems())).containsExactly(
                file + ":2: unknown step 'expext'; did you mean 'expect'?",
                file + ":3: unknown step 'tik'; did you mean 'tick'?",
                file + ":4: unknown step 'offer': a step is an event's name alone (in double quotes when it has spaces), "
                        + "or begins with event, tick, set, expect, assume, start",
                file + ":5: an event step is the event's name alone; 2 words were given",
                file + ":6: tick takes a number of ticks: tick N",
                file + ":7: 'three' is not a number of ticks: tick N, N a whole number from 1 to 1000000",
                file + ":8: '0' is not a number of ticks: tick N, N a whole number from 1 to 1000000",
                file + ":9: '2000000' is not a number of ticks: tick N, N a whole number from 1 to 1000000",
                file + ":10: set takes a variable and its value: set VAR VALUE",
                file + ":11: event takes one name: event NAME (put a name with spaces in double quotes)",
                file + ":12: expect needs what to check: expect STATE, expect not STATE, expect VAR == VALUE or expect log \"TEXT\"",
                file + ":13: expect log needs the text to look for: expect log \"TEXT\"",
                file + ":14: expect log takes one text: put it in double quotes, expect log \"TEXT\"",
                file + ":15: expect not takes one state: expect not STATE (put a name with spaces in double quotes)",
                file + ":16: unknown comparison '='; did you mean '=='? (comparisons: == != < <= > >=)",
                file + ":17: unknown comparison '=>'; did you mean '>='? (comparisons: == != < <= > >=)",
                file + ":18: unknown comparison '<>'; did you mean '!='? (comparisons: == != < <= > >=)",
                file + ":19: expect takes expect STATE, expect not STATE, expect VAR == VALUE or expect log \"TEXT\" "
                        + "(put a name with spaces in double quotes)",
                file + ":20: the text in double quotes opened at column 12 is not closed: a \" is missing",
                file + ":21: unknown escape \\e at column 17 (in double quotes: \\\" \\\\ \\n \\t)",
                file + ":22: chart FILE must be the first step");
        assertThat(s.steps()).as("the steps that could be read, checked against the chart all the same")
                .containsExactly(new Fire(23, "dawn", false));
    }

    @Test
    void aChartLineNamesAFileThatIsThere() throws IOException {
        Path file = dir.resolve("lost.scenario");
        Scenario s = parse("lost.scenario", "chart ../charts/shop.json\ndawn\n");
        assertThat(s.chart()).isNull();
        assertThat(s.describe(s.problems())).containsExactly(
                file + ":1: no chart file ../charts/shop.json (looked for " + dir.getParent().resolve("charts/shop.json") + ")");
        Scenario two = parse("two.scenario", "chart shop.json door.json");
        assertThat(two.describe(two.problems()))
                .containsExactly(dir.resolve("two.scenario") + ":1: chart takes one file (put a path with spaces in double quotes)");
    }

    @Test
    void aFileThatIsNotUtf8OrNotThereIsOneLine() throws IOException {
        Path binary = Files.write(dir.resolve("binary.scenario"), new byte[] {(byte) 0xff, (byte) 0xfe, 'a'});
        assertThatThrownBy(() -> ScenarioParser.parse(binary)).isInstanceOf(ScenarioException.class)
                .hasMessage(binary + ": not UTF-8 text");
        assertThatThrownBy(() -> ScenarioParser.parse(dir.resolve("none.scenario")))
                .hasMessage(dir.resolve("none.scenario") + ": no such file");
        Path utf8 = Files.write(dir.resolve("shop.scenario"), "event \"ouvre-toi, sésame\"\n".getBytes(StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("shop.json"), "{}");
        assertThat(ScenarioParser.parse(utf8).steps()).containsExactly(new Fire(1, "ouvre-toi, sésame", true));
    }
}
