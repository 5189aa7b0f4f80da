package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.cli.Scenario.AssumeDraw;
import dev.arbor.cli.Scenario.AssumeFinished;
import dev.arbor.cli.Scenario.AssumeGuard;
import dev.arbor.cli.Scenario.Fire;
import dev.arbor.cli.Scenario.Start;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario's {@code assume} steps: how each is read, what the runner checks against the chart,
 * and that the outcome it forces holds for the next input only.
 */
class ScenarioAssumeTest {

    @TempDir
    Path dir;

    /** An offer is haggled over with 10 gold or more, else begged; a deal on gold or on credit; a die rolled as it starts. */
    static final String GATE = """
            {
              "chart": "gate",
              "variables": {"gold": {"type": "int", "min": 0, "max": 20}, "roll": {"type": "int", "min": 1, "max": 6}},
              "initial": "rolling",
              "states": {
                "rolling": {
                  "onEntry": {"use": "Random", "var": "roll"},
                  "transitions": [
                    {"always": true, "guard": {"use": "Compare", "var": "roll", "op": "==", "value": 6}, "target": "lucky"},
                    {"always": true, "target": "idle"}
                  ]
                },
                "lucky": {"transitions": [{"event": "offer", "target": "haggling"}]},
                "idle": {
                  "transitions": [
                    {"event": "offer", "guard": {"use": "Compare", "var": "gold", "op": ">=", "value": 10}, "target": "haggling"},
                    {"event": "offer", "target": "begging"}
                  ]
                },
                "haggling": {
                  "transitions": [
                    {"event": "deal", "guard": {"use": "Compare", "var": "gold", "op": ">=", "value": 10}, "target": "idle"},
                    {"event": "deal", "target": "idle"}
                  ]
                },
                "begging": {"transitions": [{"event": "done", "target": "idle"}]}
              }
            }
            """;

    @BeforeEach
    void chart() throws IOException {
        Files.writeString(dir.resolve("gate.json"), GATE);
    }

