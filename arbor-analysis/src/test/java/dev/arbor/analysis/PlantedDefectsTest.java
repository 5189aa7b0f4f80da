package dev.arbor.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.Condition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.Variable;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ChartPositions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Charts with one defect planted each, written twice (with the Java builder and as a chart file),
 * and what the analysis must say of them: the finding's kind, whether it is definite, its state
 * and transitions, and a witness whose inputs are the shortest that show it (the witness replays
 * on a fresh machine, {@link PathReplay.OnArbor}); and nothing else, the charts being otherwise
 * clean. For a chart file, the finding's state and transitions stand where the file declares them
 * ({@link ChartLoader.Checked#positions()}).
 *
 * <p>The last tests are bugs this suite found in the analysis, kept as regression tests.
 */
class PlantedDefectsTest {

    private static final ChartLoader<Object> LOADER = ChartLoader.of(BuiltIn.components());
    private static final List<Variable> HEAT = List.of(Variable.integer("heat", 0, 10, 0));

    // ---------------------------------------------------------------- one defect each

    @Test
    void aStateNoTransitionEntersIsDead() {
        Chart<Object> java = Chart.<Object>builder("dead-state").allowUnreachable().initial("IDLE")
                .state("IDLE", s -> s.on("go").target("WORK"))
                .state("WORK", s -> s.on("stop").target("IDLE"))
                .state("LOST", s -> s.on("go").target("IDLE"))
                .build();
        String json = """
                {"chart": "dead-state", "allowUnreachable": true, "initial": "IDLE",
                 "states": {
                   "IDLE": {"transitions": [{"event": "go", "target": "WORK"}]},
                   "WORK": {"transitions": [{"event": "stop", "target": "IDLE"}]},
                   "LOST": {"transitions": [{"event": "go", "target": "IDLE"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("dead-state.json", json).chart())) {
            Finding f = onlyFinding(chart);
            expect(chart, f, Finding.Kind.DEAD_STATE, true, "LOST", null, null, null);
            assertThat(f.message()).contains("no transition enters it");
        }
        expectPositions("dead-state.json", json, "\"LOST\":", null, null);
    }

    @Test
    void aTransitionShadowedByAnUnguardedOneBeforeItIsDead() {
        Chart<Object> java = Chart.<Object>builder("shadowed").initial("IDLE")
                .state("IDLE", s -> s.on("go").target("ARMED"))
                .state("ARMED", s -> {
                    s.on("fire").target("IDLE");
                    s.on("fire").target("BROKEN");
                    s.on("break").target("BROKEN");
                })
                .state("BROKEN", s -> s.on("fix").target("IDLE"))
                .build();
        String json = """
                {"chart": "shadowed", "initial": "IDLE",
                 "states": {
                   "IDLE": {"transitions": [{"event": "go", "target": "ARMED"}]},
                   "ARMED": {"transitions": [
                     {"event": "fire", "target": "IDLE"},
                     {"event": "fire", "target": "BROKEN"},
                     {"event": "break", "target": "BROKEN"}]},
                   "BROKEN": {"transitions": [{"event": "fix", "target": "IDLE"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("shadowed.json", json).chart())) {
            Finding f = onlyFinding(chart);
            expect(chart, f, Finding.Kind.DEAD_TRANSITION, true, "ARMED", "ARMED \"fire\" -> BROKEN",
                    "ARMED \"fire\" -> IDLE", List.of("go"));
            assertThat(f.message()).contains("shadowed by ARMED \"fire\" -> IDLE");
        }
        expectPositions("shadowed.json", json, "\"ARMED\":", "{\"event\": \"fire\", \"target\": \"BROKEN\"}",
                "{\"event\": \"fire\", \"target\": \"IDLE\"}");
    }

    @Test
    void aGuardOnAVariableWhoseRangeExcludesItNeverHolds() {
        Chart<Object> java = Chart.<Object>builder("never-holds").variable(HEAT.get(0)).initial("IDLE")
                .state("IDLE", s -> {
                    s.on("warm").guard(compare("heat", ">", 10)).target("HOT");
                    s.on("boil").target("HOT");
                })
                .state("HOT", s -> {
                    s.onEntry(new BuiltIn.Add<>("heat", 5, "HOT", HEAT));
                    s.on("cool").target("IDLE");
                })
                .build();
        String json = """
                {"chart": "never-holds", "initial": "IDLE",
                 "variables": {"heat": {"type": "int", "min": 0, "max": 10, "initial": 0}},
                 "states": {
                   "IDLE": {"transitions": [
                     {"event": "warm", "guard": {"use": "Compare", "var": "heat", "op": ">", "value": 10}, "target": "HOT"},
                     {"event": "boil", "target": "HOT"}]},
                   "HOT": {"onEntry": {"use": "Add", "var": "heat", "amount": 5},
                           "transitions": [{"event": "cool", "target": "IDLE"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("never-holds.json", json).chart())) {
            Finding f = onlyFinding(chart);
            expect(chart, f, Finding.Kind.DEAD_TRANSITION, true, "IDLE", "IDLE \"warm\" -> HOT", null, List.of());
            assertThat(f.message()).contains("its guard \"heat > 10\" never holds");
            // IDLE with heat 0, 5 and 10, where the guard was tested; HOT with 5 and 10
            assertThat(ChartAnalysis.of(chart).configurations()).isEqualTo(5);
        }
        expectPositions("never-holds.json", json, "\"IDLE\":", "{\"event\": \"warm\"", null);
    }

    @Test
    void aStateNothingLeavesIsATrap() {
        Chart<Object> java = Chart.<Object>builder("trap").initial("IDLE")
                .state("IDLE", s -> s.on("go").target("WORK"))
                .state("WORK", s -> {
                    s.on("done").target("IDLE");
                    s.on("jam").target("STUCK");
                })
                .state("STUCK")
                .build();
        String json = """
                {"chart": "trap", "initial": "IDLE",
                 "states": {
                   "IDLE": {"transitions": [{"event": "go", "target": "WORK"}]},
                   "WORK": {"transitions": [{"event": "done", "target": "IDLE"}, {"event": "jam", "target": "STUCK"}]},
                   "STUCK": {}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("trap.json", json).chart())) {
            expect(chart, onlyFinding(chart), Finding.Kind.TRAP, true, "STUCK", null, null, List.of("go", "jam"));
        }
        expectPositions("trap.json", json, "\"STUCK\":", null, null);
    }

    @Test
    void twoStatesWhoseEventlessTransitionsLeadToEachOtherLivelock() {
        Chart<Object> java = Chart.<Object>builder("livelock").maxMicrosteps(100).initial("IDLE")
                .state("IDLE", s -> s.on("go").target("PING"))
                .state("PING", s -> s.always().target("PONG"))
                .state("PONG", s -> s.always().target("PING"))
                .build();
        String json = """
                {"chart": "livelock", "maxMicrosteps": 100, "initial": "IDLE",
                 "states": {
                   "IDLE": {"transitions": [{"event": "go", "target": "PING"}]},
                   "PING": {"transitions": [{"always": true, "target": "PONG"}]},
                   "PONG": {"transitions": [{"always": true, "target": "PING"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("livelock.json", json).chart())) {
            Finding f = onlyFinding(chart);
            expect(chart, f, Finding.Kind.LIVELOCK, true, "IDLE", null, null, List.of("go"));
            assertThat(f.message()).contains("through PING, PONG");
        }
        expectPositions("livelock.json", json, "\"IDLE\":", null, null);
    }

    @Test
    void eventlessTransitionsWithJavaGuardsMayLivelock() {
        Chart<Object> chart = Chart.<Object>builder("maybe-livelock").initial("IDLE")
                .state("IDLE", s -> s.on("go").target("PING"))
                .state("PING", s -> s.always().guard((Condition<Object>) o -> true).target("PONG"))
                .state("PONG", s -> s.always().guard((Condition<Object>) o -> true).target("PING"))
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.complete()).isTrue();
        // from each configuration, go: the guards may keep holding (possible), past the limit of assumptions
        assertThat(a.findings()).extracting(f -> f.kind() + " " + f.definite() + " " + chart.stateName(f.state()) + " "
                + inputs(f.witness().orElseThrow())).containsExactly(
                "LIVELOCK false IDLE [go]", "LIVELOCK false PING [go, go]", "LIVELOCK false PONG [go, go]");
        a.findings().forEach(f -> expectReplays(chart, a, f));
    }

    @Test
    void twoTransitionsOnOneEventWhoseGuardsOverlapConflict() {
        // Java: a built-in action runs on entry (the builder takes a transition's action as Java)
        Chart<Object> java = Chart.<Object>builder("conflict").variable(HEAT.get(0)).initial("IDLE")
                .state("IDLE", s -> {
                    s.on("e").guard(compare("heat", ">=", 3)).target("HOT");
                    s.on("e").guard(compare("heat", "<=", 5)).target("COLD");
                    s.on("up").target("WARMING");
                })
                .state("WARMING", s -> {
                    s.onEntry(new BuiltIn.Add<>("heat", 1, "WARMING", HEAT));
                    s.always().target("IDLE");
                })
                .state("HOT", s -> s.on("back").target("IDLE"))
                .state("COLD", s -> s.on("back").target("IDLE"))
                .build();
        String json = """
                {"chart": "conflict", "initial": "IDLE",
                 "variables": {"heat": {"type": "int", "min": 0, "max": 10, "initial": 0}},
                 "states": {
                   "IDLE": {"transitions": [
                     {"event": "e", "guard": {"use": "Compare", "var": "heat", "op": ">=", "value": 3}, "target": "HOT"},
                     {"event": "e", "guard": {"use": "Compare", "var": "heat", "op": "<=", "value": 5}, "target": "COLD"},
                     {"event": "up", "action": {"use": "Add", "var": "heat", "amount": 1}}]},
                   "HOT": {"transitions": [{"event": "back", "target": "IDLE"}]},
                   "COLD": {"transitions": [{"event": "back", "target": "IDLE"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("conflict.json", json).chart())) {
            Finding f = onlyFinding(chart);
            // heat 3 after three ups: the first configuration where both hold
            expect(chart, f, Finding.Kind.CONFLICT, true, "IDLE", "IDLE \"e\" -> HOT", "IDLE \"e\" -> COLD",
                    List.of("up", "up", "up"));
        }
        expectPositions("conflict.json", json, "\"IDLE\":", "{\"event\": \"e\", \"guard\": {\"use\": \"Compare\", \"var\": \"heat\", \"op\": \">=\"",
                "{\"event\": \"e\", \"guard\": {\"use\": \"Compare\", \"var\": \"heat\", \"op\": \"<=\"");
    }

    @Test
    void deferringBeyondTheLimitFailsTheStep() {
        Chart<Object> java = Chart.<Object>builder("defer").deferLimit(1).initial("IDLE")
                .state("IDLE", s -> {
                    s.on("go").target("BUSY");
                    s.on("job");
                })
                .state("BUSY", s -> {
                    s.defer("job");
                    s.on("done").target("IDLE");
                })
                .build();
        String json = """
                {"chart": "defer", "deferLimit": 1, "initial": "IDLE",
                 "states": {
                   "IDLE": {"transitions": [{"event": "go", "target": "BUSY"}, {"event": "job"}]},
                   "BUSY": {"defer": "job", "transitions": [{"event": "done", "target": "IDLE"}]}
                 }}
                """;
        for (Chart<?> chart : List.of(java, load("defer.json", json).chart())) {
            Finding f = onlyFinding(chart);
            expect(chart, f, Finding.Kind.STEP_FAILS, true, "BUSY", null, null, List.of("go", "job", "job"));
            assertThat(f.message()).contains("DeferralOverflowException");
        }
        expectPositions("defer.json", json, "\"BUSY\":", null, null);
    }

    // ---------------------------------------------------------------- bugs found, kept as regression tests

    /** Found by AnalysisAgainstReferenceTest: a start that never settles made the analysis throw (IndexOutOfBounds). */
    @Test
    void aStartThatNeverSettlesIsALivelockAtTheStart() {
        Chart<Object> chart = Chart.<Object>builder("start-livelock").maxMicrosteps(100).initial("PING")
                .state("PING", s -> s.always().target("PONG"))
                .state("PONG", s -> s.always().target("PING"))
                .build();
        Finding f = onlyFinding(chart);
        assertThat(f.kind()).isEqualTo(Finding.Kind.LIVELOCK);
        assertThat(f.definite()).isTrue();
        assertThat(f.state()).isZero();
        assertThat(f.witness().orElseThrow().steps()).isEmpty();
        assertThat(f.message()).startsWith("the step on the start never settles");
        expectReplays(chart, ChartAnalysis.of(chart), f);
    }

    /** A livelock's states and transitions are entered and taken: they were reported dead besides the livelock. */
    @Test
    void whatALivelockEntersIsNotDead() {
        Chart<Object> chart = Chart.<Object>builder("livelock").maxMicrosteps(100).initial("IDLE")
                .state("IDLE", s -> s.on("go").target("PING"))
                .state("PING", s -> s.always().target("PONG"))
                .state("PONG", s -> s.always().target("PING"))
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.findings()).extracting(Finding::kind).containsExactly(Finding.Kind.LIVELOCK);
        assertThat(a.takes(0)).as(chart.describeTransition(0)).isTrue();
        assertThat(inputs(a.shortestPathTo("PONG").orElseThrow())).containsExactly("go");
    }

    /** A transition only the start takes was reported dead. */
    @Test
    void aTransitionTheStartTakesIsTaken() {
        Chart<Object> chart = Chart.<Object>builder("eventless-start").initial("BOOT")
                .state("BOOT", s -> s.always().target("IDLE"))
                .state("IDLE", s -> s.on("go").target("WORK"))
                .state("WORK", s -> s.on("go").target("IDLE"))
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.findings()).isEmpty();
        InputPath p = a.shortestPathTaking(0).orElseThrow();
        assertThat(p.steps()).isEmpty();
        assertThat(p.start().transitions()).containsExactly(0);
        assertThat(a.coverage()).containsExactly(3, 3, 3, 3);
        assertThat(a.cover(ChartAnalysis.Cover.TRANSITIONS)).extracting(PlantedDefectsTest::inputs)
                .containsExactly(List.of("go", "go"));
    }

    /**
     * Under the RETHROW policy a step that fails has run whole: the machine goes on from there. What
     * only such a step leads to was reported dead.
     */
    @Test
    void theMachineGoesOnAfterAStepThatRanWholeAndThrew() {
        Chart<Object> chart = Chart.<Object>builder("rethrow").deferLimit(1).initial("IDLE")
                .state("IDLE", s -> s.on("go").target("LOADED"))
                .state("LOADED", s -> {
                    s.defer("x");
                    s.onEntry(new BuiltIn.Raise<>("x"));
                    s.onEntry(new BuiltIn.Raise<>("x")); // the second is one deferred event too many
                    s.on("next").target("DONE");
                })
                .state("DONE", s -> s.on("back").target("IDLE"))
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.findings()).extracting(f -> f.kind() + " " + inputs(f.witness().orElseThrow())).containsExactly(
                "STEP_FAILS [go]", "STEP_FAILS [go, x]");
        assertThat(inputs(a.shortestPathTo("DONE").orElseThrow())).containsExactly("go", "next");
        a.findings().forEach(f -> expectReplays(chart, a, f));
    }

    /**
     * Found by AnalysisAgainstReferenceTest: past its limit of assumptions in a step the analysis
     * takes every guard as failing, so it does not see what Java guards that keep holding reach.
     * What rests on every outcome (a trap, a dead state) was reported definite all the same.
     */
    @Test
    void pastTheLimitOfAssumptionsWhatRestsOnEveryOutcomeIsOnlyPossible() {
        // From S, three guards in a row lead OUT; fewer lead back to S.
        Chart<Object> chart = Chart.<Object>builder("beyond").initial("IDLE")
                .state("IDLE", s -> s.on("go").target("S"))
                .state("S", s -> s.always().guard((Condition<Object>) o -> true).target("A"))
                .state("A", s -> {
                    s.always().guard((Condition<Object>) o -> true).target("B");
                    s.always().target("S");
                })
                .state("B", s -> {
                    s.always().guard((Condition<Object>) o -> true).target("OUT");
                    s.always().target("S");
                })
                .state("OUT")
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart, new AnalysisOptions(1_000, java.time.Duration.ofSeconds(20), 2, List.of(),
                null));
        assertThat(a.complete()).isTrue();
        assertThat(a.findings()).filteredOn(f -> f.kind() != Finding.Kind.LIVELOCK)
                .extracting(f -> f.kind() + " " + f.definite() + " " + chart.stateName(f.state()))
                .containsExactly("DEAD_STATE false OUT", "DEAD_TRANSITION false B", "TRAP false S");
        assertThat(a.findings()).filteredOn(f -> f.kind() != Finding.Kind.LIVELOCK)
                .allSatisfy(f -> assertThat(f.message()).contains("past them, guards were taken as failing"));
        // guards that hold: go reaches OUT
        dev.arbor.core.Machine<Object> m = chart.newMachine(null);
        m.start();
        m.fire("go");
        assertThat(m.isIn(chart.stateId("OUT"))).isTrue();
    }

    /** A transition on any event ("*") takes events the chart does not name: the analysis offers one. */
    @Test
    void anyEventIsOfferedAsAnEventTheChartDoesNotName() {
        Chart<Object> chart = Chart.<Object>builder("any").initial("IDLE")
                .state("IDLE", s -> {
                    s.on("a").target("A");
                    s.onAny().target("OTHER");
                })
                .state("A", s -> s.on("a").target("IDLE"))
                .state("OTHER", s -> s.on("a").target("IDLE"))
                .build();
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.inputs()).extracting(Input::toString).containsExactly("a", "other");
        assertThat(a.findings()).isEmpty();
        assertThat(inputs(a.shortestPathTo("OTHER").orElseThrow())).containsExactly("other");
        // a chart that names "other" gets another name
        Chart<Object> named = Chart.<Object>builder("any-other").initial("IDLE")
                .state("IDLE", s -> {
                    s.on("other").target("A");
                    s.defer("*");
                })
                .state("A")
                .build();
        assertThat(ChartAnalysis.of(named).inputs()).extracting(Input::toString).containsExactly("other", "other2");
    }

    // ---------------------------------------------------------------- helpers

    private static MachineGuard<Object, Object> compare(String var, String op, int value) {
        return new BuiltIn.Compare<>(var, op, IntNode.valueOf(value), HEAT);
    }

    private static ChartLoader.Checked<Object> load(String name, String json) {
        ChartLoader.Checked<Object> checked = LOADER.loadChecked(name, json);
        assertThat(checked.warnings()).as(name).isEmpty();
        return checked;
    }

    /** The one finding of a chart explored completely. */
    private static Finding onlyFinding(Chart<?> chart) {
        ChartAnalysis a = ChartAnalysis.of(chart);
        assertThat(a.complete()).as(chart.name() + " explored completely").isTrue();
        assertThat(a.findings()).as(chart.name()).hasSize(1);
        return a.findings().get(0);
    }

    /** The finding's kind, definiteness, state and transitions (as the chart describes them) and witness inputs (null: none). */
    private static void expect(Chart<?> chart, Finding f, Finding.Kind kind, boolean definite, String state,
                               String transition, String other, List<String> witness) {
        assertThat(f.kind()).as(f.toString()).isEqualTo(kind);
        assertThat(f.definite()).as(f.toString()).isEqualTo(definite);
        assertThat(chart.stateName(f.state())).as(f.toString()).isEqualTo(state);
        assertThat(f.transition() < 0 ? null : chart.describeTransition(f.transition())).as(f.toString()).isEqualTo(transition);
        assertThat(f.other() < 0 ? null : chart.describeTransition(f.other())).as(f.toString()).isEqualTo(other);
        if (witness == null) {
            assertThat(f.witness()).as(f.toString()).isEmpty();
        } else {
            assertThat(inputs(f.witness().orElseThrow())).as(f + ": the witness's inputs").isEqualTo(witness);
            expectReplays(chart, ChartAnalysis.of(chart), f);
        }
    }

    /** The witness replays on a fresh machine; the last step of a livelock's or a failing step's witness fails so. */
    private static void expectReplays(Chart<?> chart, ChartAnalysis a, Finding f) {
        PathReplay.OnArbor arbor = new PathReplay.OnArbor(chart, a.options().maxAssumptions());
        assertThat(arbor.replay(f.witness().orElseThrow())).as(f + ": the witness replays").isEmpty();
        PathReplay.Outcome last = arbor.outcomes.get(arbor.outcomes.size() - 1);
        PathReplay.Outcome expected = !f.definite() ? PathReplay.Outcome.SETTLED : switch (f.kind()) {
            case LIVELOCK -> PathReplay.Outcome.LIVELOCK;
            case STEP_FAILS -> PathReplay.Outcome.FAILED;
            default -> PathReplay.Outcome.SETTLED;
        };
        assertThat(last).as(f + ": the witness's last step").isEqualTo(expected);
    }

    static List<String> inputs(InputPath p) {
        return p.steps().stream().map(s -> s.input().toString()).toList();
    }

    /**
     * The one finding of the chart file stands where the file declares its state (the key {@code
     * state} in its parent's states) and its transitions (their objects), each the first occurrence
     * of the text given, or null for none.
     */
    private static void expectPositions(String name, String json, String state, String transition, String other) {
        ChartLoader.Checked<Object> checked = load(name, json);
        Finding f = onlyFinding(checked.chart());
        ChartPositions at = checked.positions();
        assertThat(at.state(f.state())).as(f + ": where its state stands").isEqualTo(Optional.of(position(json, state)));
        assertThat(at.transition(f.transition())).as(f + ": where its transition stands")
                .isEqualTo(transition == null ? Optional.empty() : Optional.of(position(json, transition)));
        assertThat(at.transition(f.other())).as(f + ": where its other transition stands")
                .isEqualTo(other == null ? Optional.empty() : Optional.of(position(json, other)));
        assertThat(at.where(f.state())).startsWith(name + ":");
    }

    /** The line and column, from 1, of the first occurrence of {@code text} in {@code json}. */
    private static ChartPositions.Position position(String json, String text) {
        int i = json.indexOf(text);
        assertThat(i).as(text + " in the file").isNotNegative();
        int line = 1;
        int start = 0;
        for (int k = 0; k < i; k++) {
            if (json.charAt(k) == '\n') {
                line++;
                start = k + 1;
            }
        }
        return new ChartPositions.Position(line, i - start + 1);
    }
}
