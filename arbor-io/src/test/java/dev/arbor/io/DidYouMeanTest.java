package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.arbor.core.Behavior;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A misspelt name is answered with the name it most likely meant (edit distance, case ignored,
 * within a third of its length) before the list of valid ones: states, components, properties
 * and keys. A misspelt property is reported beside the one the component then misses.
 */
class DidYouMeanTest {

    /** {@code {"use": "WalkTo", "speed": 2, "x": 10}}: a behaviour whose record needs both. */
    record WalkTo(double speed, int x) implements Behavior<Bot> {}

    private static ComponentRegistry<Bot> components() {
        return Bot.components().behavior("WalkTo", WalkTo.class);
    }

    @Test
    void theNearestNameIsByEditDistanceIgnoringCaseAndOnlyWhenNear() {
        List<String> states = List.of("closed", "opened", "broken");
        assertThat(NearestName.editDistance("kitten", "sitting")).isEqualTo(3);
        assertThat(NearestName.editDistance("", "abc")).isEqualTo(3);
        assertThat(NearestName.among("OPENED", states)).isEqualTo("opened");
        assertThat(NearestName.among("clsoed", states)).isEqualTo("closed");
        assertThat(NearestName.editDistance("wlak", "walk")).as("a swap of neighbours is one edit").isEqualTo(1);
        assertThat(NearestName.editDistance("ca", "abc")).as("no swap then insertion across the same letters").isEqualTo(3);
        assertThat(NearestName.among("idel", List.of("idle", "walk"))).as("four letters allow one edit: the swap").isEqualTo("idle");
        assertThat(NearestName.among("ajar", states)).isNull();
        assertThat(NearestName.among("x", List.of("a", "b"))).isEqualTo("a"); // a tie: the first in order
        assertThat(NearestName.among("opened", states)).isNull(); // the name itself is no suggestion
    }

    @Test
    void aMisspeltPropertyIsReportedBesideTheMissingOne() {
        assertThat(Problems.of(ChartLoader.of(components()), """
                {"chart": "npc", "initial": "walk", "states": {
                  "walk": {"use": {"use": "WalkTo", "x": 10, "sped": 2}}
                }}
                """)).containsExactly(
                "npc.json:2:19: behaviour 'WalkTo' needs property 'speed'; its properties: speed, x",
                "npc.json:2:46: behaviour 'WalkTo' has no property 'sped'; did you mean 'speed'? Its properties: speed, x");
    }

    @Test
    void everyUnknownPropertyIsReportedWithEveryMissingOne() {
        assertThat(Problems.of(ChartLoader.of(components()), """
                {"chart": "npc", "initial": "walk", "states": {
                  "walk": {"use": {"use": "WalkTo", "sped": 2, "y": 3, "volume": 11}}
                }}
                """)).containsExactly(
                "npc.json:2:19: behaviour 'WalkTo' needs property 'speed'; its properties: speed, x",
                "npc.json:2:19: behaviour 'WalkTo' needs property 'x'; its properties: speed, x",
                "npc.json:2:37: behaviour 'WalkTo' has no property 'sped'; did you mean 'speed'? Its properties: speed, x",
                "npc.json:2:48: behaviour 'WalkTo' has no property 'y'; did you mean 'x'? Its properties: speed, x",
                "npc.json:2:56: behaviour 'WalkTo' has no property 'volume'; its properties: speed, x");
    }

    @Test
    void anUnknownPropertyBesideAWrongValueIsReportedToo() {
        assertThat(Problems.of(ChartLoader.of(components()), """
                {"chart": "npc", "initial": "walk", "states": {
                  "walk": {"use": {"use": "WalkTo", "speed": "fast", "x": 1, "z": 0}}
                }}
                """)).containsExactly(
                "npc.json:2:46: behaviour 'WalkTo': property 'speed' must be a number, not \"fast\"",
                "npc.json:2:62: behaviour 'WalkTo' has no property 'z'; did you mean 'x'? Its properties: speed, x");
    }

    @Test
    void aComponentRegisteredAsAnInstanceReportsEachPropertyGiven() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {"onEntry": {"use": "Bye", "loud": true, "twice": true}}}}
                """)).containsExactly(
                "npc.json:1:77: action 'Bye' has no property 'loud'; it takes no properties",
                "npc.json:1:91: action 'Bye' has no property 'twice'; it takes no properties");
    }

    @Test
    void anUnknownStateSuggestsTheNearest() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {
                  "idle": {"transitions": [{"event": "go", "target": "Walking"}]},
                  "walking": {"then": "idl"}
                }}
                """)).containsExactly(
                "npc.json:2:54: unknown state 'Walking'; did you mean 'walking'? The chart's states: idle, walking",
                "npc.json:3:23: unknown state 'idl'; did you mean 'idle'? The chart's states: idle, walking");
    }

    @Test
    void anUnknownComponentSuggestsTheNearestOfItsKind() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {
                  "onEntry": "Says",
                  "use": {"use": "Pauses", "ticks": 3},
                  "transitions": [{"event": "go", "guard": "Alarmd", "target": "a"}]
                }}}
                """)).containsExactly(
                "npc.json:2:14: unknown action 'Says'; did you mean 'Say'? Registered actions: Bye, GoTo, Log, Raise, Say",
                "npc.json:3:18: unknown behaviour 'Pauses'; did you mean 'Pause'? Registered behaviours: Attack, MoveTo, Pause",
                "npc.json:4:44: unknown condition 'Alarmd'; did you mean 'Alarmed'? Registered conditions: Alarmed,"
                        + " EventNamed, FlagSet, XAtLeast");
    }

    @Test
    void aFileOfThousandsOfUnknownNamesIsAnsweredQuicklyWithTheFirstSuggestions() {
        int n = 20_000;
        StringBuilder json = new StringBuilder("{\"chart\": \"npc\", \"initial\": [");
        for (int i = 0; i < n; i++) {
            json.append(i == 0 ? "" : ",").append("\"x").append(i).append('"');
        }
        json.append("], \"states\": {");
        for (int i = 0; i < n; i++) {
            json.append(i == 0 ? "" : ",").append("\"s").append(i).append("\": {}");
        }
        json.append("}}");
        // Each unknown name compared with every state takes over a minute: the suggestions have a budget.
        List<String> problems = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Problems.of(json.toString()));
        assertThat(problems).hasSize(n);
        assertThat(problems.get(0)).startsWith("npc.json:1:30: unknown state 'x0'; did you mean 's0'? The chart's states:"
                + " s0, s1, s2,");
        assertThat(problems.get(n - 1)).startsWith("npc.json:1:" + (json.indexOf("\"x19999\"") + 1) + ": unknown state"
                + " 'x19999'; the chart's states: s0, s1, s2,").endsWith(", ... (20000 in all)");
    }

    @Test
    void anUnknownKeySuggestsTheNearest() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "a", "states": {"a": {
                  "transitions": [{"event": "go", "traget": "a"}],
                  "defr": "dusk"
                }}}
                """)).containsExactly(
                "npc.json:2:35: unknown key 'traget' in a transition; did you mean 'target'? Valid keys: event, any,"
                        + " done, childFinished, when, always, after, guard, action, target, plan, resumeAfter, kind",
                "npc.json:3:3: unknown key 'defr' in state 'a'; did you mean 'defer'? Valid keys: kind, initial,"
                        + " initialAction, onEntry, onExit, onUpdate, use, handler, then, defer, transitions, states");
    }
}
