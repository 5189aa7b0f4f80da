package dev.arbor.core.semantics;

import dev.arbor.core.Done;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.EventSets;

/**
 * A chart's event dispatch and ticks compiled into code of their own (see {@code speed.Specializer}):
 * for each (active leaf, event set) pair, a case that tests the candidate transitions' guards
 * innermost first and takes the first that holds, and for each active leaf a tick, with every
 * user guard, condition and action called directly, where the JIT can inline it. The cases live
 * in chunks, each a hidden class written by {@code speed.ChunkClassFile}: a switch on the key over the
 * chunk's cases, each a constant method handle.
 */
public final class SpecializedDispatch {
    /** Event sets with an index below this are specialized; later ones go to the interpreter. */
    final int sets;
    /**
     * Columns of cases: the specialized event sets, and for charts with handler states one more,
     * {@link #others}, which takes the events no declared trigger names (whatever their kind,
     * even one first seen after specializing): only handlers and wildcards can take those.
     */
    private final int columns;
    /** The column of events no declared trigger names, or -1 when they go to the interpreter. */
    private final int others;
    /**
     * Whether every event but the chart's own completions takes column {@link #others}, without
     * a lookup: a chart of handlers that declares no trigger.
     */
    private final boolean onlyOthers;
    /** Cases by key {@code leaf * columns + column}. */
    private final Chunks events;
    /** Ticks by active leaf; null when the chart's ticks are not specialized. */
    private final Chunks ticks;

    /** The chart's first enum event type (constants without bodies), or null; events of it skip the set lookup. */
    private final Class<?> plainEnum;
    private final int[] plainEnumSets;
    /** The transitions whose microstep the cases leave to the interpreter, in id order (for tests). */
    private final int[] leftToInterpreter;

    /** In a chart with parallel regions, what it needs beyond its cases; else null, and a case does the whole step. */
    final Regions regions;
    /** The chunk of the event cases when it was written with routes (see {@link #route}); else null. */
    private final Chunk routes;

    public SpecializedDispatch(CompiledChart chart, int sets, int others, Chunks events, Chunks ticks, Regions regions,
            int[] leftToInterpreter) {
        this.regions = regions;
        this.routes = events.routed ? events.only : null;
        this.plainEnum = chart.events.firstPlainEnum();
        this.plainEnumSets = plainEnum == null ? null : chart.events.firstEnumSetIndices();
        this.sets = sets;
        this.others = others;
        this.columns = others < 0 ? sets : others + 1;
        this.onlyOthers = others >= 0 && !chart.declaresTriggers();
        this.events = events;
        this.ticks = ticks;
        this.leftToInterpreter = leftToInterpreter;
    }

    /** Consecutive keys cut into chunks: which chunk holds a key, and the key its chunk starts at. */
    public static final class Chunks {
        /** The chunk of each key: one load from the key to the chunk. */
        private final Chunk[] chunkOf;
        private final int[] chunkBase;
        private final Chunk[] chunks;
        /** The one chunk of a small chart, else null: one load instead of three. */
        private final Chunk only;
        /** The second of exactly two chunks, else null; the first is {@code chunks[0]}, keys below {@link #split}. */
        private final Chunk second;
        private final int split;

        /** Whether the one chunk was written with routes ({@link SpecializedDispatch#route}). */
        final boolean routed;

        public Chunks(Chunk[] chunkOf, int[] chunkBase, Chunk[] chunks, boolean routed) {
            this.routed = routed;
            this.chunkOf = chunkOf;
            this.chunkBase = chunkBase;
            this.chunks = chunks;
            this.only = chunks.length == 1 ? chunks[0] : null;
            this.second = chunks.length == 2 ? chunks[1] : null;
            this.split = chunks.length == 2 ? chunkBase[chunkBase.length - 1] : 0;
        }

        // The methods on the way to a chunk stay under the JIT's 35 bytes, so that they are
        // inlined even where the profile says nothing yet (a caller compiled soon after the
        // chart was specialized).
        boolean run(int key, MachineCore machine, Object owner, Object event) {
            Chunk one = only;
            return one != null ? one.run(key, machine, owner, event) : runInChunk(key, machine, owner, event);
        }

        /**
         * {@link #run}, called from another table's case: a method of its own, so that the JIT,
         * which does not inline a method into itself, inlines it there.
         */
        boolean runFromCase(int key, MachineCore machine, Object owner, Object event) {
            Chunk one = only;
            return one != null ? one.run(key, machine, owner, event) : runInChunk(key, machine, owner, event);
        }

