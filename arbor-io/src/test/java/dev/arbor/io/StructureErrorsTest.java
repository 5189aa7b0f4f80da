package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Mistakes in the chart itself: unknown keys, wrong types, bad targets, and the rules arbor-core's
 * compiler enforces (missing initial, duplicate names, ...), each mapped back to the place in the
 * file. A file's problems are all reported together, in file order.
 */
class StructureErrorsTest {

    @Test
    void anUnknownTargetIsReportedWhereItIsNamedWithTheChartsStates() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {
                    "idle": {"transitions": [{"event": "go", "target": "walk"}], "then": "idle"},
                    "walking": {"transitions": [{"event": "stop", "plan": ["idle", "sleep"]}]},
                    "h": {"kind": "deepHistory", "default": ["nowhere"]}
                  }
                }
                """)).containsExactly(
                "npc.json:5:56: unknown state 'walk'; the chart's states: idle, walking, h",
                "npc.json:6:68: unknown state 'sleep'; the chart's states: idle, walking, h",
                "npc.json:7:46: unknown state 'nowhere'; the chart's states: idle, walking, h");
    }

    @Test
    void compilerRulesAreReportedAtTheOffendingState() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "duty",
                  "states": {
                    "duty": {
                      "states": {"patrol": {}, "guard": {}}
                    },
                    "rest": {
                      "initial": "patrol",
                      "states": {"patrol": {}, "nap": {}}
                    },
                    "gone": {"kind": "final", "states": {"ghost": {}}}
                  },
                  "allowUnreachable": true
                }
                """)).containsExactly(
                "npc.json:5:5: state 'duty': a compound state with 2 children (patrol, guard) must name its initial child",
                "npc.json:8:5: state 'rest': initial target 'patrol' is not a descendant of 'rest'", // the first patrol
                "npc.json:10:18: state 'patrol': the key patrol is declared more than once",
                "npc.json:12:5: state 'gone': a final state cannot have children");
    }

    @Test
    void unreachableStatesAreAProblemUnlessAllowed() {
        String chart = """
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {}, "b": {}}
                }
                """;
        assertThat(Problems.of(chart)).containsExactly("npc.json:4:23: state 'b': nothing leads to it from the"
                + " chart's start (no \"initial\", \"target\", \"plan\" or \"then\" names it); if only the game's code moves"
                + " machines there (goTo, push), add \"allowUnreachable\": true to the chart");
        assertThat(ChartLoader.of(Bot.components())
                .load("npc.json", chart.replace("\"initial\"", "\"allowUnreachable\": true, \"initial\"")).stateCount())
                .isEqualTo(3);
    }

    @Test
    void unknownKeysListTheValidOnes() {
        assertThat(Problems.of("""
                {
                  "chart": "npc", "intial": "a",
                  "states": {"a": {"onEnter": "Bye", "transitions": [{"event": "x", "targets": "a"}]}}
                }
                """)).containsExactly(
                "npc.json:2:19: unknown key 'intial' in the chart; did you mean 'initial'? Valid keys: $schema, chart, components, errorPolicy,"
                        + " updateOrder, unknownEvents, maxMicrosteps, deferLimit, pushLimit, allowUnreachable, onUnhandled, initial,"
                        + " initialAction, global, states, variables",
                "npc.json:3:20: unknown key 'onEnter' in state 'a'; did you mean 'onEntry'? Valid keys: kind, initial, initialAction, onEntry,"
                        + " onExit, onUpdate, use, handler, then, defer, transitions, states",
                "npc.json:3:69: unknown key 'targets' in a transition; did you mean 'target'? Valid keys: event, any, done, childFinished, when,"
                        + " always, after, guard, action, target, plan, resumeAfter, kind");
    }

    @Test
    void wrongTypesAndValuesAreReportedAtTheValue() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "errorPolicy": "ignore",
                  "maxMicrosteps": 0,
                  "allowUnreachable": "yes",
                  "initial": 3,
                  "states": {
                    "a": {"kind": "compound", "transitions": {"event": "x"}},
                    "b": []
                  }
                }
                """)).containsExactly(
                "npc.json:1:1: chart 'npc': it has 2 top-level states (a, b); its \"initial\" must name the one it starts in",
                "npc.json:3:18: \"errorPolicy\" must be one of rethrow, raiseErrorEvent, not \"ignore\"",
                "npc.json:4:20: \"maxMicrosteps\" must be a whole number from 1 to 2147483647, not 0",
                "npc.json:5:23: \"allowUnreachable\" must be true or false, not \"yes\"",
                "npc.json:6:14: \"initial\" must be a state's name or a non-empty list of names, not 3",
                "npc.json:8:19: \"kind\" must be one of state, parallel, final, shallowHistory, deepHistory, not \"compound\"",
                "npc.json:8:46: \"transitions\" must be a list of transitions, not an object",
                "npc.json:9:10: state 'b' must be an object, not a list");
    }

    @Test
    void aTransitionHasExactlyOneTrigger() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {"a": {"transitions": [
                    {"target": "a"},
                    {"event": "x", "always": true, "target": "a"},
                    {"when": "Alarmed", "guard": "Alarmed", "target": "a"},
                    {"any": false},
                    {"done": 3},
                    {"event": " "},
                    {"event": "x", "target": "a", "plan": ["a"]},
                    {"event": "x", "target": "a", "kind": "internal"}
                  ]}}
                }
                """)).containsExactly(
                "npc.json:5:5: a transition needs a trigger: one of event, any, done, childFinished, when, always, after",
                "npc.json:6:5: a transition has one trigger, not event and always",
                "npc.json:7:25: a polled transition lists all its conditions in \"when\"; it takes no \"guard\"",
                "npc.json:8:13: \"any\" must be true, not false",
                "npc.json:9:14: \"done\" must be true (this state's completion) or a state's name, not 3",
                "npc.json:10:15: \"event\" must name at least one event",
                "npc.json:11:35: a transition has a \"target\" or a \"plan\", not both (a plan's first step is its target)",
                "npc.json:12:43: an internal transition has no target");
    }

    @Test
    void everyProblemInAFileIsReportedAtOnceInFileOrder() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "a",
                  "states": {
                    "a": {"use": {"use": "MoveTo", "target": "x"}, "transitions": [{"event": "go", "target": "zz"}]},
                    "b": {"states": {"b1": {}, "b2": {}}, "onExit": "Nope"}
                  },
                  "global": {"onEntry": {"use": "Say", "volume": 11}}
                }
                """)).containsExactly(
                "npc.json:5:46: behaviour 'MoveTo': property 'target' must be an integer, not \"x\"",
                "npc.json:5:94: unknown state 'zz'; the chart's states: a, b, b1, b2",
                "npc.json:6:5: state 'b': a compound state with 2 children (b1, b2) must name its initial child",
                "npc.json:6:53: unknown action 'Nope'; registered actions: Bye, GoTo, Log, Raise, Say",
                "npc.json:8:40: action 'Say' has no property 'volume'; its properties: text");
    }
}
