package dev.arbor.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * Everything a machine remembers, apart from its owner's data: the active configuration and what
 * each history state recorded. {@link Machine#snapshot()} makes one; {@link Machine#restore}
 * puts one back (the networking layer encodes it in as few bits as the chart allows).
 *
 * @param active  every active state's id, in document order (empty before start)
 * @param history for each history state id {@code h}, the ids it recorded ({@code history[h]}
 *                is empty when it recorded nothing, and for states that are not history states)
 * @param halted  whether a top-level final state was reached
 */
public record MachineState(int[] active, int[][] history, boolean halted) {

    public MachineState {
        Objects.requireNonNull(active, "active");
        Objects.requireNonNull(history, "history");
        active = active.clone();
        int[][] copy = new int[history.length][];
        for (int i = 0; i < history.length; i++) {
            copy[i] = Objects.requireNonNull(history[i], "history entry").clone();
        }
        history = copy;
    }

    @Override
    public int[] active() {
        return active.clone();
    }

    /** What history state {@code h} recorded (empty if nothing). */
    public int[] history(int h) {
        return history[h].clone();
    }

    @Override
    public int[][] history() {
        int[][] copy = new int[history.length][];
        for (int i = 0; i < history.length; i++) {
            copy[i] = history[i].clone();
        }
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MachineState s && halted == s.halted && Arrays.equals(active, s.active)
                && Arrays.deepEquals(history, s.history);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(active) + Arrays.deepHashCode(history) + (halted ? 1 : 0);
    }

    @Override
    public String toString() {
        return "MachineState[active=" + Arrays.toString(active) + ", history=" + Arrays.deepToString(history)
                + (halted ? ", halted" : "") + "]";
    }
}
