package dev.arbor.analysis;

import java.util.List;

/**
 * One input of a path and what it does: the assumptions it needs, the transitions it takes, and
 * the active states after it.
 *
 * @param input       the input
 * @param assumptions what it assumes, in the order the step met them (empty when it assumes nothing)
 * @param transitions the ids of the transitions it takes, in order
 * @param entered     the names of the states it enters, in order: some of them may be left again in
 *                    the same step (a final state that completes its parent, say)
 * @param active      the names of the active states after it, outermost first (the root aside)
 */
public record Step(Input input, List<Assumption> assumptions, List<Integer> transitions, List<String> entered,
                   List<String> active) {

    /**
     * Copies the lists.
     *
     * @param input       the input
     * @param assumptions what it assumes
     * @param transitions the transitions it takes
     * @param entered     the states it enters
     * @param active      the active states after it
     */
    public Step {
        assumptions = List.copyOf(assumptions);
        transitions = List.copyOf(transitions);
        entered = List.copyOf(entered);
        active = List.copyOf(active);
    }

    @Override
    public String toString() {
        return input + (assumptions.isEmpty() ? "" : " " + assumptions) + " -> " + active;
    }
}
