package dev.arbor.analysis;

import java.util.List;

/**
 * A sequence of inputs from a machine's start, step by step. Its first step is the start itself
 * (input {@code null}: {@code Machine.start()}), which may make assumptions too.
 *
 * @param start the start: what it assumes and the active states after it (its input is null)
 * @param steps the inputs after the start, in order
 */
public record InputPath(Step start, List<Step> steps) {

    /**
     * Copies the list.
     *
     * @param start the start
     * @param steps the inputs after it
     */
    public InputPath {
        steps = List.copyOf(steps);
    }

    /**
     * The active states at the end of the path.
     *
     * @return the last step's active states (the start's when there is no input)
     */
    public List<String> end() {
        return steps.isEmpty() ? start.active() : steps.get(steps.size() - 1).active();
    }

    /**
     * Whether any step (the start included) makes an assumption.
     *
     * @return true when the path holds only under assumptions
     */
    public boolean assumes() {
        return !start.assumptions().isEmpty() || steps.stream().anyMatch(s -> !s.assumptions().isEmpty());
    }

    /** The inputs, as a scenario line: {@code dawn; tick; offer}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Step s : steps) {
            b.append(b.length() == 0 ? "" : "; ").append(s.input());
        }
        return b.length() == 0 ? "(start)" : b.toString();
    }
}
