package dev.arbor.core.semantics;

/**
 * The transitions an event selects in a chart with parallel regions, on the specialized path:
 * one per active leaf at most, in document order, with the leaf each was selected from. One per
 * machine (in its extras), reused for every event.
 */
public final class RegionPicks {
    final int[] leaf;
    final int[] transition;
    /** Where each transition's compiled parts start, filled by the compiled step. */
    final int[] partKeys;
    int count;
    /** The transition the last compiled selection case picked. */
    int last;

    RegionPicks(int capacity) {
        leaf = new int[capacity];
        transition = new int[capacity];
        partKeys = new int[capacity];
    }

    /** Adds transition {@code t}, selected from {@code from}, unless another leaf selected it already (an ancestor's transition). */
    void add(int from, int t) {
        for (int i = 0; i < count; i++) {
            if (transition[i] == t) {
                return;
            }
        }
        leaf[count] = from;
        transition[count++] = t;
    }
}
