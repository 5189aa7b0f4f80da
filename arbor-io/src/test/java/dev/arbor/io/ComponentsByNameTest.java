package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's components configured by designers: a file names a registered behaviour, condition,
 * action or handler and gives its properties, which Jackson binds onto the component's record
 * components or public fields. Every mistake is reported at its place with the valid choices.
 */
class ComponentsByNameTest {

    static Chart<Bot> load(String json) {
        return ChartLoader.of(Bot.components()).load("npc.json", json);
    }

    static List<String> run(Chart<Bot> chart, int ticks, String... events) {
        Bot bot = new Bot();
        Machine<Bot> m = chart.newMachine(bot);
        m.addListener(bot);
        m.start();
        for (int i = 0; i < ticks; i++) {
            m.update();
        }
        for (String e : events) {
            m.fire(e);
        }
        return bot.take();
    }

    @Test
    void recordComponentsAndPublicFieldsAreBoundFromTheFile() {
        Chart<Bot> chart = load("""
                {
                  "chart": "npc",
                  "initial": "walk",
                  "states": {
                    "walk": {"use": {"use": "MoveTo", "target": 2}, "onEntry": {"use": "Say", "text": "off I go"}, "then": "rest"},
                    "rest": {"onEntry": "Say"}
                  }
                }
                """);
        assertThat(run(chart, 2)).containsExactly(
                "enter root", "enter walk", "say off I go", "move to 2 from 0",
                "event done.state.walk", "exit walk", "transition walk done(walk) -> rest", "enter rest",
                "say hello"); // a field the file leaves out keeps its initial value
    }

    @Test
    void componentsPrintAsTheFileConfiguredThem() {
        // Diagrams label guards and actions with their toString(): the name, then the properties as written.
        assertThat(ChartLoader.of(Bot.components()).handedComponents("npc.json", """
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {
                    "a": {
                      "use": [{"use": "MoveTo", "target": 2}, {"use": "Pause", "ticks": 1}],
                      "onEntry": "Say",
                      "transitions": [{"event": "go",
                        "guard": {"allOf": [{"use": "FlagSet", "name": "armed"}, {"not": "Alarmed"}]},
                        "action": [{"use": "Log", "text": "went"}, "Bye"], "target": "b"}]
                    },
                    "b": {"handler": "Echo"}
                  }
                }
                """)).containsExactly(
                "onEntry Say",
                "use MoveTo{target=2}",
                "use Pause{ticks=1}",
                "guard allOf(FlagSet{name=\"armed\"}, not(Alarmed))",
                "action Log{text=\"went\"}",
                "action Bye",
                "handler Echo");
    }

