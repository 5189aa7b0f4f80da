package dev.arbor.core.semantics;

import dev.arbor.core.Reply;
import dev.arbor.core.Transitions;
import dev.arbor.core.model.CompiledChart;

/**
 * The working memory of one step: selection lists, exit and entry sets, and the step's event and
 * move queues. Sized once from a chart and reused: a machine borrows one from its chart's
 * per-thread pool for the length of a step (only when the step needs more than the flat fast
 * path), so a million idle machines hold none.
 */
public final class Scratch implements Transitions {
    final ChartCore chart;
    final int[] sel;
    final int[] selDomain;
    final int[] selTarget;
    int selCount;
    final int[] keepSel;
    final int[] keepDomain;
    final int[] keepTarget;
    final long[] exitSet;
    final long[] enterSet;
    final long[] defaultEntry;
    final long[] historyDefault;
    final long[] goal;
    final int[] historyDefaultOf;
    final int[] kept;
    int keptCount;
    final int[] handlerState;
    final Reply[] handlerReply;
    int handlersAsked;
    final int[] oneTarget = new int[1];
    int requestedTarget = -1;
    final int[] dynTargets;
    int dynCount;
    public final EventQueue internal = new EventQueue();
    final EventQueue external = new EventQueue();
    final MoveQueue moves = new MoveQueue();
    Throwable firstError;

    Scratch(ChartCore chart) {
        this.chart = chart;
        CompiledChart c = chart.compiled;
        int cap = Math.max(1, c.maxActiveLeaves + 1);
        sel = new int[cap];
        selDomain = new int[cap];
        selTarget = new int[cap];
        keepSel = new int[cap];
        keepDomain = new int[cap];
        keepTarget = new int[cap];
        exitSet = new long[c.words];
        enterSet = new long[c.words];
        defaultEntry = new long[c.words];
        historyDefault = new long[c.words];
        goal = new long[c.words];
        historyDefaultOf = new int[c.stateCount];
        kept = new int[cap];
        handlerState = new int[cap];
        handlerReply = new Reply[cap];
        dynTargets = new int[c.stateCount];
    }

    @Override
    public Reply state(Object stateKey) {
        requestedTarget = ChartCore.stateId(chart.compiled, stateKey);
        return Reply.TRANSITION;
    }

    /** Forgets everything of the step before going back to the pool. */
    void reset() {
        internal.clear();
        external.clear();
        moves.clear();
        firstError = null;
        selCount = 0;
        keptCount = 0;
        handlersAsked = 0;
        requestedTarget = -1;
    }

    /** A per-thread free list of scratch for one chart. */
    static final class Pool {
        private final ChartCore chart;
        private Scratch[] free = new Scratch[2];
        private int size;

        Pool(ChartCore chart) {
            this.chart = chart;
        }

        Scratch acquire() {
            return size > 0 ? free[--size] : new Scratch(chart);
        }

        void release(Scratch s) {
            s.reset();
            if (size == free.length) {
                free = java.util.Arrays.copyOf(free, size * 2);
            }
            free[size++] = s;
        }
    }
}
