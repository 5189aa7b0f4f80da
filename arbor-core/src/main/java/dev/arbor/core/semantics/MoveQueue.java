package dev.arbor.core.semantics;

/** A FIFO of requested programmatic moves, as (kind, target) int pairs: no allocation once grown. */
public final class MoveQueue {
    private int[] kinds = new int[4];
    private int[] targets = new int[4];
    private int head;
    private int size;

    void add(int kind, int target) {
        if (size == kinds.length) {
            int[] k = new int[size * 2];
            int[] t = new int[size * 2];
            for (int i = 0; i < size; i++) {
                k[i] = kinds[(head + i) % kinds.length];
                t[i] = targets[(head + i) % kinds.length];
            }
            kinds = k;
            targets = t;
            head = 0;
        }
        int i = (head + size++) % kinds.length;
        kinds[i] = kind;
        targets[i] = target;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int peekKind() {
        return kinds[head];
    }

    int peekTarget() {
        return targets[head];
    }

    void remove() {
        head = (head + 1) % kinds.length;
        size--;
    }

    void clear() {
        head = 0;
        size = 0;
    }
}
