package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Likely mistakes that still make a valid chart: the file loads, and {@link ChartLoader#loadChecked}
 * gives a warning at each. An event raised or deferred that no transition takes; a transition's
 * event that nothing raises but is spelt nearly as one that is; a {@code defer} that a transition
 * without a guard, in the state or an ancestor, always overrides.
 */
class WarningsTest {

    /** {@code {"use": "Raise", "event": "…"}}: raises the event, and says so to the loader. */
    record Raise(String event) implements MachineStateAction<Bot>, RaisesEvents {
        @Override
        public void run(Machine<Bot> machine, Bot bot) {
            machine.raise(event);
        }

        @Override
        public List<String> raisedEvents() {
            return List.of(event);
        }
    }

    private static final ChartLoader<Bot> LOADER = ChartLoader.of(ComponentRegistry.<Bot>create()
            .action("Raise", Raise.class)
            .condition("Alarmed", b -> b.flags.contains("alarmed"))
            .handler("Echo", new Bot.Echo()));

    private static List<String> warnings(String json) {
        return LOADER.loadChecked("shop.json", json).warnings().stream().map(Object::toString).toList();
    }

    @Test
    void aMisspeltRaisedEventIsWarnedAtTheRaiseAndAtTheTransition() {
        String shop = """
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
        assertThat(warnings(shop)).containsExactly(
                "shop.json:6:44: event 'call_gaurds' is raised here, but no transition of the chart takes it;"
                        + " did you mean 'call_guards'?",
                "shop.json:7:33: nothing in the chart raises event 'call_guards'; did you mean 'call_gaurds',"
                        + " raised at 6:44?");
        assertThat(LOADER.loadChecked("shop.json", shop).warnings()).extracting(ChartFileException.Problem::state)
                .containsExactly("open", "open");
        assertThat(LOADER.load("shop.json", shop).stateCount()).as("a warning does not stop the load").isEqualTo(3);
    }

    @Test
    void aRaisedEventNoTransitionTakesIsWarnedWithoutAGuessWhenNoneIsNear() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onExit": {"use": "Raise", "event": "closing"}, "transitions": [{"event": "dusk", "target": "shut"}]},
                  "shut": {}
                }}
                """)).containsExactly(
                "shop.json:2:48: event 'closing' is raised here, but no transition of the chart takes it");
    }

    @Test
    void aDeferredEventNoTransitionTakesIsWarned() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"defer": ["offer", "haggel"], "transitions": [{"event": "haggle", "target": "open"}]}
                }}
                """)).containsExactly(
                "shop.json:2:22: event 'offer' is deferred here, but no transition of the chart takes it",
                "shop.json:2:31: event 'haggel' is deferred here, but no transition of the chart takes it;"
                        + " did you mean 'haggle'?");
    }

    @Test
    void aDeferThatAnAncestorsUnguardedTransitionAlwaysOverridesIsWarned() {
        assertThat(warnings("""
                {
                  "chart": "shop",
                  "initial": "day",
                  "global": {"transitions": [{"event": "alarm", "target": "night"}]},
                  "states": {
                    "day": {
                      "initial": "open",
                      "transitions": [{"event": "dusk", "target": "night"}],
                      "states": {
                        "open": {"defer": "dusk alarm", "transitions": [{"event": "dusk", "guard": "Alarmed", "target": "open"}]}
                      }
                    },
                    "night": {"defer": "dawn", "transitions": [{"event": "dawn", "target": "day"}]}
                  }
                }
                """)).containsExactly(
                "shop.json:10:27: event 'dusk' is never deferred here: the transition at 8:33, in state 'day', has no"
                        + " guard, so it always takes it first",
                "shop.json:10:27: event 'alarm' is never deferred here: the transition at 4:40, in \"global\","
                        + " has no guard, so it always takes it first",
                "shop.json:13:24: event 'dawn' is never deferred here: the transition at 13:58 has no guard, so it"
                        + " always takes it first");
    }

    @Test
    void aDeferBelowAGuardedTransitionOrInASiblingIsNotWarned() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "day", "states": {
                  "day": {"initial": "open", "transitions": [{"event": "dusk", "guard": "Alarmed", "target": "night"}],
                    "states": {"open": {"defer": "dusk"}}},
                  "night": {"transitions": [{"event": "dusk", "target": "day"}]}
                }}
                """)).isEmpty();
    }

    @Test
    void aDeferOfEveryEventUnderATransitionOnAnyEventIsWarned() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "day", "states": {
                  "day": {"defer": "*", "transitions": [{"any": true, "target": "day"}]}
                }}
                """)).containsExactly("shop.json:2:20: no event is ever deferred here: the transition at 2:49 has no"
                + " guard, so it always takes every event first");
    }

    @Test
    void eventsAreMatchedAsTheEngineMatchesThem() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onEntry": {"use": "Raise", "event": "error.till"},
                    "transitions": [{"event": "error.*", "target": "shut"}]},
                  "shut": {"defer": "error.till.jam"}
                }}
                """)).as("a prefix takes every event below it").isEmpty();
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onEntry": {"use": "Raise", "event": "greet"}, "defer": "offer"},
                  "shut": {"transitions": [{"any": true, "guard": "Alarmed", "target": "open"}]}
                }, "allowUnreachable": true}
                """)).as("a transition on any event takes them all").isEmpty();
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onEntry": {"use": "Raise", "event": "greet"}, "handler": "Echo"}
                }}
                """)).as("a handler may take any event in code").isEmpty();
    }

    @Test
    void anEventTheGameFiresIsNotWarnedUnlessItLooksLikeARaisedOne() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onEntry": {"use": "Raise", "event": "greet"}, "transitions": [
                    {"event": "greet", "target": "open"}, {"event": "dusk", "target": "shut"}]},
                  "shut": {}
                }}
                """)).isEmpty();
    }

    @Test
    void anUnreachableStateTheFileAllowsIsNotWarned() {
        assertThat(warnings("""
                {"chart": "shop", "initial": "open", "allowUnreachable": true, "states": {"open": {}, "back": {}}}
                """)).isEmpty();
    }

    @Test
    void thousandsOfEventsAreCheckedInTimeInProportionToTheirNumber() {
        // Through the checks alone: the compiler takes its own time over 20,000 events.
        int n = 20_000;
        EventChecks checks = new EventChecks("root", new NearestName.Budget());
        for (int i = 0; i < n; i++) {
            checks.state("s" + i, "root");
            checks.raised("r" + i, new SourceTree.Pos(i + 1, 10), "s" + i);
            checks.deferred("d" + i + " e" + i + ".x", new SourceTree.Pos(i + 1, 20), "s" + i);
            checks.transition("e" + i, new SourceTree.Pos(i + 1, 30), "s" + i, false);
        }
        // Compared each with each, they would take minutes.
        List<ChartFileException.Problem> warnings = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> checks.warnings("shop.json"));
        assertThat(warnings).hasSize(3 * n);
        assertThat(warnings.subList(0, 3)).extracting(Object::toString).containsExactly(
                "shop.json:1:10: event 'r0' is raised here, but no transition of the chart takes it; did you mean 'e0'?",
                "shop.json:1:20: event 'd0' is deferred here, but no transition of the chart takes it", // budget spent
                "shop.json:1:20: event 'e0.x' is never deferred here: the transition at 1:30 has no guard, so it always"
                        + " takes it first");
        // The raises spent the budget for suggestions: the rest are warned without one.
        assertThat(warnings.get(3 * n - 2)).hasToString("shop.json:20000:20: event 'd19999' is deferred here, but no"
                + " transition of the chart takes it");
    }

    @Test
    void warningsComeWithTheProblemsOfAFileThatDoesNotLoad() {
        ChartFileException e = catchThrowableOfType(ChartFileException.class, () -> LOADER.loadChecked("shop.json", """
                {"chart": "shop", "initial": "open", "states": {
                  "open": {"onEntry": {"use": "Raise", "event": "greet"}, "transitions": [{"event": "go", "target": "shot"}]},
                  "shut": {}
                }}
                """));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(
                "shop.json:2:101: unknown state 'shot'; did you mean 'shut'? The chart's states: open, shut");
        assertThat(e.warnings()).extracting(Object::toString).containsExactly(
                "shop.json:2:49: event 'greet' is raised here, but no transition of the chart takes it");
        assertThat(e.getMessage()).doesNotContain("greet");
    }
}
