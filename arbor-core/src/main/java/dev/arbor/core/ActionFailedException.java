package dev.arbor.core;

/**
 * The unchecked exception that wraps a checked exception thrown (sneakily) by a user action,
 * rethrown after the step finished.
 */
public final class ActionFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Wraps what an action threw.
     *
     * @param message names the machine whose action threw
     * @param cause   the checked exception the action threw
     */
    public ActionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
