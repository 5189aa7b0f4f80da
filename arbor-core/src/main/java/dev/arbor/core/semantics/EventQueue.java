package dev.arbor.core.semantics;

/** A growable ring buffer of events: FIFO, allocation-free once it has reached its working size. */
public final class EventQueue {
    private Object[] items = new Object[8];
    private int head;
    private int size;

    public void add(Object e) {
        if (size == items.length) {
            Object[] bigger = new Object[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size++) & (items.length - 1)] = e;
    }

    /** The oldest event, or null when empty. */
    Object poll() {
        if (size == 0) {
            return null;
        }
        Object e = items[head];
        items[head] = null;
        head = (head + 1) & (items.length - 1);
        size--;
        return e;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        while (size > 0) {
            poll();
        }
        head = 0;
    }
}
