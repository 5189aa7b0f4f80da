package dev.arbor.inspector.capture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntConsumer;

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

    /** The words a step's records wait in before they are moved into the ring together. */
    static final int STAGE = 64;
    private final long[] stage = new long[STAGE];
    private final Object[] stageRefs = new Object[STAGE];
    private int staged;
    /** Told the machine slot of every staged record dropped because the ring was full. */
    private final IntConsumer lostSlot;

    /** A ring of {@code capacity} words (a power of two) for records written by {@code owner}. */
    public Ring(int capacity, Thread owner) {
        this(capacity, owner, slot -> { });
    }

    /**
     * A ring of {@code capacity} words (a power of two) for records written by {@code owner};
     * {@code lostSlot} hears the machine slot of each staged record that had to be dropped.
     */
    public Ring(int capacity, Thread owner, IntConsumer lostSlot) {
        if (capacity < 8 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two of at least 8, not " + capacity);
        }
        this.words = new long[capacity];
        this.refs = new Object[capacity];
        this.mask = capacity - 1;
        this.owner = owner;
        this.lastTick = -1;
        this.limit = capacity;
        this.lostSlot = lostSlot;
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

    /** Whether {@code n} words fit now, after the staged ones. */
    public boolean hasRoom(int n) {
        long end = next + staged + n + 2; // and a tick mark
        return end <= limit || roomAfterRead(end);
    }

    /** Whether the ring has room up to word {@code end} once the consumer's index is read afresh. */
    private boolean roomAfterRead(long end) {
        limit = (long) READ.getAcquire(this) + mask + 1;
        return end <= limit;
    }

    // ---------------------------------------------------------------- staging (a step's records)

    /**
     * Stages a record of one word for the next {@link #flush}: a store into a small array that
     * stays in the writing thread's cache, with none of the ring's checks (room, tick), which the
     * flush makes once for the whole step. False when the stage is full (nothing written).
     */
    public boolean stage(long head, Object ref) {
        int n = staged;
        if (n >= STAGE) {
            return false;
        }
        if (ref == null) {
            stage[n] = head; // no reference store: the reader knows from the head that there is none
        } else {
            stage[n] = head | Kind.REF;
            stageRefs[n] = ref;
        }
        staged = n + 1;
        return true;
    }

    /** Stages a record of two words (its head says one extra word, {@code x}). */
    public boolean stage(long head, long x) {
        int n = staged;
        if (n >= STAGE - 1) {
            return false;
        }
        stage[n] = head;
        stage[n + 1] = x;
        staged = n + 2;
        return true;
    }

    /**
     * Moves the staged records into the ring, after a tick mark if the tick changed, and publishes
     * everything written so far. When the ring has no room for them they are dropped whole,
     * counted, and {@code lostSlot} is told whose they were.
     *
     * @return false when staged records were dropped
     */
    public boolean flush(long tick) {
        boolean moved = moveStaged(tick);
        publish();
        return moved;
    }

    private boolean moveStaged(long tick) {
        int n = staged;
        if (n == 0) {
            return true;
        }
        staged = 0;
        long w = claim(tick, n);
        if (w < 0) {
            dropStaged(n);
            return false;
        }
        long[] st = stage;
        for (int k = 0; k < n; k++) {
            long word = st[k];
            int i = (int) (w + k) & mask;
            words[i] = word;
            if (Kind.hasRef(word)) {
                refs[i] = stageRefs[k];
            }
            if (Kind.extra(word) > 0) { // its extra word: copied as it is
                k++;
                words[(int) (w + k) & mask] = st[k];
            }
        }
        next = w + n;
        return true;
    }

    private void dropStaged(int n) {
        int records = 0;
        for (int k = 0; k < n; k += 1 + Kind.extra(stage[k])) {
            records++;
            lostSlot.accept(Kind.slot(stage[k]));
        }
        countDropped(records);
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

    /** Writes a record of one word, after the staged ones, and publishes them; false (and counted) when the ring is full. */
    public boolean put(long tick, long head, Object ref) {
        moveStaged(tick);
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

    /** Writes a record of two words (its head says one extra word), after the staged ones, and publishes them. */
    public boolean put(long tick, long head, long x, Object ref) {
        moveStaged(tick);
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

    /** Writes a record of four words (its head says three extra words), after the staged ones, and publishes them. */
    public boolean put(long tick, long head, long x, long y, long z, Object ref) {
        moveStaged(tick);
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
