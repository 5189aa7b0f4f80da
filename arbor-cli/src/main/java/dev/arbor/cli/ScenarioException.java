package dev.arbor.cli;

import java.util.List;

/**
 * Why a scenario cannot run: every problem found in its file or against its chart, one a line,
 * each {@code FILE:LINE: message} (or {@code FILE: message} for the file as a whole).
 */
final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    ScenarioException(List<String> problems) {
        super(String.join(System.lineSeparator(), problems), null, false, false);
        this.problems = List.copyOf(problems);
    }

    /** The problems, one a line, in the order of the file. */
    List<String> problems() {
        return problems;
    }
}
