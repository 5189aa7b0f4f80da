package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.Variables;
import dev.arbor.core.model.CompiledChart;
import java.util.ArrayDeque;

/**
 * A machine's state as the engine reads and writes it: the chart it runs, its owner, its active
 * configuration, and the extras an idle machine does not need. {@code dev.arbor.core.Machine}, the
 * public face, extends it; the semantics' classes (this package) read and write these fields
 * directly, as the step's hot paths need, and the speed tier's compiled code, defined in this
 * package, reads {@link #active0}. Nothing here is public: a user sees only {@code Machine}.
 */
public abstract class MachineCore {

    protected static final int NEW = 0;
    protected static final int RUNNING = 1;
    protected static final int HALTED = 2;
    protected static final int STOPPED = 3;
    protected static final int STATUS = 0b11;
    protected static final int BUSY = 0b100;
    protected static final int CAUSE_SHIFT = 3;
    protected static final Cause[] CAUSES = Cause.values();

    /** Not final only so that {@code Machine.moveTo} can replace it between steps; read as before on every path. */
    protected ChartCore chart;
    /** Not final only so that {@code Machine.setOwner} can replace it between steps; read afresh by every step. */
    protected Object owner;
    /** The active configuration, states 0 to 63: bit s is set when state s is active. */
    protected long active0;
    /** The configuration before the last change (for {@code Machine.revert}), states 0 to 63; 0 when none. */
    protected long previous0;
    /** States 64 and up, for charts that large; null otherwise. */
    protected long[] activeMore;
    /**
     * Everything an idle machine does not need, made on first use. Read plainly on the owner's
     * thread; made under the machine's lock because {@code Machine.post} may make it from another.
     */
    protected Extras extras;
    /** Status, busy and cause, packed so that an idle machine stays small. */
    protected byte flags;
    /**
     * Set once the extras are made, after them: a volatile read of it lets the owner see extras a
     * {@code Machine.post} made on another thread, at the cost of a plain load, and only when its own
     * read of {@link #extras} saw none. (It fits in the padding: a machine stays at 48 bytes.)
     */
    protected volatile boolean extrasMade;

    /** Why the current step runs; {@link Cause#NORMAL} outside steps. */
    protected final Cause stepCause() {
        return CAUSES[(flags >>> CAUSE_SHIFT) & 0b11];
    }

    /** The compiled model of the chart this machine runs, for the public face. */
    protected final CompiledChart compiled() {
        return chart.compiled;
    }

    /** No listener attached: the idle paths' one check. */
    protected final boolean unobserved() {
        Extras x = extras;
        return x == null || x.listener == null;
    }

    /** This machine as its user's code sees it: the public face, which is the only subclass. */
    protected final Machine<?> face() {
        return (Machine<?>) this;
    }

    /** The public face's constructor: a machine of {@code chart} for {@code owner}. */
    protected MachineCore(ChartCore chart, Object owner) {
        this.chart = chart;
        this.owner = owner;
        int words = chart.compiled.words;
        this.activeMore = words > 1 ? new long[words - 1] : null;
    }

    /** The variables when the machine has made them; null otherwise. */
    protected Variables variablesMade() {
        Extras x = extras;
        return x == null ? null : x.variables;
    }

    /** Listener, history, saved configurations, behaviour clocks, posted events and the step's scratch. */
    protected static final class Extras {
        /** Set through {@link #listen}. */
        public MachineListener listener;
        /** No listener, or one that takes a compiled microstep as one call ({@link MachineListener#takesMicrosteps}). */
        private boolean microstepsWhole = true;
        public long[] previousMore;
        public int[] history;
        public long[][] stack; // no field is set at construction: a racing plain read sees a whole object
        public int stackDepth;
        public MachineActivity<?> tasks;
        /** Events posted from other threads, oldest first, null before the first; guarded by this object. */
        private ArrayDeque<Object> posted;
        /** Whether {@link #posted} may hold events: read without the lock, on every tick. */
        public volatile boolean anyPosted;
        public Scratch step;
        /** What a handler state asks for, on the flat path; made on first use. */
        public HandlerRequest request;
        /** What an event selects in a chart with regions, on the specialized path; made on first use. */
        public RegionPicks picks;
        /** Listeners added during a step, attached when it ends. */
        public MachineListener pendingListener;
        /**
         * The dispatcher this machine is registered with as an agent, or null; and its agent id
         * there. An Object: the engine only keeps it for the public face ({@code Machine.dispatcher}).
         */
        public Object dispatcher;
        public int agentId;
        /** The designer variables and the seeded generator, made on first use, unless the machine is {@code Machine.WithVariables}. */
        public Variables variables;
        /** Deferred events, oldest first: {@code deferred[0 .. deferredCount)}. */
        public Object[] deferred;
        public int deferredCount;

        /** No listener, and no behaviour or plan to tell of exits (see {@code MicrostepHooks.quiet}). */
        public boolean quiet() {
            return listener == null && (tasks == null || tasks.exitsQuietly());
        }

        /** {@link #quiet}, or a listener that hears a compiled microstep in one call (see {@code MicrostepHooks.summarised}). */
        public boolean summarised() {
            return microstepsWhole && (tasks == null || tasks.exitsQuietly());
        }

        /** Makes {@code l} (a chain, or null) the listener; asks it once whether it takes microsteps whole. */
        public void listen(MachineListener l) {
            listener = l;
            microstepsWhole = l == null || l.takesMicrosteps();
        }

