package dev.arbor.core.semantics;

import dev.arbor.core.model.CompiledChart;

/** Bit sets over state and transition ids, as long words. */
public final class Bits {

    private Bits() {
    }

    /** Whether state {@code st} is atomic or final. */
    public static boolean isLeaf(CompiledChart c, int st) {
        return c.states.kind[st] == CompiledChart.ATOMIC || c.states.kind[st] == CompiledChart.FINAL;
    }

    /** Whether bit {@code i} is set. */
    static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    /** Sets bit {@code i}. */
    static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    /** Clears every bit. */
    static void clear(long[] bits) {
        for (int i = 0; i < bits.length; i++) {
            bits[i] = 0;
        }
    }

    /** Whether any bit in [from, to) is set. */
    static boolean anyInRange(long[] bits, int from, int to) {
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            if ((bits[w] & rangeMask(w, from, to)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The bits of word {@code w} that fall in ids [from, to). */
    static long rangeMask(int w, int from, int to) {
        long mask = -1L;
        if (w == from >>> 6) {
            mask &= -1L << (from & 63);
        }
        if (w == (to - 1) >>> 6) {
            mask &= -1L >>> (63 - ((to - 1) & 63));
        }
        return mask;
    }

    /** The lowest set bit at or after {@code from}, or -1. */
    public static int nextSet(long[] bits, int from) {
        int w = from >>> 6;
        if (w >= bits.length) {
            return -1;
        }
        long word = bits[w] & (-1L << from);
        while (word == 0) {
            if (++w == bits.length) {
                return -1;
            }
            word = bits[w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(word);
    }
}
