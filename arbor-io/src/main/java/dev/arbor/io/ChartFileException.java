package dev.arbor.io;

import java.util.List;
import java.util.Objects;

/**
 * The exception thrown when a chart file cannot be loaded: it lists every problem found in the
 * file, each at its line and column, so that a designer can fix them all in one pass.
 *
 * <p>The message prints one problem a line as {@code FILE:LINE:COL: message}, the form editors
 * and terminals turn into links.
 */
public final class ChartFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * One thing wrong with a chart file, at one place (1-based line and column), and the state it
     * concerns where there is one (tools such as the inspector show it on that state).
     *
     * @param file    the file's name as it was given to the loader
     * @param line    the line, from 1
     * @param column  the column, from 1
     * @param message what is wrong, and where it helps, the valid choices
     * @param state   the name of the state whose part of the file it is in, or null (a syntax error, the chart's own keys)
     */
    public record Problem(String file, int line, int column, String message, String state) {
        /**
         * Checks that the file and message are given.
         *
         * @param file    the file's name as it was given to the loader, not null
         * @param line    the line, from 1
         * @param column  the column, from 1
         * @param message what is wrong, not null
         * @param state   the state it concerns, or null
         */
        public Problem {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(message, "message");
        }

        /**
         * A problem that concerns no one state.
         *
         * @param file    the file's name as it was given to the loader, not null
         * @param line    the line, from 1
         * @param column  the column, from 1
         * @param message what is wrong, not null
         */
        public Problem(String file, int line, int column, String message) {
            this(file, line, column, message, null);
        }

        /** {@code FILE:LINE:COL: message}. */
        @Override
        public String toString() {
            return file + ":" + line + ":" + column + ": " + message;
        }
    }

    /** Every problem found, in file order; unmodifiable and never empty. */
    private final List<Problem> problems;
    /** The warnings found beside them, in file order; unmodifiable. */
    private final List<Problem> warnings;

    /**
     * An exception whose message lists the problems, one a line.
     *
     * @param problems every problem found, in file order; at least one (copied)
     * @throws IllegalArgumentException if {@code problems} is empty
     */
    public ChartFileException(List<Problem> problems) {
        this(problems, List.of());
    }

    /**
     * An exception whose message lists the problems, one a line, and that also carries the
     * warnings found in the same file (see {@link ChartLoader#loadChecked(String, String)}), so
     * that a tool can show everything at once.
     *
     * @param problems every problem found, in file order; at least one (copied)
     * @param warnings the warnings found, in file order (copied); not in the message
     * @throws IllegalArgumentException if {@code problems} is empty
     */
    public ChartFileException(List<Problem> problems, List<Problem> warnings) {
        super(format(problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ChartFileException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Every problem found, in the order they appear in the file.
     *
     * @return the problems, unmodifiable and never empty
     */
    public List<Problem> problems() {
        return problems;
    }

    /**
     * The likely mistakes found in the file besides its problems, which alone would not stop it
     * loading, in the order they appear in the file.
     *
     * @return the warnings, unmodifiable; empty when there are none or the file could not be read
     */
    public List<Problem> warnings() {
        return warnings;
    }

    private static String format(List<Problem> problems) {
        StringBuilder b = new StringBuilder();
        for (Problem p : problems) {
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(p);
        }
        return b.toString();
    }
}
