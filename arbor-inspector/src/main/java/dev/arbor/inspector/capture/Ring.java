package dev.arbor.inspector.capture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding before the published index. */
abstract class RingPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The write index, published with release stores once a step: the one producer field the consumer reads. */
abstract class RingPublished extends RingPad0 {
    volatile long write;
}

/** Padding, so that the consumer's reads of {@code write} do not take the producer's own fields from its cache. */
abstract class RingPad1 extends RingPublished {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/**
 * The producer's own fields, written on every record: {@code limit} spares a read of the
 * consumer's index on every record.
 */
abstract class RingProducer extends RingPad1 {
    /** The next word the producer writes; {@code write} once published. */
    long next;
    /** The producer's own copy of {@code write}. */
    long published;
    /** Where the room known to the producer ends: the consumer's index last read plus the capacity. */
    long limit;
    /** The tick of the last tick mark written. */
    long lastTick;
    volatile long dropped;
}

/** Padding between the producer's and the consumer's fields, so that they do not share a cache line. */
abstract class RingPad2 extends RingProducer {
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/** The consumer's field. */
abstract class RingConsumer extends RingPad2 {
    volatile long read;
    /** The tick of the last tick mark read. */
    long readTick;
    long p30, p31, p32, p33, p34, p35, p36, p37;
}

/**
 * A bounded single-producer, single-consumer queue of inspection records, preallocated: one game
 * thread writes, the inspector's collector thread reads. Writing a record is one or two array
 * stores, and publishing the records written so far one release store of the write index: no
 * allocation, no lock, no waiting. When the reader falls behind and the ring is full, the record
 * is dropped and counted instead ({@link #dropped()}), so a stalled inspector never slows the
 * game or grows its memory.
 *
 * <p>A record is one long, its head ({@link Kind#head}: kind, cause, how many words follow,
 * machine slot and one argument), then as many as three more longs for the few kinds that need
 * them, and one reference (the event, error or chart). The game tick is not repeated in every
 * record: when it changes the ring writes it once, and the reader hands every record the tick it
 * was written in. Small records keep the ring in the cache: the game thread's stores are the cost
 * the inspector adds to a step.
 *
 * <p>A machine's step writes its records at a cursor the ring lends its probe for the step
 * ({@link #lend}): one comparison with the end of the known room and one store a record, the tick
 * and the room checked once when the step's first record takes the cursor. The step's end gives
 * the cursor back and publishes. A step that runs out of room has its records dropped whole.
 */
public final class Ring extends RingConsumer {
    private static final VarHandle WRITE;
    private static final VarHandle READ;
    private static final VarHandle DROPPED;
    /** The head of a tick mark: the next word is the game tick of the records after it. */
    private static final long TICK_MARK = Kind.head(Kind.TICK_MARK, dev.arbor.core.Cause.NORMAL, 0, 0, 1);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WRITE = l.findVarHandle(RingPublished.class, "write", long.class);
            READ = l.findVarHandle(RingConsumer.class, "read", long.class);
            DROPPED = l.findVarHandle(RingProducer.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final long[] words;
    final Object[] refs;
    final int mask;
    /** The thread allowed to write; another thread gets a ring of its own. */
    final Thread owner;

    /** A ring of {@code capacity} words (a power of two) for records written by {@code owner}. */
    public Ring(int capacity, Thread owner) {
        if (capacity < 8 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two of at least 8, not " + capacity);
        }
        this.words = new long[capacity];
        this.refs = new Object[capacity];
        this.mask = capacity - 1;
        this.owner = owner;
        this.lastTick = -1;
        this.limit = capacity;
    }

    /** Words the ring holds (a record takes one to four, a tick mark two). */
    public int capacity() {
        return mask + 1;
    }

    /** Records dropped because the ring was full. */
    public long dropped() {
        return (long) DROPPED.getOpaque(this);
    }

    private void countDropped(int records) {
        DROPPED.setOpaque(this, (long) DROPPED.getOpaque(this) + records);
    }

    /** Whether {@code n} words fit now (the cursor's holder, if any, gives it back first). */
    public boolean hasRoom(int n) {
        commitHolder();
        long end = next + n + 2; // and a tick mark
        return end <= limit || roomAfterRead(end);
    }

    /**
     * Whether {@code n} words may fit: {@link #hasRoom}'s answer without its calls or stores, for a
     * probe that waits to resync to ask on every event. It may say yes wrongly (a cursor is held
     * past {@code next}), never no wrongly.
     */
    boolean mayHaveRoom(int n) {
        long end = next + n + 2;
        return end <= limit || end <= (long) READ.getAcquire(this) + mask + 1;
    }

    /** Whether the ring has room up to word {@code end} once the consumer's index is read afresh. */
    private boolean roomAfterRead(long end) {
        limit = (long) READ.getAcquire(this) + mask + 1;
        return end <= limit;
    }

    // ---------------------------------------------------------------- a probe's step

    /**
     * The probe whose step writes at its own cursor past {@code next}, or null. Only one probe a
     * thread holds the cursor: a machine stepped inside another's step (one's action fires the
     * other) takes it, and the first one's records so far are kept first ({@link #commitHolder}).
     */
    private Probe holder;

    /**
     * Lets {@code p} write its step's records straight into the words from {@code next} on, after
     * a tick mark if the tick changed and {@code first}, a record of one word, when it is not 0
     * (a probe's idle ticks); it writes up to {@link #limit} and gives the cursor back
     * ({@link #commit}). False, with nothing written, when there is no room for the marks and a
     * record of two words.
     */
    boolean lend(Probe p, long tick, long first) {
        commitHolder();
        long w = next;
        int marks = (tick != lastTick ? 2 : 0) + (first != 0 ? 1 : 0);
        if (w + marks + 2 > limit && !roomAfterRead(w + marks + 2)) {
            return false;
        }
        if (tick != lastTick) {
            words[(int) w & mask] = TICK_MARK;
            words[(int) (w + 1) & mask] = tick;
            lastTick = tick;
            w += 2;
        }
        if (first != 0) {
            words[(int) w & mask] = first;
            w++;
        }
        next = w;
        holder = p;
        return true;
    }

    /** The holder's records so far become the ring's (not yet published), and it no longer holds the cursor. */
    void commitHolder() {
        Probe p = holder;
        if (p != null) {
            next = p.giveBack();
            holder = null;
        }
    }

    /** The records the holder wrote up to {@code cursor} are the ring's now. */
    void commit(long cursor) {
        next = cursor;
        holder = null;
    }

    /**
     * The holder ran out of room at {@code cursor}: its records since it took the cursor are
     * dropped and counted, and it no longer holds it.
     */
    void abandon(long cursor) {
        int records = 0;
        for (long k = next; k < cursor; k += 1 + Kind.extra(words[(int) k & mask])) {
            records++;
        }
        countDropped(records);
        holder = null;
    }

    /** The end of the room the holder may write to: the consumer's index read afresh when {@code end} is past it. */
    long room(long end) {
        return end <= limit || roomAfterRead(end) ? limit : -1;
    }

    // ---------------------------------------------------------------- writing directly

    /** Where a record of {@code n} words goes, after the tick mark if the tick changed; -1 when the ring is full. */
    private long claim(long tick, int n) {
        long w = next;
        int need = tick == lastTick ? n : n + 2;
        if (w + need > limit && !roomAfterRead(w + need)) {
            return -1;
        }
        if (tick != lastTick) {
            words[(int) w & mask] = TICK_MARK;
            words[(int) (w + 1) & mask] = tick;
            lastTick = tick;
            return w + 2;
        }
        return w;
    }

    /** Stores a record's head and reference; the head says whether there is one. */
    private void head(long w, long head, Object ref) {
        int i = (int) w & mask;
        if (ref == null) {
            words[i] = head;
        } else {
            words[i] = head | Kind.REF;
            refs[i] = ref;
        }
    }

    /**
     * Makes the records written so far visible to the consumer: one release store. A probe's
     * records are published once a step, when it ends.
     */
    public void publish() {
        long end = next;
        if (end != published) { // an idle tick adds nothing and stores nothing
            published = end;
            WRITE.setRelease(this, end);
        }
    }

    /** Writes a record of one word, after the records so far of a step in progress on this thread, and publishes them; false (and counted) when the ring is full. */
    public boolean put(long tick, long head, Object ref) {
        commitHolder();
        long w = claim(tick, 1);
        if (w >= 0) {
            head(w, head, ref);
            next = w + 1;
        } else {
            countDropped(1);
        }
        publish();
        return w >= 0;
    }

    /** Writes a record of two words (its head says one extra word) as {@link #put(long, long, Object)} does. */
    public boolean put(long tick, long head, long x, Object ref) {
        commitHolder();
        long w = claim(tick, 2);
        if (w >= 0) {
            head(w, head, ref);
            words[(int) (w + 1) & mask] = x;
            next = w + 2;
        } else {
            countDropped(1);
        }
        publish();
        return w >= 0;
    }

    /** Writes a record of four words (its head says three extra words) as {@link #put(long, long, Object)} does. */
    public boolean put(long tick, long head, long x, long y, long z, Object ref) {
        commitHolder();
        long w = claim(tick, 4);
        if (w >= 0) {
            head(w, head, ref);
            words[(int) (w + 1) & mask] = x;
            words[(int) (w + 2) & mask] = y;
            words[(int) (w + 3) & mask] = z;
            next = w + 4;
        } else {
            countDropped(1);
        }
        publish();
        return w >= 0;
    }

    /** What the consumer is handed, one record at a time. */
    public interface Reader {
        /**
         * One record.
         *
         * @param head its head ({@link Kind})
         * @param tick the game tick it was written in
         * @param x    its first extra word, or 0
         * @param y    its second extra word, or 0
         * @param z    its third extra word, or 0
         * @param ref  its reference, or null
         */
        void record(long head, long tick, long x, long y, long z, Object ref);
    }

    /**
     * Hands the records written so far to {@code reader}, oldest first, up to {@code maxWords}
     * words; frees their room. Called by the one consumer thread. References are not cleared: they
     * are overwritten as the ring wraps, so at most a ring's worth of events is kept alive; a
     * record without one does not store null, and its head says so ({@link Kind#REF}).
     *
     * @return how many words were read
     */
    public int drain(Reader reader, int maxWords) {
        long r = (long) READ.getOpaque(this);
        long w = (long) WRITE.getAcquire(this);
        long end = Math.min(w, r + maxWords);
        long[] ws = words;
        long k = r;
        try {
            while (k < end) {
                int i = (int) k & mask;
                long head = ws[i];
                int extra = Kind.extra(head);
                if (k + 1 + extra > w) {
                    break; // cannot happen: records are published whole
                }
                if (Kind.kind(head) == Kind.TICK_MARK) {
                    readTick = ws[(int) (k + 1) & mask];
                    k += 2;
                    continue;
                }
                long x = extra > 0 ? ws[(int) (k + 1) & mask] : 0;
                long y = extra > 1 ? ws[(int) (k + 2) & mask] : 0;
                long z = extra > 2 ? ws[(int) (k + 3) & mask] : 0;
                Object ref = Kind.hasRef(head) ? refs[i] : null;
                k += 1 + extra;
                reader.record(head, readTick, x, y, z, ref);
            }
        } finally {
            READ.setRelease(this, k); // a record the reader threw on is consumed, not read again
        }
        return (int) (k - r);
    }

    /**
     * Frees everything published so far without reading it (consumer side): what the game thread
     * pays for writing, measured apart from what moving the records to another core costs.
     *
     * @return how many words were skipped
     */
    public int discard() {
        long r = (long) READ.getOpaque(this);
        long w = (long) WRITE.getAcquire(this);
        READ.setRelease(this, w);
        return (int) (w - r);
    }

    /** Words written but not yet read. */
    public int pending() {
        return (int) ((long) WRITE.getAcquire(this) - (long) READ.getAcquire(this));
    }
}