        /** No behaviour clocks or plans, and no events posted: a tick needs none of the general path. */
        public boolean nothingPending() {
            return tasks == null && !anyPosted;
        }

        // Posted events pass under this object's lock, with a volatile flag the owner reads each
        // tick, rather than through a ConcurrentLinkedQueue, which TeaVM's class library lacks.

        /** Adds an event posted from any thread. */
        public synchronized void post(Object event) {
            if (posted == null) {
                posted = new ArrayDeque<>();
            }
            posted.add(event);
            anyPosted = true;
        }

        /** The oldest event posted, removed, or null when none waits; on the owner's thread. */
        public synchronized Object takePosted() {
            Object e = posted == null ? null : posted.poll();
            anyPosted = e != null && !posted.isEmpty();
            return e;
        }
    }


    /** The extras, made on first use (from any thread: see {@code Machine.post}). */
    protected final Extras extras() {
        Extras x = extras;
        return x != null ? x : makeExtras();
    }

    /**
     * Makes the extras unless another thread has: under the machine's lock, so that a
     * {@code Machine.post} racing the owner's first use makes one. (A lock rather than a VarHandle's
     * compare-and-set: TeaVM has no VarHandle, and this runs once a machine.)
     */
    private synchronized Extras makeExtras() {
        Extras x = extras;
        if (x == null) {
            extras = x = new Extras();
            extrasMade = true;
        }
        return x;
    }

    /** The step's scratch, borrowed from the chart's pool on first need within the step. */
    protected final Scratch step() {
        Extras x = extras();
        Scratch s = x.step;
        if (s == null) {
            x.step = s = chart.scratch.get().acquire();
        }
        return s;
    }

    /** The listener, or null: one null check when none is attached. */
    protected final MachineListener listener() {
        Extras x = extras;
        return x == null ? null : x.listener;
    }

    /** How many states history state {@code h} recorded. */
    protected final int recordedCount(CompiledChart c, int h) {
        Extras x = extras;
        return x == null || x.history == null ? 0 : x.history[c.paths.historyOffset[h]];
    }

    /** The {@code j}-th state (from 1) history state {@code h} recorded. */
    protected final int recorded(CompiledChart c, int h, int j) {
        return extras.history[c.paths.historyOffset[h] + j];
    }

    /** The behaviour clocks and plans, made on first use. */
    protected final MachineActivity<?> tasks() {
        Extras x = extras();
        MachineActivity<?> t = x.tasks;
        if (t == null) {
            x.tasks = t = new MachineActivity<>(face());
        }
        return t;
    }


    protected final int status() {
        return flags & STATUS;
    }

    protected final void setStatus(int status) {
        flags = (byte) ((flags & ~STATUS) | status);
    }

    protected final boolean isBusy() {
        return (flags & BUSY) != 0;
    }

    protected final long word(int w) {
        return w == 0 ? active0 : activeMore[w - 1];
    }

    protected final boolean isActive(int st) {
        return st < 64 ? (active0 & (1L << st)) != 0 : (activeMore[(st >>> 6) - 1] & (1L << st)) != 0;
    }

    protected final void setActive(int st) {
        if (st < 64) {
            active0 |= 1L << st;
        } else {
            activeMore[(st >>> 6) - 1] |= 1L << st;
        }
    }

    protected final void clearActive(int st) {
        if (st < 64) {
            active0 &= ~(1L << st);
        } else {
            activeMore[(st >>> 6) - 1] &= ~(1L << st);
        }
    }

    protected final void copyActive(long[] dst) {
        dst[0] = active0;
        for (int w = 1; w < dst.length; w++) {
            dst[w] = activeMore[w - 1];
        }
    }

    /** Remembers the configuration about to change, for {@code Machine.revert}. */
    protected final void savePrevious() {
        previous0 = active0;
        if (activeMore != null) {
            savePreviousMore();
        }
    }

    private void savePreviousMore() {
        Extras x = extras();
        if (x.previousMore == null) {
            x.previousMore = new long[activeMore.length];
        }
        System.arraycopy(activeMore, 0, x.previousMore, 0, activeMore.length);
    }

    /** The deepest active state; in a flat chart, the one active leaf (descendants have larger ids). */
    protected final int highestActive(CompiledChart c) {
        return c.words == 1 ? 63 - Long.numberOfLeadingZeros(active0) : highestActiveOfMany(c); // -1 when none
    }

    private int highestActiveOfMany(CompiledChart c) {
        for (int w = c.words - 1; w > 0; w--) {
            long bits = activeMore[w - 1];
            if (bits != 0) {
                return (w << 6) + 63 - Long.numberOfLeadingZeros(bits);
            }
        }
        return active0 == 0 ? -1 : 63 - Long.numberOfLeadingZeros(active0);
    }

    /** The lowest active state at or after {@code from} whose bit is set in {@code mask}, or -1. */
    protected final int nextActiveIn(long[] mask, int from) {
        int words = mask.length;
        for (int w = from >>> 6; w < words; w++) {
            long bits = word(w) & mask[w];
            if (w == from >>> 6) {
                bits &= -1L << (from & 63);
            }
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return -1;
    }

    /** dst |= active over ids in [from, to). */
    protected final void orActiveRange(long[] dst, int from, int to) {
        if (from >= to) {
            return;
        }
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            dst[w] |= word(w) & Bits.rangeMask(w, from, to);
        }
    }

}
