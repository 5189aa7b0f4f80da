package dev.arbor.io.edit;

import static dev.arbor.io.edit.Edits.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Adding, replacing and removing a state's transitions: a new one goes on a line of its own in a
 * list laid out over lines and after a comma in a list on one line; the first one makes the
 * {@code transitions} key, and removing the last one takes the key away again.
 */
class TransitionEditsTest {

    static final String GUARD = """
            {
              "chart": "guard",
              "initial": "patrol",
              "states": {
                "patrol": {
                  "transitions": [
                    {"event": "enemy", "target": "fight"},
                    {"after": 30, "target": "rest"}
                  ]
                },
                "fight": {"transitions": [{"event": "won", "target": "patrol"}]},
                "rest": {}
              }
            }
            """;

    private static String edit(ChartEdit... edits) {
        ChartDocument d = ChartDocument.of("guard.json", GUARD);
        for (ChartEdit e : edits) {
            d = d.apply(e);
        }
        return d.text();
    }

    @Test
    void aTransitionIsAppendedInTheLayoutOfItsList() {
        assertThat(edit(new ChartEdit.AddTransition("patrol", object("{\"event\": \"hurt\", \"target\": \"rest\"}")),
                new ChartEdit.AddTransition("fight", object("{\"event\": \"lost\", \"target\": \"rest\"}")))).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"event": "enemy", "target": "fight"},
                        {"after": 30, "target": "rest"},
                        {"event": "hurt", "target": "rest"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "patrol"}, {"event": "lost", "target": "rest"}]},
                    "rest": {}
                  }
                }
                """);
    }

    @Test
    void theFirstTransitionOfAStateMakesItsListOverLines() {
        String added = edit(new ChartEdit.AddTransition("rest", object("{\"after\": 10, \"target\": \"patrol\"}")));
        assertThat(added).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"event": "enemy", "target": "fight"},
                        {"after": 30, "target": "rest"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "patrol"}]},
                    "rest": {
                      "transitions": [
                        {"after": 10, "target": "patrol"}
                      ]
                    }
                  }
                }
                """);
        assertThat(ChartDocument.of("guard.json", added).apply(new ChartEdit.RemoveTransition("rest", 0)).text()).isEqualTo(GUARD);
    }

    @Test
    void theGlobalStatesFirstTransitionMakesItsGlobalBeforeTheStates() {
        String added = edit(new ChartEdit.AddTransition("", object("{\"event\": \"reset\", \"target\": \"patrol\"}")));
        assertThat(added).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "global": {
                    "transitions": [
                      {"event": "reset", "target": "patrol"}
                    ]
                  },
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"event": "enemy", "target": "fight"},
                        {"after": 30, "target": "rest"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "patrol"}]},
                    "rest": {}
                  }
                }
                """);
        assertThat(ChartDocument.of("guard.json", added).apply(new ChartEdit.RemoveTransition("", 0)).text())
                .as("the emptied global goes").isEqualTo(GUARD);
    }

    @Test
    void aTransitionIsReplacedWhereItStands() {
        assertThat(edit(new ChartEdit.SetTransition("patrol", 1, object("{\"after\": 45, \"target\": \"rest\", \"kind\": \"local\"}")),
                new ChartEdit.SetTransition("fight", 0, object("{\"event\": \"won\", \"target\": \"rest\"}")))).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"event": "enemy", "target": "fight"},
                        {"after": 45, "target": "rest", "kind": "local"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "rest"}]},
                    "rest": {}
                  }
                }
                """);
    }

    @Test
    void aLongTransitionIsLaidOutOverLinesAtItsIndentation() {
        String action = "{\"use\": \"Log\", \"text\": \"a patrolling guard spots an enemy and draws a sword\"}";
        assertThat(edit(new ChartEdit.SetTransition("patrol", 0,
                object("{\"event\": \"enemy\", \"action\": " + action + ", \"target\": \"fight\"}")))).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {
                          "event": "enemy",
                          "action": {"use": "Log", "text": "a patrolling guard spots an enemy and draws a sword"},
                          "target": "fight"
                        },
                        {"after": 30, "target": "rest"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "patrol"}]},
                    "rest": {}
                  }
                }
                """);
    }

    @Test
    void aTransitionIsRemovedWithItsCommaAndItsLine() {
        assertThat(edit(new ChartEdit.RemoveTransition("patrol", 0))).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"after": 30, "target": "rest"}
                      ]
                    },
                    "fight": {"transitions": [{"event": "won", "target": "patrol"}]},
                    "rest": {}
                  }
                }
                """);
        assertThat(edit(new ChartEdit.RemoveTransition("patrol", 1), new ChartEdit.RemoveTransition("fight", 0))).isEqualTo("""
                {
                  "chart": "guard",
                  "initial": "patrol",
                  "states": {
                    "patrol": {
                      "transitions": [
                        {"event": "enemy", "target": "fight"}
                      ]
                    },
                    "fight": {},
                    "rest": {}
                  }
                }
                """);
    }

    @Test
    void anAddedTransitionRemovedAgainLeavesTheTextAsItWas() {
        for (String state : new String[] {"patrol", "fight", "rest", ""}) {
            ChartDocument d = ChartDocument.of("guard.json", GUARD);
            int count = state.equals("patrol") ? 2 : state.equals("fight") ? 1 : 0;
            ChartDocument added = d.apply(new ChartEdit.AddTransition(state, object("{\"event\": \"x\"}")));
            assertThat(added.apply(new ChartEdit.RemoveTransition(state, count)).text()).as(state).isEqualTo(GUARD);
        }
    }
}
