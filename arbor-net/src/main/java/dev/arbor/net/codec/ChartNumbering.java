package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.MachineStateBuffer.StateSet;
import dev.arbor.core.StateKind;
import java.util.Objects;

/**
 * The numbering of every legal state of a started machine of one {@link Chart} — its active
 * configuration together with what each history state recorded — so that a {@link MachineState}
 * maps to an index in {@code [0, count())} and back, and a snapshot needs only {@link #bits()} bits
 * for it.
 *
 * <p><b>Configurations</b> are numbered recursively in mixed radix: a leaf (atomic or final) has
 * 1, a compound state the sum over its children (child {@code k}'s configurations follow those of
 * children {@code 0..k-1}), a parallel state the product over its regions (the first region is the
 * least significant digit). <b>History</b>: a shallow history of a compound parent records one of
 * the parent's children or nothing ({@code children + 1} values: 0 = nothing, {@code 1 + k} = child
 * {@code k}); of a parallel parent all its regions or nothing (2 values); a deep history records
 * the leaves of a legal configuration of its parent's subtree, or nothing ({@code
 * configurations(parent) + 1} values: 0 = nothing, {@code 1 + r} = configuration {@code r}).
 *
 * <p>The index is {@code configuration + configurations() * (h0 + H0 * (h1 + H1 * ...))} over the
 * history states in document order. {@code halted} is not numbered: it is implied by a top-level
 * final state being active (as a machine never has one active without halting).
 *
 * <p>Immutable and thread-safe. Counts are exact longs; a chart with more than 2<sup>62</sup>
 * combinations is refused.
 */
public final class ChartNumbering {

    /** The largest count accepted. */
    public static final long MAX_COUNT = 1L << 62;

    /** Charts with at most this many configurations keep each one's set, so that decoding copies it instead of unranking. */
    private static final int TABULATED_CONFIGURATIONS = 256;

    private final Chart<?> chart;
    private final String chartName;
    private final int n;
    private final byte[] kind; // StateKind ordinals
    private final int[] parent;
    private final int[][] children;
    /** Configurations of each (non-history) state's subtree; 0 for history pseudo-states. */
    private final long[] conf;
    /** For a compound state, the first index of each child's configurations. */
    private final long[][] offset;
    private final int[] historyStates;
    private final long[] historyCount;
    private final long configurations;
    private final long count;
    private final int bits;
    /** By rank, each configuration's states when there are few enough; null otherwise. */
    private final StateSet[] configurationTable;

    private static final byte COMPOUND = (byte) StateKind.COMPOUND.ordinal();
    private static final byte PARALLEL = (byte) StateKind.PARALLEL.ordinal();
    private static final byte FINAL = (byte) StateKind.FINAL.ordinal();
    private static final byte SHALLOW = (byte) StateKind.SHALLOW_HISTORY.ordinal();
    private static final byte DEEP = (byte) StateKind.DEEP_HISTORY.ordinal();

