package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartPositions.Position;
import dev.arbor.io.SourceTree.Pos;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a loaded chart's states and transitions stand in its file ({@link ChartPositions}), by the
 * chart's ids: a state at its name, the root at the top-level object, a transition at its object
 * in a {@code "transitions"} list or at the {@code "then"} that declares it; nothing for the
 * transitions the engine makes, and nothing at all for a chart built in Java.
 */
class ChartPositionsTest {

    private static final ChartLoader<Bot> LOADER = ChartLoader.of(ComponentRegistry.<Bot>create()
            .condition("Locked", b -> b.flags.contains("locked"))
            .condition("Alarmed", b -> b.flags.contains("alarmed"))
            .handler("Echo", new Bot.Echo()));

    /** Every way a file declares a transition, in states of every kind. */
    private static final String DOOR = """
            {
              "chart": "door",
              "initial": "closed",
              "global": {
                "handler": "Echo",
                "transitions": [{"event": "reset", "target": "closed"}]
              },
              "states": {
                "closed": {
                  "transitions": [
                    {"event": "open", "guard": "Locked", "target": "locked"},
                    {"event": "open", "target": "opened"},
                    {"when": "Alarmed", "target": "alarm"}
                  ]
                },
                "opened": {
                  "transitions": [{"after": 30, "target": "closing"},
                                  {"always": true, "guard": "Locked", "target": "locked"}, {"any": true}]
                },
                "locked": {
                  "transitions": [
                    {"event": "unlock", "target": "resume"},
                    {"event": "force", "plan": ["opened", "closing"], "resumeAfter": true}
                  ]
                },
                "closing": {
                  "initial": "swinging",
                  "then": "closed",
                  "transitions": [{"childFinished": true}],
                  "states": {
                    "swinging": {"transitions": [{"after": 5, "target": "shut"}]},
                    "shut": {"kind": "final"},
                    "resume": {"kind": "shallowHistory", "default": "swinging"}
                  }
                },
                "alarm": {
                  "kind": "parallel",
                  "transitions": [{"done": true, "target": "closed"}, {"done": "siren"}],
                  "states": {
                    "siren": {
                      "initial": "wailing",
                      "states": {
                        "wailing": {"transitions": [{"event": "quiet", "target": "silent"}]},
                        "silent": {"kind": "final"}
                      }
                    },
                    "lights": {
                      "initial": "flashing",
                      "states": {
                        "flashing": {"transitions": [{"after": 2, "target": "dark"}]},
                        "dark": {"kind": "final"}
                      }
                    }
                  }
                }
              }
            }
            """;

    private final ChartLoader.Checked<Bot> door = LOADER.loadChecked("door.json", DOOR);
    private final Chart<Bot> chart = door.chart();
    private final ChartPositions positions = door.positions();

