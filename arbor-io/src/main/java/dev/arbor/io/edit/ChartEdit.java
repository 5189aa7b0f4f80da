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

    /** Renames a state and every place the file names it (targets, initials, plans, {@code then}, history defaults, {@code done}, {@code InState}). */
    record RenameState(String state, String newName) implements ChartEdit {}

    /** Deletes a state with its children, the transitions that enter it or its children, and initials that name it. */
    record DeleteState(String state) implements ChartEdit {}

    /** Makes {@code state} its parent's initial state. */
    record SetInitial(String state) implements ChartEdit {}

    /** Sets a state's kind: {@code state}, {@code parallel} or {@code final}. */
    record SetKind(String state, String kind) implements ChartEdit {}

    /** Adds a history state {@code name} to {@code parent}: deep or shallow. */
    record AddHistory(String parent, String name, boolean deep) implements ChartEdit {}

    /** Appends a transition to a state's {@code transitions} ({@code ""}: the global state's). */
    record AddTransition(String source, ObjectNode transition) implements ChartEdit {}

    /** Replaces the {@code index}-th transition of a state. */
    record SetTransition(String source, int index, ObjectNode transition) implements ChartEdit {}

    /** Removes the {@code index}-th transition of a state. */
    record RemoveTransition(String source, int index) implements ChartEdit {}

    /**
     * Sets one key of a state ({@code onEntry}, {@code onExit}, {@code onUpdate}, {@code use},
     * {@code defer}, {@code initialAction}, {@code then}, {@code default}); null removes it.
     */
    record SetStateKey(String state, String key, JsonNode value) implements ChartEdit {}

    /** Declares, replaces (null: removes) a variable under the chart's {@code variables}. */
    record SetVariable(String name, JsonNode declaration) implements ChartEdit {}

    /** Sets a top-level key ({@code chart}, {@code components}, {@code initial}, …); null removes it. */
    record SetChartKey(String key, JsonNode value) implements ChartEdit {}
}
