package dev.arbor.core;

import dev.arbor.core.internal.CompiledChart;

/**
 * A chart's event dispatch and ticks compiled into code of their own (see {@link Specializer}):
 * for each (active leaf, event set) pair, a case that tests the candidate transitions' guards
 * innermost first and takes the first that holds, and for each active leaf a tick, with every
 * user guard, condition and action called directly, where the JIT can inline it. The cases live
 * in chunks, each a hidden class made from {@code SpecializedDispatchTemplate} whose constant
 * method handle holds its cases.
 */
final class SpecializedDispatch {
    /** Event sets with an index below this are specialised; later ones go to the interpreter. */
    final int sets;
    /** Cases by key {@code leaf * sets + set}. */
    private final Chunks events;
    /** Ticks by active leaf; null when the chart's ticks are not specialised. */
    private final Chunks ticks;

    /** The chart's first enum event type (constants without bodies), or null; events of it skip the set lookup. */
    private final Class<?> plainEnum;
    private final int[] plainEnumSets;
    /** The transitions whose microstep the cases leave to the interpreter, in id order (for tests). */
    private final int[] leftToInterpreter;

    SpecializedDispatch(CompiledChart chart, int sets, Chunks events, Chunks ticks, int[] leftToInterpreter) {
        this.plainEnum = chart.firstPlainEnum();
        this.plainEnumSets = plainEnum == null ? null : chart.firstEnumSetIndices();
        this.sets = sets;
        this.events = events;
        this.ticks = ticks;
        this.leftToInterpreter = leftToInterpreter;
    }

    /** Consecutive keys cut into chunks: which chunk holds a key, and the key its chunk starts at. */
    static final class Chunks {
        private final int[] chunkOf;
        private final int[] chunkBase;
        private final Chunk[] chunks;
        /** The one chunk of a small chart, else null: one load instead of three. */
        private final Chunk only;

        Chunks(int[] chunkOf, int[] chunkBase, Chunk[] chunks) {
            this.chunkOf = chunkOf;
            this.chunkBase = chunkBase;
            this.chunks = chunks;
            this.only = chunks.length == 1 ? chunks[0] : null;
        }

        // The methods on the way to a chunk stay under the JIT's 35 bytes, so that they are
        // inlined even where the profile says nothing yet (a caller compiled soon after the
        // chart was specialised).
        boolean run(int key, Machine<?> machine, Object owner, Object event) {
            Chunk one = only;
            return one != null ? one.run(key, machine, owner, event) : runInChunk(key, machine, owner, event);
        }

        private boolean runInChunk(int key, Machine<?> machine, Object owner, Object event) {
            return chunks[chunkOf[key]].run(key - chunkBase[key], machine, owner, event);
        }

        int count() {
            return chunks.length;
        }
    }

    /**
     * The specialised set index of an event, or -1 when the interpreter must take it (an event
     * kind first seen after specialising, or the chart's own completion events).
     */
    int setOf(Object event, CompiledChart c, Chart<?> chart) {
        return event.getClass() == plainEnum ? plainEnumSets[((Enum<?>) event).ordinal()] : setOfOther(event, c, chart);
    }

    private int setOfOther(Object event, CompiledChart c, Chart<?> chart) {
        if (event instanceof Done d && d.chartToken == chart) {
            return -1;
        }
        int set = c.eventSet(event).index;
        return set < sets ? set : -1;
    }

    /**
     * Selects and takes the transition an event of event set {@code set} enables from active leaf
     * {@code leaf}, as the interpreter's flat path would; false when none is enabled.
     */
    boolean dispatch(int leaf, int set, Machine<?> machine, Object owner, Object event) {
        return events.run(leaf * sets + set, machine, owner, event);
    }

    boolean ticks() {
        return ticks != null;
    }

    /** A tick of a flat chart without behaviours from active leaf {@code leaf}, as the interpreter's flat tick. */
    void tick(int leaf, Machine<?> machine, Object owner) {
        ticks.run(leaf, machine, owner, null);
    }

    /** How many hidden classes the chart's event cases were cut into. */
    int chunkCount() {
        return events.count();
    }

    /** The transitions whose microstep the compiled cases leave to the interpreter, in id order. */
    int[] leftToInterpreter() {
        return leftToInterpreter.clone();
    }

    /** A run of consecutive cases, compiled as one method. */
    abstract static class Chunk {
        abstract boolean run(int index, Machine<?> machine, Object owner, Object event);
    }

    /** Rethrows what a listener threw (user actions' failures are caught inside the handle). */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> RuntimeException rethrow(Throwable e) throws T {
        throw (T) e;
    }
}
