package dev.arbor.core;

/**
 * An event that a state defers found the machine's deferred events at the chart's limit
 * ({@code deferLimit}): the event is dropped, and reported by the chart's {@link ErrorPolicy}
 * (thrown after the step, or raised as {@code error.execution}); the events already kept stay.
 */
public final class DeferralOverflowException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Object event;
    private final int limit;

    public DeferralOverflowException(String chartName, Object event, int limit) {
        super("machine '" + chartName + "' already keeps " + limit + " deferred events (its deferLimit); " + event
                + " is dropped");
        this.event = event;
        this.limit = limit;
    }

    /** The event that could not be kept. */
    public Object event() {
        return event;
    }

    /** The chart's limit on deferred events. */
    public int limit() {
        return limit;
    }
}
