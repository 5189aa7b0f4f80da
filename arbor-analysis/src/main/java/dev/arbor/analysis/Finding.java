package dev.arbor.analysis;

import java.util.Optional;

/**
 * Something the analysis found, about a state or a transition (or two, for a conflict), with the
 * input path that shows it where there is one.
 *
 * @param kind       what was found
 * @param definite   true when it holds whatever the parts the analysis does not model do; false
 *                   when it rests on them (a guard written in Java taken as possibly true, say):
 *                   a possibility to review, not a proof
 * @param state      the state concerned, or -1
 * @param transition the transition concerned, or -1
 * @param other      the second transition of a {@link Kind#CONFLICT}, or the one that shadows a dead
 *                   transition; -1 otherwise
 * @param message    the finding in words, naming states and transitions as the chart does
 * @param witness    the inputs that show it (the path to the configuration concerned), when one exists
 */
public record Finding(Kind kind, boolean definite, int state, int transition, int other, String message,
                      Optional<InputPath> witness) {

    /** What was found. */
    public enum Kind {
        /** A state no input sequence makes active. */
        DEAD_STATE,
        /** A transition no input sequence takes. */
        DEAD_TRANSITION,
        /** A configuration, not final, that no input changes. */
        TRAP,
        /** A configuration from which the target state (or a final state) cannot be reached. */
        CANNOT_REACH,
        /** A step whose eventless transitions never settle. */
        LIVELOCK,
        /** Two transitions enabled by one input in one configuration, both of whose guards can hold. */
        CONFLICT,
        /** A step that fails (an action's error, deferred events beyond the limit). */
        STEP_FAILS,
        /** Something the machine keeps that grows with every repetition of some inputs (the plans in progress). */
        UNBOUNDED;

        /**
         * The kind as {@code arbor check} prints it.
         *
         * @return such as {@code dead state}
         */
        public String words() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    @Override
    public String toString() {
        return kind.words() + (definite ? "" : " (possible)") + ": " + message;
    }
}
