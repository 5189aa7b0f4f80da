package dev.arbor.analysis;

import java.util.Objects;

/**
 * One input the analysis offers a machine: an event it is fired with, or a tick ({@code update}).
 *
 * @param event the event, or null for the tick
 */
public record Input(Object event) {

    /** The tick: {@code Machine.update()}. */
    public static final Input TICK = new Input(null);

    /**
     * An event input.
     *
     * @param event the event, as the chart names it ({@code Chart.namedEvents()})
     * @return the input
     */
    public static Input of(Object event) {
        return new Input(Objects.requireNonNull(event, "event"));
    }

    /**
     * Whether this is the tick.
     *
     * @return true for {@link #TICK}
     */
    public boolean isTick() {
        return event == null;
    }

    /** {@code tick}, or the event's name as a scenario file writes it. */
    @Override
    public String toString() {
        return event == null ? "tick" : event instanceof Enum<?> e ? e.name() : event.toString();
    }
}
