package dev.arbor.io.edit;

import static dev.arbor.io.edit.Edits.json;
import static dev.arbor.io.edit.Edits.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/** An edit that cannot be made says why in the designer's words, and changes nothing. */
class EditErrorsTest {

    static final String HOUSE = """
            {
              "chart": "house",
              "variables": {"gold": "bool"},
              "states": {
                "closed": {"transitions": [{"event": "open", "target": "open"}]},
                "open": {
                  "transitions": [{"event": "close", "target": "closed"}, {"after": 9, "target": "closed"}],
                  "states": {
                    "ajar": {},
                    "back": {"kind": "deepHistory"}
                  }
                },
                "done": {"kind": "final"}
              }
            }
            """;

    private static String refused(String text, ChartEdit edit) {
        ChartDocument d = ChartDocument.of("house.json", text);
        EditException e = catchThrowableOfType(() -> d.apply(edit), EditException.class);
        assertThat(e).as("refused: " + edit).isNotNull();
        assertThat(d.text()).isEqualTo(text);
        return e.getMessage();
    }

    private static String refused(ChartEdit edit) {
        return refused(HOUSE, edit);
    }

    @Test
    void anUnknownStateIsNamedWithTheNearestKnownOne() {
        assertThat(refused(new ChartEdit.DeleteState("opem"))).isEqualTo("there is no state 'opem' (did you mean 'open'?)");
        // As the loader suggests: at most a third of the letters changed; a swap of two neighbours is one change.
        assertThat(refused(new ChartEdit.DeleteState("opne"))).isEqualTo("there is no state 'opne' (did you mean 'open'?)");
        assertThat(refused(new ChartEdit.AddState("atic", "attic"))).isEqualTo("there is no state 'atic'");
        assertThat(refused(new ChartEdit.RenameState("Ajar", "wide"))).isEqualTo("there is no state 'Ajar' (did you mean 'ajar'?)");
        assertThat(refused(new ChartEdit.SetInitial("closd"))).isEqualTo("there is no state 'closd' (did you mean 'closed'?)");
        assertThat(refused(new ChartEdit.SetKind("dne", "final"))).isEqualTo("there is no state 'dne' (did you mean 'done'?)");
        assertThat(refused(new ChartEdit.AddTransition("shut", object("{\"event\": \"x\"}")))).isEqualTo("there is no state 'shut'");
        assertThat(refused(new ChartEdit.SetStateKey("opn", "onEntry", json("\"Bye\"")))).isEqualTo("there is no state 'opn' (did you mean 'open'?)");
        EditException into = catchThrowableOfType(() -> ChartDocument.of("house.json", HOUSE).transitionsInto("ajr"), EditException.class);
        assertThat(into).hasMessage("there is no state 'ajr' (did you mean 'ajar'?)");
    }

    @Test
    void aStatesNameIsUniqueInTheWholeChartAndUsableInAPath() {
        assertThat(refused(new ChartEdit.AddState("", "ajar"))).isEqualTo("there is already a state 'ajar' (in 'open')");
        assertThat(refused(new ChartEdit.AddState("open", "closed"))).isEqualTo("there is already a state 'closed' (at the top level)");
        assertThat(refused(new ChartEdit.RenameState("ajar", "done"))).isEqualTo("there is already a state 'done' (at the top level)");
        assertThat(refused(new ChartEdit.AddState("", ""))).isEqualTo("a state needs a name");
        assertThat(refused(new ChartEdit.RenameState("ajar", null))).isEqualTo("a state needs a name");
        assertThat(refused(new ChartEdit.AddState("", "a/b")))
                .isEqualTo("a state's name cannot contain '/', which separates the names in a state's path: 'a/b'");
        assertThat(refused(new ChartEdit.AddState("", "a\nb"))).isEqualTo("a state's name cannot contain control characters (such as a line break)");
        assertThat(refused(new ChartEdit.AddState("", " wide"))).isEqualTo("a state's name cannot begin or end with a space: ' wide'");
        assertThat(refused(new ChartEdit.AddState("", "root"))).isEqualTo("'root' is the name of the chart's own top state: choose another name");
    }

    @Test
    void historyAndFinalStatesHoldNoStates() {
        assertThat(refused(new ChartEdit.AddState("back", "x"))).isEqualTo("'back' is a history state: it cannot hold states");
        assertThat(refused(new ChartEdit.AddHistory("done", "h", false)))
                .isEqualTo("'done' is a final state: it cannot hold states (make it an ordinary state first)");
        assertThat(refused(new ChartEdit.AddHistory("", "h", true))).isEqualTo("a history state belongs inside a state: name the state to add it to");
    }

