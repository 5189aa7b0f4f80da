package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Compiler phase 3, indexing triggers: reads the state and transition tables and the trigger ids
 * and produces the {@link TriggerIndex} (each state's transitions by kind, the state x trigger
 * table, the done events' sets from {@link EventSets}, the deferral masks).
 */
final class TriggerIndexing {
    private TriggerIndexing() {
    }

    static TriggerIndex index(StateTable st, TransitionTable tt, Map<Trigger, Integer> triggerIds, EventSets events,
            int words) {
        int n = st.kind.length;
        int m = tt.source.length;
        int[][] eventTransitions = new int[n][];
        int[][] eventlessTransitions = new int[n][];
        int[][] polledTransitions = new int[n][];
        for (int s = 0; s < n; s++) {
            List<Integer> ev = new ArrayList<>();
            List<Integer> el = new ArrayList<>();
            List<Integer> po = new ArrayList<>();
            for (int t = 0; t < m; t++) {
                if (tt.source[t] != s) {
                    continue;
                }
                switch (tt.mode[t]) {
                    case CompiledChart.EVENT -> ev.add(t);
                    case CompiledChart.EVENTLESS -> el.add(t);
                    case CompiledChart.POLLED -> po.add(t);
                    default -> { }
                }
            }
            eventTransitions[s] = CompiledChart.toArray(ev);
            eventlessTransitions[s] = CompiledChart.toArray(el);
            polledTransitions[s] = timersByDueTick(tt, CompiledChart.toArray(po));
        }
        int triggerCount = triggerIds.size();
        int[] tableStart = new int[n * triggerCount + 1];
        List<Integer> flat = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            for (int trig = 0; trig < triggerCount; trig++) {
                tableStart[s * triggerCount + trig] = flat.size();
                for (int t : eventTransitions[s]) {
                    if (tt.anyTrigger[t] || CompiledChart.contains(tt.triggerIds[t], trig)) {
                        flat.add(t);
                    }
                }
            }
        }
        tableStart[n * triggerCount] = flat.size();
        int[][] doneSets = new int[n][];
        for (int s = 0; s < n; s++) {
            if (!st.isHistory(s)) {
                doneSets[s] = events.doneSet(s, "done.state." + st.name[s]);
            }
        }
        long[][] deferMasks = new long[triggerCount][];
        long[] anyMask = null;
        for (int s = 0; s < n; s++) {
            for (Trigger trig : st.defers[s]) {
                long[] mask;
                if (trig.type() == Trigger.Type.ANY) {
                    mask = anyMask == null ? anyMask = new long[words] : anyMask;
                } else {
                    int id = triggerIds.get(trig);
                    mask = deferMasks[id] == null ? deferMasks[id] = new long[words] : deferMasks[id];
                }
                mask[s >>> 6] |= 1L << s;
            }
        }
        return new TriggerIndex(eventTransitions, eventlessTransitions, polledTransitions, tableStart,
                CompiledChart.toArray(flat), doneSets, deferMasks, anyMask);
    }

    /**
     * A state's polled transitions with its timers in the order of their due ticks (declaration
     * order where equal), each timer taking the place of one timer in declaration order, so that
     * {@code when} transitions keep their places.
     */
    private static int[] timersByDueTick(TransitionTable tt, int[] polled) {
        List<Integer> timers = new ArrayList<>();
        for (int t : polled) {
            if (tt.after[t] > 0) {
                timers.add(t);
            }
        }
        timers.sort(Comparator.comparingLong(t -> tt.after[t])); // stable: ties keep declaration order
        int[] out = polled.clone();
        int next = 0;
        for (int i = 0; i < out.length; i++) {
            if (tt.after[out[i]] > 0) {
                out[i] = timers.get(next++);
            }
        }
        return out;
    }
}