    private Path scenario(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), "chart gate.json\n" + String.join("\n", lines) + "\n");
    }

    // ---------------------------------------------------------------- reading

    @Test
    void everyFormIsReadWithItsLine() {
        Scenario s = ScenarioParser.parse(dir.resolve("x.scenario"), String.join("\n",
                "chart gate.json",
                "assume roll = 6",
                "assume roll=5",
                "start",
                "assume guard \"idle offer -> haggling\" holds",
                "assume guard haggling transition 1 fails",
                "assume walking finished",
                "assume \"walk home\" not finished",
                "offer"));
        assertThat(s.problems()).isEmpty();
        assertThat(s.steps()).containsExactly(
                new AssumeDraw(2, "roll", "6"),
                new AssumeDraw(3, "roll", "5"),
                new Start(4),
                new AssumeGuard(5, "idle offer -> haggling", null, -1, true),
                new AssumeGuard(6, null, "haggling", 1, false),
                new AssumeFinished(7, "walking", true),
                new AssumeFinished(8, "walk home", false),
                new Fire(9, "offer", false));
    }

    @Test
    void mistakesAreNamedWithTheirLine() {
        Scenario s = ScenarioParser.parse(dir.resolve("x.scenario"), String.join("\n",
                "chart gate.json",
                "assume",
                "assume guard \"idle offer -> haggling\" hold",
                "assume guard idle transition first holds",
                "assume guard idle transition 0",
                "assume roll is 6",
                "start now",
                "offer",
                "start",
                "assume guard \"idle offer -> haggling\" holds",
                "expect idle"));
        assertThat(s.describe(s.problems())).containsExactly(
                dir.resolve("x.scenario") + ":2: assume needs what to assume: assume guard \"SOURCE EVENT -> TARGET\" holds,"
                        + " assume guard STATE transition N fails, assume STATE finished, assume STATE not finished or assume"
                        + " VAR = VALUE",
                dir.resolve("x.scenario") + ":3: assume guard ends with holds or fails, not 'hold'; did you mean 'holds'?",
                dir.resolve("x.scenario") + ":4: 'first' is not a transition's position: assume guard STATE transition N,"
                        + " N counting the state's transitions from 0",
                dir.resolve("x.scenario") + ":5: assume guard takes the transition and the outcome: assume guard \"SOURCE"
                        + " EVENT -> TARGET\" holds, or assume guard STATE transition N fails (put a transition in double quotes)",
                dir.resolve("x.scenario") + ":6: assume takes assume guard \"SOURCE EVENT -> TARGET\" holds, assume guard"
                        + " STATE transition N fails, assume STATE finished, assume STATE not finished or assume VAR = VALUE"
                        + " (put a name with spaces in double quotes)",
                dir.resolve("x.scenario") + ":7: start takes nothing: start",
                dir.resolve("x.scenario") + ":9: start comes before every other step but assume (without it, the machine"
                        + " starts before the first step)",
                dir.resolve("x.scenario") + ":10: assume applies to the next event, tick or start, and none follows");
    }

    // ---------------------------------------------------------------- running

    @Test
    void anAssumedOutcomeHoldsForTheNextInputOnly() throws IOException {
        Path s = scenario("forced.scenario",
                "assume roll = 1",
                "start",
                "expect idle",
                "assume guard \"idle offer -> haggling\" holds   # gold is 0: as written, it fails",
                "offer",
                "expect haggling",
                "deal",
                "expect idle",
                "offer                                         # no assumption: the guard runs as written",
                "expect begging");
        Cli r = Cli.run("test", s.toString());
        assertThat(r.outLines()).containsExactly("PASS " + s + " (10 steps)", "1 scenario: 1 passed, 0 failed");
    }

    @Test
    void assumptionsBeforeStartDecideTheStartAndATransitionMayBeNamedByItsPlace() throws IOException {
        Path s = scenario("place.scenario",
                "assume roll = 6",
                "start",
                "expect lucky",
                "expect roll == 6",
                "offer",
                "set gold 20",
                "assume guard haggling transition 0 fails",
                "deal",
                "expect idle",
                "expect gold == 20");
        Cli r = Cli.run("test", s.toString());
        assertThat(r.outLines()).containsExactly("PASS " + s + " (10 steps)", "1 scenario: 1 passed, 0 failed");
    }

    @Test
    void withoutStartTheAssumptionsAtTheTopApplyToTheFirstInput() throws IOException {
        Path s = scenario("top.scenario",
                "assume guard \"idle offer -> haggling\" holds",
                "expect idle               # the start drew as written: the seeded generator's 3",
                "expect roll == 3",
                "offer",
                "expect haggling");
        Cli r = Cli.run("test", s.toString());
        assertThat(r.outLines()).containsExactly("PASS " + s + " (5 steps)", "1 scenario: 1 passed, 0 failed");
    }

    @Test
    void whatAnAssumeNamesIsCheckedAgainstTheChart() throws IOException {
        Path s = scenario("wrong.scenario",
                "assume guard \"idle ofer -> haggling\" holds",
                "assume guard \"idle offer -> begging\" holds",
                "assume guard \"haggling deal -> idle\" holds",
                "assume guard idle transition 2 holds",
                "assume idle finished",
                "assume gold = 3",
                "assume roll = 7",
                "offer");
        Cli r = Cli.run("test", s.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(
                "FAIL " + s + " (not run)",
                s + ":2: chart 'gate' has no transition 'idle ofer -> haggling'; did you mean 'idle offer -> haggling'?",
                s + ":3: transition idle offer -> begging has no guard to assume",
                s + ":4: 2 transitions of chart 'gate' are 'haggling deal -> idle': name one by its place, haggling"
                        + " transition 0 or haggling transition 1",
                s + ":5: state 'idle' has 2 transitions, numbered from 0 to 1",
                s + ":6: state 'idle' has no behaviours to finish",
                s + ":7: no Random action of chart 'gate' sets variable 'gold'; to give it a value, write set gold 3",
                s + ":8: variable 'roll' is an int from 1 to 6; 7 is out of range",
                "1 scenario: 0 passed, 1 failed");
    }
}
