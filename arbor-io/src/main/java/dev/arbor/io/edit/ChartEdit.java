package dev.arbor.io.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One edit a designer makes to a chart file. States are named by name alone (names are unique in
 * the whole chart); the top level is the empty name {@code ""}. Values are JSON as the chart
 * format writes them ({@code docs/chart-format.md}).
 */
public sealed interface ChartEdit {

    /** A new, empty state {@code name} inside {@code parent} ({@code ""}: the top level), after its last child. */
    record AddState(String parent, String name) implements ChartEdit {}

    /**
     * Renames a state and every place the file names it: transition targets and plans,
     * {@code "done": NAME}, the completion event {@code done.state.NAME} in an {@code event},
     * initials (the chart's and the states'), {@code then}, history defaults, and the
     * {@code state} of {@code InState} conditions in guards and {@code when} (inside
     * {@code not}, {@code allOf} and {@code anyOf} too). Other text that happens to equal the
     * name (a log line, an event) is left alone.
     */
    record RenameState(String state, String newName) implements ChartEdit {}

    /**
     * Deletes a state with its children; with it go, from the rest of the file, every transition
     * that enters it or one of its children ({@code target}, {@code plan}) or waits for one to
     * finish ({@code "done": NAME}), and every {@code initial}, {@code then} and history
     * {@code default} that names one (a list loses that name only). A state left with no
     * children loses its {@code states} key; the chart keeps an empty one.
     * {@link ChartDocument#transitionsInto} lists the transitions beforehand.
     */
    record DeleteState(String state) implements ChartEdit {}

    /** Makes {@code state} its parent's initial state (the chart's {@code initial} for a top-level state). */
    record SetInitial(String state) implements ChartEdit {}

    /** Sets a state's kind: {@code state} (which removes the {@code kind} key), {@code parallel} or {@code final}. */
    record SetKind(String state, String kind) implements ChartEdit {}

    /** Adds a history state {@code name} to {@code parent}: deep or shallow. */
    record AddHistory(String parent, String name, boolean deep) implements ChartEdit {}

    /**
     * Appends a transition to a state's {@code transitions} ({@code ""}: the global state's,
     * {@code global} being made when missing); the first one makes the key.
     */
    record AddTransition(String source, ObjectNode transition) implements ChartEdit {}

    /** Replaces the {@code index}-th transition of a state. */
    record SetTransition(String source, int index, ObjectNode transition) implements ChartEdit {}

    /** Removes the {@code index}-th transition of a state; the last one takes the {@code transitions} key (and an emptied {@code global}) with it. */
    record RemoveTransition(String source, int index) implements ChartEdit {}

    /**
     * Sets one key of a state ({@code onEntry}, {@code onExit}, {@code onUpdate}, {@code use},
     * {@code defer}, {@code initialAction}, {@code then}, {@code default}, {@code handler},
     * {@code initial}, …); null removes it. {@code ""} is the global state. {@code states},
     * {@code transitions} and {@code kind} have edits of their own and are refused here.
     */
    record SetStateKey(String state, String key, JsonNode value) implements ChartEdit {}

    /** Declares, replaces (null: removes) a variable under the chart's {@code variables}, which the first makes and the last removed takes away. */
    record SetVariable(String name, JsonNode declaration) implements ChartEdit {}

    /** Sets a top-level key ({@code chart}, {@code components}, {@code initial}, …); null removes it. {@code states} is refused. */
    record SetChartKey(String key, JsonNode value) implements ChartEdit {}
}
