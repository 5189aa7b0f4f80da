package dev.arbor.inspector.model;

import java.util.List;

/**
 * A chart as the page sees it: what it needs to draw and name the chart's states and transitions.
 * It is the {@code chart} record of the wire format, so a recording carries its charts whole.
 *
 * @param id          the inspector's number for the chart (per inspector, from 1)
 * @param name        the chart's name
 * @param states      per state id: the state
 * @param transitions per transition id: the transition
 * @param events      the events the chart names, which the page may send
 * @param variables   per variable id: the designer variable the chart declares (empty in recordings
 *                    made before charts carried them)
 * @param svg         the chart drawn by {@code arbor-svg}, each state's group with {@code id="s<N>"}
 *                    and each arrow's with {@code data-transition="<N>"}
 */
public record ChartView(int id, String name, List<StateView> states, List<TransitionView> transitions,
                        List<String> events, List<VariableView> variables, String svg) {

    public ChartView {
        states = List.copyOf(states);
        transitions = List.copyOf(transitions);
        events = List.copyOf(events);
        variables = List.copyOf(variables);
    }

    /**
     * One state.
     *
     * @param name    its name
     * @param path    its path from the root
     * @param parent  its parent's id (-1 for the root)
     * @param kind    {@code atomic}, {@code compound}, {@code parallel}, {@code final},
     *                {@code shallow_history} or {@code deep_history}
     * @param timed   whether it keeps a clock (behaviours or timers)
     */
    public record StateView(String name, String path, int parent, String kind, boolean timed) {
        boolean history() {
            return kind.endsWith("history");
        }

        boolean deepHistory() {
            return kind.equals("deep_history");
        }

        boolean leaf(ChartView chart, int self) {
            for (StateView s : chart.states) {
                if (s.parent == self && !s.history()) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * One transition.
     *
     * @param source  its source state
     * @param targets its targets (empty for an internal one)
     * @param label   its description, such as {@code "WALK ARRIVED -> WAIT"}
     * @param mode    when it is considered: {@code event}, {@code eventless}, {@code polled}, {@code timer},
     *                or for those not declared {@code handler}, {@code move}, {@code plan}
     */
    public record TransitionView(int source, List<Integer> targets, String label, String mode) {
        public TransitionView {
            targets = List.copyOf(targets);
        }
    }

    /**
     * One designer variable ({@code dev.arbor.core.Variable}), with what a reader needs to show its
     * raw values without the chart's classes: {@code 0}/{@code 1} as false/true, an int as itself,
     * an enum's index as its name.
     *
     * @param name    its name, unique in the chart
     * @param type    {@code bool}, {@code int}, {@code enum} or {@code trigger}
     * @param min     the smallest raw value
     * @param max     the largest raw value
     * @param values  an enum's names, in order (empty for the other types)
     * @param initial the raw value a machine starts with
     */
    public record VariableView(String name, String type, int min, int max, List<String> values, int initial) {
        public VariableView {
            values = values == null ? List.of() : List.copyOf(values);
        }

        /**
         * A raw value as a designer reads it, as {@code Variable.show} gives it.
         *
         * @param raw the raw value
         * @return true or false, the number, or the enum's name ({@code #N} for an index it does not have)
         */
        public String show(int raw) {
            return switch (type) {
                case "bool", "trigger" -> raw != 0 ? "true" : "false";
                case "enum" -> raw >= 0 && raw < values.size() ? values.get(raw) : "#" + raw;
                default -> String.valueOf(raw);
            };
        }

        /**
         * The type in words, as {@code Variable.describe} gives it.
         *
         * @return such as {@code bool}, {@code an int from 0 to 999}, {@code one of calm, grumpy}
         */
        public String describe() {
            return switch (type) {
                case "int" -> "an int from " + min + " to " + max;
                case "enum" -> "one of " + String.join(", ", values);
                default -> type;
            };
        }

        /** Whether a raw value is in the variable's range. */
        boolean holds(int raw) {
            return raw >= min && raw <= max;
        }
    }

    String stateName(int s) {
        return s >= 0 && s < states.size() ? states.get(s).name() : "#" + s;
    }
}
