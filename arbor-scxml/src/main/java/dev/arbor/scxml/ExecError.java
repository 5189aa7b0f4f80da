package dev.arbor.scxml;

/** An error while executing content or evaluating an expression: the block stops and {@code error.execution} (or the named error) is raised. */
final class ExecError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String event;
    /** The send id of the {@code <send>} that failed, carried by the error event; null otherwise. */
    String sendid;

    ExecError(String message) {
        this("error.execution", message);
    }

    ExecError(String event, String message) {
        super(message, null, false, false);
        this.event = event;
    }
}
