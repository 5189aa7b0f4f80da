package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arbor paths}: a shortest path to a state, covering sets, a misspelt or unreachable state;
 * the paths written as scenarios that {@code arbor test} runs green, those that assume a guard's
 * outcome or a random draw included.
 */
class PathsCommandTest {

    @TempDir
    Path dir;

    private static final String DOOR = Cli.chart("door.json").toString();
    private static final String SHOP = Path.of("..", "docs", "examples", "shopkeeper.json").toString();

    /** A coin whose flip is heads by chance (else tails), and a die whose roll of six ends the game. */
    static final String COIN = """
            {
              "chart": "coin",
              "variables": {"roll": {"type": "int", "min": 1, "max": 6, "initial": 1}},
              "initial": "hand",
              "states": {
                "hand": {
                  "transitions": [
                    {"event": "flip", "guard": {"use": "Chance", "percent": 50}, "target": "heads"},
                    {"event": "flip", "target": "tails"},
                    {"event": "roll", "target": "rolling"}
                  ]
                },
                "heads": {"transitions": [{"event": "pick", "target": "hand"}]},
                "tails": {"transitions": [{"event": "pick", "target": "hand"}]},
                "rolling": {
                  "onEntry": {"use": "Random", "var": "roll"},
                  "transitions": [
                    {"always": true, "guard": {"use": "Compare", "var": "roll", "op": "==", "value": 6}, "target": "six"},
                    {"always": true, "target": "hand"}
                  ]
                },
                "six": {"kind": "final"}
              }
            }
            """;

