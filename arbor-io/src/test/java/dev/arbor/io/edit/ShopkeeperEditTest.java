package dev.arbor.io.edit;

import static dev.arbor.io.edit.Edits.object;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import org.junit.jupiter.api.Test;

/**
 * Edits on the documented example, {@code docs/examples/shopkeeper.json}: each is a few-line diff,
 * and the edited file still loads with the built-in components and runs as the edit says.
 */
class ShopkeeperEditTest {

    private static final String SHOPKEEPER = Edits.shopkeeper();

    private static Machine<Object> started(ChartDocument d) {
        Machine<Object> m = Edits.load(d).newMachine(new Object());
        m.start();
        return m;
    }

    @Test
    void addingAStateIsAThreeLineDiff() {
        ChartDocument added = ChartDocument.of("shopkeeper.json", SHOPKEEPER).apply(new ChartEdit.AddState("open", "counting"));
        assertThat(Edits.changedLines(SHOPKEEPER, added.text())).as("'}' becomes '},' and a line for the state").isEqualTo(3);
        assertThat(added.text()).contains(String.join("\n",
                "              ]",
                "            },",
                "            \"counting\": {}",
                "          }",
                "        },",
                "        \"resume\": {\"kind\": \"deepHistory\"}"));
        Edits.load(added.apply(new ChartEdit.AddTransition("idle", object("{\"event\": \"count\", \"target\": \"counting\"}"))));
    }

    @Test
    void aStateAddedAndWiredInLoadsAndIsEntered() {
        ChartDocument d = ChartDocument.of("shopkeeper.json", SHOPKEEPER)
                .apply(new ChartEdit.AddState("open", "counting"))
                .apply(new ChartEdit.AddTransition("idle", object("{\"event\": \"count\", \"target\": \"counting\"}")))
                .apply(new ChartEdit.AddTransition("counting", object("{\"after\": 2, \"target\": \"idle\"}")));
        assertThat(Edits.changedLines(SHOPKEEPER, d.text())).as("one state and two transitions: at most 10 lines").isLessThanOrEqualTo(10);
        Machine<Object> m = started(d);
        m.fire("dawn");
        for (int i = 0; i < 3; i++) {
            m.update();
        }
        m.fire("count");
        assertThat(m.activeStates()).containsExactly("shop", "open", "counting");
        m.update();
        m.update();
        assertThat(m.activeStates()).containsExactly("shop", "open", "idle");
    }

    @Test
    void renamedStatesAreFollowedByEveryReference() {
        ChartDocument d = ChartDocument.of("shopkeeper.json", SHOPKEEPER)
                .apply(new ChartEdit.RenameState("closed", "shut"))   // the shop's initial and the target of dusk
                .apply(new ChartEdit.RenameState("resume", "back"))   // the target of all_clear
                .apply(new ChartEdit.RenameState("idle", "waiting")); // the target of five transitions
        assertThat(d.text()).doesNotContain("\"closed\"", "\"resume\"", "\"idle\"");
        Machine<Object> m = started(d);
        assertThat(m.activeStates()).containsExactly("shop", "shut");
        m.fire("dawn");
        for (int i = 0; i < 3; i++) {
            m.update();
        }
        assertThat(m.activeStates()).containsExactly("shop", "open", "waiting");
        m.fire("thief");
        m.fire("all_clear");
        assertThat(m.activeStates()).as("deep history, under its new name").containsExactly("shop", "open", "waiting");
        m.fire("dusk");
        assertThat(m.activeStates()).containsExactly("shop", "shut");
    }

    @Test
    void aRenameReachesTheStateOfAnInStateCondition() {
        ChartDocument lamp = ChartDocument.of("lamp.json", """
                {
                  "chart": "lamp",
                  "initial": "off",
                  "states": {
                    "off": {"transitions": [{"event": "flip", "guard": {"not": {"use": "InState", "state": "on"}}, "target": "on"}]},
                    "on": {"transitions": [{"event": "flip", "guard": {"allOf": [{"use": "InState", "state": "on"}]}, "target": "off"}]}
                  }
                }
                """).apply(new ChartEdit.RenameState("on", "lit"));
        Machine<Object> m = started(lamp);
        m.fire("flip");
        assertThat(m.activeStates()).containsExactly("lit");
        m.fire("flip");
        assertThat(m.activeStates()).containsExactly("off");
    }

    @Test
    void deletingAStateRemovesTheTransitionsIntoItAndTheChartStillLoads() {
        ChartDocument d = ChartDocument.of("shopkeeper.json", SHOPKEEPER);
        assertThat(d.transitionsInto("haggling")).containsExactly("idle --offer--> haggling");
        assertThat(d.transitionsInto("open")).containsExactly("closed --dawn--> open");
        ChartDocument deleted = d.apply(new ChartEdit.DeleteState("haggling"));
        assertThat(deleted.text()).doesNotContain("haggling").contains(String.join("\n",
                "            \"idle\": {",
                "              \"transitions\": [",
                "                {\"event\": \"offer\", \"action\": {\"use\": \"Log\", \"text\": \"has no gold to haggle with\"}}",
                "              ]",
                "            }",
                "          }"));
        assertThat(Edits.changedLines(SHOPKEEPER, deleted.text())).as("one transition, and the state's ten lines with the comma before them: at most 13 lines")
                .isLessThanOrEqualTo(13);
        Machine<Object> m = started(deleted);
        m.fire("dawn");
        for (int i = 0; i < 3; i++) {
            m.update();
        }
        m.fire("offer");
        assertThat(m.activeStates()).containsExactly("shop", "open", "idle");
    }
}
