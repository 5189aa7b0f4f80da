package dev.arbor.core;

/**
 * The unchecked exception that wraps a checked exception thrown (sneakily) by a user action,
 * rethrown after the step finished.
 */
public final class ActionFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ActionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
