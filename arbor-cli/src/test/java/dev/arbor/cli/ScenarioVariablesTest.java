package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.Variable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The variable steps of a scenario, {@code set VAR VALUE} and {@code expect VAR OP VALUE}, on a
 * chart whose guards read its variables: values checked against each variable's type where the
 * scenario is read, comparisons, and a failure that shows every variable.
 */
class ScenarioVariablesTest {

    @TempDir
    Path dir;

    /** A shopkeeper who haggles while gold lasts and hides when alerted: an int, a bool, an enum and a trigger. */
    static Chart<Consumer<String>> shop() {
        return Chart.<Consumer<String>>builder("shop")
                .variable(Variable.integer("gold", 0, 999, 20))
                .variable(Variable.bool("alert", false))
                .variable(Variable.choice("mood", List.of("calm", "grumpy"), "calm"))
                .variable(Variable.trigger("poke"))
                .initial("idle")
                .state("idle", s -> {
                    s.on("offer").guard((MachineGuard<Consumer<String>, Object>) (m, log, e) -> m.variables().getInt("gold") >= 10)
                            .action((m, log, e) -> m.variables().add(m.variables().id("gold"), -10)).target("haggling");
                    s.when((MachineCondition<Consumer<String>>) (m, log) -> m.variables().getBool("alert")).target("hiding");
                })
                .state("haggling", s -> s.on("done").target("idle"))
                .state("hiding", s -> s.on("calm").target("idle"))
                .build();
    }

    private ScenarioRunner.Outcome run(String... lines) throws IOException {
        return runner(lines).run();
    }

    private ScenarioRunner<Consumer<String>> runner(String... lines) throws IOException {
        Files.writeString(dir.resolve("shop.json"), "{}"); // the chart beside it; the test gives it built
        Scenario scenario = ScenarioParser.parse(dir.resolve("shop.scenario"), String.join("\n", lines));
        return ScenarioRunner.check(scenario, shop(), log -> log);
    }

    @Test
    void setWritesAVariableThatGuardsReadAndExpectComparesIt() throws IOException {
        ScenarioRunner.Outcome outcome = run(
                "expect gold == 20",
                "expect alert == false",
                "expect mood == calm",
                "expect poke == false",
                "set gold 15",
                "offer",
                "expect haggling",
                "expect gold == 5",
                "expect gold < 10",
                "expect gold<=5",
                "expect gold > -1",
                "expect gold >= 5",
                "expect gold != 6",
                "expect gold < 5000",
                "done",
                "offer",
                "expect idle",
                "set alert true",
                "tick 1",
                "expect hiding",
                "set mood grumpy",
                "expect mood != calm",
                "set poke true",
                "expect poke == true");
        assertThat(outcome.failure()).isNull();
        assertThat(outcome.stepsRun()).isEqualTo(24);
    }

    @Test
    void aFailedComparisonShowsTheValueTheStatesAndEveryVariable() throws IOException {
        ScenarioRunner.Outcome outcome = run("set mood grumpy", "offer", "done", "offer", "expect gold > 5", "expect idle");
        assertThat(outcome.failure()).isEqualTo(new ScenarioRunner.Failure(4, dir.resolve("shop.scenario")
                + ":5: expected gold > 5, but gold is 0; the machine is in haggling; "
                + "variables: gold=0, alert=false, mood=grumpy, poke=false", true));
        assertThat(outcome.stepsRun()).isEqualTo(5);
        ScenarioRunner.Outcome state = run("expect not idle");
        assertThat(state.failure().message()).isEqualTo(dir.resolve("shop.scenario")
                + ":1: expected idle not active; the machine is in idle; variables: gold=20, alert=false, mood=calm, poke=false");
    }

    @Test
    void valuesOfTheWrongTypeOrOutOfRangeAndUnknownVariablesAreReportedWhereTheScenarioIsRead() {
        Path file = dir.resolve("shop.scenario");
        assertThatThrownBy(() -> runner(
                "set gold 1000",
                "set gold -1",
                "set mood happy",
                "set alert yes",
                "set gld 3",
                "expect happy == true",
                "expect mood < calm",
                "expect alert >= true",
                "expect gold == lots",
                "expect mood == happy"))
                .isInstanceOf(ScenarioException.class)
                .extracting(e -> ((ScenarioException) e).problems()).asList().containsExactly(
                        file + ":1: variable 'gold' is an int from 0 to 999; 1000 is out of range",
                        file + ":2: variable 'gold' is an int from 0 to 999; -1 is out of range",
                        file + ":3: variable 'mood' is one of calm, grumpy; 'happy' is not",
                        file + ":4: variable 'alert' is bool, not 'yes'",
                        file + ":5: chart 'shop' has no variable 'gld'; did you mean 'gold'?",
                        file + ":6: chart 'shop' has no variable 'happy' (it declares gold, alert, mood, poke)",
                        file + ":7: < compares numbers; variable 'mood' is one of calm, grumpy: use == or !=",
                        file + ":8: >= compares numbers; variable 'alert' is a bool: use == or !=",
                        file + ":9: variable 'gold' is an int from 0 to 999; 'lots' is not a whole number",
                        file + ":10: variable 'mood' is one of calm, grumpy; 'happy' is not");
    }
}
