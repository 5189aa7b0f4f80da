package dev.arbor.io.edit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Adding, renaming and deleting states, making one initial and setting its kind: each edit
 * splices the text, so the file before and after differ only where the edit says.
 */
class StateEditsTest {

    static final String DOOR = """
            {
              "chart": "door",
              "initial": "closed",
              "states": {
                "closed": {
                  "transitions": [
                    {"event": "open", "target": "open"}
                  ]
                },
                "open": {
                  "transitions": [{"event": "close", "target": "closed"}]
                }
              }
            }
            """;

    private static String edit(String text, ChartEdit... edits) {
        ChartDocument d = ChartDocument.of("door.json", text);
        for (ChartEdit e : edits) {
            d = d.apply(e);
        }
        return d.text();
    }

    @Test
    void aStateAddedAtTheTopLevelComesAfterTheLastOneOnALineOfItsOwn() {
        assertThat(edit(DOOR, new ChartEdit.AddState("", "locked"))).isEqualTo("""
                {
                  "chart": "door",
                  "initial": "closed",
                  "states": {
                    "closed": {
                      "transitions": [
                        {"event": "open", "target": "open"}
                      ]
                    },
                    "open": {
                      "transitions": [{"event": "close", "target": "closed"}]
                    },
                    "locked": {}
                  }
                }
                """);
    }

    @Test
    void theFirstChildOfAStateMakesItsStatesLaidOutOverLines() {
        assertThat(edit(DOOR, new ChartEdit.AddState("open", "ajar"), new ChartEdit.AddState("ajar", "creaking")))
                .isEqualTo("""
                        {
                          "chart": "door",
                          "initial": "closed",
                          "states": {
                            "closed": {
                              "transitions": [
                                {"event": "open", "target": "open"}
                              ]
                            },
                            "open": {
                              "transitions": [{"event": "close", "target": "closed"}],
                              "states": {
                                "ajar": {
                                  "states": {
                                    "creaking": {}
                                  }
                                }
                              }
                            }
                          }
                        }
                        """);
    }