    @Test
    void theTopLevelIsNotAStateToMakeInitialOrGiveAKind() {
        assertThat(refused(new ChartEdit.SetInitial(""))).isEqualTo("the top level is not a state: name the state to make initial");
        assertThat(refused(new ChartEdit.SetKind("", "parallel"))).isEqualTo("the top level is not a state: name the state whose kind to set");
        assertThat(refused(new ChartEdit.SetKind("ajar", "deepHistory")))
                .isEqualTo("a state's kind is 'state', 'parallel' or 'final', not 'deepHistory' (a history state is added with addHistory)");
    }

    @Test
    void aTransitionsIndexIsCheckedAgainstItsStatesList() {
        assertThat(refused(new ChartEdit.RemoveTransition("ajar", 0))).isEqualTo("state 'ajar' has no transitions");
        assertThat(refused(new ChartEdit.RemoveTransition("open", 2))).isEqualTo("state 'open' has 2 transitions (0 to 1); there is no transition 2");
        assertThat(refused(new ChartEdit.SetTransition("closed", -1, object("{\"event\": \"x\"}"))))
                .isEqualTo("state 'closed' has 1 transition (0); there is no transition -1");
        assertThat(refused(new ChartEdit.RemoveTransition("", 0))).isEqualTo("the global state has no transitions");
        assertThat(refused(new ChartEdit.AddTransition("open", null)))
                .isEqualTo("a transition is a JSON object, such as {\"event\": \"hit\", \"target\": \"hurt\"}");
    }

    @Test
    void keysWithEditsOfTheirOwnAreRefusedAsPlainKeys() {
        assertThat(refused(new ChartEdit.SetStateKey("open", "states", json("{}"))))
                .isEqualTo("a state's children are edited one by one (addState, deleteState), not as its key 'states'");
        assertThat(refused(new ChartEdit.SetStateKey("open", "transitions", null)))
                .isEqualTo("a state's transitions are edited one by one (addTransition, setTransition, removeTransition), not as its key 'transitions'");
        assertThat(refused(new ChartEdit.SetStateKey("open", "kind", json("\"final\""))))
                .isEqualTo("a state's kind is set with setKind (a history state is added with addHistory), not as its key 'kind'");
        assertThat(refused(new ChartEdit.SetStateKey("open", "", json("1")))).isEqualTo("name the key to set");
        assertThat(refused(new ChartEdit.SetChartKey("states", json("{}"))))
                .isEqualTo("the chart's states are edited one by one (addState, deleteState), not as its key 'states'");
        assertThat(refused(new ChartEdit.SetChartKey(null, json("1")))).isEqualTo("name the key to set");
    }

    @Test
    void aVariableIsNamedAndOnlyAKnownOneRemoved() {
        assertThat(refused(new ChartEdit.SetVariable(" ", json("\"bool\"")))).isEqualTo("a variable needs a name");
        assertThat(refused(new ChartEdit.SetVariable("gld", null))).isEqualTo("there is no variable 'gld' (did you mean 'gold'?)");
        assertThat(refused("{\"chart\": \"x\", \"variables\": [], \"states\": {}}", new ChartEdit.SetVariable("gold", json("\"bool\""))))
                .isEqualTo("the chart's \"variables\" is not a JSON object; fix it in the text first");
    }

    @Test
    void aFileThatIsNotAChartObjectIsNotEdited() {
        assertThat(refused("{\"chart\": \"x\",\n \"states\": {},}", new ChartEdit.AddState("", "a")))
                .isEqualTo("house.json:2:14: remove this comma: no key follows it before the `}` at 2:15; fix the text before editing the chart");
        assertThat(refused("{\"chart\": \"x\", // the house\n \"states\": {}}", new ChartEdit.AddState("", "a")))
                .isEqualTo("house.json:1:16: a chart file cannot hold comments (JSON has none): remove this one; fix the text before editing the chart");
        assertThat(refused("[1, 2]", new ChartEdit.AddState("", "a")))
                .isEqualTo("house.json: the file holds a JSON list, not an object; a chart file holds one JSON object");
        assertThat(refused("{\"chart\": \"x\", \"states\": {\"a\": 3}}", new ChartEdit.AddState("a", "b")))
                .isEqualTo("state 'a' is not written as a JSON object in the file: fix it in the text first");
        assertThat(refused("{\"chart\": \"x\", \"states\": {\"a\": {\"states\": []}}}", new ChartEdit.AddState("a", "b")))
                .isEqualTo("state 'a': its \"states\" is not a JSON object; fix it in the text first");
        assertThat(refused("{\"chart\": \"x\", \"states\": {\"a\": {\"transitions\": {}}}}", new ChartEdit.AddTransition("a", object("{}"))))
                .isEqualTo("state 'a': its \"transitions\" is not a list; fix it in the text first");
        assertThat(refused("{\"chart\": \"x\", \"global\": [], \"states\": {}}", new ChartEdit.AddTransition("", object("{}"))))
                .isEqualTo("the chart's \"global\" is not a JSON object; fix it in the text first");
    }
}
