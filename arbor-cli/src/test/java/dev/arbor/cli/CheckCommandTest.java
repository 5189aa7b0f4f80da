package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arbor check}: each kind of finding planted in a chart and reported at the exact
 * {@code FILE:LINE:COL} of its transition or state, with the inputs that show it; the summary; the
 * exit codes; {@code --json} read back.
 */
class CheckCommandTest {

    @TempDir
    Path dir;

    private String write(String name, String json) throws IOException {
        return Files.writeString(dir.resolve(name), json).toString();
    }

    /** A dead state (lost, 14:5), a transition shadowed by the one before it (9:9), a trap (stuck, 13:5). */
    static final String DEAD = """
            {
              "chart": "dead",
              "allowUnreachable": true,
              "initial": "idle",
              "states": {
                "idle": {
                  "transitions": [
                    {"event": "go", "target": "busy"},
                    {"event": "go", "action": {"use": "Log", "text": "never"}}
                  ]
                },
                "busy": {"transitions": [{"event": "stop", "target": "idle"}, {"event": "jam", "target": "stuck"}]},
                "stuck": {},
                "lost": {}
              }
            }
            """;

    /** Two transitions on offer whose Compare guards both hold while gold is 10 (10:9 and 11:9). */
    static final String CONFLICT = """
            {
              "chart": "shop",
              "variables": {"gold": {"type": "int", "min": 0, "max": 20, "initial": 10}},
              "initial": "idle",
              "states": {
                "idle": {
                  "transitions": [
                    {"event": "earn", "action": {"use": "Add", "var": "gold", "amount": 10}},
                    {"event": "spend", "action": {"use": "Add", "var": "gold", "amount": -10}},
                    {"event": "offer", "guard": {"use": "Compare", "var": "gold", "op": ">=", "value": 5}, "target": "haggling"},
                    {"event": "offer", "guard": {"use": "Compare", "var": "gold", "op": "<=", "value": 15}, "target": "begging"}
                  ]
                },
                "haggling": {"transitions": [{"event": "done", "target": "idle"}]},
                "begging": {"transitions": [{"event": "done", "target": "idle"}]}
              }
            }
            """;

    /** An eventless cycle between a and b whose exact guards always hold: go from idle (7:5) never settles. */
    static final String LIVELOCK = """
            {
              "chart": "spin",
              "maxMicrosteps": 20,
              "variables": {"n": {"type": "int", "min": 0, "max": 3}},
              "initial": "idle",
              "states": {
                "idle": {"transitions": [{"event": "go", "target": "a"}]},
                "a": {"transitions": [{"always": true, "guard": {"use": "Compare", "var": "n", "op": "==", "value": 0}, "target": "b"}]},
                "b": {"transitions": [{"always": true, "guard": {"use": "Compare", "var": "n", "op": "==", "value": 0}, "target": "a"}]}
              }
            }
            """;

    /** Two transitions on flip guarded by Chance (7:9, 8:9): they may conflict, which the analysis cannot tell. */
    static final String CHANCES = """
            {
              "chart": "coin",
              "initial": "hand",
              "states": {
                "hand": {
                  "transitions": [
                    {"event": "flip", "guard": {"use": "Chance", "percent": 50}, "target": "heads"},
                    {"event": "flip", "guard": {"use": "Chance", "percent": 50}, "target": "tails"}
                  ]
                },
                "heads": {"transitions": [{"event": "pick", "target": "hand"}]},
                "tails": {"transitions": [{"event": "pick", "target": "hand"}]}
              }
            }
            """;

    @Test
    void aDeadStateAShadowedTransitionAndATrapAreEachAtTheirPlaceWithTheirInputs() throws IOException {
        String file = write("dead.json", DEAD);
        Cli r = Cli.run("check", file);
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(
                file + ":14:5: dead state: state 'lost' is never active: no transition enters it, and it is not its parent's"
                        + " initial state",
                file + ":9:9: dead transition: transition idle \"go\" is never taken: it is shadowed by idle \"go\" -> busy,"
                        + " declared before it on the same state, which always takes its input first",
                "  inputs: (start)",
                file + ":13:5: trap: in {stuck} no input changes anything: the machine is stuck there, and not in a final state",
                "  inputs: go; jam",
                file + ": 3 findings, 3 definite",
                "  configurations: 3 found, 3 sets of active states; complete",
                "  states reached: 3/4; transitions taken: 3/4",
                "  bits: a snapshot's configuration needs 2 bits for the 3 reachable configurations; the codec spends 2 on"
                        + " the chart's 4 legal ones",
                "  assumes: the owner's data: no guard or action the analysis runs reads it");
    }

