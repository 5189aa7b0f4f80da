package dev.arbor.core.model;

import dev.arbor.core.Behavior;

/**
 * The chart's states as columns indexed by state id: structure, declaration and the masks over
 * states, made by {@link StateNumbering}. States are numbered in document order (a preorder walk,
 * root = 0), so that "document order" is integer order, a state's descendants are exactly the
 * ids in {@code (s, end[s])}, and ancestry is two comparisons. Read as
 * {@code chart.states.parent[s]}.
 */
public final class StateTable {
    /** The key each state was declared with (an enum constant, a String or any object). */
    public final Object[] key;
    public final String[] name;
    /** The parent's id; -1 for the root. */
    public final int[] parent;
    public final int[] depth;
    /** {@link CompiledChart#ATOMIC}, {@link CompiledChart#COMPOUND}, ... */
    public final byte[] kind;
    /** Exclusive end of each state's subtree in id order. */
    public final int[] end;
    /** Per state: its children, history pseudo-states aside. */
    public final int[][] children;
    /** Per state: its history pseudo-children (empty for most). */
    public final int[][] historyChildren;
    /**
     * Per compound state: targets of its initial transition; per history state: its default
     * targets (its parent's initial when it declares none, filled in once every initial is known).
     */
    public final int[][] initialTargets;
    public final UserAction[] initialAction;
    public final UserAction[] entryAction;
    public final UserAction[] exitAction;
    public final UserAction[] updateAction;
    /** Per handler state: its {@code StateHandler}; null for every other state. */
    public final Object[] handler;
    /** Per state: its behaviour components (empty for most). */
    public final Behavior<?>[][] behaviors;
    /** Per state: the event selectors it defers, as declared (empty for most). */
    public final Trigger[][] defers;
    /** Bit masks over state ids: atomic and final states (the states events are offered to). */
    public final long[] leafMask;
    /** Per state, its children (history pseudo-states aside) as a mask over state ids: {@code words} longs from {@code st * words}. */
    public final long[] childMask;

    StateTable(int n, int words) {
        key = new Object[n];
        name = new String[n];
        parent = new int[n];
        depth = new int[n];
        kind = new byte[n];
        end = new int[n];
        children = new int[n][];
        historyChildren = new int[n][];
        initialTargets = new int[n][];
        initialAction = new UserAction[n];
        entryAction = new UserAction[n];
        exitAction = new UserAction[n];
        updateAction = new UserAction[n];
        handler = new Object[n];
        behaviors = new Behavior<?>[n][];
        defers = new Trigger[n][];
        leafMask = new long[words];
        childMask = new long[n * words];
    }

    /** Whether {@code a} is a proper descendant of {@code b}. */
    boolean isDescendant(int a, int b) {
        return a > b && a < end[b];
    }

    boolean isHistory(int s) {
        return kind[s] == CompiledChart.HISTORY_SHALLOW || kind[s] == CompiledChart.HISTORY_DEEP;
    }

    /** Whether no state in the subtree of {@code st} (itself included) is parallel: at most one of its leaves is ever active. */
    boolean withinOneRegion(int st) {
        for (int s = st; s < end[st]; s++) {
            if (kind[s] == CompiledChart.PARALLEL) {
                return false;
            }
        }
        return true;
    }

    /** The most atomic states below {@code s} (itself included) that can be active at once. */
    int maxLeaves(int s) {
        switch (kind[s]) {
            case CompiledChart.ATOMIC:
            case CompiledChart.FINAL:
                return 1;
            case CompiledChart.PARALLEL: {
                int sum = 0;
                for (int c : children[s]) {
                    sum += maxLeaves(c);
                }
                return sum;
            }
            case CompiledChart.COMPOUND: {
                int max = 0;
                for (int c : children[s]) {
                    max = Math.max(max, maxLeaves(c));
                }
                return max;
            }
            default:
                return 0;
        }
    }
}
