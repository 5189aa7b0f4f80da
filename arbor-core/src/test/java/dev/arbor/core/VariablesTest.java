package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chart's designer variables: declared with their types and ranges, held by every machine,
 * refused out of range with the machine keeping its value, read by guards on every tier, part
 * of snapshots (with the seeded generator), kept by name across hot reload, heard by listeners.
 */
class VariablesTest {

    /** A shopkeeper who haggles while gold lasts: an int, a bool, an enum and a trigger. */
    static ChartBuilder<Trace> shop(String name, int maxGold) {
        return Chart.<Trace>builder(name)
                .variable(Variable.integer("gold", 0, maxGold, 20))
                .variable(Variable.bool("alert", false))
                .variable(Variable.choice("mood", List.of("calm", "grumpy"), "calm"))
                .variable(Variable.trigger("poke"))
                .initial("idle")
                .state("idle", s -> {
                    s.on("offer").guard((MachineGuard<Trace, Object>) (m, t, e) -> m.variables().getInt("gold") >= 10)
                            .action((m, t, e) -> m.variables().add(m.variables().id("gold"), -10)).target("haggling");
                    s.when((MachineCondition<Trace>) (m, t) -> m.variables().getBool("alert")).target("hiding");
                })
                .state("haggling", s -> s.on("done").target("idle"))
                .state("hiding", s -> s.on("calm").target("idle"));
    }

    @Test
    void everyMachineStartsWithTheDeclaredValuesAndReadsThemByNameAndType() {
        Machine<Trace> m = shop("shop", 999).build().newMachine(new Trace());
        Variables v = m.variables();
        assertThat(v.names()).containsExactly("gold", "alert", "mood", "poke");
        assertThat(v.describe()).isEqualTo("gold=20, alert=false, mood=calm, poke=false");
        assertThat(v.get("gold")).isEqualTo(20);
        assertThat(v.get("mood")).isEqualTo("calm");
        v.set("mood", "grumpy");
        v.set("gold", "41");
        v.setBool("alert", true);
        assertThat(v.getEnum("mood")).isEqualTo("grumpy");
        assertThat(v.getInt("gold")).isEqualTo(41);
        assertThat(v.getBool("alert")).isTrue();
        assertThat(m.chart().variables()).extracting(Variable::bits).containsExactly(10, 1, 1, 1);
    }

    @Test
    void aValueOutOfRangeIsRefusedWhereItIsWrittenAndTheVariableKeepsItsValue() {
        Variables v = shop("shop", 999).build().newMachine(new Trace()).variables();
        assertThatThrownBy(() -> v.setInt("gold", 1200))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("variable 'gold' is an int from 0 to 999; 1200 is out of range");
        assertThatThrownBy(() -> v.set("mood", "happy"))
                .hasMessage("variable 'mood' is one of calm, grumpy; 'happy' is not");
        assertThatThrownBy(() -> v.set("alert", "yes"))
                .hasMessage("variable 'alert' is bool, not 'yes'");
        assertThatThrownBy(() -> v.getInt("alert"))
                .hasMessage("variable 'alert' is bool, not an int");
        assertThatThrownBy(() -> v.get("gould"))
                .hasMessage("chart 'shop' has no variable 'gould' (it declares: gold, alert, mood, poke)");
        assertThat(v.describe()).isEqualTo("gold=20, alert=false, mood=calm, poke=false");
        assertThat(v.add(v.id("gold"), 2000)).as("what the range cut off").isEqualTo(2000 + 20 - 999);
        assertThat(v.getInt("gold")).isEqualTo(999);
    }

    @Test
    void aDeclarationOutOfItsOwnRangeIsRefused() {
        assertThatThrownBy(() -> Variable.integer("gold", 0, 999, 1000))
                .hasMessage("int variable 'gold': initial value 1000 is out of range 0..999");
        assertThatThrownBy(() -> Variable.choice("mood", List.of("calm"), "grumpy"))
                .hasMessage("enum variable 'mood': initial value 'grumpy' is not one of calm");
        assertThatThrownBy(() -> Chart.<Trace>builder("x").variable(Variable.bool("a", true)).variable(Variable.trigger("a")))
                .hasMessage("chart 'x' declares variable 'a' twice");
    }

    @Test
    void guardsAndPolledConditionsReadTheVariablesOnEveryTier() {
        for (Tiers.Run run : Tiers.started(() -> shop("shop", 999).build())) {
            Machine<Trace> m = run.machine();
            m.fire("offer");
            m.fire("done");
            m.fire("offer");
            m.fire("done");
            assertThat(m.variables().getInt("gold")).as(run.tier()).isZero();
            m.fire("offer"); // no gold left: the guard does not hold
            assertThat(m.activeStates()).as(run.tier()).containsExactly("idle");
            m.variables().setBool("alert", true);
            m.update();
            assertThat(m.activeStates()).as(run.tier()).containsExactly("hiding");
        }
    }

