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
 * @param svg         the chart drawn by {@code arbor-svg}, each state's group with {@code id="s<N>"}
 *                    and each arrow's with {@code data-transition="<N>"}
 */
public record ChartView(int id, String name, List<StateView> states, List<TransitionView> transitions,
                        List<String> events, String svg) {

    public ChartView {
        states = List.copyOf(states);
        transitions = List.copyOf(transitions);
        events = List.copyOf(events);
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

    String stateName(int s) {
        return s >= 0 && s < states.size() ? states.get(s).name() : "#" + s;
    }
}
