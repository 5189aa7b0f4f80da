package dev.arbor.core;

import java.util.List;

/**
 * A run-to-completion step that never settles: a cycle of eventless transitions, raised events or
 * programmatic moves took more microsteps than the chart allows ({@code maxMicrosteps}). It is
 * thrown from the {@code fire}, {@code update} or {@code start} that began the step, after the
 * step was cut short between two microsteps: the machine is in a valid configuration (the one the
 * last microstep left), its internal queue and pending moves are cleared, and it accepts the next
 * event as usual.
 *
 * <p>{@link #states()} names the states the cycle passes through: the active leaves seen over the
 * last microsteps before the limit, in the order first seen.
 */
public final class LivelockException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The name of the chart whose machine did not settle. */
    private final String chartName;
    /** The limit that was passed ({@code maxMicrosteps}). */
    private final int microsteps;
    /** The names of the states the cycle passes through, in the order first seen. */
    private final List<String> states;

    /**
     * Reports a step that did not settle.
     *
     * @param chartName     the name of the machine's chart
     * @param microsteps    the limit that was passed ({@code maxMicrosteps})
     * @param states        the names of the states the cycle passes through, in the order first seen
     * @param configuration the configuration the machine stopped in, as text for the message
     */
    public LivelockException(String chartName, int microsteps, List<String> states, String configuration) {
        super("machine '" + chartName + "' took more than " + microsteps + " microsteps without settling: "
                + "a cycle of eventless transitions, raised events or moves through " + String.join(", ", states)
                + "; it stopped in " + configuration);
        this.chartName = chartName;
        this.microsteps = microsteps;
        this.states = List.copyOf(states);
    }

    /**
     * The name of the chart whose machine did not settle.
     *
     * @return the chart's name
     */
    public String chartName() {
        return chartName;
    }

    /**
     * The limit that was passed ({@code maxMicrosteps}).
     *
     * @return the chart's most microsteps per step
     */
    public int microsteps() {
        return microsteps;
    }

    /**
     * The states the cycle passes through.
     *
     * @return their names, in the order first seen
     */
    public List<String> states() {
        return states;
    }
}