    @Test
    void aHistoryStateIsAChildWithItsKind() {
        assertThat(edit(DOOR, new ChartEdit.AddState("open", "ajar"), new ChartEdit.AddHistory("open", "back", true),
                new ChartEdit.AddHistory("open", "last", false))).isEqualTo("""
                {
                  "chart": "door",
                  "initial": "closed",
                  "states": {
                    "closed": {
                      "transitions": [
                        {"event": "open", "target": "open"}
                      ]
                    },
                    "open": {
                      "transitions": [{"event": "close", "target": "closed"}],
                      "states": {
                        "ajar": {},
                        "back": {"kind": "deepHistory"},
                        "last": {"kind": "shallowHistory"}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void deletingTheLastChildTakesTheEmptiedStatesKeyWithIt() {
        String added = edit(DOOR, new ChartEdit.AddState("open", "ajar"));
        assertThat(edit(added, new ChartEdit.DeleteState("ajar"))).isEqualTo(DOOR);
    }

    static final String LAMP = """
            {
              "chart": "lamp",
              "initial": "off",
              "global": {
                "transitions": [{"event": "reset", "target": "off"}]
              },
              "states": {
                "off": {
                  "then": "on",
                  "transitions": [
                    {"event": "flip", "guard": {"allOf": [{"not": {"use": "InState", "state": "off"}}, "Powered"]}, "target": "on"},
                    {"done": "off", "target": ["off", "dim"]}
                  ]
                },
                "on": {
                  "initial": ["dim"],
                  "onEntry": {"use": "Log", "text": "off"},
                  "states": {
                    "dim": {"transitions": [{"when": {"use": "InState", "state": "off"}, "plan": ["off", "dim"]},
                                            {"event": "off done.state.off", "target": "on"}]},
                    "back": {"kind": "deepHistory", "default": "off"}
                  }
                }
              }
            }
            """;

    @Test
    void renamingAStateRenamesEveryPlaceThatNamesItAndNothingElse() {
        // Not renamed: the text of a Log, and the event that happens to be called "off".
        assertThat(edit(LAMP, new ChartEdit.RenameState("off", "dark"))).isEqualTo("""
                {
                  "chart": "lamp",
                  "initial": "dark",
                  "global": {
                    "transitions": [{"event": "reset", "target": "dark"}]
                  },
                  "states": {
                    "dark": {
                      "then": "on",
                      "transitions": [
                        {"event": "flip", "guard": {"allOf": [{"not": {"use": "InState", "state": "dark"}}, "Powered"]}, "target": "on"},
                        {"done": "dark", "target": ["dark", "dim"]}
                      ]
                    },
                    "on": {
                      "initial": ["dim"],
                      "onEntry": {"use": "Log", "text": "off"},
                      "states": {
                        "dim": {"transitions": [{"when": {"use": "InState", "state": "dark"}, "plan": ["dark", "dim"]},
                                                {"event": "off done.state.dark", "target": "on"}]},
                        "back": {"kind": "deepHistory", "default": "dark"}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void renamingBackGivesTheOriginalText() {
        assertThat(edit(LAMP, new ChartEdit.RenameState("on", "lit"), new ChartEdit.RenameState("lit", "on"))).isEqualTo(LAMP);
        assertThat(edit(LAMP, new ChartEdit.RenameState("dim", "dim"))).as("to its own name: no change").isEqualTo(LAMP);
    }

    @Test
    void deletingAStateRemovesTheTransitionsIntoItAndTheInitialsThatNameIt() {
        ChartDocument lamp = ChartDocument.of("lamp.json", LAMP);
        assertThat(lamp.transitionsInto("dim")).containsExactly("off --done off--> off, dim");
        assertThat(lamp.apply(new ChartEdit.DeleteState("dim")).text()).isEqualTo("""
                {
                  "chart": "lamp",
                  "initial": "off",
                  "global": {
                    "transitions": [{"event": "reset", "target": "off"}]
                  },
                  "states": {
                    "off": {
                      "then": "on",
                      "transitions": [
                        {"event": "flip", "guard": {"allOf": [{"not": {"use": "InState", "state": "off"}}, "Powered"]}, "target": "on"}
                      ]
                    },
                    "on": {
                      "onEntry": {"use": "Log", "text": "off"},
                      "states": {
                        "back": {"kind": "deepHistory", "default": "off"}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void deletingAStateRemovesItsThenAndHistoryDefaultsAndAnEmptiedGlobal() {
        ChartDocument lamp = ChartDocument.of("lamp.json", LAMP);
        assertThat(lamp.transitionsInto("off")).containsExactly("global --reset--> off", "dim --when--> off, dim");
        assertThat(lamp.apply(new ChartEdit.DeleteState("off")).text()).isEqualTo("""
                {
                  "chart": "lamp",
                  "states": {
                    "on": {
                      "initial": ["dim"],
                      "onEntry": {"use": "Log", "text": "off"},
                      "states": {
                        "dim": {"transitions": [{"event": "off done.state.off", "target": "on"}]},
                        "back": {"kind": "deepHistory"}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void deletingAStateWithChildrenRemovesTheTransitionsIntoAnyOfThem() {
        ChartDocument lamp = ChartDocument.of("lamp.json", LAMP);
        assertThat(lamp.transitionsInto("on")).containsExactly("off --flip--> on", "off --done off--> off, dim");
        assertThat(lamp.apply(new ChartEdit.DeleteState("on")).text()).isEqualTo("""
                {
                  "chart": "lamp",
                  "initial": "off",
                  "global": {
                    "transitions": [{"event": "reset", "target": "off"}]
                  },
                  "states": {
                    "off": {}
                  }
                }
                """);
    }

    @Test
    void deletingTheOnlyTopLevelStateLeavesAnEmptyStatesObject() {
        assertThat(edit(DOOR, new ChartEdit.DeleteState("open"), new ChartEdit.DeleteState("closed"))).isEqualTo("""
                {
                  "chart": "door",
                  "states": {}
                }
                """);
    }

    @Test
    void theInitialStateIsItsParentsInitialOrTheChartsAtTheTopLevel() {
        assertThat(edit(DOOR, new ChartEdit.SetInitial("open"), new ChartEdit.AddState("open", "ajar"),
                new ChartEdit.AddState("open", "wide"), new ChartEdit.SetInitial("wide"))).isEqualTo("""
                {
                  "chart": "door",
                  "initial": "open",
                  "states": {
                    "closed": {
                      "transitions": [
                        {"event": "open", "target": "open"}
                      ]
                    },
                    "open": {
                      "transitions": [{"event": "close", "target": "closed"}],
                      "initial": "wide",
                      "states": {
                        "ajar": {},
                        "wide": {}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void aKindIsSetAsAKeyAndAnOrdinaryStateHasNone() {
        String parallel = edit(DOOR, new ChartEdit.SetKind("closed", "parallel"), new ChartEdit.SetKind("open", "final"));
        assertThat(parallel).isEqualTo("""
                {
                  "chart": "door",
                  "initial": "closed",
                  "states": {
                    "closed": {
                      "transitions": [
                        {"event": "open", "target": "open"}
                      ],
                      "kind": "parallel"
                    },
                    "open": {
                      "transitions": [{"event": "close", "target": "closed"}],
                      "kind": "final"
                    }
                  }
                }
                """);
        assertThat(edit(parallel, new ChartEdit.SetKind("closed", "state"), new ChartEdit.SetKind("open", "state"))).isEqualTo(DOOR);
    }

    @Test
    void aCompoundStateMadeParallelLosesItsInitialInTheSameEdit() {
        String house = """
                {
                  "chart": "house",
                  "initial": "home",
                  "states": {
                    "home": {
                      "initial": "kitchen",
                      "states": {"kitchen": {}, "garden": {}}
                    }
                  }
                }
                """;
        assertThat(edit(house, new ChartEdit.SetKind("home", "parallel"))).isEqualTo("""
                {
                  "chart": "house",
                  "initial": "home",
                  "states": {
                    "home": {
                      "kind": "parallel",
                      "states": {"kitchen": {}, "garden": {}}
                    }
                  }
                }
                """);
    }
}
