package dev.arbor.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides what the analysis does not model, and enumerates every combination of decisions one
 * step can make: each run of the step follows a prefix of decisions already fixed and takes the
 * first choice beyond it; {@link #next} then moves to the next combination, depth first, as an
 * odometer whose digits are added as the step meets them.
 */
final class Oracle {

    private final int max;
    private final List<int[]> digits = new ArrayList<>(); // {value, arity, kind, id}
    private int position;
    private boolean overflowed;

    Oracle(int maxDecisionsPerStep) {
        this.max = maxDecisionsPerStep;
    }

    /** Before the first run of a step: no decision fixed. */
    void beginStep() {
        digits.clear();
        position = 0;
        overflowed = false;
    }

    /** Before each run of the step. */
    void beginRun() {
        position = 0;
        overflowed = false;
    }

    /**
     * The choice for the next decision of this run, from 0 to {@code arity - 1}. Beyond the limit
     * it is 0 (a guard fails, a behaviour has not finished, the lowest value is drawn) without
     * branching, and the run is marked {@link #overflowed}.
     */
    int choose(Assumption.Kind kind, int id, int arity) {
        if (position < digits.size()) {
            return digits.get(position++)[0];
        }
        if (digits.size() >= max) {
            overflowed = true;
            return 0;
        }
        digits.add(new int[] {0, arity, kind.ordinal(), id});
        position++;
        return 0;
    }

    /** Whether this run stopped at the limit. */
    boolean overflowed() {
        return overflowed;
    }

    /** The decisions this run made, in order, as (kind, id, value). */
    List<int[]> made() {
        List<int[]> out = new ArrayList<>(position);
        for (int i = 0; i < position; i++) {
            int[] d = digits.get(i);
            out.add(new int[] {d[2], d[3], d[0]});
        }
        return out;
    }

    /**
     * Moves to the next combination: the last decision this run made that has a choice left takes
     * it, and those after it are forgotten.
     *
     * @return false when every combination has run
     */
    boolean next() {
        for (int i = position - 1; i >= 0; i--) {
            int[] d = digits.get(i);
            if (d[0] + 1 < d[1]) {
                d[0]++;
                digits.subList(i + 1, digits.size()).clear();
                return true;
            }
        }
        return false;
    }
}
