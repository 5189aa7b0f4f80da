package dev.arbor.pekko;

import dev.arbor.core.Machine;
import dev.arbor.net.codec.SnapshotException;
import dev.arbor.pekko.demo.Guards;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The states each of {@code n} ticked guards may be in: those a reference guard reaches from the
 * guard's acknowledged events, in the order sent, with any number of ticks before, between and
 * after them, each state right after an event having the configuration its acknowledgement gave.
 *
 * <p>A tick driver ticks a live guard whenever its beat comes, and not at all while the guard is
 * passivated, so how many ticks ran between two events is known only to the guard: its state can
 * be checked against the set of states ticks could have led to, not against one state as
 * {@code GuardLedger} checks an unticked guard. The set stays small: the guard's configurations
 * (with their clocks) are a handful, found once by running a reference machine on every input from
 * every configuration; what spreads is the arrival count, by whether an {@code ARRIVED} found the
 * guard walking or still waiting. A guard's set is kept, not its events, so the ledger's heap does
 * not grow with the events sent (it sits in the heap the soak watches).
 *
 * <p>A state is an {@code int}: the arrival count above {@link #CONFIG_BITS} bits that index a
 * configuration (the snapshot bytes of a guard with no arrivals).
 */
final class ReachableGuards {
    private static final int CONFIG_BITS = 6;
    private static final int CONFIG_MASK = (1 << CONFIG_BITS) - 1;
    private static final Guards.Ev[] EVENTS = Guards.Ev.values();
    /** The input index of one tick, after the events' ordinals. */
    private static final int TICK = EVENTS.length;

    /** Each configuration's snapshot bytes (no arrivals), by index. */
    private final List<byte[]> configs = new ArrayList<>();
    /** Each configuration's active states as paths, as an acknowledgement gives them. */
    private final List<List<String>> actives = new ArrayList<>();
    private final Map<ByteBuffer, Integer> configIndex = new HashMap<>();
    /** {@code step[config][input]}: the next configuration, times two, plus the arrivals the input added (0 or 1). */
    private final int[][] step;
    /** The states of a guard that has had no event: the new guard, ticked any number of times. */
    private final int[] initial;
    private final int[][] reachable;
    private final int[] acknowledged;
    /** A guard's set is read and replaced under the lock of its stripe (answers come on any dispatcher thread). */
    private final Object[] stripes = new Object[64];
    /** Guards whose acknowledgement gave a configuration no reference reaches; -1 for none yet. */
    private volatile int firstBroken = -1;
    private volatile String brokenWhy;

    ReachableGuards(int guards) {
        Machine<Guards.Owner> start = Guards.newGuard();
        intern(start);
        List<int[]> steps = new ArrayList<>();
        for (int c = 0; c < configs.size(); c++) { // configs grows as inputs find new ones
            int[] next = new int[TICK + 1];
            for (int input = 0; input <= TICK; input++) {
                Machine<Guards.Owner> m = machineIn(c);
                if (input == TICK) {
                    m.update();
                } else {
                    m.fire(EVENTS[input]);
                }
                int added = m.owner().arrivals;
                if (added > 1) {
                    throw new IllegalStateException("one input counted " + added + " arrivals");
                }
                next[input] = intern(m) << 1 | added;
            }
            steps.add(next);
        }
        step = steps.toArray(int[][]::new);
        initial = tickClosure(new int[] {0});
        reachable = new int[guards][];
        Arrays.fill(reachable, initial);
        acknowledged = new int[guards];
        Arrays.setAll(stripes, k -> new Object());
    }

    private Object lock(int i) {
        return stripes[i & stripes.length - 1];
    }

    /** The index of {@code m}'s configuration, its arrivals set to zero, interned. */
    private int intern(Machine<Guards.Owner> m) {
        m.owner().arrivals = 0;
        byte[] bytes = Guards.SNAPSHOTS.encode(m);
        Integer known = configIndex.get(ByteBuffer.wrap(bytes));
        if (known != null) {
            return known;
        }
        if (configs.size() > CONFIG_MASK) {
            throw new IllegalStateException("a guard has more configurations than " + (CONFIG_MASK + 1)
                    + ": a clock that never stops?");
        }
        configs.add(bytes);
        actives.add(ArborEntity.active(m));
        configIndex.put(ByteBuffer.wrap(bytes), configs.size() - 1);
        return configs.size() - 1;
    }

    private Machine<Guards.Owner> machineIn(int config) {
        Machine<Guards.Owner> m = Guards.newGuard();
        try {
            Guards.SNAPSHOTS.decodeInto(configs.get(config), m);
        } catch (SnapshotException e) {
            throw new IllegalStateException("the codec refuses its own bytes", e);
        }
        return m;
    }

    private int next(int state, int input) {
        int s = step[state & CONFIG_MASK][input];
        return ((state >>> CONFIG_BITS) + (s & 1)) << CONFIG_BITS | s >>> 1;
    }

    /** {@code states} and every state ticks lead them to, sorted, each once. */
    private int[] tickClosure(int[] states) {
        int[] out = Arrays.copyOf(states, Math.max(8, states.length * 2));
        int n = states.length;
        for (int k = 0; k < n; k++) {
            int t = next(out[k], TICK);
            if (!contains(out, n, t)) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = t;
            }
        }
        int[] sorted = Arrays.copyOf(out, n);
        Arrays.sort(sorted);
        return sorted;
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int k = 0; k < n; k++) {
            if (a[k] == v) {
                return true;
            }
        }
        return false;
    }

    /**
     * Guard {@code i} acknowledged {@code event} in the configuration {@code active}: its states are
     * those the event leads its present states to in that configuration, then ticked.
     */
    void acknowledged(int i, Guards.Ev event, List<String> active) {
        synchronized (lock(i)) {
            int[] now = reachable[i];
            int[] after = new int[now.length];
            int n = 0;
            for (int s : now) {
                int t = next(s, event.ordinal());
                if (actives.get(t & CONFIG_MASK).equals(active) && !contains(after, n, t)) {
                    after[n++] = t;
                }
            }
            acknowledged[i]++;
            if (n == 0) {
                if (firstBroken < 0) {
                    brokenWhy = "guard " + i + ": " + event + " acknowledged in " + active + " from " + describe(now);
                    firstBroken = i;
                }
                return; // the set is kept; the final check fails on the guard
            }
            reachable[i] = tickClosure(Arrays.copyOf(after, n));
        }
    }

    /** Guard {@code i} was sent {@code event} and no answer came: it may or may not have taken it. */
    void unanswered(int i, Guards.Ev event) {
        synchronized (lock(i)) {
            int[] now = reachable[i];
            int[] both = Arrays.copyOf(now, now.length * 2);
            for (int k = 0; k < now.length; k++) {
                both[now.length + k] = next(now[k], event.ordinal());
            }
            reachable[i] = tickClosure(Arrays.stream(both).distinct().toArray());
        }
    }

    /**
     * Whether {@code snapshot} (guard {@code i}'s stored state as {@link Guards#SNAPSHOTS} bytes) is
     * one of its reachable states.
     */
    boolean reaches(int i, byte[] snapshot) {
        Machine<Guards.Owner> m = Guards.newGuard();
        try {
            Guards.SNAPSHOTS.decodeInto(snapshot, m);
        } catch (SnapshotException e) {
            return false;
        }
        int arrivals = m.owner().arrivals;
        Integer config = configIndex.get(ByteBuffer.wrap(withoutArrivals(m)));
        return config != null && Arrays.binarySearch(states(i), arrivals << CONFIG_BITS | config) >= 0;
    }

    private static byte[] withoutArrivals(Machine<Guards.Owner> m) {
        m.owner().arrivals = 0;
        return Guards.SNAPSHOTS.encode(m);
    }

    private int[] states(int i) {
        synchronized (lock(i)) {
            return reachable[i];
        }
    }

    /** {@return how many states guard {@code i} may be in} */
    int size(int i) {
        return states(i).length;
    }

    /** {@return how many of guard {@code i}'s events were acknowledged} */
    int acknowledged(int i) {
        synchronized (lock(i)) {
            return acknowledged[i];
        }
    }

    /** {@return the guard whose acknowledgement no reference state explains, and how; null when none} */
    String broken() {
        return firstBroken < 0 ? null : brokenWhy;
    }

    /**
     * The heap the guards' sets take (their arrays, those still sharing the new guard's set
     * counted once), for the soak to tell the node's heap from the ledger's.
     *
     * @return bytes, as a 64-bit JVM with compressed references lays an {@code int[]} out
     */
    long heapBytes() {
        long bytes = arrayBytes(reachable.length) + arrayBytes(acknowledged.length);
        for (int i = 0; i < reachable.length; i++) {
            int[] states = states(i);
            if (states != initial) {
                bytes += arrayBytes(states.length);
            }
        }
        return bytes;
    }

    private static long arrayBytes(int length) {
        return (16 + 4L * length + 7) & ~7L;
    }

    /** {@return how many configurations (with clocks) a guard has} */
    int configurations() {
        return configs.size();
    }

    /** Guard {@code i}'s states, each as its configuration and arrivals, for a report. */
    String describe(int i) {
        return describe(states(i));
    }

    private String describe(int[] states) {
        StringBuilder b = new StringBuilder("{");
        for (int s : states) {
            b.append(b.length() > 1 ? ", " : "").append(actives.get(s & CONFIG_MASK)).append('#').append(s & CONFIG_MASK)
                    .append(" arrivals ").append(s >>> CONFIG_BITS);
        }
        return b.append('}').toString();
    }
}
