package dev.arbor.core.model;

/**
 * Which transitions each state offers, by kind and by trigger, made by {@link TriggerIndexing}:
 * the per-state lists the engine walks, the state x trigger table an event's dispatch reads, the
 * done events' trigger sets and the deferral masks. Fixed once built; what an event matches is
 * resolved apart, in {@link EventSets}. Read as {@code chart.triggers.table}.
 */
public final class TriggerIndex {
    /** Per state: its event transitions, in document order. */
    public final int[][] eventTransitions;
    /** Per state: its eventless ({@code always}) transitions, in document order. */
    public final int[][] eventlessTransitions;
    /** Per state: its polled transitions ({@code when}, {@code after}), its timers in the order of their due ticks. */
    public final int[][] polledTransitions;
    /**
     * Where the transitions of state s enabled by trigger t start in {@link #table}:
     * {@code table[tableStart[s*T+t] .. tableStart[s*T+t+1])}, T being the chart's trigger count.
     */
    public final int[] tableStart;
    /** The transitions of every state, by trigger, in document order (see {@link #tableStart}). */
    public final int[] table;
    /** Per compound or parallel state: the trigger set of its done event; null for history states. */
    public final int[][] doneSets;
    /** Per trigger id: the states that defer events of that trigger, as a mask over state ids; null when none. */
    public final long[][] deferMasks;
    /** The states that defer every event ({@code "*"}); null when none. */
    public final long[] deferAnyMask;

    TriggerIndex(int[][] eventTransitions, int[][] eventlessTransitions, int[][] polledTransitions, int[] tableStart,
            int[] table, int[][] doneSets, long[][] deferMasks, long[] deferAnyMask) {
        this.eventTransitions = eventTransitions;
        this.eventlessTransitions = eventlessTransitions;
        this.polledTransitions = polledTransitions;
        this.tableStart = tableStart;
        this.table = table;
        this.doneSets = doneSets;
        this.deferMasks = deferMasks;
        this.deferAnyMask = deferAnyMask;
    }
}
