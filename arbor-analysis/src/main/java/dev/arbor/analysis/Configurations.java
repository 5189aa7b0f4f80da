package dev.arbor.analysis;

import dev.arbor.core.Chart;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A machine's state as the analysis keeps it: a compact key of longs, equal exactly when two
 * states behave alike from here. It holds the active states, the halted flag, what each history
 * state recorded, the plans in progress, the clocks of states with timers (at most the state's
 * largest timer: every larger clock does the same), the finished behaviours, the fired timers,
 * the deferred events and the variables. It leaves out what only Java code reads or returns to
 * (the configuration before the last change, the pushed ones) and the generator's state, which
 * the oracle replaces; decoding puts those back as they were at the start.
 */
final class Configurations {

    /** A key, compared by content. */
    record Key(long[] words, int hash) {
        static Key of(long[] words) {
            return new Key(words, Arrays.hashCode(words));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.words, words);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final int stateCount;
    private final int words;
    private final int[] historyStates;
    private final int[] clocked;
    private final long[] clockCap;
    private final int[] timers;
    private final int variables;
    private final long seed;
    /** Deferred events by number: events are kept by equality. */
    private final Map<Object, Integer> eventIds = new HashMap<>();
    private final List<Object> events = new ArrayList<>();
    private long[] scratch = new long[64];
    private int size;

    Configurations(Chart<?> chart, long seed) {
        this.stateCount = chart.stateCount();
        this.words = (stateCount + 63) >>> 6;
        List<Integer> history = new ArrayList<>();
        for (int s = 0; s < stateCount; s++) {
            StateKind k = chart.kind(s);
            if (k == StateKind.SHALLOW_HISTORY || k == StateKind.DEEP_HISTORY) {
                history.add(s);
            }
        }
        this.historyStates = history.stream().mapToInt(Integer::intValue).toArray();
        this.clockCap = new long[stateCount];
        List<Integer> timerList = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            long after = chart.transitionInfo(t).after();
            if (after > 0) {
                int s = chart.transitionSource(t);
                clockCap[s] = Math.max(clockCap[s], after);
                timerList.add(t);
            }
        }
        this.clocked = java.util.stream.IntStream.range(0, stateCount).filter(s -> clockCap[s] > 0).toArray();
        this.timers = timerList.stream().mapToInt(Integer::intValue).toArray();
        this.variables = chart.variables().size();
        this.seed = seed;
    }

    /** The key of the state a buffer holds. */
    Key key(MachineStateBuffer b) {
        size = 0;
        set(b.active());
        put(b.halted() ? 1 : 0);
        for (int h : historyStates) {
            set(b.history(h));
        }
        put(b.planCount());
        for (int i = 0; i < b.planCount(); i++) {
            put(b.planContainer(i));
            put(b.planStep(i));
            if (b.planStep(i) < 0) {
                set(b.planConfiguration(i));
            }
        }
        for (int s : clocked) {
            put(Math.min(b.clock(s), clockCap[s]));
        }
        long bits = 0;
        int n = 0;
        for (int s = 0; s < stateCount; s++) {
            if (b.finished(s)) {
                put(s);
                n++;
            }
        }
        put(-1 - n);
        for (int i = 0; i < timers.length; i++) {
            if (b.timerFired(timers[i])) {
                bits |= 1L << (i & 63);
            }
            if ((i & 63) == 63 || i == timers.length - 1) {
                put(bits);
                bits = 0;
            }
        }
        put(b.deferredCount());
        for (int i = 0; i < b.deferredCount(); i++) {
            Object e = b.deferred(i);
            put(eventIds.computeIfAbsent(e, x -> {
                events.add(x);
                return events.size() - 1;
            }));
        }
        for (int v = 0; v < variables; v++) {
            put(b.variable(v));
        }
        return Key.of(Arrays.copyOf(scratch, size));
    }

    /** Fills a buffer with the state a key holds. */
    void load(Key key, MachineStateBuffer b) {
        long[] w = key.words();
        b.clear();
        int at = get(w, 0, b.active());
        b.setHalted(w[at++] == 1);
        for (int h : historyStates) {
            at = get(w, at, b.history(h));
        }
        int plans = (int) w[at++];
        for (int i = 0; i < plans; i++) {
            int container = (int) w[at++];
            int step = (int) w[at++];
            if (step < 0) {
                at = get(w, at, b.addPlanResume(container));
            } else {
                b.addPlanStep(container, step);
            }
        }
        for (int s : clocked) {
            b.setClock(s, w[at++]);
        }
        while (w[at] >= 0) {
            b.setFinished((int) w[at++]);
        }
        at++;
        for (int i = 0; i < timers.length; i++) {
            if ((w[at] & 1L << (i & 63)) != 0) {
                b.setTimerFired(timers[i]);
            }
            if ((i & 63) == 63 || i == timers.length - 1) {
                at++;
            }
        }
        int deferred = (int) w[at++];
        for (int i = 0; i < deferred; i++) {
            b.defer(events.get((int) w[at++]));
        }
        for (int v = 0; v < variables; v++) {
            b.setVariable(v, (int) w[at++]);
        }
        b.setRandom(seed);
    }

    /** The active states of a key, in document order. */
    int[] active(Key key) {
        long[] w = key.words();
        int count = 0;
        for (int i = 0; i < words; i++) {
            count += Long.bitCount(w[i]);
        }
        int[] out = new int[count];
        int k = 0;
        for (int s = 0; s < stateCount; s++) {
            if ((w[s >>> 6] & 1L << s) != 0) {
                out[k++] = s;
            }
        }
        return out;
    }

    /** Whether a key's machine has halted. */
    boolean halted(Key key) {
        return key.words()[words] == 1;
    }

    /** The plans in progress a key holds. */
    int plans(Key key) {
        long[] w = key.words();
        int at = words + 1 + historyStates.length * words;
        return (int) w[at];
    }

    private void set(MachineStateBuffer.StateSet set) {
        for (int i = 0; i < words; i++) {
            put(0);
        }
        int base = size - words;
        for (int s = set.next(0); s >= 0; s = set.next(s + 1)) {
            scratch[base + (s >>> 6)] |= 1L << s;
        }
    }

    private int get(long[] w, int at, MachineStateBuffer.StateSet into) {
        for (int s = 0; s < stateCount; s++) {
            if ((w[at + (s >>> 6)] & 1L << s) != 0) {
                into.add(s);
            }
        }
        return at + words;
    }

    private void put(long v) {
        if (size == scratch.length) {
            scratch = Arrays.copyOf(scratch, size * 2);
        }
        scratch[size++] = v;
    }
}
