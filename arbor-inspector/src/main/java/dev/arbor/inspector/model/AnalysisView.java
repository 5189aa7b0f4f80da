package dev.arbor.inspector.model;

import java.util.List;

/**
 * What a chart's analysis ({@code dev.arbor.analysis.ChartAnalysis}) says the page should know:
 * the states and transitions no run can ever cover, each with the analysis's reason.
 *
 * @param status      how far it came
 * @param message     its status in words, for the page (why it was refused, where it stopped)
 * @param states      the states never active, each with its reason (empty unless {@link Status#DONE})
 * @param transitions the declared transitions never taken, each with its reason (empty unless {@link Status#DONE})
 */
public record AnalysisView(Status status, String message, List<Dead> states, List<Dead> transitions) {

    /** How far an analysis came. */
    public enum Status {
        /** It runs, in the background. */
        RUNNING,
        /** It explored every reachable configuration: what it calls dead is dead. */
        DONE,
        /** It stopped at its budget: nothing is called dead. */
        INCOMPLETE,
        /** The analysis does not take this chart (state handlers decide its transitions in code). */
        REFUSED,
        /** It was not run: a newer version of the chart came first. */
        SKIPPED,
        /** It failed. */
        FAILED
    }

    /**
     * A state or transition no run can cover.
     *
     * @param id       the state's or transition's id
     * @param message  why, in the analysis's words
     * @param definite false when it rests on what the analysis does not model (a possibility)
     */
    public record Dead(int id, String message, boolean definite) {}

    public AnalysisView {
        states = List.copyOf(states);
        transitions = List.copyOf(transitions);
    }

    /**
     * An analysis with nothing dead to show yet, or at all.
     *
     * @param status  how far it came
     * @param message its status in words
     * @return the view
     */
    public static AnalysisView of(Status status, String message) {
        return new AnalysisView(status, message, List.of(), List.of());
    }
}
