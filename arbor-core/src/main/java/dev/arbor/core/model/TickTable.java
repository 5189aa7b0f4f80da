package dev.arbor.core.model;

/**
 * What a tick reads, made by {@link TickLists}: which states keep a clock and their timers, the
 * masks of states a tick polls or updates, and for flat charts without behaviours or timers the
 * whole tick of each active leaf in advance. Read as {@code chart.ticks.polled[leaf]}.
 */
public final class TickTable {
    /** Per state: whether a machine keeps its clock (ticks since entry): it has behaviours or timers. */
    public final boolean[] clocked;
    /** Per state: its largest timer ({@code after}) in ticks; 0 when it has none. */
    public final long[] maxAfter;
    /** Bit mask over state ids: states with polled transitions. */
    public final long[] polledMask;
    /** Bit mask over state ids: states with update actions or behaviours. */
    public final long[] updateMask;
    /**
     * For flat charts without behaviours or timers, per active leaf: the polled transitions a tick
     * tests, in the order it tests them (the active states are the leaf's ancestors, so the order
     * is known in advance). Null otherwise.
     */
    public final int[][] polled;
    /** Alongside {@link #polled}, per active leaf: the states whose update actions run, root to leaf. Null otherwise. */
    public final int[][] updates;

    TickTable(boolean[] clocked, long[] maxAfter, long[] polledMask, long[] updateMask, int[][] polled, int[][] updates) {
        this.clocked = clocked;
        this.maxAfter = maxAfter;
        this.polledMask = polledMask;
        this.updateMask = updateMask;
        this.polled = polled;
        this.updates = updates;
    }
}
