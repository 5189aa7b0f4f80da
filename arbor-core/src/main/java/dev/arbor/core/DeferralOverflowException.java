package dev.arbor.core;

/**
 * An event that a state defers found the machine's deferred events at the chart's limit
 * ({@code deferLimit}): the event is dropped, and reported by the chart's {@link ErrorPolicy}
 * (thrown after the step, or raised as {@code error.execution}); the events already kept stay.
 */
public final class DeferralOverflowException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Object event;
    /** The chart's {@code deferLimit}. */
    private final int limit;

    /**
     * Reports an event dropped because the machine keeps as many deferred events as it may.
     *
     * @param chartName the name of the machine's chart, for the message
     * @param event     the event that could not be kept
     * @param limit     the chart's {@code deferLimit}
     */
    public DeferralOverflowException(String chartName, Object event, int limit) {
        super("machine '" + chartName + "' already keeps " + limit + " deferred events (its deferLimit); " + event
                + " is dropped");
        this.event = event;
        this.limit = limit;
    }

    /**
     * The event that could not be kept.
     *
     * @return the dropped event; null when this exception was deserialised (it is not serialised)
     */
    public Object event() {
        return event;
    }

    /**
     * The chart's limit on deferred events.
     *
     * @return the {@code deferLimit} the machine had reached
     */
    public int limit() {
        return limit;
    }
}
