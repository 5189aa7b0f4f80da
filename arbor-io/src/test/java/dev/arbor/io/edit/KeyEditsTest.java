package dev.arbor.io.edit;

import static dev.arbor.io.edit.Edits.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A state's own keys (its actions, behaviours, {@code defer}, …), the global state's, the chart's
 * variables and the chart's top-level keys: set where the key stands, added before a state's
 * children, removed with their line.
 */
class KeyEditsTest {

    static final String SHOP = """
            {
              "chart": "shop",
              "variables": {
                "gold": {"type": "int", "min": 0, "max": 99}
              },
              "initial": "idle",
              "states": {
                "idle": {
                  "onEntry": {"use": "Log", "text": "waits"},
                  "states": {
                    "dozing": {}
                  }
                }
              }
            }
            """;

    private static String edit(String text, ChartEdit... edits) {
        ChartDocument d = ChartDocument.of("shop.json", text);
        for (ChartEdit e : edits) {
            d = d.apply(e);
        }
        return d.text();
    }

    @Test
    void aStatesKeyIsReplacedWhereItStandsAndANewOneGoesBeforeItsChildren() {
        assertThat(edit(SHOP,
                new ChartEdit.SetStateKey("idle", "onEntry", json("[{\"use\": \"Log\", \"text\": \"yawns\"}, {\"use\": \"Raise\", \"event\": \"tired\"}]")),
                new ChartEdit.SetStateKey("idle", "defer", json("\"customer\"")),
                new ChartEdit.SetStateKey("dozing", "onExit", json("{\"use\": \"Log\", \"text\": \"wakes\"}")))).isEqualTo("""
                {
                  "chart": "shop",
                  "variables": {
                    "gold": {"type": "int", "min": 0, "max": 99}
                  },
                  "initial": "idle",
                  "states": {
                    "idle": {
                      "onEntry": [{"use": "Log", "text": "yawns"}, {"use": "Raise", "event": "tired"}],
                      "defer": "customer",
                      "states": {
                        "dozing": {
                          "onExit": {"use": "Log", "text": "wakes"}
                        }
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void aNullValueRemovesTheKeyAndAMissingKeyStaysMissing() {
        assertThat(edit(SHOP, new ChartEdit.SetStateKey("idle", "onEntry", null), new ChartEdit.SetStateKey("idle", "onExit", null)))
                .isEqualTo("""
                        {
                          "chart": "shop",
                          "variables": {
                            "gold": {"type": "int", "min": 0, "max": 99}
                          },
                          "initial": "idle",
                          "states": {
                            "idle": {
                              "states": {
                                "dozing": {}
                              }
                            }
                          }
                        }
                        """);
        ChartDocument d = ChartDocument.of("shop.json", SHOP);
        assertThat(d.apply(new ChartEdit.SetStateKey("dozing", "onExit", null))).as("nothing to remove: the same document").isSameAs(d);
    }

    @Test
    void theGlobalStatesKeysAreTheTopLevelsStateKeys() {
        String set = edit(SHOP, new ChartEdit.SetStateKey("", "onUpdate", json("{\"use\": \"Add\", \"var\": \"gold\", \"amount\": 1}")));
        assertThat(set).isEqualTo("""
                {
                  "chart": "shop",
                  "variables": {
                    "gold": {"type": "int", "min": 0, "max": 99}
                  },
                  "initial": "idle",
                  "global": {
                    "onUpdate": {"use": "Add", "var": "gold", "amount": 1}
                  },
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
        assertThat(edit(set, new ChartEdit.SetStateKey("", "onUpdate", null))).isEqualTo(SHOP);
    }

    @Test
    void aVariableIsDeclaredReplacedAndRemoved() {
        String two = edit(SHOP, new ChartEdit.SetVariable("mood", json("{\"type\": \"enum\", \"values\": [\"calm\", \"grumpy\"]}")),
                new ChartEdit.SetVariable("gold", json("{\"type\": \"int\", \"min\": 0, \"max\": 999, \"initial\": 20}")));
        assertThat(two).isEqualTo("""
                {
                  "chart": "shop",
                  "variables": {
                    "gold": {"type": "int", "min": 0, "max": 999, "initial": 20},
                    "mood": {"type": "enum", "values": ["calm", "grumpy"]}
                  },
                  "initial": "idle",
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
        assertThat(edit(two, new ChartEdit.SetVariable("gold", null))).isEqualTo("""
                {
                  "chart": "shop",
                  "variables": {
                    "mood": {"type": "enum", "values": ["calm", "grumpy"]}
                  },
                  "initial": "idle",
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void removingTheLastVariableRemovesTheVariablesKeyAndTheFirstOneMakesIt() {
        String none = edit(SHOP, new ChartEdit.SetVariable("gold", null));
        assertThat(none).isEqualTo("""
                {
                  "chart": "shop",
                  "initial": "idle",
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
        assertThat(edit(none, new ChartEdit.SetVariable("gold", json("{\"type\": \"int\", \"min\": 0, \"max\": 99}")))).isEqualTo("""
                {
                  "chart": "shop",
                  "initial": "idle",
                  "variables": {
                    "gold": {"type": "int", "min": 0, "max": 99}
                  },
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
    }

    @Test
    void theChartsKeysAreSetBeforeItsStatesAndRemovedWithTheirLine() {
        assertThat(edit(SHOP, new ChartEdit.SetChartKey("chart", json("\"market\"")),
                new ChartEdit.SetChartKey("components", json("[\"arbor\", \"market\"]")),
                new ChartEdit.SetChartKey("initial", null))).isEqualTo("""
                {
                  "chart": "market",
                  "variables": {
                    "gold": {"type": "int", "min": 0, "max": 99}
                  },
                  "components": ["arbor", "market"],
                  "states": {
                    "idle": {
                      "onEntry": {"use": "Log", "text": "waits"},
                      "states": {
                        "dozing": {}
                      }
                    }
                  }
                }
                """);
    }
}