    @Test
    void aConflictIsAtTheFirstOfItsTwoTransitions() throws IOException {
        String file = write("conflict.json", CONFLICT);
        Cli r = Cli.run("check", file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).startsWith(
                file + ":10:9: conflict: in {idle} both idle \"offer\" -> haggling and idle \"offer\" -> begging are enabled:"
                        + " their guards both hold, and the first declared is taken",
                "  inputs: (start)",
                file + ": 1 finding, 1 definite");
    }

    @Test
    void aLivelockIsAtTheStateItsStepStartsFromWithTheInputThatStartsIt() throws IOException {
        String file = write("livelock.json", LIVELOCK);
        Cli r = Cli.run("check", file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines().get(0)).startsWith(file + ":7:5: livelock: the step on go in {idle} never settles: ")
                .contains("a, b");
        assertThat(r.outLines()).contains("  inputs: go", file + ": 1 finding, 1 definite",
                "  states reached: 3/3; transitions taken: 3/3");
    }

    @Test
    void aPossibleFindingAloneExitsZeroUnlessStrictAndSaysWhatItAssumes() throws IOException {
        String file = write("coin.json", CHANCES);
        Cli r = Cli.run("check", file);
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).startsWith(
                file + ":7:9: conflict (possible): in {hand} both hand \"flip\" -> heads and hand \"flip\" -> tails may be"
                        + " enabled: their guards can both hold (one is written in Java, taken either way), and the first"
                        + " declared is taken",
                "  inputs: (start)",
                file + ": 1 finding, 0 definite");
        assertThat(r.outLines()).contains("  assumes: guards written in Java or drawn by chance are taken both ways"
                + " (\"Chance 50%\" of hand \"flip\" -> heads; \"Chance 50%\" of hand \"flip\" -> tails)");
        assertThat(Cli.run("check", "--strict", file).exit()).isEqualTo(1);
    }

    @Test
    void aCleanChartExitsZeroEvenStrict() {
        String door = Cli.chart("door.json").toString();
        Cli r = Cli.run("check", "--strict", door);
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                door + ": no findings",
                "  configurations: 3 found, 3 sets of active states; complete",
                "  states reached: 3/3; transitions taken: 4/4",
                "  bits: a snapshot's configuration needs 2 bits for the 3 reachable configurations; the codec spends 2 on"
                        + " the chart's 3 legal ones",
                "  assumes: the owner's data: no guard or action the analysis runs reads it");
    }

    @Test
    void aBudgetSpentIsSaidAndFailsOnlyStrict() {
        String shop = Path.of("..", "docs", "examples", "shopkeeper.json").toString();
        Cli r = Cli.run("check", "--max-configurations", "200", shop);
        assertThat(r.outLines()).anySatisfy(l -> assertThat(l).startsWith(
                "  configurations: 201 found, 5 sets of active states; incomplete: the budget of 200 configurations was spent"));
        // What it has not explored may take the transitions it has not seen taken: those findings are possible only.
        assertThat(r.outLines()).filteredOn(l -> l.matches(java.util.regex.Pattern.quote(shop) + ":\\d+:\\d+: .*")).isNotEmpty()
                .allSatisfy(l -> assertThat(l).contains(": dead transition (possible): "));
        assertThat(r.exit()).isZero();
        assertThat(Cli.run("check", "--strict", "--max-configurations", "200", shop).exit()).isEqualTo(1);
    }

    @Test
    void canReachReportsTheConfigurationsThatCannotGetBackAndNamesAMisspeltState() throws IOException {
        String file = write("dead.json", DEAD);
        Cli r = Cli.run("check", "--can-reach", "idle", file);
        assertThat(r.outLines()).contains(file + ":13:5: cannot reach: from {stuck} no input sequence reaches 'idle'",
                "  inputs: go; jam");
        Cli typo = Cli.run("check", "--can-reach", "idel", file);
        assertThat(typo.exit()).isEqualTo(1);
        assertThat(typo.out()).isEmpty();
        assertThat(typo.errLines()).containsExactly("arbor: --can-reach idel: chart 'dead' has no such state; did you mean"
                + " idle? Its states: idle, busy, stuck, lost");
    }

    @Test
    void aFileThatDoesNotLoadIsReportedAsValidateReportsItAndExitsOne(@TempDir Path other) throws IOException {
        String bad = Files.writeString(other.resolve("bad.json"),
                DEAD.replace("\"target\": \"stuck\"", "\"target\": \"stcuk\"")).toString();
        Cli check = Cli.run("check", bad);
        Cli validate = Cli.run("validate", bad);
        assertThat(check.exit()).isEqualTo(1).isEqualTo(validate.exit());
        assertThat(check.out()).isEmpty();
        assertThat(check.errLines()).isEqualTo(validate.errLines()).singleElement().asString()
                .startsWith(bad + ":12:94: unknown state 'stcuk'; did you mean 'stuck'?");
        assertThat(Cli.run("check", other.resolve("missing.json").toString()).errLines())
                .containsExactly("arbor: " + other.resolve("missing.json") + ": no such file");
    }

    @Test
    void jsonIsOneDocumentWithEachFindingsPlaceInputsAndTheSummary() throws IOException {
        String file = write("dead.json", DEAD);
        Cli r = Cli.run("check", "--json", file);
        assertThat(r.exit()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("file").asText()).isEqualTo(file);
        assertThat(doc.get("chart").asText()).isEqualTo("dead");
        JsonNode findings = doc.get("findings");
        assertThat(findings).hasSize(3);
        JsonNode shadowed = findings.get(1);
        assertThat(shadowed.get("file").asText()).isEqualTo(file);
        assertThat(shadowed.get("line").asInt()).isEqualTo(9);
        assertThat(shadowed.get("column").asInt()).isEqualTo(9);
        assertThat(shadowed.get("kind").asText()).isEqualTo("dead_transition");
        assertThat(shadowed.get("definite").asBoolean()).isTrue();
        assertThat(shadowed.get("state").asText()).isEqualTo("idle");
        assertThat(shadowed.get("transition").asText()).isEqualTo("idle \"go\"");
        assertThat(shadowed.get("other").asText()).isEqualTo("idle \"go\" -> busy");
        assertThat(shadowed.get("message").asText()).startsWith("transition idle \"go\" is never taken");
        JsonNode trap = findings.get(2);
        assertThat(trap.get("line").asInt()).isEqualTo(13);
        assertThat(trap.get("witness").get("inputs")).extracting(JsonNode::asText).containsExactly("go", "jam");
        assertThat(trap.get("witness").get("steps").get(2).get("active")).extracting(JsonNode::asText).containsExactly("stuck");
        assertThat(findings.get(0).get("witness").isNull()).isTrue();
        JsonNode summary = doc.get("summary");
        assertThat(summary.get("findings").asInt()).isEqualTo(3);
        assertThat(summary.get("definite").asInt()).isEqualTo(3);
        assertThat(summary.get("configurations").asInt()).isEqualTo(3);
        assertThat(summary.get("complete").asBoolean()).isTrue();
        assertThat(summary.get("stoppedBecause").isNull()).isTrue();
        assertThat(summary.get("statesReached").asInt()).isEqualTo(3);
        assertThat(summary.get("states").asInt()).isEqualTo(4);
        assertThat(summary.get("reachableBits").asInt()).isEqualTo(2);
        assertThat(summary.get("codecBits").asInt()).isEqualTo(2);
        assertThat(summary.get("legalConfigurations").asInt()).isEqualTo(4);
        assertThat(summary.get("notModelled")).hasSize(1);
    }

    @Test
    void jsonWitnessesCarryTheirAssumptions() throws IOException {
        String file = write("coin.json", CHANCES.replace("\"heads\": {\"transitions\": [{\"event\": \"pick\", \"target\": \"hand\"}]}",
                "\"heads\": {}"));
        JsonNode doc = new ObjectMapper().readTree(Cli.run("check", "--json", file).out());
        JsonNode trap = null;
        for (JsonNode f : doc.get("findings")) {
            trap = f.get("kind").asText().equals("trap") ? f : trap;
        }
        assertThat(trap).as("the trap in heads").isNotNull();
        assertThat(trap.get("definite").asBoolean()).isTrue();
        JsonNode flip = trap.get("witness").get("steps").get(1);
        assertThat(flip.get("input").asText()).isEqualTo("flip");
        assertThat(flip.get("assumptions").get(0).get("kind").asText()).isEqualTo("guard");
        assertThat(flip.get("assumptions").get(0).get("value").asInt()).isEqualTo(1);
        assertThat(flip.get("assumptions").get(0).get("text").asText())
                .isEqualTo("guard \"Chance 50%\" of hand \"flip\" -> heads holds");
    }
}
