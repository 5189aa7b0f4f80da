package dev.arbor.core.model;

/**
 * What the flat and region paths enter, precomputed by {@link PathPrecomputation}: per
 * transition the states it enters in order, per history state the entries of each case it can
 * record, the start path, and where each history keeps its record in a machine. Paths list state
 * ids in entry order; a negative entry {@code ~s} enters s and then runs s's initial action. Read
 * as {@code chart.paths.entry[t]}.
 */
public final class PathTable {
    /** Per transition, when its entry does not depend on history: the states it enters in order. Null otherwise. */
    public final int[][] entry;
    /** Per transition: the kept domain whose initial action runs before the entries, or -1. */
    public final int[] keptInitial;
    /** The states entered when a machine starts, or null if history is involved or the chart is not flat. */
    public final int[] start;
    /**
     * Per transition of a flat chart that targets a history state with {@link #historyEntries}:
     * that history state; -1 for every other transition. Such a transition has no
     * {@link #entry}: it enters {@link #historyPrefix}, then the history's entries.
     */
    public final int[] historyTarget;
    /**
     * Per transition with a {@link #historyTarget}: the states it enters before the history
     * decides, from below its domain down to the history's parent (empty when the domain is the
     * parent itself); null otherwise.
     */
    public final int[][] historyPrefix;
    /**
     * Per history state of a flat chart: the states entered below its parent, one path per case
     * of {@link CompiledChart#historyCase}. Case 0 is "recorded nothing": the default targets'
     * entry (the history's own default action, which runs just after its parent's entry, is not in
     * the path). The others follow the states it can record, in document order: the parent's
     * children (shallow, each entered by default below), or the leaves below the parent (deep,
     * entered with their ancestors and nothing by default). Null when some case's entry passes
     * through another history state, or a history has more than
     * {@link CompiledChart#MAX_HISTORY_CASES} cases: then transitions to it take the general microstep.
     */
    public final int[][][] historyEntries;
    /** Per history state with {@link #historyEntries}: its case by recorded state id minus its parent's id; -1 for states it cannot record. */
    final int[][] historyCases;
    /**
     * Per transition: whether the flat microstep takes it (its entries are precomputed, or it
     * enters nothing) rather than the general one. False for every transition of a chart with plans.
     */
    public final boolean[] precomputed;
    /** Per history state: the offset of its record in a machine's history slots (a count, then ids); -1 for other states. */
    public final int[] historyOffset;
    /** The size of a machine's history slots: every history's count and room. */
    public final int historySlotsSize;

    PathTable(int[][] entry, int[] keptInitial, int[] start, int[] historyTarget, int[][] historyPrefix,
            int[][][] historyEntries, int[][] historyCases, boolean[] precomputed, int[] historyOffset,
            int historySlotsSize) {
        this.entry = entry;
        this.keptInitial = keptInitial;
        this.start = start;
        this.historyTarget = historyTarget;
        this.historyPrefix = historyPrefix;
        this.historyEntries = historyEntries;
        this.historyCases = historyCases;
        this.precomputed = precomputed;
        this.historyOffset = historyOffset;
        this.historySlotsSize = historySlotsSize;
    }
}
