package dev.arbor.cli;

/** A failure whose message is meant for the user as it is: printed without a stack trace. */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CliFailure(String message) {
        super(message, null, false, false);
    }
}