    /**
     * Counts a chart's legal configurations and history records.
     *
     * @param chart the chart numbered
     * @throws IllegalArgumentException naming the chart if it has more than {@link #MAX_COUNT}
     *                                  legal combinations
     */
    public ChartNumbering(Chart<?> chart) {
        this.chart = Objects.requireNonNull(chart, "chart");
        chartName = chart.name();
        n = chart.stateCount();
        kind = new byte[n];
        parent = new int[n];
        children = new int[n][];
        int historyStateCount = 0;
        for (int s = 0; s < n; s++) {
            kind[s] = (byte) chart.kind(s).ordinal();
            parent[s] = chart.parent(s);
            children[s] = chart.children(s);
            if (kind[s] == SHALLOW || kind[s] == DEEP) {
                historyStateCount++;
            }
        }
        conf = new long[n];
        offset = new long[n][];
        historyStates = new int[historyStateCount];
        historyCount = new long[historyStateCount];
        try {
            // Children have larger ids than their parent: fill from the last id backwards.
            for (int s = n - 1; s >= 0; s--) {
                byte k = kind[s];
                if (k == SHALLOW || k == DEEP) {
                    continue;
                }
                if (children[s].length == 0) {
                    conf[s] = 1;
                } else if (k == PARALLEL) {
                    long p = 1;
                    for (int c : children[s]) {
                        p = capped(Math.multiplyExact(p, conf[c]));
                    }
                    conf[s] = p;
                } else {
                    long[] off = new long[children[s].length];
                    long sum = 0;
                    for (int i = 0; i < children[s].length; i++) {
                        off[i] = sum;
                        sum = capped(Math.addExact(sum, conf[children[s][i]]));
                    }
                    offset[s] = off;
                    conf[s] = sum;
                }
            }
            configurations = conf[0];
            long total = configurations;
            int h = 0;
            for (int s = 0; s < n; s++) {
                if (kind[s] == SHALLOW || kind[s] == DEEP) {
                    int p = parent[s];
                    long values;
                    if (kind[s] == SHALLOW) {
                        values = kind[p] == PARALLEL ? 2 : children[p].length + 1L;
                    } else {
                        values = capped(Math.addExact(conf[p], 1));
                    }
                    historyStates[h] = s;
                    historyCount[h++] = values;
                    total = capped(Math.multiplyExact(total, values));
                }
            }
            count = total;
        } catch (ArithmeticException | TooLarge e) {
            throw new IllegalArgumentException("chart '" + chartName + "' has more than 2^62 legal combinations of "
                    + "configuration and history; it cannot be numbered (split it into several machines)");
        }
        bits = BitWriter.bitsFor(count);
        if (configurations <= TABULATED_CONFIGURATIONS) {
            configurationTable = new StateSet[(int) configurations];
            for (int r = 0; r < configurationTable.length; r++) {
                configurationTable[r] = new StateSet(n);
                unrankConfiguration(r, configurationTable[r]);
            }
        } else {
            configurationTable = null;
        }
    }

    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static long capped(long v) {
        if (v > MAX_COUNT) {
            throw new TooLarge();
        }
        return v;
    }

    /**
     * The number of legal (configuration, history records) combinations.
     *
     * @return the count, at most {@link #MAX_COUNT}
     */
    public long count() {
        return count;
    }

    /**
     * {@code ceil(log2(count()))}: the bits an index takes (0 when there is one combination).
     *
     * @return the width of an index in bits
     */
    public int bits() {
        return bits;
    }

    /**
     * The number of legal active configurations (history ignored).
     *
     * @return the number of configurations of the whole chart
     */
    public long configurations() {
        return configurations;
    }

    /**
     * {@code ceil(log2(configurations()))}: the bits a configuration alone takes.
     *
     * @return the width of a configuration's rank in bits
     */
    public int configurationBits() {
        return BitWriter.bitsFor(configurations);
    }

    /**
     * The rank of a configuration alone, in {@code [0, configurations())}, numbered as the
     * configuration part of {@link #indexOf(MachineState)}.
     *
     * @param active the ids of the active states, in increasing order
     * @return the configuration's rank
     * @throws IllegalArgumentException if they are not a legal configuration of the chart
     */
    public long configurationIndex(int[] active) {
        boolean[] act = new boolean[n];
        for (int id : active) {
            if (id < 0 || id >= n || kind[id] == SHALLOW || kind[id] == DEEP) {
                throw new IllegalArgumentException("not a configuration of chart '" + chartName + "': state " + id);
            }
            act[id] = true;
        }
        if (!act[0]) {
            throw new IllegalArgumentException("not a configuration of chart '" + chartName + "': the root is not active");
        }
        int[] visited = new int[1];
        long r = rankConf(0, act, visited);
        if (visited[0] != active.length) {
            throw new IllegalArgumentException("not a configuration of chart '" + chartName
                    + "': active states outside the configuration's tree");
        }
        return r;
    }

    /**
     * The configuration with this rank: the ids of its active states, in increasing order.
     *
     * @param rank a rank from {@link #configurationIndex}
     * @return a new array of state ids
     * @throws IllegalArgumentException if {@code rank} is not in {@code [0, configurations())}
     */
    public int[] configurationAt(long rank) {
        if (rank < 0 || rank >= configurations) {
            throw new IllegalArgumentException("configuration " + rank + " is not in [0, " + configurations
                    + ") for chart '" + chartName + "'");
        }
        StateSet active = new StateSet(n);
        configurationAt(rank, active);
        return active.toArray();
    }

