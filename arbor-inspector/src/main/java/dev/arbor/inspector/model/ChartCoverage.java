package dev.arbor.inspector.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What the machines of one chart have covered, built from their records alone (live or replayed):
 * the states they have been in (the root and history pseudo-states aside) and the transitions the
 * chart declares that they took, as {@code dev.arbor.analysis.Coverage} counts them; and what the
 * chart's analysis says can never be covered, once it has run. A chart reloaded is another chart:
 * its coverage starts with the states the machines are in when they move onto it.
 *
 * <p>A targetless transition counts when its {@code internal} record names it (the collector names
 * it from the chart, without the guards' outcomes: {@code Coverage.targetlessTaken}).
 */
public final class ChartCoverage {
    private final ChartView chart;
    private final boolean[] reached;
    private final boolean[] taken;
    private AnalysisView analysis;
    private long version;

    ChartCoverage(ChartView chart) {
        this.chart = chart;
        this.reached = new boolean[chart.states().size()];
        this.taken = new boolean[chart.transitions().size()];
    }

    /** A machine of the chart is in {@code state}. */
    void reached(long state) {
        if (state >= 0 && state < reached.length && !reached[(int) state]) {
            reached[(int) state] = true;
            version++;
        }
    }

    /** A machine of the chart took {@code transition}. */
    void took(long transition) {
        if (transition >= 0 && transition < taken.length && !taken[(int) transition]) {
            taken[(int) transition] = true;
            version++;
        }
    }

    void analysed(AnalysisView a) {
        analysis = a;
        version++;
    }

    /** {@return the chart} */
    public ChartView chart() {
        return chart;
    }

    /** Changes whenever what is covered, or the analysis, does. */
    public long version() {
        return version;
    }

    /** {@return the chart's analysis as far as it has come, or null when none was started (a replay)} */
    public AnalysisView analysis() {
        return analysis;
    }

    /** {@return the states counted that a machine has been in, by id} */
    public List<Integer> reachedStates() {
        return states(true);
    }

    /** {@return the states counted that no machine has been in yet, by id} */
    public List<Integer> missedStates() {
        return states(false);
    }

    /** {@return the declared transitions a machine took, by id} */
    public List<Integer> takenTransitions() {
        return transitions(true);
    }

    /** {@return the declared transitions no machine took yet, by id} */
    public List<Integer> missedTransitions() {
        return transitions(false);
    }

    private List<Integer> states(boolean wanted) {
        List<Integer> out = new ArrayList<>();
        for (int s = 1; s < reached.length; s++) {
            if (!chart.states().get(s).history() && reached[s] == wanted) {
                out.add(s);
            }
        }
        return out;
    }

    private List<Integer> transitions(boolean wanted) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < taken.length; t++) {
            if (declared(chart.transitions().get(t).mode()) && taken[t] == wanted) {
                out.add(t);
            }
        }
        return out;
    }

    /** Whether a transition of this mode is declared in the chart ({@code Chart.TransitionInfo.Mode.declared()}). */
    static boolean declared(String mode) {
        return switch (mode) {
            case "event", "eventless", "polled", "timer" -> true;
            default -> false;
        };
    }
}
