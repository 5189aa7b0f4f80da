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
 * The producer's own fields, written on every record: {@code readCache} spares a read of the
 * consumer's index on every record.
 */
abstract class RingProducer extends RingPad1 {
    /** The next word the producer writes; {@code write} once published. */
    long next;
    /** The producer's own copy of {@code write}. */
    long published;
    long readCache;
    /** Where the room known to the producer ends: {@code readCache} plus the capacity. */
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

    private final long[] words;
    private final Object[] refs;
    private final int mask;
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

    /** Whether {@code n} words fit now. */
    public boolean hasRoom(int n) {
        return next + n - readCache <= mask + 1 || roomAfterRead(next + n);
    }

    /** Whether the ring has room up to word {@code end} once the consumer's index is read afresh. */
    private boolean roomAfterRead(long end) {
        readCache = (long) READ.getAcquire(this);
        limit = readCache + mask + 1;
        return end <= limit;
    }

    /**
     * Adds a record of one word, or of two when {@code extra} is 1, when nothing needs attention:
     * the tick is the one last marked and the ring has room below the limit last read. False
     * otherwise, with nothing written and nothing counted: the caller takes the long way
     * ({@link #add}). Kept to a few bytecodes, as it is inlined wherever a probe writes.
     */
    public boolean offer(long tick, long head, int extra, long x, Object ref) {
        long w = next;
        if (tick != lastTick || w + extra >= limit) {
            return false;
        }
        head(w, head, ref);
        if (extra != 0) {
            words[(int) (w + 1) & mask] = x;
        }
        next = w + 1 + extra;
        return true;
    }

    /**
     * Where a record of {@code n} words goes, after the tick mark if the tick changed; -1 (and
     * counted) when the ring is full. Reads only the producer's own fields unless the ring looks
     * full: on the common path a record costs its stores and one release store of the index.
     */
    private long claim(long tick, int n) {
        long w = next;
        if (tick == lastTick && w + n - readCache <= mask + 1) {
            return w; // kept small, so that it is inlined into every probe callback
        }
        return claimSlow(tick, n);
    }

    /** A new tick to mark, or a ring that looked full: reads the consumer's index afresh. */
    private long claimSlow(long tick, int n) {
        long w = next;
        int need = tick == lastTick ? n : n + 2;
        if (w + need - readCache > mask + 1 && !roomAfterRead(w + need)) {
            return full();
        }
        if (tick != lastTick) {
            words[(int) w & mask] = TICK_MARK;
            words[(int) (w + 1) & mask] = tick;
            lastTick = tick;
            return w + 2;
        }
        return w;
    }

    private long full() {
        DROPPED.setOpaque(this, (long) DROPPED.getOpaque(this) + 1);
        return -1;
    }

    /** Stores a record's head and reference; the head says whether there is one. */
    private void head(long w, long head, Object ref) {
        int i = (int) w & mask;
        if (ref == null) {
            words[i] = head; // no reference store: the reader knows from the head that there is none
        } else {
            words[i] = head | Kind.REF;
            refs[i] = ref;
        }
    }

    /**
     * Makes the records added so far visible to the consumer: one release store. A probe adds a
     * step's records and publishes them once, when the step ends.
     */
    public void publish() {
        long end = next;
        if (end != published) { // an idle tick adds nothing and stores nothing
            published = end;
            WRITE.setRelease(this, end);
        }
    }

    /** Adds a record of one word (its head has no extra words) without publishing it; false (and counted) when the ring is full. */
    public boolean add(long tick, long head, Object ref) {
        long w = claim(tick, 1);
        if (w < 0) {
            return false;
        }
        head(w, head, ref);
        next = w + 1;
        return true;
    }

    /** Adds a record of two words (its head says one extra word) without publishing it. */
    public boolean add(long tick, long head, long x, Object ref) {
        long w = claim(tick, 2);
        if (w < 0) {
            return false;
        }
        head(w, head, ref);
        words[(int) (w + 1) & mask] = x;
        next = w + 2;
        return true;
    }

    /** Writes a record of one word and publishes it with the ones added before. */
    public boolean put(long tick, long head, Object ref) {
        boolean added = add(tick, head, ref);
        publish();
        return added;
    }

    /** Writes a record of two words and publishes it with the ones added before. */
    public boolean put(long tick, long head, long x, Object ref) {
        boolean added = add(tick, head, x, ref);
        publish();
        return added;
    }

    /** Writes a record of four words (its head says three extra words) and publishes it with the ones added before. */
    public boolean put(long tick, long head, long x, long y, long z, Object ref) {
        long w = claim(tick, 4);
        if (w < 0) {
            publish();
            return false;
        }
        head(w, head, ref);
        words[(int) (w + 1) & mask] = x;
        words[(int) (w + 2) & mask] = y;
        words[(int) (w + 3) & mask] = z;
        next = w + 4;
        publish();
        return true;
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