    /**
     * The id of the one transition of the chart described as {@code "SOURCE TRIGGER -> TARGETS"}
     * ({@link Chart.TransitionInfo#triggerText()}; no arrow without a target): found by what it
     * does, not by the order the ids are given in.
     */
    private int transition(String description) {
        List<Integer> found = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            List<String> targets = info.targets().stream().map(chart::stateName).toList();
            String d = chart.stateName(info.source()) + " " + info.triggerText()
                    + (targets.isEmpty() ? "" : " -> " + String.join(", ", targets));
            if (d.equals(description)) {
                found.add(t);
            }
        }
        assertThat(found).as(description).hasSize(1);
        return found.get(0);
    }

    @Test
    void everyStateStandsWhereTheFileWritesItsNameAndTheRootAtTheTopLevelObject() {
        assertThat(positions.where(0)).isEqualTo("door.json:1:1");
        assertThat(positions.where(chart.stateId("closed"))).isEqualTo("door.json:9:5");
        assertThat(positions.where(chart.stateId("opened"))).isEqualTo("door.json:16:5");
        assertThat(positions.where(chart.stateId("locked"))).isEqualTo("door.json:20:5");
        assertThat(positions.where(chart.stateId("closing"))).isEqualTo("door.json:26:5");
        assertThat(positions.where(chart.stateId("swinging"))).isEqualTo("door.json:31:9");
        assertThat(positions.where(chart.stateId("shut"))).as("a final state").isEqualTo("door.json:32:9");
        assertThat(positions.where(chart.stateId("resume"))).as("a history state").isEqualTo("door.json:33:9");
        assertThat(positions.where(chart.stateId("alarm"))).as("a parallel state").isEqualTo("door.json:36:5");
        assertThat(positions.where(chart.stateId("siren"))).as("a region").isEqualTo("door.json:40:9");
        assertThat(positions.where(chart.stateId("silent"))).isEqualTo("door.json:44:13");
        assertThat(positions.where(chart.stateId("lights"))).isEqualTo("door.json:47:9");
        assertThat(positions.where(chart.stateId("flashing"))).isEqualTo("door.json:50:13");
        assertThat(positions.where(chart.stateId("dark"))).isEqualTo("door.json:51:13");
        assertThat(positions.state(chart.stateId("opened"))).contains(new Position(16, 5));
    }

    @Test
    void aStateInsideAParallelRegionStandsAtItsNameAndItsTransitionAtItsObject() {
        int wailing = chart.stateId("wailing");
        assertThat(chart.parent(chart.parent(wailing))).isEqualTo(chart.stateId("alarm"));
        assertThat(positions.where(wailing)).isEqualTo("door.json:43:13");
        assertThat(positions.whereTransition(transition("wailing quiet -> silent"))).isEqualTo("door.json:43:41");
    }

    @Test
    void everyDeclaredTransitionStandsWhereItsObjectBegins() {
        assertThat(positions.whereTransition(transition("root reset -> closed"))).as("global").isEqualTo("door.json:6:21");
        assertThat(positions.whereTransition(transition("closed when -> alarm"))).isEqualTo("door.json:13:9");
        assertThat(positions.whereTransition(transition("opened after 30 ticks -> closing"))).isEqualTo("door.json:17:23");
        assertThat(positions.whereTransition(transition("opened always -> locked"))).isEqualTo("door.json:18:23");
        assertThat(positions.whereTransition(transition("opened *"))).as("second on its line").isEqualTo("door.json:18:80");
        assertThat(positions.whereTransition(transition("locked unlock -> resume"))).isEqualTo("door.json:22:9");
        assertThat(positions.whereTransition(transition("locked force -> opened"))).as("a plan").isEqualTo("door.json:23:9");
        assertThat(positions.whereTransition(transition("closing done.child.closing"))).isEqualTo("door.json:29:23");
        assertThat(positions.whereTransition(transition("swinging after 5 ticks -> shut"))).isEqualTo("door.json:31:38");
        assertThat(positions.whereTransition(transition("alarm done.state.alarm -> closed"))).isEqualTo("door.json:38:23");
        assertThat(positions.whereTransition(transition("alarm done.state.siren"))).isEqualTo("door.json:38:59");
        assertThat(positions.whereTransition(transition("flashing after 2 ticks -> dark"))).isEqualTo("door.json:50:42");
        assertThat(positions.transition(transition("flashing after 2 ticks -> dark"))).contains(new Position(50, 42));
    }

    @Test
    void aThenStandsAtItsKeyThoughTheBuilderTakesItAfterTheStatesTransitions() {
        int then = transition("closing done.state.closing -> closed");
        assertThat(positions.whereTransition(then)).isEqualTo("door.json:28:7");
        assertThat(then).as("declared on line 28, numbered after line 29's").isGreaterThan(transition("closing done.child.closing"));
    }

    @Test
    void twoTransitionsOnOneEventOfAStateStandOnTheirOwnLines() {
        int guarded = transition("closed open -> locked");
        int plain = transition("closed open -> opened");
        assertThat(positions.whereTransition(guarded)).isEqualTo("door.json:11:9");
        assertThat(positions.whereTransition(plain)).isEqualTo("door.json:12:9");
    }

    @Test
    void onlyTheDeclaredTransitionsHavePositionsNotTheHandlerMoveAndPlanPlaceholders() {
        List<String> placeholders = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            assertThat(positions.transition(t).isPresent()).as("transition " + t).isEqualTo(info.mode().declared());
            if (!info.mode().declared()) {
                placeholders.add(info.triggerText() + " " + positions.whereTransition(t));
            }
        }
        assertThat(placeholders).containsExactly("handler door.json", "move door.json", "plan door.json", "plan door.json");
    }

    @Test
    void idsTheChartDoesNotHaveHaveNoPosition() {
        assertThat(positions.state(-1)).isEmpty();
        assertThat(positions.state(chart.stateCount())).isEmpty();
        assertThat(positions.transition(chart.transitionCount())).isEmpty();
    }

    @Test
    void aFileIsReportedUnderThePathAsGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("door.json");
        Files.writeString(file, DOOR);
        ChartPositions fromFile = LOADER.loadChecked(file).positions();
        assertThat(fromFile.file()).isEqualTo(file.toString());
        assertThat(fromFile.where(chart.stateId("opened"))).isEqualTo(file + ":16:5");
    }

    @Test
    void aChartBuiltInJavaHasNoPositions() {
        Chart<Object> built = Chart.builder("door")
                .initial("closed")
                .state("closed", s -> s.on("open").target("opened"))
                .state("opened")
                .build();
        ChartPositions none = new ChartLoader.Checked<>(built, List.of()).positions();
        assertThat(none.file()).isEqualTo("door");
        assertThat(none.state(0)).isEmpty();
        assertThat(none.state(built.stateId("opened"))).isEmpty();
        assertThat(none.transition(0)).isEmpty();
        assertThat(none.where(built.stateId("opened"))).isEqualTo("door");
        assertThat(none.whereTransition(0)).isEqualTo("door");
        assertThat(ChartPositions.none("npc.json").where(new Position(3, 7))).isEqualTo("npc.json:3:7");
    }

    @Test
    void whenTheCountsOfAStateDisagreeItsTransitionsStandAtTheState() {
        Map<String, List<Pos>> declared = Map.of("closed", List.of(new Pos(9, 5)), "opened", List.of(new Pos(16, 5)));
        Map<String, List<Pos>> recorded = Map.of("closed", List.of(new Pos(11, 9)));
        Chart<Object> built = Chart.builder("door")
                .initial("closed")
                .state("closed", s -> {
                    s.on("open").target("opened");
                    s.on("kick").target("opened");
                })
                .state("opened", s -> s.on("close").target("closed"))
                .build();
        ChartPositions at = ChartPositions.of("door.json", built, Pos.START, declared, recorded);
        assertThat(at.whereTransition(0)).as("two made, one recorded").isEqualTo("door.json:9:5");
        assertThat(at.whereTransition(1)).isEqualTo("door.json:9:5");
        assertThat(at.whereTransition(2)).as("one made, none recorded").isEqualTo("door.json:16:5");
    }

    @Test
    void aPositionCountsFromOneAndPrintsAsLineColonColumn() {
        assertThat(new Position(12, 3)).hasToString("12:3");
        assertThatThrownBy(() -> new Position(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Position(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
