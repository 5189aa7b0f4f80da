package dev.arbor.scxml;

import dev.arbor.core.LivelockException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The external event queues and the virtual clock of one tree of sessions (a session and what it
 * invoked): events are delivered in order of due time, ties broken by the order they were sent.
 * Time moves only when the runner says so, never by the wall clock. Session ids are numbered
 * from 1 within each tree ({@code arbor-1} is the root), so that the same document run with the
 * same inputs names its sessions the same way; they are unique within a tree, not across trees.
 */
final class Scheduler {
    /** How many deliveries before the limit name a livelock's states. */
    private static final int LIVELOCK_WINDOW = 64;

    /** One event on its way: sent by {@code from} (null: from outside), for {@code to}, due at {@code due}; {@code delayed} when sent with a delay. */
    record Delivery(long due, long seq, ScxmlSession from, ScxmlSession to, ScxmlEvent event, String sendid, boolean delayed) {
    }

    private final PriorityQueue<Delivery> queue = new PriorityQueue<>(
            Comparator.comparingLong(Delivery::due).thenComparingLong(Delivery::seq));
    private final Map<String, ScxmlSession> live = new HashMap<>();
    private long now;
    private long seq;
    private int sessions;

    long now() {
        return now;
    }

    String register(ScxmlSession s) {
        String id = "arbor-" + (++sessions);
        live.put(id, s);
        return id;
    }

    /** How many sessions of this tree are running. */
    int liveSessions() {
        return live.size();
    }

    ScxmlSession session(String id) {
        return live.get(id);
    }

    /** Queues an event, due after {@code delayMillis} (the sum saturates: a delay too long to count is never due before the end of time). */
    void schedule(ScxmlSession from, ScxmlSession to, ScxmlEvent event, long delayMillis, String sendid) {
        long delay = Math.max(0, delayMillis);
        long due = now > Long.MAX_VALUE - delay ? Long.MAX_VALUE : now + delay;
        queue.add(new Delivery(due, seq++, from, to, event, sendid, delay > 0));
    }

    /** Removes the delayed events (sent with a delay, SCXML 6.3) {@code from} sent with this id; whether there was one. */
    boolean cancel(ScxmlSession from, String sendid) {
        return queue.removeIf(d -> d.delayed() && d.from() == from && sendid.equals(d.sendid()));
    }

    /** A session that ended: forget it, the events still on their way to it and those it delayed. */
    void ended(ScxmlSession s) {
        live.values().remove(s);
        queue.removeIf(d -> d.to() == s || d.from() == s && d.due() > now);
    }

    /**
     * Delivers events in order until {@code root} halts or none is left that is due by
     * {@code until}, moving the clock forward to each event's due time.
     *
     * @return how many events were delivered
     */
    int run(ScxmlSession root, long until, int maxEvents) {
        int n = 0;
        List<String> cycle = new ArrayList<>();
        while (!root.isHalted()) {
            Delivery d = queue.peek();
            if (d == null || d.due() > until) {
                break;
            }
            queue.poll();
            if (d.due() > now) {
                now = d.due();
            }
            if (++n > maxEvents) {
                queue.removeIf(q -> q.due() <= now); // the runaway events; later delayed sends stay
                throw new LivelockException(label(root), maxEvents, cycle, root.toString());
            }
            if (n > maxEvents - LIVELOCK_WINDOW) { // the last deliveries before the limit: where the cycle runs
                for (String st : d.to().activeStates()) {
                    String where = label(d.to()) + "." + st;
                    if (!cycle.contains(where)) {
                        cycle.add(where);
                    }
                }
            }
            d.to().deliver(d.event());
        }
        if (until != Long.MAX_VALUE && until > now && !root.isHalted()) {
            now = until;
        }
        return n;
    }

    /** A session as a livelock names it: its document's name, else its session id. */
    private static String label(ScxmlSession s) {
        return s.name() != null ? s.name() : s.sessionId();
    }
}
