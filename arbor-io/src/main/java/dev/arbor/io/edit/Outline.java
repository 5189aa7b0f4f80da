package dev.arbor.io.edit;

import java.util.List;

/**
 * What a chart file declares, for an editor: its states (in file order, parents before
 * children), their transitions, its variables and every event it names; each with its place in
 * the file (1-based line and column of its key).
 *
 * @param chart     the chart's name ({@code "chart"}), or null
 * @param states    the states, in file order
 * @param variables the variables, in file order
 * @param events    every event name the file mentions (transitions, {@code defer}, {@code Raise}/{@code Send} properties), sorted, {@code "*"} left out
 * @param global    the global state ({@code "global"}): name {@code ""}, kind {@code "global"}, its keys and transitions
 *                  (the edits' source {@code ""}); at the place of its key, or of the chart's {@code {}} when the file has none
 */
public record Outline(String chart, List<State> states, List<Variable> variables, List<String> events, State global) {

    /**
     * One state.
     *
     * @param name        its name
     * @param parent      its parent's name ({@code ""} at the top level)
     * @param kind        {@code state}, {@code parallel}, {@code final}, {@code shallowHistory} or {@code deepHistory}
     * @param initial     whether its parent's {@code initial} names it (or, when it names none, it is the only child that is not a history state)
     * @param line        the line of its key
     * @param column      the column of its key
     * @param keys        the state's own keys other than {@code states} and {@code transitions}, in file order, each with its value as compact JSON text
     * @param transitions its transitions, in order
     */
    public record State(String name, String parent, String kind, boolean initial, int line, int column,
                        java.util.Map<String, String> keys, List<Transition> transitions) {}

    /**
     * One transition.
     *
     * @param index  its index in its state's list
     * @param json   its JSON text, compact
     * @param line   the line of its opening brace
     * @param column the column of its opening brace
     */
    public record Transition(int index, String json, int line, int column) {}

    /**
     * One variable.
     *
     * @param name   its name
     * @param json   its declaration, as compact JSON text
     * @param line   the line of its key
     * @param column the column of its key
     */
    public record Variable(String name, String json, int line, int column) {}
}
