package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.StateKind;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Bits per snapshot of a chart's configuration under the networked HSM's two schemes, to compare with
 * Arbor's numbering. Both schemes know nothing of history (the networked HSM has none) and assume exactly one
 * active leaf, so they are only defined for charts without parallel states (empty results
 * otherwise); compare them with {@link ChartNumbering#configurationBits()} (Arbor without history).
 *
 * <ul>
 *   <li><b>Mixed-radix header</b>: the walk from the root, each child index multiplied by the
 *       product of the child counts of the states above it; the worst case over all leaves decides
 *       the width: {@code ceil(log2(max header + 1))} bits.
 *   <li><b>Leaf index in one byte</b>: the index of the active leaf in depth-first order, written
 *       in whole bytes: 8 bits up to 256 leaves, 16 up to 65,536, and so on.
 * </ul>
 */
public final class SeedSchemes {
    private SeedSchemes() {}

    /**
     * The largest mixed-radix header any leaf gives, or empty if the chart has a parallel state.
     *
     * @param chart the chart measured
     * @return the largest header, or empty
     * @throws ArithmeticException if the header overflows a long
     */
    public static OptionalLong maxMixedRadixHeader(Chart<?> chart) {
        if (hasParallel(chart)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(maxHeader(chart, 0, 1));
    }

    private static long maxHeader(Chart<?> chart, int state, long depthMul) {
        int[] ch = chart.children(state);
        long best = 0;
        long nextMul = Math.multiplyExact(depthMul, Math.max(1, ch.length));
        for (int i = 0; i < ch.length; i++) {
            long h = Math.addExact(Math.multiplyExact(i, depthMul), maxHeader(chart, ch[i], nextMul));
            best = Math.max(best, h);
        }
        return best;
    }

    /**
     * The networked HSM's mixed-radix header width: {@code ceil(log2(max header + 1))}; empty with parallel states.
     *
     * @param chart the chart measured
     * @return the width in bits, or empty
     */
    public static OptionalInt mixedRadixBits(Chart<?> chart) {
        OptionalLong max = maxMixedRadixHeader(chart);
        return max.isPresent() ? OptionalInt.of(BitWriter.bitsFor(max.getAsLong() + 1)) : OptionalInt.empty();
    }

    /**
     * The number of leaves (atomic and final states).
     *
     * @param chart the chart measured
     * @return the number of childless states, history pseudo-states not counted
     */
    public static int leafCount(Chart<?> chart) {
        int leaves = 0;
        for (int s = 0; s < chart.stateCount(); s++) {
            StateKind k = chart.kind(s);
            if (k != StateKind.SHALLOW_HISTORY && k != StateKind.DEEP_HISTORY && chart.children(s).length == 0) {
                leaves++;
            }
        }
        return leaves;
    }

    /**
     * The networked HSM's leaf index in whole bytes (8 bits up to 256 leaves); empty with parallel states.
     *
     * @param chart the chart measured
     * @return the width in bits, a multiple of 8, or empty
     */
    public static OptionalInt leafIndexBits(Chart<?> chart) {
        if (hasParallel(chart)) {
            return OptionalInt.empty();
        }
        int bits = BitWriter.bitsFor(leafCount(chart));
        return OptionalInt.of(8 * Math.max(1, (bits + 7) / 8));
    }

    /**
     * Whether any state (the root included) is parallel.
     *
     * @param chart the chart looked at
     * @return true if the networked HSM's schemes are undefined for it
     */
    public static boolean hasParallel(Chart<?> chart) {
        for (int s = 0; s < chart.stateCount(); s++) {
            if (chart.kind(s) == StateKind.PARALLEL) {
                return true;
            }
        }
        return false;
    }

    /**
     * One chart's figures side by side.
     *
     * @param chart              the chart's name
     * @param states             states, history pseudo-states included
     * @param leaves             atomic and final states
     * @param configurations     legal active configurations
     * @param combinations       legal (configuration, history) combinations
     * @param arborNoHistoryBits Arbor's bits for the configuration alone
     * @param arborBits          Arbor's bits for configuration and history
     * @param mixedRadixBits     the networked HSM's mixed-radix header, -1 when undefined (parallel states)
     * @param leafIndexBits      the networked HSM's leaf index in bytes, -1 when undefined (parallel states)
     */
    public record Comparison(String chart, int states, int leaves, long configurations, long combinations,
                             int arborNoHistoryBits, int arborBits, int mixedRadixBits, int leafIndexBits) {

        /**
         * A Markdown table row: chart | states | leaves | configurations | combinations | bits...
         *
         * @return one line, no line break, with "n/a (parallel)" for undefined widths
         */
        public String markdownRow() {
            return "| " + chart + " | " + states + " | " + leaves + " | " + configurations + " | " + combinations
                    + " | " + arborNoHistoryBits + " | " + arborBits + " | "
                    + (mixedRadixBits < 0 ? "n/a (parallel)" : Integer.toString(mixedRadixBits)) + " | "
                    + (leafIndexBits < 0 ? "n/a (parallel)" : Integer.toString(leafIndexBits)) + " |";
        }

        /**
         * The header of the table {@link #markdownRow()} fills.
         *
         * @return the title row and the alignment row, separated by a line break
         */
        public static String markdownHeader() {
            return "| chart | states | leaves | configurations | with history | Arbor bits, no history "
                    + "| Arbor bits, with history | networked HSM mixed-radix | networked HSM leaf byte |\n"
                    + "|---|---:|---:|---:|---:|---:|---:|---:|---:|";
        }
    }

    /**
     * Computes the figures for one chart.
     *
     * @param chart the chart measured
     * @return the chart's figures, -1 for the networked HSM's widths when it has parallel states
     */
    public static Comparison compare(Chart<?> chart) {
        ChartNumbering numbering = new ChartNumbering(chart);
        return new Comparison(chart.name(), chart.stateCount(), leafCount(chart), numbering.configurations(),
                numbering.count(), numbering.configurationBits(), numbering.bits(),
                mixedRadixBits(chart).orElse(-1), leafIndexBits(chart).orElse(-1));
    }
}