    /**
     * The number of legal configurations of one state's subtree, given that state is active.
     *
     * @param state a state id of the chart
     * @return the subtree's configuration count (1 for a leaf)
     */
    public long configurations(int state) {
        return conf[state];
    }

    /**
     * The history pseudo-states, in document order.
     *
     * @return a copy of their state ids
     */
    public int[] historyStates() {
        return historyStates.clone();
    }

    /**
     * The number of states in the chart.
     *
     * @return the state count, history pseudo-states included
     */
    public int stateCount() {
        return n;
    }

    /**
     * The numbered chart's name, used in error messages.
     *
     * @return the chart's name
     */
    public String chartName() {
        return chartName;
    }

    // ---------------------------------------------------------------- rank

    /**
     * The index of a live machine's (configuration, history) combination, read straight from the
     * machine without copying it (a machine's state is always legal). Allocates nothing.
     *
     * @param machine a machine of this chart
     * @return the index, in {@code [0, count())}
     * @throws IllegalStateException if the machine is not started
     */
    public long indexOf(Machine<?> machine) {
        if (!machine.isIn(0)) {
            throw new IllegalStateException("machine of chart '" + chartName + "' is not started");
        }
        long index = rankLive(0, machine, -1);
        long mul = configurations;
        for (int i = 0; i < historyStates.length; i++) {
            int h = historyStates[i];
            long r = 0;
            if (machine.recordedCount(h) > 0) {
                int p = parent[h];
                if (kind[h] == SHALLOW) {
                    if (kind[p] == PARALLEL) {
                        r = 1;
                    } else {
                        int child = machine.recorded(h, 0);
                        for (int k = 0; k < children[p].length; k++) {
                            if (children[p][k] == child) {
                                r = 1 + k;
                            }
                        }
                    }
                } else {
                    r = 1 + rankLive(p, machine, h);
                }
            }
            index += r * mul;
            mul *= historyCount[i];
        }
        return index;
    }

    /**
     * Ranks the configuration below {@code s}: the machine's active one when {@code history} is -1,
     * else the one deep history {@code history} recorded (a state is in it when a recorded leaf
     * lies in its subtree).
     */
    private long rankLive(int s, Machine<?> machine, int history) {
        int[] ch = children[s];
        if (ch.length == 0) {
            return 0;
        }
        if (kind[s] == PARALLEL) {
            long r = 0;
            long mul = 1;
            for (int c : ch) {
                r += rankLive(c, machine, history) * mul;
                mul *= conf[c];
            }
            return r;
        }
        for (int i = 0; i < ch.length; i++) {
            if (history < 0 ? machine.isIn(ch[i]) : recordsBelow(machine, history, ch[i])) {
                return offset[s][i] + rankLive(ch[i], machine, history);
            }
        }
        throw new IllegalStateException("compound state " + s + " of chart '" + chartName + "' has no "
                + (history < 0 ? "active child" : "recorded child in history " + history));
    }