    @Test
    void snapshotsHoldTheValuesAndTheGeneratorAndRestoreChecksThem() {
        Chart<Trace> chart = shop("shop", 999).build();
        Machine<Trace> m = chart.newMachine(new Trace());
        m.start();
        m.variables().seed(7);
        m.variables().setInt("gold", 55);
        m.variables().nextInt(100);
        MachineState saved = m.snapshot();
        assertThat(saved.variables()).containsExactly(55, 0, 0, 0);
        List<Integer> draws = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            draws.add(m.variables().nextInt(1000));
        }
        m.variables().setInt("gold", 3);

        Machine<Trace> copy = chart.newMachine(new Trace());
        copy.restore(saved, Cause.RESTORE);
        assertThat(copy.variables().getInt("gold")).isEqualTo(55);
        List<Integer> again = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            again.add(copy.variables().nextInt(1000));
        }
        assertThat(again).as("the same draws after restore").isEqualTo(draws);

        int[] bad = {1000, 0, 0, 0};
        MachineState outOfRange = new MachineState(saved.active(), saved.history(), false, saved.previous(), saved.pushed(),
                saved.plans(), saved.clocks(), saved.finished(), saved.firedTimers(), saved.deferred(), bad, 1);
        assertThatThrownBy(() -> copy.restore(outOfRange, Cause.RESTORE))
                .hasMessageContaining("variable 'gold' is an int from 0 to 999; 1000 is out of range");
        assertThat(copy.variables().getInt("gold")).as("unchanged").isEqualTo(55);
    }

    @Test
    void hotReloadKeepsValuesByNameAndReportsChangedDeclarations() {
        Machine<Trace> m = shop("shop", 999).build().newMachine(new Trace());
        m.start();
        m.variables().setInt("gold", 120);
        m.variables().setEnum("mood", "grumpy");
        Chart<Trace> narrower = Chart.<Trace>builder("shop")
                .variable(Variable.choice("mood", List.of("angry", "grumpy", "calm"), "calm"))
                .variable(Variable.integer("gold", 0, 99, 20))
                .variable(Variable.integer("debt", 0, 9, 3))
                .initial("idle").state("idle").build();
        MigrationReport report = m.moveTo(narrower);
        assertThat(m.variables().describe()).isEqualTo("mood=grumpy, gold=20, debt=3");
        assertThat(report.carried()).contains(
                "variable 'mood' is now one of angry, grumpy, calm (was one of calm, grumpy); it keeps grumpy",
                "variable 'debt' is new: it starts at 3");
        assertThat(report.cleared()).contains(
                "variable 'gold' is now an int from 0 to 99 (was an int from 0 to 999); its value 120 does not fit, so it starts again at 20",
                "variable 'alert' is no longer declared (it was false)",
                "variable 'poke' is no longer declared (it was false)");
    }

    @Test
    void aMachineMadeWithoutVariablesGetsThemFromAReloadAndKeepsThemThroughSnapshots() {
        Chart<Trace> plain = Chart.<Trace>builder("shop").initial("idle").state("idle").build();
        Machine<Trace> m = plain.newMachine(new Trace());
        m.start();
        MigrationReport report = m.moveTo(shop("shop", 999).build());
        assertThat(report.carried()).contains("variable 'gold' is new: it starts at 20");
        m.variables().setInt("gold", 77);
        MachineState saved = m.snapshot();
        m.variables().setInt("gold", 1);
        m.restore(saved, Cause.RESTORE);
        assertThat(m.variables().getInt("gold")).isEqualTo(77);
        assertThat(m.snapshot()).isEqualTo(saved);

        Machine<Trace> born = shop("shop", 999).build().newMachine(new Trace());
        born.start();
        born.variables().setInt("gold", 77);
        born.moveTo(plain);
        assertThat(born.variables().names()).as("a chart without variables").isEmpty();
        born.moveTo(shop("shop", 999).build());
        assertThat(born.variables().getInt("gold")).as("declared again: starts again").isEqualTo(20);
    }

    @Test
    void listenersHearEveryChangeWithItsCause() {
        Machine<Trace> m = shop("shop", 999).build().newMachine(new Trace());
        List<String> heard = new ArrayList<>();
        m.addListener(new MachineListener() {
            @Override
            public void onVariable(Machine<?> machine, int variable, int value, Cause cause) {
                heard.add(machine.chart().variables().get(variable).name() + "=" + value + " " + cause);
            }
        });
        m.start();
        m.fire("offer");
        m.variables().setInt("gold", 15);
        m.variables().setInt("gold", 15); // no change, nothing heard
        assertThat(heard).containsExactly("gold=10 NORMAL", "gold=15 NORMAL");
        heard.clear();
        MachineState s = m.snapshot();
        m.variables().setInt("gold", 4);
        m.restore(s, Cause.RESTORE);
        assertThat(heard).containsExactly("gold=4 NORMAL", "gold=15 RESTORE");
    }
}