    @Test
    void toPrintsAShortestPathOneInputALineWithTheActiveStatesAfterIt() {
        Cli r = Cli.run("paths", DOOR, "--to", "broken");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                DOOR + ": a shortest path to broken, 2 inputs",
                "path 1: open; kick (2 inputs)",
                "  start  closed",
                "  open   opened",
                "  kick   broken");
    }

    @Test
    void aPathToANestedStateNamesItsLeavesByPathAndTicksAreInputs() {
        Cli r = Cli.run("paths", SHOP, "--to", "shop/open/haggling", "--max-configurations", "300");
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                SHOP + ": a shortest path to shop/open/haggling, 5 inputs",
                "path 1: dawn; tick; tick; tick; offer (5 inputs)",
                "  start  shop/closed",
                "  dawn   shop/open/greeting",
                "  tick   shop/open/greeting",
                "  tick   shop/open/greeting",
                "  tick   shop/open/idle",
                "  offer  shop/open/haggling");
    }

    @Test
    void coverPrintsPathsThatTogetherTakeEveryTransition() {
        Cli r = Cli.run("paths", DOOR, "--cover", "transitions");
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                DOOR + ": 3 paths take every transition that can be taken (4 of 4)",
                "path 1: open; close (2 inputs)",
                "  start  closed",
                "  open   opened",
                "  close  closed",
                "path 2: open; kick (2 inputs)",
                "  start  closed",
                "  open   opened",
                "  kick   broken",
                "path 3: knock (1 input)",
                "  start  closed",
                "  knock  closed");
        assertThat(Cli.run("paths", DOOR, "--cover", "states").outLines()).startsWith(
                DOOR + ": 1 path makes every reachable state active (3 of 3)",
                "path 1: open; kick (2 inputs)");
    }

    @Test
    void whatAPathAssumesIsPrintedUnderItsInput() throws IOException {
        String coin = Files.writeString(dir.resolve("coin.json"), COIN).toString();
        Cli r = Cli.run("paths", coin, "--to", "six");
        assertThat(r.outLines()).containsExactly(
                coin + ": a shortest path to six, 1 input",
                "path 1: roll (1 input)",
                "  start  hand",
                "  roll   six",
                "         assumes Random sets roll to 6");
    }

    @Test
    void aMisspeltStateGetsDidYouMeanAndTheChartsStates() {
        Cli r = Cli.run("paths", DOOR, "--to", "brokn");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).containsExactly(
                "arbor: --to brokn: chart 'door' has no such state; did you mean broken? Its states: closed, opened, broken");
    }

    @Test
    void aStateNoInputReachesExitsOne() throws IOException {
        String dead = Files.writeString(dir.resolve("dead.json"), CheckCommandTest.DEAD).toString();
        Cli r = Cli.run("paths", dead, "--to", "lost");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("arbor: " + dead + ": no input sequence makes lost active");
    }

    @Test
    void theCommandLineIsChecked() {
        assertThat(Cli.run("paths", DOOR).exit()).isEqualTo(2); // neither --to nor --cover
        assertThat(Cli.run("paths", DOOR, "--to", "broken", "--cover", "states").exit()).isEqualTo(2);
        Cli format = Cli.run("paths", DOOR, "--to", "broken", "--emit", "xml", dir.toString());
        assertThat(format.exit()).isEqualTo(1);
        assertThat(format.errLines()).containsExactly("arbor: --emit xml: the formats are scenario and junit (--emit scenario DIR)");
    }

    @Test
    void emittedScenariosExpectTheLeavesAfterEachInputAndPass() throws IOException {
        Path out = dir.resolve("door");
        Cli r = Cli.run("paths", DOOR, "--cover", "transitions", "--emit", "scenario", out.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).endsWith("wrote " + out.resolve("door-transitions-1.scenario"),
                "wrote " + out.resolve("door-transitions-2.scenario"), "wrote " + out.resolve("door-transitions-3.scenario"));
        String chartLine = "chart " + out.toAbsolutePath().relativize(Path.of(DOOR).toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        assertThat(Files.readAllLines(out.resolve("door-transitions-2.scenario"))).containsExactly(
                "# arbor paths " + DOOR + " --cover transitions: path 2 of 3",
                "# Written by arbor paths: each input, then the active states the analysis found after it.",
                chartLine,
                "expect closed",
                "open",
                "expect opened",
                "kick",
                "expect broken");
        Cli test = Cli.run("test", out.toString());
        assertThat(test.outLines()).containsExactly(
                "PASS " + out.resolve("door-transitions-1.scenario") + " (5 steps)",
                "PASS " + out.resolve("door-transitions-2.scenario") + " (5 steps)",
                "PASS " + out.resolve("door-transitions-3.scenario") + " (3 steps)",
                "3 scenarios: 3 passed, 0 failed");
        assertThat(test.exit()).isZero();
    }

    @Test
    void emittedScenariosOfANestedChartWithTimersHistoryAndVariablesPass() {
        Path out = dir.resolve("shop");
        Cli r = Cli.run("paths", SHOP, "--cover", "transitions", "--max-configurations", "3000", "--emit", "scenario",
                out.toString());
        assertThat(r.exit()).isZero();
        Cli test = Cli.run("test", out.toString());
        assertThat(test.outLines()).last().isEqualTo("5 scenarios: 5 passed, 0 failed");
        assertThat(test.exit()).isZero();
    }

    @Test
    void pathsThatAssumeAGuardOrADrawAreWrittenWithAssumeAndPass() throws IOException {
        Path coin = Files.writeString(dir.resolve("coin.json"), COIN);
        Path out = dir.resolve("scenarios");
        Cli r = Cli.run("paths", coin.toString(), "--cover", "transitions", "--emit", "scenario", out.toString());
        assertThat(r.exit()).isZero();
        // The first two flip the same coin from the same start: only the assumption tells heads from tails.
        assertThat(Files.readAllLines(out.resolve("coin-transitions-1.scenario"))).containsSubsequence(
                "chart ../coin.json", "expect hand", "assume guard \"hand flip -> heads\" holds", "flip", "expect heads");
        assertThat(Files.readAllLines(out.resolve("coin-transitions-2.scenario"))).containsSubsequence(
                "assume guard \"hand flip -> heads\" fails", "flip", "expect tails");
        assertThat(Files.readAllLines(out.resolve("coin-transitions-4.scenario"))).containsSubsequence(
                "assume roll = 6", "roll", "expect six");
        Cli test = Cli.run("test", out.toString());
        assertThat(test.outLines()).last().isEqualTo("4 scenarios: 4 passed, 0 failed");
        assertThat(test.exit()).isZero();
    }
}
