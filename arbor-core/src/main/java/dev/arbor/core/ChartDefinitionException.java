package dev.arbor.core;

import java.util.List;

/**
 * The exception a chart builder throws when the definition breaks a rule. It lists every problem
 * found, each naming the state and the rule, so that all of them can be fixed at once.
 */
public final class ChartDefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The rules a chart definition must keep. */
    public enum Rule {
        /** A transition, initial or history default names a state the chart does not have. */
        UNKNOWN_TARGET,
        /** A compound state with more than one child does not say which is initial. */
        MISSING_INITIAL,
        /** An initial transition targets a state that is not a descendant of its state. */
        INITIAL_NOT_DESCENDANT,
        /** Two states share a key or a name. */
        DUPLICATE_NAME,
        /**
         * A state's name cannot be part of a {@linkplain dev.arbor.core.Chart#statePath path}: it
         * is empty, contains {@code '/'} (which joins the names of a path) or a control character,
         * or begins or ends with white space.
         */
        INVALID_NAME,
        /** No sequence of transitions from the initial configuration can enter the state. */
        UNREACHABLE,
        /** A history pseudo-state whose parent is not a compound or parallel state. */
        HISTORY_OUTSIDE_COMPOUND,
        /** Handler-declared parents form a cycle. */
        PARENT_CYCLE,
        /**
         * Several targets of one transition (or initial, or history default) that cannot be active
         * together: each pair must lie in different regions of a parallel state.
         */
        CONFLICTING_TARGETS,
        /** Default entry never reaches a leaf: an initial or history default leads back to itself. */
        ENTRY_CYCLE,
        /** A handler state names a parent the chart does not have. */
        UNKNOWN_PARENT,
        /** A structural rule: children of a final state, a parallel state without regions, and so on. */
        INVALID_STRUCTURE
    }

    /**
     * One broken rule, at one state.
     *
     * @param state   the name of the state that breaks the rule
     * @param rule    the rule it breaks
     * @param message what exactly is wrong, in words
     */
    public record Problem(String state, Rule rule, String message) {
        @Override
        public String toString() {
            return "state '" + state + "': " + rule + ": " + message;
        }
    }

    /** Every problem found, in document order. */
    private final List<Problem> problems;

    /**
     * Reports every problem found in a chart's definition.
     *
     * @param chart    the chart's name, for the message
     * @param problems the problems found, in document order
     */
    public ChartDefinitionException(String chart, List<Problem> problems) {
        super(format(chart, problems));
        this.problems = List.copyOf(problems);
    }

    /**
     * Every problem found.
     *
     * @return the problems, in document order
     */
    public List<Problem> problems() {
        return problems;
    }

    private static String format(String chart, List<Problem> problems) {
        StringBuilder b = new StringBuilder("chart '").append(chart).append("' is invalid (")
                .append(problems.size()).append(problems.size() == 1 ? " problem)" : " problems)");
        for (Problem p : problems) {
            b.append("\n  ").append(p);
        }
        return b.toString();
    }
}