    @Test
    void theConfiguredComponentsRunWhereTheFileSays() {
        Chart<Bot> chart = load("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {"transitions": [{"event": "go",
                     "guard": {"allOf": [{"use": "FlagSet", "name": "armed"}, {"not": "Alarmed"}]},
                     "action": [{"use": "Log", "text": "went"}, "Bye"], "target": "b"}]}, "b": {"handler": "Echo"}}
                }
                """);
        Bot bot = new Bot();
        Machine<Bot> m = chart.newMachine(bot);
        m.addListener(bot);
        m.start();
        m.fire("go");
        bot.flags.add("armed");
        m.fire("go");
        m.fire("echo");
        assertThat(bot.take()).containsExactly("enter root", "enter a",
                "event go", "unhandled go",
                "event go", "exit a", "transition a \"go\" -> b", "went (go)", "bye", "enter b",
                "event echo", "echo", "internal b echo");
    }

    @Test
    void anUnknownComponentNameListsTheRegisteredOnes() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {"use": {"use": "Walk", "speed": 2.5}, "onExit": "Shout"}}
                }
                """)).containsExactly(
                "npc.json:4:35: unknown behaviour 'Walk'; registered behaviours: Attack, MoveTo, Pause",
                "npc.json:4:68: unknown action 'Shout'; registered actions: Bye, GoTo, Log, Raise, Say");
    }

    @Test
    void eachKindOfComponentHasItsOwnNames() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {"transitions": [{"when": "MoveTo", "target": "a"}]}}}
                """)).containsExactly(
                "npc.json:1:76: unknown condition 'MoveTo'; registered conditions: Alarmed, EventNamed, FlagSet, XAtLeast");
    }

    @Test
    void anUnknownPropertyListsTheComponentsProperties() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {"onEntry": {"use": "Say", "txt": "hi"}, "use": {"use": "MoveTo", "target": 1, "speed": 2}}}
                }
                """)).containsExactly(
                "npc.json:4:46: action 'Say' has no property 'txt'; did you mean 'text'? Its properties: text",
                "npc.json:4:98: behaviour 'MoveTo' has no property 'speed'; its properties: target");
    }

    @Test
    void illTypedPropertiesAreReportedAtTheValue() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {
                    "a": {"use": {"use": "MoveTo", "target": "far"}},
                    "b": {"use": {"use": "MoveTo", "target": 2.5}},
                    "c": {"use": {"use": "Pause", "ticks": "3"}},
                    "d": {"onEntry": {"use": "Say", "text": 1}},
                    "e": {"onEntry": {"use": "Say", "text": null}}
                  },
                  "allowUnreachable": true
                }
                """)).containsExactly(
                "npc.json:5:46: behaviour 'MoveTo': property 'target' must be an integer, not \"far\"",
                "npc.json:6:46: behaviour 'MoveTo': property 'target' must be an integer, not 2.5",
                "npc.json:7:44: behaviour 'Pause': property 'ticks' must be an integer, not \"3\"",
                "npc.json:8:45: action 'Say': property 'text' must be a string, not 1",
                "npc.json:9:45: action 'Say': property 'text' must be a string, not null");
    }

    @Test
    void aNumberOutOfRangeIsReportedAtTheValueLikeOtherTypeErrors() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {
                    "a": {"use": {"use": "MoveTo", "target": 1e20}},
                    "b": {"use": {"use": "MoveTo", "target": 100000000000000000000}},
                    "c": {"use": {"use": "Pause", "ticks": 3000000000}}
                  },
                  "allowUnreachable": true
                }
                """)).containsExactly(
                "npc.json:5:46: behaviour 'MoveTo': property 'target' must be an integer, not 1.0E20",
                "npc.json:6:46: behaviour 'MoveTo': property 'target' must be an integer from -2147483648 to 2147483647,"
                        + " not 100000000000000000000",
                "npc.json:7:44: behaviour 'Pause': property 'ticks' must be an integer from -2147483648 to 2147483647,"
                        + " not 3000000000");
    }

    @Test
    void longValuesAreCutShortInMessagesAndLabels() {
        String huge = "x".repeat(1_000_000);
        assertThat(Problems.of("{\"chart\": \"npc\", \"initial\": \"a\", \"states\": {\"a\": {\"kind\": \"" + huge + "\"}},"
                + " \"errorPolicy\": [\"" + huge + "\"], \"maxMicrosteps\": \"" + huge + "\", \"allowUnreachable\": \"" + huge + "\","
                + " \"onUnhandled\": {\"use\": \"Say\", \"text\": " + "1".repeat(900) + "}}"))
                .allSatisfy(line -> assertThat(line).hasSizeLessThan(200))
                .containsExactly(
                        "npc.json:1:59: \"kind\" must be one of state, parallel, final, shallowHistory, deepHistory,"
                                + " not \"" + "x".repeat(60) + "\u2026 (1000000 characters)",
                        "npc.json:1:1000080: \"errorPolicy\" must be a string, not [\"" + "x".repeat(58) + "\u2026 (1000004 characters)",
                        "npc.json:1:2000103: \"maxMicrosteps\" must be a whole number from 1 to 2147483647, not \""
                                + "x".repeat(60) + "\u2026 (1000000 characters)",
                        "npc.json:1:3000127: \"allowUnreachable\" must be true or false, not \""
                                + "x".repeat(60) + "\u2026 (1000000 characters)",
                        "npc.json:1:4000169: action 'Say': property 'text' must be a string, not "
                                + "1".repeat(60) + "\u2026 (900 characters)");
        assertThat(ChartLoader.of(Bot.components()).handedComponents("npc.json", """
                {"chart": "npc", "initial": "a", "states": {"a": {"onEntry": {"use": "Say", "text": "%s"}}}}
                """.formatted(huge))).containsExactly("onEntry Say{text=\"" + "x".repeat(60) + "\u2026 (1000000 characters)}");
    }

    @Test
    void everyRecordComponentIsRequired() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {"use": {"use": "MoveTo"}}}
                }
                """)).containsExactly("npc.json:4:27: behaviour 'MoveTo' needs property 'target'; its properties: target");
    }

    @Test
    void aComponentRegisteredAsAnInstanceTakesNoProperties() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {"onExit": {"use": "Bye", "loud": true}}}}
                """)).containsExactly("npc.json:1:76: action 'Bye' has no property 'loud'; it takes no properties");
    }

    @Test
    void componentsAreUsedOnlyWhereTheyCanRun() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {
                    "onEntry": {"use": "Log", "text": "needs an event"},
                    "initialAction": {"use": "Raise", "event": "x"},
                    "transitions": [{"when": {"use": "EventNamed", "name": "x"}, "target": "a"}]
                  }}
                }
                """)).containsExactly(
                "npc.json:5:16: action 'Log{text=\"needs an event\"}' needs an event, so it can only run on a transition,"
                        + " not in \"onEntry\"",
                "npc.json:6:22: action 'Raise{event=\"x\"}' needs the machine, which \"initialAction\" does not give",
                "npc.json:7:30: condition 'EventNamed{name=\"x\"}' looks at the event, so it can only be an event"
                        + " transition's \"guard\"");
    }

    @Test
    void aComponentMustBeANameOrAnObjectWithUse() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {"use": 3, "onEntry": {"text": "hi"}, "onExit": {"use": 4}}}}
                """)).containsExactly(
                "npc.json:1:58: a behaviour is a name or {\"use\": \"NAME\", ...properties}, not 3",
                "npc.json:1:72: an action is written {\"use\": \"NAME\", ...properties}; \"use\" must name a registered action",
                "npc.json:1:106: an action is written {\"use\": \"NAME\", ...properties}; \"use\" must name a registered action, not 4");
    }

    /** A component that checks its own properties. */
    record Patrol(int laps) implements Behavior<Bot> {
        Patrol {
            if (laps < 1) {
                throw new IllegalArgumentException("laps must be at least 1, not " + laps);
            }
        }
    }

    /** A component Jackson cannot make: no record, no default constructor. */
    static final class Stubborn implements Behavior<Bot> {
        Stubborn(int x) {
        }
    }

    @Test
    void aComponentThatRejectsItsPropertiesOrCannotBeMadeIsReported() {
        ChartLoader<Bot> loader = ChartLoader.of(Bot.components()
                .behavior("Patrol", Patrol.class)
                .behavior("Stubborn", Stubborn.class));
        assertThat(Problems.of(loader, """
                {"chart": "npc", "initial": "a", "states": {
                  "a": {"use": {"use": "Patrol", "laps": 0}},
                  "b": {"use": "Stubborn"}
                }, "allowUnreachable": true}
                """)).containsExactly(
                "npc.json:2:16: behaviour 'Patrol' rejected its properties: laps must be at least 1, not 0",
                "npc.json:3:16: behaviour 'Stubborn' cannot be made from a file (make it a record, or give it a public"
                        + " no-argument constructor): Cannot construct instance of `dev.arbor.io.ComponentsByNameTest$Stubborn`"
                        + " (although at least one Creator exists): cannot deserialize from Object value"
                        + " (no delegate- or property-based Creator)");
    }

    @Test
    void theRegistryRefusesWhatAFileCouldNeverUse() {
        assertThatThrownBy(() -> ComponentRegistry.<Bot>create().action("Odd", String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("component 'Odd': java.lang.String implements none of StateAction, MachineStateAction, Action, MachineAction");
        assertThatThrownBy(() -> Bot.components().behavior("MoveTo", Bot.Pause.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a behaviour named 'MoveTo' is already registered");
    }
}
