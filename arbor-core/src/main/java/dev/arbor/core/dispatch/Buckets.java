package dev.arbor.core.dispatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pending telegrams grouped by due tick: each bucket holds one tick's telegrams in receipt order,
 * as parallel arrays (nothing allocated per telegram once the buckets have grown), and a small
 * binary heap orders the distinct ticks. Sending and delivering are O(1) amortised plus
 * O(log distinct ticks) per new tick, instead of a heap sift over every telegram, which a million
 * pending telegrams turn into a cache miss per level.
 */
final class Buckets {

    /** One tick's telegrams, in receipt order. */
    static final class Bucket {
        long tick;
        long[] receipt = new long[8];
        int[] sender = new int[8];
        int[] receiver = new int[8];
        Object[] event = new Object[8];
        int size;
        /** The first telegram not yet taken for delivery. */
        int next;

        void add(long r, int from, int to, Object e) {
            if (size == receipt.length) {
                int n = size * 2;
                receipt = Arrays.copyOf(receipt, n);
                sender = Arrays.copyOf(sender, n);
                receiver = Arrays.copyOf(receiver, n);
                event = Arrays.copyOf(event, n);
            }
            receipt[size] = r;
            sender[size] = from;
            receiver[size] = to;
            event[size++] = e;
        }

        /** Whether telegram k is no longer pending (delivered or cancelled). */
        boolean gone(int k) {
            return event[k] == null;
        }
    }

    private Bucket[] heap = new Bucket[16];
    private int heapSize;
    /** Open-addressing index from tick to the bucket in the heap (the bucket itself), for appends. */
    private Bucket[] index = new Bucket[64];
    private int indexed;
    private Bucket[] spare = new Bucket[16];
    private int spareCount;
    private int count;

    void add(long tick, long receipt, int sender, int receiver, Object event) {
        Bucket b = find(tick);
        if (b == null) {
            b = spareCount > 0 ? spare[--spareCount] : new Bucket();
            b.tick = tick;
            b.size = 0;
            b.next = 0;
            put(b);
            push(b);
        }
        b.add(receipt, sender, receiver, event);
        count++;
    }

    /** The earliest bucket if it is due by {@code now}, left in place until {@link #retire}. */
    Bucket firstDueBy(long now) {
        return heapSize > 0 && heap[0].tick <= now ? heap[0] : null;
    }

    long firstTick() {
        return heapSize == 0 ? Long.MAX_VALUE : heap[0].tick;
    }

    /** Takes telegram k of a bucket out of the pending ones (it is being delivered or dropped). */
    Object take(Bucket b, int k) {
        Object e = b.event[k];
        if (e != null) {
            b.event[k] = null;
            count--;
        }
        return e;
    }

    /** Removes a bucket whose telegrams are all gone, and keeps its arrays for reuse. */
    void retire(Bucket b) {
        for (int k = 0; k < b.size; k++) {
            take(b, k);
        }
        remove(b.tick);
        int i = 0;
        while (heap[i] != b) {
            i++; // usually the top; a telegram sent into the past while delivering may have displaced it
        }
        Bucket last = heap[--heapSize];
        heap[heapSize] = null;
        if (i < heapSize) {
            heap[i] = last;
            siftDown(i);
            siftUp(i);
        }
        b.size = 0;
        if (spareCount == spare.length) {
            spare = Arrays.copyOf(spare, spareCount * 2);
        }
        spare[spareCount++] = b;
    }

    /** Marks a pending telegram cancelled (its event slot cleared); linear in the pending count. */
    boolean cancel(long receipt) {
        for (int h = 0; h < heapSize; h++) {
            Bucket b = heap[h];
            int k = Arrays.binarySearch(b.receipt, 0, b.size, receipt);
            if (k >= 0 && !b.gone(k)) {
                take(b, k);
                return true;
            }
        }
        return false;
    }

    int count() {
        return count;
    }

    List<Telegram> all() {
        List<Telegram> out = new ArrayList<>(count);
        for (int h = 0; h < heapSize; h++) {
            Bucket b = heap[h];
            for (int k = 0; k < b.size; k++) {
                if (!b.gone(k)) {
                    out.add(new Telegram(b.receipt[k], b.tick, b.sender[k], b.receiver[k], b.event[k]));
                }
            }
        }
        return out;
    }

    void clear() {
        while (heapSize > 0) {
            retire(heap[0]);
        }
        count = 0;
    }

    // ---------------------------------------------------------------- tick index (open addressing)

    private int slot(long tick, int mask) {
        long h = tick * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private Bucket find(long tick) {
        int mask = index.length - 1;
        for (int i = slot(tick, mask); ; i = (i + 1) & mask) {
            Bucket b = index[i];
            if (b == null || b.tick == tick) {
                return b;
            }
        }
    }

    private void put(Bucket b) {
        if ((indexed + 1) * 2 > index.length) {
            Bucket[] old = index;
            index = new Bucket[old.length * 2];
            indexed = 0;
            for (Bucket o : old) {
                if (o != null) {
                    put(o);
                }
            }
        }
        int mask = index.length - 1;
        int i = slot(b.tick, mask);
        while (index[i] != null) {
            i = (i + 1) & mask;
        }
        index[i] = b;
        indexed++;
    }

    /** Removes a tick from the index, re-seating the entries of its probe run (linear probing deletion). */
    private void remove(long tick) {
        int mask = index.length - 1;
        int i = slot(tick, mask);
        while (index[i].tick != tick) {
            i = (i + 1) & mask;
        }
        index[i] = null;
        indexed--;
        for (int j = (i + 1) & mask; index[j] != null; j = (j + 1) & mask) {
            Bucket moved = index[j];
            index[j] = null;
            indexed--;
            put(moved);
        }
    }

    // ---------------------------------------------------------------- heap of buckets by tick

    private void push(Bucket b) {
        if (heapSize == heap.length) {
            heap = Arrays.copyOf(heap, heapSize * 2);
        }
        heap[heapSize] = b;
        siftUp(heapSize++);
    }

    private void siftUp(int i) {
        Bucket b = heap[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (heap[p].tick <= b.tick) {
                break;
            }
            heap[i] = heap[p];
            i = p;
        }
        heap[i] = b;
    }

    private void siftDown(int i) {
        Bucket b = heap[i];
        int half = heapSize >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < heapSize && heap[right].tick < heap[child].tick) {
                child = right;
            }
            if (heap[child].tick >= b.tick) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = b;
    }
}