        private boolean runInChunk(int key, MachineCore machine, Object owner, Object event) {
            Chunk two = second;
            return two != null ? runInTwo(two, key, machine, owner, event)
                    : chunkOf[key].run(key - chunkBase[key], machine, owner, event);
        }

        /** Two chunks: which one by a comparison, and each from a call site of its own. */
        private boolean runInTwo(Chunk two, int key, MachineCore machine, Object owner, Object event) {
            return key < split ? chunks[0].run(key, machine, owner, event) : two.run(key - split, machine, owner, event);
        }

        int count() {
            return chunks.length;
        }

    }

    /**
     * The specialized set index of an event, or -1 when the interpreter must take it (an event
     * kind first seen after specializing, or the chart's own completion events).
     */
    int setOf(Object event, CompiledChart c, ChartCore chart) {
        return event.getClass() == plainEnum ? plainEnumSets[((Enum<?>) event).ordinal()] : setOfOther(event, c, chart);
    }

    private int setOfOther(Object event, CompiledChart c, ChartCore chart) {
        if (onlyOthers) {
            return event instanceof Done d && d.chartToken == chart ? -1 : others;
        }
        Class<?> type = event.getClass();
        ClassColumn[] known = byClass;
        for (ClassColumn k : known) {
            if (k != null && k.type == type) {
                return k.column;
            }
        }
        if (event instanceof Done d && d.chartToken == chart) {
            return -1;
        }
        EventSets.EventSet set = c.events.eventSet(event);
        int column = set.index < sets ? set.index : EventSets.wildcardOnly(set.ids) ? others : -1;
        if (column >= 0 && type != Done.class && c.events.setFollowsClass(type)) {
            known[nextByClass++ & (known.length - 1)] = new ClassColumn(type, column);
        }
        return column;
    }

    /**
     * Columns of the last few event classes whose column follows from the class alone (events
     * that are not names, nor enum constants triggers name one by one), so that their kind is
     * found without hashing. Shared by threads: each entry is immutable, so a race only loses one.
     */
    private final ClassColumn[] byClass = new ClassColumn[4];
    private int nextByClass;

    private record ClassColumn(Class<?> type, int column) {}

    /**
     * Selects and takes the transition an event of event set {@code set} enables from active leaf
     * {@code leaf}, as the interpreter's flat path would; false when none is enabled.
     */
    boolean dispatch(int leaf, int set, MachineCore machine, Object owner, Object event) {
        return events.run(leaf * columns + set, machine, owner, event);
    }

    /** What a chart with parallel regions is specialized into besides its cases (see {@code RegionCases} in the speed tier). */
    public static final class Regions {
        /** Per event set, {@code words} longs: the leaves with candidate transitions for it. */
        private final long[] candidateLeaves;
        /** Cases that only select, by key {@code leaf * sets + set}. */
        private final Chunks selecting;
        /** Compiled microsteps by key {@code effectKeys[leaf * transitions + t]} (-1: none). */
        private final Chunks effects;
        private final int[] effectKeys;
        /**
         * The quiet parts of each such microstep (exits, action, entries; see
         * {@code RegionCases.regionParts}), from key {@code partKeys[leaf * transitions + t]} on
         * (-1: none); null when the chart has none.
         */
        private final Chunks parts;
        private final int[] partKeys;

        /** Cases for two active leaves of different regions with candidates, or null (see {@code RegionCases.pairs}). */
        final Pairs pairs;

        public Regions(long[] candidateLeaves, Chunks selecting, Chunks effects, int[] effectKeys, Chunks parts, int[] partKeys,
                Pairs pairs) {
            this.candidateLeaves = candidateLeaves;
            this.selecting = selecting;
            this.effects = effects;
            this.effectKeys = effectKeys;
            this.parts = parts;
            this.partKeys = partKeys;
            this.pairs = pairs;
        }

        /** Where the parts of transition {@code t} from {@code leaf} start, or -1 when it has none. */
        int parts(int leaf, int t, int transitions) {
            return parts == null ? -1 : partKeys[leaf * transitions + t];
        }

        /** Runs part {@code which} (0 exits, 1 action, 2 entries) of the transition whose parts start at {@code key}. */
        void part(int key, int which, MachineCore machine, Object owner, Object event) {
            parts.run(key + which, machine, owner, event);
        }

