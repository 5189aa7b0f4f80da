package dev.arbor.pekko.demo;

import dev.arbor.core.Machine;
import dev.arbor.pekko.ArborSharding;
import dev.arbor.pekko.EntityReply;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What was sent to each of {@code n} guards ({@code guard-0} … {@code guard-(n-1)}) and which
 * events were acknowledged, so that a guard's stored state can be checked against a machine fed
 * the same inputs: every acknowledged event applied once, and each unanswered one (in flight to a
 * node that died) applied or not.
 */
public final class GuardLedger {
    /** Unanswered events a guard may have beyond which its check gives up on trying every outcome. */
    private static final int MAX_UNKNOWN = 6;

    /** One guard's events, in the order sent, each acknowledged or not (yet). */
    private static final class Sent {
        final List<Guards.Ev> events = new ArrayList<>();
        final List<Boolean> acked = new ArrayList<>();
    }

    private final Sent[] sent;

    /**
     * A ledger with nothing sent yet.
     *
     * @param guards how many guards, {@code guard-0} to {@code guard-(guards-1)}
     */
    public GuardLedger(int guards) {
        sent = new Sent[guards];
        Arrays.setAll(sent, i -> new Sent());
    }

    /** {@return how many guards the ledger keeps} */
    public int size() {
        return sent.length;
    }

    /**
     * The entity id of guard {@code i}.
     *
     * @param i the guard's index
     * @return {@code "guard-i"}
     */
    public static String id(int i) {
        return "guard-" + i;
    }

    /**
     * Sends one random event to every guard through {@code via}, at most {@code inFlight} at a
     * time, and waits for every answer; an ask that fails (no answer) is noted, not thrown.
     *
     * @param via      the node the events are sent from
     * @param random   picks each event; shared, so a seed gives the same waves
     * @param inFlight how many asks may wait for an answer at once
     * @return how many were acknowledged
     */
    public int wave(ArborSharding<Guards.Owner> via, Random random, int inFlight) {
        Semaphore window = new Semaphore(inFlight);
        List<CompletableFuture<?>> all = new ArrayList<>(sent.length);
        int[] acked = {0};
        for (int i = 0; i < sent.length; i++) {
            Guards.Ev event;
            synchronized (random) {
                event = Guards.Ev.values()[random.nextInt(Guards.Ev.values().length)];
            }
            Sent s = sent[i];
            int index;
            synchronized (s) {
                index = s.events.size();
                s.events.add(event);
                s.acked.add(false);
            }
            window.acquireUninterruptibly();
            all.add(via.fire(id(i), event).toCompletableFuture().handle((reply, error) -> {
                if (reply instanceof EntityReply.Ack) {
                    synchronized (s) {
                        s.acked.set(index, true);
                    }
                    synchronized (acked) {
                        acked[0]++;
                    }
                }
                window.release();
                return null;
            }));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        return acked[0];
    }

    /**
     * Every guard's state, asked through {@code via} at most {@code inFlight} at a time, in guard order.
     *
     * @param via      the node the queries are sent from
     * @param inFlight how many queries may wait for an answer at once
     * @return one status per guard, guard 0 first
     * @throws InterruptedException when interrupted while waiting for an answer
     * @throws ExecutionException   when a query fails (its ask timed out)
     * @throws TimeoutException     when an answer takes more than 60 seconds
     */
    public List<EntityReply.Status> queryAll(ArborSharding<Guards.Owner> via, int inFlight)
            throws InterruptedException, ExecutionException, TimeoutException {
        Semaphore window = new Semaphore(inFlight);
        List<CompletableFuture<EntityReply.Status>> asked = new ArrayList<>(sent.length);
        for (int i = 0; i < sent.length; i++) {
            window.acquireUninterruptibly();
            asked.add(via.query(id(i)).toCompletableFuture().whenComplete((status, error) -> window.release()));
        }
        List<EntityReply.Status> statuses = new ArrayList<>(sent.length);
        for (CompletableFuture<EntityReply.Status> status : asked) {
            statuses.add(status.get(60, TimeUnit.SECONDS));
        }
        return statuses;
    }

    /**
     * Events sent to guard {@code i} that were never answered.
     *
     * @param i the guard's index
     * @return how many of its events got no answer
     */
    public int unanswered(int i) {
        synchronized (sent[i]) {
            return (int) sent[i].acked.stream().filter(a -> !a).count();
        }
    }

    /**
     * Whether {@code snapshot} (a guard's stored state, as {@link Guards#SNAPSHOTS} bytes) is a
     * machine fed guard {@code i}'s acknowledged events and some of its unanswered ones.
     *
     * @param i        the guard's index
     * @param snapshot the guard's stored state, from its {@link EntityReply.Status}
     * @return whether some such machine encodes to exactly these bytes
     */
    public boolean matches(int i, byte[] snapshot) {
        Sent s = sent[i];
        List<Integer> unknown = new ArrayList<>();
        synchronized (s) {
            for (int k = 0; k < s.events.size(); k++) {
                if (!s.acked.get(k)) {
                    unknown.add(k);
                }
            }
            for (int subset = 0; subset < 1 << Math.min(unknown.size(), MAX_UNKNOWN); subset++) {
                Machine<Guards.Owner> reference = Guards.newGuard();
                for (int k = 0; k < s.events.size(); k++) {
                    int u = unknown.indexOf(k);
                    if (u < 0 || (subset & 1 << u) != 0) {
                        reference.fire(s.events.get(k));
                    }
                }
                if (Arrays.equals(Guards.SNAPSHOTS.encode(reference), snapshot)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Guard {@code i}'s events, the unanswered marked with '?'.
     *
     * @param i the guard's index
     * @return the events in the order sent, separated by spaces, for a report
     */
    public String describe(int i) {
        Sent s = sent[i];
        StringBuilder b = new StringBuilder();
        synchronized (s) {
            for (int k = 0; k < s.events.size(); k++) {
                b.append(s.events.get(k)).append(s.acked.get(k) ? "" : "?").append(' ');
            }
        }
        return b.toString().trim();
    }
}
