package dev.arbor.core;

/**
 * The {@code error.execution} event a machine raises on its internal queue when a user action or
 * guard throws and the chart's policy is {@link ErrorPolicy#RAISE_ERROR_EVENT}.
 */
public final class ExecutionError implements NamedEvent {
    private final Throwable error;
    private final Object state;

    /**
     * An error event for what a user action or guard threw.
     *
     * @param error what was thrown
     * @param state the key of the state whose action or transition threw, or null when unknown
     */
    public ExecutionError(Throwable error, Object state) {
        this.error = error;
        this.state = state;
    }

    /**
     * What was thrown.
     *
     * @return the action's or guard's exception
     */
    public Throwable error() {
        return error;
    }

    /**
     * The state whose action or transition threw.
     *
     * @return the state's key, or null when unknown
     */
    public Object state() {
        return state;
    }

    @Override
    public String name() {
        return "error.execution";
    }

    @Override
    public String toString() {
        return "error.execution(" + state + ": " + error + ")";
    }
}
