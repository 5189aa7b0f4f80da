package dev.arbor.cli;

import java.util.List;

/**
 * A failure whose message is meant for the user as it is: printed without a stack trace, as
 * {@code arbor: message}, or, for the problems of a chart file, as the lines
 * {@code FILE:LINE:COL: message} that {@code arbor validate} prints.
 */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    CliFailure(String message) {
        this(message, null);
    }

    /** A failure caused by {@code cause}, whose stack trace {@code --debug} shows. */
    CliFailure(String message, Throwable cause) {
        super(message, cause, false, false);
        this.problems = List.of();
    }

    private CliFailure(List<String> problems) {
        super(String.join(System.lineSeparator(), problems), null, false, false);
        this.problems = List.copyOf(problems);
    }

    /** The problems of a chart file, one a line. */
    static CliFailure problems(List<String> problems) {
        return new CliFailure(problems);
    }

    /** The lines to print. */
    List<String> lines() {
        return problems.isEmpty() ? List.of("arbor: " + getMessage()) : problems;
    }
}
