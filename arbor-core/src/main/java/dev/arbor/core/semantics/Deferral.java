package dev.arbor.core.semantics;

import dev.arbor.core.DeferralOverflowException;
import dev.arbor.core.Done;
import dev.arbor.core.LivelockException;
import dev.arbor.core.MachineListener;
import dev.arbor.core.model.CompiledChart;

/**
 * UML 2 deferred events: an event no transition takes is kept when an active state defers it,
 * and offered again, oldest first, once no active state defers it.
 */
public final class Deferral {

    private Deferral() {
    }

    /** The first active state, in document order, that defers the event; -1 when none does. Completion events are never deferred. */
    private static int deferringState(MachineCore m, Object event) {
        CompiledChart c = m.chart.compiled;
        if (event instanceof Done d && d.chartToken == m.chart) {
            return -1;
        }
        int found = c.triggers.deferAnyMask == null ? -1 : m.nextActiveIn(c.triggers.deferAnyMask, 0);
        for (int trig : c.events.triggerSet(event)) {
            long[] mask = c.triggers.deferMasks[trig];
            if (mask != null) {
                int st = m.nextActiveIn(mask, 0);
                if (st >= 0 && (found < 0 || st < found)) {
                    found = st;
                }
            }
        }
        return found;
    }

    /** Keeps an event no transition took when an active state defers it; false when none does. */
    static boolean deferIfDeferred(MachineCore m, Object event) {
        int st = deferringState(m, event);
        if (st < 0) {
            return false;
        }
        CompiledChart c = m.chart.compiled;
        MachineCore.Extras x = m.extras();
        if (x.deferredCount == c.deferLimit) {
            RunToCompletion.reportError(m, st, new DeferralOverflowException(c.name, event, c.deferLimit));
            return true;
        }
        if (x.deferred == null || x.deferredCount == x.deferred.length) {
            x.deferred = java.util.Arrays.copyOf(x.deferred == null ? new Object[0] : x.deferred,
                    Math.min(c.deferLimit, Math.max(4, x.deferredCount * 2)));
        }
        x.deferred[x.deferredCount++] = event;
        MachineListener l = x.listener;
        if (l != null) {
            l.onDeferred(m.face(), event, m.stepCause());
        }
        return true;
    }

    /**
     * Offers again, oldest first, each kept event that no active state defers any longer, each
     * as a macrostep of its own; after each, the scan starts again from the oldest, since the
     * configuration may have changed. Bounded like a run-to-completion step.
     */
    static void recallDeferred(MachineCore m, MachineCore.Extras x) {
        int recalled = 0;
        int i = 0;
        while (i < x.deferredCount && m.status() == MachineCore.RUNNING) {
            Object e = x.deferred[i];
            if (deferringState(m, e) >= 0) {
                i++;
                continue;
            }
            System.arraycopy(x.deferred, i + 1, x.deferred, i, x.deferredCount - i - 1);
            x.deferred[--x.deferredCount] = null;
            if (++recalled > m.chart.compiled.maxMicrosteps) {
                throw new LivelockException(m.chart.compiled.name, m.chart.compiled.maxMicrosteps,
                        RunToCompletion.noteCycle(m, m.chart.compiled, null), m.toString()); // recalls that keep deferring each other
            }
            MachineListener l = x.listener;
            if (l != null) {
                l.onRecalled(m.face(), e, m.stepCause());
            }
            RunToCompletion.macrostep(m, e);
            i = 0;
        }
    }
}
