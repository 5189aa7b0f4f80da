package dev.arbor.core.semantics;

/**
 * The words of a set of state ids, as the semantics copies them in and out of a machine's
 * configuration; {@code MachineStateBuffer.StateSet} is its public face.
 */
public abstract class StateBits {
    /** Bit s of word s / 64 is set when state s is in the set. */
    protected final long[] bits;

    /** For the public face only: an empty set of ids below {@code stateCount}. */
    protected StateBits(int stateCount) {
        if (stateCount < 1) {
            throw new IllegalArgumentException("a chart has at least one state: " + stateCount);
        }
        this.bits = new long[(stateCount + 63) >>> 6];
    }
}
