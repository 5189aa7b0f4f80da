package dev.arbor.analysis;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What an analysis may spend and what it offers the machine.
 *
 * @param maxConfigurations  the most configurations explored before it stops (the budget)
 * @param timeLimit          the longest it explores before it stops
 * @param maxAssumptions     the most assumptions one step may make before the analysis stops
 *                           branching on that step (it then takes every further guard as false and
 *                           reports a possible livelock; what rests on every outcome, dead states and
 *                           transitions, traps and unreachable targets, is then possible, not definite)
 * @param events             the events offered, or empty for every event the chart names
 * @param target             a state every reachable configuration should be able to reach
 *                           ({@code --can-reach}), or null: then a final state, when the chart has one
 */
public record AnalysisOptions(int maxConfigurations, Duration timeLimit, int maxAssumptions, List<Object> events,
                              String target) {

    /** 200,000 configurations, a minute, 10 assumptions a step, every named event. */
    public static final AnalysisOptions DEFAULTS = new AnalysisOptions(200_000, Duration.ofSeconds(60), 10, List.of(), null);

    /**
     * Checks the limits.
     *
     * @param maxConfigurations at least 1
     * @param timeLimit         positive
     * @param maxAssumptions    at least 1
     * @param events            the events offered (copied)
     * @param target            a state's name, or null
     */
    public AnalysisOptions {
        if (maxConfigurations < 1) {
            throw new IllegalArgumentException("maxConfigurations must be at least 1, not " + maxConfigurations);
        }
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit must be positive, not " + timeLimit);
        }
        if (maxAssumptions < 1) {
            throw new IllegalArgumentException("maxAssumptions must be at least 1, not " + maxAssumptions);
        }
        events = List.copyOf(events);
    }

    /**
     * These options with another budget of configurations.
     *
     * @param max at least 1
     * @return the options
     */
    public AnalysisOptions withMaxConfigurations(int max) {
        return new AnalysisOptions(max, timeLimit, maxAssumptions, events, target);
    }

    /**
     * These options with another time limit.
     *
     * @param limit positive
     * @return the options
     */
    public AnalysisOptions withTimeLimit(Duration limit) {
        return new AnalysisOptions(maxConfigurations, limit, maxAssumptions, events, target);
    }

    /**
     * These options offering only these events.
     *
     * @param offered the events, as the chart names them
     * @return the options
     */
    public AnalysisOptions withEvents(List<Object> offered) {
        return new AnalysisOptions(maxConfigurations, timeLimit, maxAssumptions, offered, target);
    }

    /**
     * These options with a state every configuration should be able to reach.
     *
     * @param state the state's name, or null for a final state
     * @return the options
     */
    public AnalysisOptions withTarget(String state) {
        return new AnalysisOptions(maxConfigurations, timeLimit, maxAssumptions, events, state);
    }
}
