package dev.arbor.core;

/**
 * What a machine does after a user action or guard throws. Either way the step in progress first
 * finishes, so the configuration is always a valid one.
 */
public enum ErrorPolicy {
    /**
     * Finish the run-to-completion step, then throw the first error from {@code fire},
     * {@code update} or {@code start} (later ones are attached as suppressed exceptions).
     */
    RETHROW,
    /**
     * Place an {@link ExecutionError} event ({@code error.execution}) on the internal queue and
     * carry on, as SCXML does. A chart reacts to it like to any other event.
     */
    RAISE_ERROR_EVENT
}
