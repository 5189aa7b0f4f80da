package dev.arbor.inspector.capture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding before the producer's fields. */
abstract class RingPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/**
 * The producer's fields, on cache lines of their own: {@code write} is published with release
 * stores; {@code readCache} spares a read of the consumer's index on every record.
 */
abstract class RingProducer extends RingPad0 {
    volatile long write;
    long readCache;
    volatile long dropped;
    /** The tick of the last tick mark written. */
    long lastTick;
}

/** Padding between the producer's and the consumer's fields, so that they do not share a cache line. */
abstract class RingPad1 extends RingProducer {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/** The consumer's field. */
abstract class RingConsumer extends RingPad1 {
    volatile long read;
    /** The tick of the last tick mark read. */
    long readTick;
    long p20, p21, p22, p23, p24, p25, p26, p27;
}

/**
 * A bounded single-producer, single-consumer queue of inspection records, preallocated: one game
 * thread writes, the inspector's collector thread reads. Writing a record is one or two array
 * stores and one release store of the write index: no allocation, no lock, no waiting. When the
 * reader falls behind and the ring is full, the record is dropped and counted instead
 * ({@link #dropped()}), so a stalled inspector never slows the game or grows its memory.
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
            WRITE = l.findVarHandle(RingProducer.class, "write", long.class);
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
        long w = (long) WRITE.getOpaque(this);
        if (w + n - readCache > mask + 1) {
            readCache = (long) READ.getAcquire(this);
        }
        return w + n - readCache <= mask + 1;
    }

    /** Room for {@code n} words, and the tick mark first if the tick changed; false (and counted) when full. */
    private boolean claim(long tick, int n) {
        int need = tick == lastTick ? n : n + 2;
        long w = (long) WRITE.getOpaque(this);
        if (w + need - readCache > mask + 1) {
            readCache = (long) READ.getAcquire(this);
            if (w + need - readCache > mask + 1) {
                DROPPED.setOpaque(this, (long) DROPPED.getOpaque(this) + 1);
                return false;
            }
        }
        return true;
    }

    /** Writes the tick mark if the tick changed; returns the next free word. */
    private long markTick(long tick) {
        long w = (long) WRITE.getOpaque(this);
        if (tick != lastTick) {
            words[(int) w & mask] = TICK_MARK;
            refs[(int) w & mask] = null;
            words[(int) (w + 1) & mask] = tick;
            lastTick = tick;
            w += 2;
        }
        return w;
    }

    /** Writes a record of one word (its head has no extra words), or drops it when the ring is full. */
    public boolean put(long tick, long head, Object ref) {
        if (!claim(tick, 1)) {
            return false;
        }
        long w = markTick(tick);
        int i = (int) w & mask;
        words[i] = head;
        refs[i] = ref;
        WRITE.setRelease(this, w + 1);
        return true;
    }

    /** Writes a record of two words (its head says one extra word). */
    public boolean put(long tick, long head, long x, Object ref) {
        if (!claim(tick, 2)) {
            return false;
        }
        long w = markTick(tick);
        int i = (int) w & mask;
        words[i] = head;
        refs[i] = ref;
        words[(int) (w + 1) & mask] = x;
        WRITE.setRelease(this, w + 2);
        return true;
    }

    /** Writes a record of four words (its head says three extra words). */
    public boolean put(long tick, long head, long x, long y, long z, Object ref) {
        if (!claim(tick, 4)) {
            return false;
        }
        long w = markTick(tick);
        int i = (int) w & mask;
        words[i] = head;
        refs[i] = ref;
        words[(int) (w + 1) & mask] = x;
        words[(int) (w + 2) & mask] = y;
        words[(int) (w + 3) & mask] = z;
        WRITE.setRelease(this, w + 4);
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
     * are overwritten as the ring wraps, so at most a ring's worth of events is kept alive.
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
                Object ref = refs[i];
                k += 1 + extra;
                reader.record(head, readTick, x, y, z, ref);
            }
        } finally {
            READ.setRelease(this, k); // a record the reader threw on is consumed, not read again
        }
        return (int) (k - r);
    }

    /** Words written but not yet read. */
    public int pending() {
        return (int) ((long) WRITE.getAcquire(this) - (long) READ.getAcquire(this));
    }
}