        /** Word {@code w} of the mask of leaves with candidates for event set {@code set}; {@code words} words a set. */
        long candidateLeaves(int set, int words, int w) {
            return candidateLeaves[set * words + w];
        }

        /** Notes on the machine the transition an event of set {@code set} selects from active leaf {@code leaf}; false when none. */
        boolean select(int leaf, int set, int sets, MachineCore machine, Object owner, Object event) {
            return selecting.run(leaf * sets + set, machine, owner, event);
        }

        /**
         * Takes transition {@code t}, selected from active leaf {@code leaf} and changing that
         * leaf's region only, by its compiled microstep; false when it has none.
         */
        boolean effect(int leaf, int t, int transitions, MachineCore machine, Object owner, Object event) {
            int key = effectKeys[leaf * transitions + t];
            return key >= 0 && effects.run(key, machine, owner, event);
        }
    }

    /**
     * The cases of pairs of active leaves in different regions (see {@code RegionCases.pairs}):
     * for each event set, a square table by the two leaves' ranks among its candidate leaves.
     */
    public static final class Pairs {
        private final int[][] keys;
        private final Chunks cases;

        public Pairs(int[][] keys, Chunks cases) {
            this.keys = keys;
            this.cases = cases;
        }

        /**
         * The case of the two leaves set in {@code both} (active leaves with candidates among
         * {@code candidates}, a chart's one word), for event set {@code set}; -1 when there is none.
         */
        int key(int set, long candidates, long both) {
            int[] table = keys[set];
            if (table == null) {
                return -1;
            }
            int k = Long.bitCount(candidates);
            long below = both & -both; // the first leaf's bit
            int ra = Long.bitCount(candidates & (below - 1));
            int rb = Long.bitCount(candidates & ((Long.highestOneBit(both)) - 1));
            return table[ra * k + rb];
        }

        /** Selects in both regions and takes what was selected; false when neither selected anything. */
        boolean run(int key, MachineCore machine, Object owner, Object event) {
            return cases.run(key, machine, owner, event);
        }
    }

    public boolean ticks() {
        return ticks != null;
    }

    /** A tick of a flat chart without behaviours from active leaf {@code leaf}, as the interpreter's flat tick. */
    void tick(int leaf, MachineCore machine, Object owner) {
        ticks.run(leaf, machine, owner, null);
    }

    /** Whether the chart's event cases have routes ({@link #route}). */
    public boolean routed() {
        return routes != null;
    }

    /** How many hidden classes the chart's event cases were cut into. */
    public int chunkCount() {
        return events.count();
    }

    /** The transitions whose microstep the compiled cases leave to the interpreter, in id order. */
    public int[] leftToInterpreter() {
        return leftToInterpreter.clone();
    }

    /** A run of consecutive keys' cases: a hidden class written by {@code speed.ChunkClassFile}. */
    public abstract static class Chunk {
        public abstract boolean run(int index, MachineCore machine, Object owner, Object event);

        /** See {@link SpecializedDispatch#route}; a chunk written without routes routes nothing. */
        public int route(int set, MachineCore machine, Object owner, Object event) {
            return NOT_ROUTED;
        }
    }

    /** {@link #route}: nothing took the event: no active leaf has candidates, or its case's guards all failed. */
    public static final int ROUTED_UNHANDLED = 0;
    /** {@link #route}: the case of the one active leaf concerned took the event. */
    public static final int ROUTED = 1;
    /** {@link #route}: several active leaves have candidates; nothing was done. */
    public static final int SEVERAL_LEAVES = -1;
    /** {@link #route}: the chart's cases have no route for the event set; nothing was done. */
    public static final int NOT_ROUTED = -2;

    /**
     * In a chart of at most 64 states whose cases fit one chunk: finds the active leaf that an
     * event of set {@code set} concerns and runs its case, all in the chunk's code (in a flat
     * chart the highest active state; in a chart with regions the one active leaf with
     * candidates, the set's mask of leaves a constant there). {@link #ROUTED} when the case took
     * the event, {@link #ROUTED_UNHANDLED} when it declined or no active leaf has candidates, and
     * {@link #SEVERAL_LEAVES} or {@link #NOT_ROUTED} when the caller must find the way itself.
     */
    int route(int set, MachineCore machine, Object owner, Object event) {
        Chunk one = routes;
        return one != null ? one.route(set, machine, owner, event) : NOT_ROUTED;
    }
}
