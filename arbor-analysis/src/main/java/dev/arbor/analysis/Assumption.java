package dev.arbor.analysis;

/**
 * What a step assumes about a part of the chart the analysis does not model: the outcome of a
 * guard written in Java (or drawn by chance), whether a behaviour reports finished, the value a
 * random draw gives. A path holds only under its assumptions; a generated test forces them.
 *
 * @param kind  what is assumed
 * @param id    the transition whose guard it is ({@link Kind#GUARD}), the state whose behaviour
 *              it is ({@link Kind#FINISHED}), or the variable drawn ({@link Kind#DRAWN})
 * @param value 1 (holds, finished) or 0 for a guard or behaviour; the value drawn for a variable
 * @param text  the assumption in words, such as {@code guard "sees enemy" of PATROL -> ALERT holds}
 */
public record Assumption(Kind kind, int id, int value, String text) {

    /** What is assumed. */
    public enum Kind {
        /** A guard's outcome. */
        GUARD,
        /** Whether a state's behaviours report finished. */
        FINISHED,
        /** The value a random draw sets a variable to. */
        DRAWN
    }

    /**
     * For a guard or a behaviour: whether it holds.
     *
     * @return value == 1
     */
    public boolean holds() {
        return value == 1;
    }

    @Override
    public String toString() {
        return text;
    }
}
