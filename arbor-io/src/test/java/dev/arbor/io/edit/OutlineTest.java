package dev.arbor.io.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The outline: what the file declares, in file order, each with the line and column of its key. */
class OutlineTest {

    static final String FILE = """
            {
              "chart": "guard",
              "variables": {
                "alert": "bool"
              },
              "initial": "duty",
              "global": {"onUpdate": "Tick", "transitions": [{"event": "reset", "target": "duty"}]},
              "states": {
                "duty": {
                  "defer": "lunch nap",
                  "transitions": [
                    {"event": "enemy seen", "target": "fight"},
                    {"after": 5, "action": {"use": "Raise", "event": "yawn"}}
                  ],
                  "states": {
                    "walk": {"onEntry": [{"use": "Send", "event": "report", "to": 2}]},
                    "back": {"kind": "shallowHistory", "default": "walk"}
                  }
                },
                "fight": {"kind": "final"}
              }
            }
            """;

    @Test
    void theOutlineListsStatesTransitionsVariablesAndEveryEventNamed() {
        Outline o = ChartDocument.of("guard.json", FILE).outline();
        assertThat(o.chart()).isEqualTo("guard");
        assertThat(o.states()).containsExactly(
                new Outline.State("duty", "", "state", true, 9, 5, Map.of("defer", "\"lunch nap\""), List.of(
                        new Outline.Transition(0, "{\"event\":\"enemy seen\",\"target\":\"fight\"}", 12, 9),
                        new Outline.Transition(1, "{\"after\":5,\"action\":{\"use\":\"Raise\",\"event\":\"yawn\"}}", 13, 9))),
                new Outline.State("walk", "duty", "state", true, 16, 9,
                        Map.of("onEntry", "[{\"use\":\"Send\",\"event\":\"report\",\"to\":2}]"), List.of()),
                new Outline.State("back", "duty", "shallowHistory", false, 17, 9,
                        Map.of("kind", "\"shallowHistory\"", "default", "\"walk\""), List.of()),
                new Outline.State("fight", "", "final", false, 20, 5, Map.of("kind", "\"final\""), List.of()));
        assertThat(o.states().get(2).keys().keySet()).as("in file order").containsExactly("kind", "default");
        assertThat(o.variables()).containsExactly(new Outline.Variable("alert", "\"bool\"", 4, 5));
        assertThat(o.events()).containsExactly("enemy", "lunch", "nap", "report", "reset", "seen", "yawn");
        assertThat(o.global()).isEqualTo(new Outline.State("", "", "global", false, 7, 3, Map.of("onUpdate", "\"Tick\""),
                List.of(new Outline.Transition(0, "{\"event\":\"reset\",\"target\":\"duty\"}", 7, 50))));
    }

    @Test
    void aTopLevelStateWithoutAnInitialIsInitialWhenItIsTheOnlyOne() {
        Outline o = ChartDocument.of("one.json", "{\"chart\": \"one\", \"states\": {\"only\": {}}}").outline();
        assertThat(o.states()).extracting(Outline.State::initial).containsExactly(true);
        assertThat(o.global()).isEqualTo(new Outline.State("", "", "global", false, 1, 1, Map.of(), List.of()));
        assertThat(o.variables()).isEmpty();
        assertThat(o.events()).isEmpty();
    }

    @Test
    void transitionsIntoAStateAreThoseItsDeletionWouldRemove() {
        ChartDocument d = ChartDocument.of("guard.json", FILE);
        assertThat(d.transitionsInto("fight")).containsExactly("duty --enemy seen--> fight");
        assertThat(d.transitionsInto("duty")).as("its own and its children's go with it").containsExactly("global --reset--> duty");
        assertThat(d.transitionsInto("walk")).isEmpty();
    }
}