    private boolean recordsBelow(Machine<?> machine, int history, int s) {
        for (int j = 0, n = machine.recordedCount(history); j < n; j++) {
            int leaf = machine.recorded(history, j);
            for (int a = leaf; a >= 0; a = parent[a]) {
                if (a == s) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The rank of a legal configuration held in a set (one a machine saved: the encoder's, so it
     * is not checked beyond what ranking needs). Allocates nothing.
     */
    long configurationIndex(StateSet configuration) {
        return rankSet(0, configuration);
    }

    private long rankSet(int s, StateSet configuration) {
        int[] ch = children[s];
        if (ch.length == 0) {
            return 0;
        }
        if (kind[s] == PARALLEL) {
            long r = 0;
            long mul = 1;
            for (int c : ch) {
                r += rankSet(c, configuration) * mul;
                mul *= conf[c];
            }
            return r;
        }
        for (int i = 0; i < ch.length; i++) {
            if (configuration.contains(ch[i])) {
                return offset[s][i] + rankSet(ch[i], configuration);
            }
        }
        throw new IllegalStateException("compound state " + s + " of chart '" + chartName
                + "' has no active child in configuration " + configuration);
    }

    /**
     * The index of a legal state of a started machine of this chart.
     *
     * @param state a machine's state, as {@code Machine.snapshot()} gives it
     * @return the index, in {@code [0, count())}
     * @throws IllegalArgumentException if the state is not one of this chart's legal states (for
     *                                  example a machine not started, or a state of another chart)
     */
    public long indexOf(MachineState state) {
        Objects.requireNonNull(state, "state");
        int[] active = state.active();
        boolean[] act = new boolean[n];
        for (int id : active) {
            if (id < 0 || id >= n || act[id]) {
                throw new IllegalArgumentException("not a state of chart '" + chartName + "': active id " + id);
            }
            act[id] = true;
        }
        if (!act[0]) {
            throw new IllegalArgumentException("not a state of chart '" + chartName
                    + "': the root is not active (machine not started?)");
        }
        int[] visited = new int[1];
        long index = rankConf(0, act, visited);
        if (visited[0] != active.length) {
            throw new IllegalArgumentException("not a state of chart '" + chartName
                    + "': active states outside the configuration");
        }
        int[][] history = state.history();
        if (history.length != n) {
            throw new IllegalArgumentException("not a state of chart '" + chartName + "': history has "
                    + history.length + " entries, the chart has " + n + " states");
        }
        long mul = configurations;
        for (int i = 0; i < historyStates.length; i++) {
            long r = rankHistory(historyStates[i], history[historyStates[i]]);
            index += r * mul;
            mul *= historyCount[i];
        }
        for (int s = 0; s < n; s++) {
            if (kind[s] != SHALLOW && kind[s] != DEEP && history[s].length != 0) {
                throw new IllegalArgumentException("not a state of chart '" + chartName + "': state " + s
                        + " is not a history state but has a record");
            }
        }
        return index;
    }

    private long rankConf(int s, boolean[] act, int[] visited) {
        visited[0]++;
        int[] ch = children[s];
        if (ch.length == 0) {
            return 0;
        }
        if (kind[s] == PARALLEL) {
            long r = 0;
            long mul = 1;
            for (int c : ch) {
                if (!act[c]) {
                    throw new IllegalArgumentException("not a state of chart '" + chartName + "': region " + c
                            + " of parallel state " + s + " is not active");
                }
                r += rankConf(c, act, visited) * mul;
                mul *= conf[c];
            }
            return r;
        }
        int found = -1;
        for (int i = 0; i < ch.length; i++) {
            if (act[ch[i]]) {
                if (found >= 0) {
                    throw new IllegalArgumentException("not a state of chart '" + chartName + "': compound state "
                            + s + " has several active children");
                }
                found = i;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("not a state of chart '" + chartName + "': compound state " + s
                    + " has no active child");
        }
        return offset[s][found] + rankConf(ch[found], act, visited);
    }

    private long rankHistory(int h, int[] rec) {
        if (rec.length == 0) {
            return 0;
        }
        int p = parent[h];
        if (kind[h] == SHALLOW) {
            if (kind[p] == PARALLEL) {
                if (rec.length != children[p].length) {
                    throw new IllegalArgumentException("not a state of chart '" + chartName + "': shallow history "
                            + h + " must record all regions of " + p);
                }
                return 1;
            }
            if (rec.length == 1) {
                for (int i = 0; i < children[p].length; i++) {
                    if (children[p][i] == rec[0]) {
                        return 1 + i;
                    }
                }
            }
            throw new IllegalArgumentException("not a state of chart '" + chartName + "': shallow history " + h
                    + " records something other than one child of " + p);
        }
        boolean[] marks = new boolean[n];
        int pathStates = 1;
        for (int leaf : rec) {
            if (leaf < 0 || leaf >= n || children[leaf].length != 0 || kind[leaf] == SHALLOW || kind[leaf] == DEEP) {
                throw new IllegalArgumentException("not a state of chart '" + chartName + "': deep history " + h
                        + " records a non-leaf " + leaf);
            }
            int a = leaf;
            while (a != p) {
                if (a <= 0) {
                    throw new IllegalArgumentException("not a state of chart '" + chartName + "': deep history " + h
                            + " records " + leaf + ", not below " + p);
                }
                if (!marks[a]) {
                    marks[a] = true;
                    pathStates++;
                }
                a = parent[a];
            }
        }
        marks[p] = true;
        int[] visited = new int[1];
        long r = rankConf(p, marks, visited);
        if (visited[0] != pathStates) {
            throw new IllegalArgumentException("not a state of chart '" + chartName + "': deep history " + h
                    + " records leaves that are not one configuration");
        }
        return 1 + r;
    }

    /**
     * Whether a top-level final state is among these active ids: the halted flag the numbering implies.
     *
     * @param active the ids of the active states
     * @return true if the machine in that configuration is halted
     */
    public boolean impliesHalted(int[] active) {
        for (int id : active) {
            if (id > 0 && id < n && parent[id] == 0 && kind[id] == FINAL) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- unrank

    /**
     * The legal state with this index; always accepted by {@code Machine.restore}.
     *
     * @param index an index from {@link #indexOf}
     * @return the configuration and history records, halted when a top-level final state is active
     * @throws IllegalArgumentException if {@code index} is not in {@code [0, count())}
     */
    public MachineState stateAt(long index) {
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("index " + index + " is not in [0, " + count + ") for chart '"
                    + chartName + "'");
        }
        MachineStateBuffer state = new MachineStateBuffer(chart);
        stateAt(index, state);
        return state.toState();
    }

    /**
     * Adds the configuration and history records with this index, in {@code [0, count())}, to a
     * cleared buffer of this chart, and sets its halted flag. Allocates nothing.
     */
    void stateAt(long index, MachineStateBuffer into) {
        StateSet active = into.active();
        configurationAt(index % configurations, active);
        long rest = index / configurations;
        for (int i = 0; i < historyStates.length; i++) {
            long r = rest % historyCount[i];
            rest /= historyCount[i];
            if (r != 0) {
                recordAt(historyStates[i], r, into.history(historyStates[i]));
            }
        }
        boolean halted = false;
        for (int c : children[0]) {
            halted |= kind[c] == FINAL && active.contains(c);
        }
        into.setHalted(halted);
    }

    /** Adds the states of the configuration with this rank, in {@code [0, configurations())}, to a set. */
    void configurationAt(long rank, StateSet into) {
        if (configurationTable != null) {
            into.addAll(configurationTable[(int) rank]);
        } else {
            unrankConfiguration(rank, into);
        }
    }

    private void unrankConfiguration(long rank, StateSet into) {
        into.add(0);
        unrank(0, rank, into, false);
    }

    /** Adds what history state {@code h} records as its value {@code r} (1 or more) to a set. */
    private void recordAt(int h, long r, StateSet into) {
        int p = parent[h];
        if (kind[h] == SHALLOW) {
            if (kind[p] == PARALLEL) {
                for (int c : children[p]) {
                    into.add(c);
                }
            } else {
                into.add(children[p][(int) (r - 1)]);
            }
        } else if (children[p].length == 0) {
            into.add(p);
        } else {
            unrank(p, r - 1, into, true); // a deep history records the leaves only
        }
    }

    /**
     * Adds the states below {@code s} of its subtree's configuration with rank {@code r} (every
     * state, or only the leaves) to a set: down a chain of compound states in a loop, into each
     * region of a parallel state by recursion.
     */
    private void unrank(int s, long r, StateSet into, boolean leavesOnly) {
        while (children[s].length > 0) {
            int[] ch = children[s];
            if (kind[s] == PARALLEL) {
                for (int c : ch) {
                    add(c, into, leavesOnly);
                    unrank(c, r % conf[c], into, leavesOnly);
                    r /= conf[c];
                }
                return;
            }
            long[] off = offset[s];
            int i = ch.length - 1;
            while (off[i] > r) {
                i--;
            }
            s = ch[i];
            r -= off[i];
            add(s, into, leavesOnly);
        }
    }

    private void add(int s, StateSet into, boolean leavesOnly) {
        if (!leavesOnly || children[s].length == 0) {
            into.add(s);
        }
    }

    @Override
    public String toString() {
        return "ChartNumbering[" + chartName + ": " + configurations + " configurations, " + count
                + " combinations, " + bits + " bits]";
    }
}
