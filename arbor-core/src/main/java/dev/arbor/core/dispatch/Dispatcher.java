package dev.arbor.core.dispatch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A telegram dispatcher: it delivers events to agents by id, now or after a delay, in time order
 * with ties broken by sending order. Time is integer ticks passed in by the caller: no wall clock,
 * no statics, no singleton, so two dispatchers fed the same calls deliver the same telegrams in the
 * same order, and a {@link Snapshot} taken and restored reproduces the future exactly (rollback
 * builds on this).
 *
 * <p>Confined to the game thread, like the machines it feeds; other threads hand it telegrams
 * with {@link #post}, which the next {@link #deliver} takes in.
 */
public final class Dispatcher implements dev.arbor.core.Telegraph {

    /**
     * The pending telegrams and the next receipt number: everything needed to resume.
     *
     * @param nextReceipt the receipt the next telegram sent will get
     * @param pending     the telegrams not yet delivered, in delivery order
     */
    public record Snapshot(long nextReceipt, List<Telegram> pending) {
        /**
         * Copies the list.
         *
         * @param nextReceipt the receipt the next telegram sent will get, above every pending one
         * @param pending     the telegrams not yet delivered
         */
        public Snapshot {
            pending = List.copyOf(pending);
        }
    }

    /**
     * Hears of telegrams as they are scheduled, delivered and withdrawn, on the game thread (the
     * inspector's sequence view). With none set the dispatcher pays one null check per telegram.
     * Every method has a do-nothing default; none may send, deliver or cancel.
     */
    public interface Listener {
        /**
         * A telegram was scheduled for {@code dueTick} (by {@link #send}, {@link #broadcast} or a
         * {@link #post} taken in).
         *
         * @param dispatcher the dispatcher that scheduled it
         * @param receipt    its receipt
         * @param dueTick    the tick it is due
         * @param sender     the sending agent's id
         * @param receiver   the receiving agent's id
         * @param event      the event it carries
         */
        default void onSent(Dispatcher dispatcher, long receipt, long dueTick, int sender, int receiver, Object event) {}

        /**
         * A telegram is about to be handed to its receiver at tick {@code now}.
         *
         * @param dispatcher the dispatcher delivering it
         * @param receipt    its receipt
         * @param now        the tick given to {@link #deliver}
         * @param sender     the sending agent's id
         * @param receiver   the receiving agent's id
         * @param event      the event it carries
         */
        default void onDelivered(Dispatcher dispatcher, long receipt, long now, int sender, int receiver, Object event) {}

        /**
         * A pending telegram was withdrawn ({@link #cancel}), or dropped at delivery because no agent
         * has its receiver id.
         *
         * @param dispatcher the dispatcher that held it
         * @param receipt    its receipt
         */
        default void onDropped(Dispatcher dispatcher, long receipt) {}
    }

    /** A telegram posted from another thread, given its receipt when taken in. */
    private record Posted(long delay, int sender, int receiver, Object event) {}

    private int[] ids = new int[8];
    private Receiver[] receivers = new Receiver[8];
    private int receiverCount;

    /** Pending telegrams, grouped by due tick (see {@link Buckets}). */
    private final Buckets pending = new Buckets();
    private long nextReceipt = 1;
    private long lastNow = Long.MIN_VALUE;
    /**
     * Telegrams posted from other threads, oldest first, until a delivery takes them in; guarded
     * by itself, with {@link #anyPosted} read without the lock on every delivery (rather than a
     * ConcurrentLinkedQueue, which TeaVM's class library lacks).
     */
    private final ArrayDeque<Posted> posted = new ArrayDeque<>();
    private volatile boolean anyPosted;
    private int maxDeliveriesPerCall = 1_000_000;
    private boolean delivering;
    private Listener listener;

    /** A dispatcher with no agents and nothing pending. */
    public Dispatcher() {}

    // ---------------------------------------------------------------- agents

    /**
     * Registers the receiver of an agent id, replacing any earlier one.
     *
     * @param agentId  the id telegrams to the agent are addressed to
     * @param receiver what the agent's telegrams are delivered to
     * @return this dispatcher
     */
    public Dispatcher register(int agentId, Receiver receiver) {
        Objects.requireNonNull(receiver, "receiver");
        int i = Arrays.binarySearch(ids, 0, receiverCount, agentId);
        if (i >= 0) {
            receivers[i] = receiver;
            return this;
        }
        i = -i - 1;
        if (receiverCount == ids.length) {
            ids = Arrays.copyOf(ids, receiverCount * 2);
            receivers = Arrays.copyOf(receivers, receiverCount * 2);
        }
        System.arraycopy(ids, i, ids, i + 1, receiverCount - i);
        System.arraycopy(receivers, i, receivers, i + 1, receiverCount - i);
        ids[i] = agentId;
        receivers[i] = receiver;
        receiverCount++;
        return this;
    }

    /**
     * Registers an agent's machine: each telegram's event is fired into it.
     *
     * @param agentId the id telegrams to the agent are addressed to
     * @param machine the agent's machine
     * @return this dispatcher
     */
    public Dispatcher register(int agentId, dev.arbor.core.Machine<?> machine) {
        register(agentId, Receiver.of(machine));
        machine.registeredWith(this, agentId); // its actions can send through this dispatcher
        return this;
    }

    /**
     * The machine registered for an agent id with {@link #register(int, dev.arbor.core.Machine)}, or null.
     *
     * @param agentId the agent's id
     * @return its machine; null when it has none, or a receiver of another kind
     */
    public dev.arbor.core.Machine<?> machineOf(int agentId) {
        int i = Arrays.binarySearch(ids, 0, receiverCount, agentId);
        return i >= 0 && receivers[i] instanceof Receiver.OfMachine m ? m.machine() : null;
    }

    /**
     * Sets the one listener (null: none), replacing any earlier one. Call on the game thread.
     *
     * @param listener the listener to hear of every telegram, or null
     */
    public void setListener(Listener listener) {
        this.listener = listener;
    }

    /**
     * The listener set with {@link #setListener}, or null.
     *
     * @return the listener, or null when none is set
     */
    public Listener listener() {
        return listener;
    }

    /**
     * Removes an agent's receiver; telegrams still addressed to it are dropped when due.
     *
     * @param agentId the agent's id; an id not registered is ignored
     */
    public void unregister(int agentId) {
        int i = Arrays.binarySearch(ids, 0, receiverCount, agentId);
        if (i >= 0 && receivers[i] instanceof Receiver.OfMachine m && m.machine().dispatcher() == this) {
            m.machine().registeredWith(null, 0);
        }
        if (i >= 0) {
            System.arraycopy(ids, i + 1, ids, i, receiverCount - i - 1);
            System.arraycopy(receivers, i + 1, receivers, i, receiverCount - i - 1);
            receivers[--receiverCount] = null;
        }
    }

    // ---------------------------------------------------------------- sending

    /**
     * Schedules a telegram for tick {@code now + delay}.
     *
     * @param now      the caller's current tick
     * @param delay    how many ticks later it is due, 0 or more
     * @param sender   the sending agent's id
     * @param receiver the receiving agent's id
     * @param event    what the receiver's machine is fired with
     * @return its receipt, for {@link #cancel}
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    public long send(long now, long delay, int sender, int receiver, Object event) {
        if (delay < 0) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        Objects.requireNonNull(event, "event");
        long receipt = nextReceipt++;
        long due = Math.addExact(now, delay);
        pending.add(due, receipt, sender, receiver, event);
        if (listener != null) {
            listener.onSent(this, receipt, due, sender, receiver, event);
        }
        return receipt;
    }

    /**
     * Sends one telegram to every registered agent but the sender, in ascending id order.
     *
     * @param now    the caller's current tick
     * @param delay  how many ticks later they are due, 0 or more
     * @param sender the sending agent's id
     * @param event  what each receiver's machine is fired with
     * @return how many were sent
     */
    public int broadcast(long now, long delay, int sender, Object event) {
        int n = 0;
        for (int i = 0; i < receiverCount; i++) {
            if (ids[i] != sender) {
                send(now, delay, sender, ids[i], event);
                n++;
            }
        }
        return n;
    }

    /**
     * Hands a telegram over from any thread. It is taken in, in posting order, by the next
     * {@link #deliver}, and is due {@code delay} ticks after that call's {@code now}.
     *
     * @param delay    how many ticks after that call's {@code now} it is due, 0 or more
     * @param sender   the sending agent's id
     * @param receiver the receiving agent's id
     * @param event    what the receiver's machine is fired with
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    @Override
    public void post(long delay, int sender, int receiver, Object event) {
        if (delay < 0) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        Posted p = new Posted(delay, sender, receiver, Objects.requireNonNull(event, "event"));
        synchronized (posted) {
            posted.add(p);
            anyPosted = true;
        }
    }

    /**
     * Withdraws a pending telegram.
     *
     * @param receipt the receipt {@link #send} returned
     * @return false when it was already delivered or cancelled
     */
    public boolean cancel(long receipt) {
        boolean cancelled = pending.cancel(receipt);
        if (cancelled && listener != null) {
            listener.onDropped(this, receipt);
        }
        return cancelled;
    }

    // ---------------------------------------------------------------- delivering

    /**
     * Delivers, in order, every telegram due at or before {@code now}, including those sent with
     * no delay while delivering. Telegrams to unregistered agents are dropped.
     *
     * @param now the caller's current tick
     * @return how many were delivered
     * @throws IllegalStateException if agents keep sending each other undelayed telegrams
     *                               (more than a million in one call), or if called from inside a
     *                               delivery
     */
    public int deliver(long now) {
        if (delivering) {
            throw new IllegalStateException("deliver() called from inside a delivery");
        }
        lastNow = now;
        if (anyPosted) {
            for (Posted p = takePosted(); p != null; p = takePosted()) {
                send(now, p.delay(), p.sender(), p.receiver(), p.event());
            }
        }
        delivering = true;
        int delivered = 0;
        try {
            Buckets.Bucket b;
            while ((b = pending.firstDueBy(now)) != null) {
                // One telegram at a time from the earliest bucket, so that telegrams sent while
                // delivering (undelayed, or even dated in the past) keep strict (tick, receipt) order.
                if (b.next == b.size) {
                    pending.retire(b);
                    continue;
                }
                int k = b.next++;
                long receipt = b.receipt[k];
                int from = b.sender[k];
                int to = b.receiver[k];
                Object event = pending.take(b, k);
                int i = event == null ? -1 : Arrays.binarySearch(ids, 0, receiverCount, to);
                if (i < 0) {
                    if (event != null && listener != null) {
                        listener.onDropped(this, receipt);
                    }
                    continue; // cancelled, or no such agent: dropped
                }
                if (++delivered > maxDeliveriesPerCall) {
                    throw new IllegalStateException("more than " + maxDeliveriesPerCall
                            + " telegrams delivered at tick " + now + ": agents answering each other without delay?");
                }
                if (listener != null) {
                    listener.onDelivered(this, receipt, now, from, to, event);
                }
                Receiver r = receivers[i];
                if (r instanceof Receiver.OfMachine m) {
                    m.machine().fire(event); // the common case, without making a Telegram
                } else {
                    r.receive(new Telegram(receipt, b.tick, from, to, event));
                }
            }
        } finally {
            delivering = false;
        }
        return delivered;
    }

    /** The oldest telegram posted and not yet taken in, removed, or null. */
    private Posted takePosted() {
        synchronized (posted) {
            Posted p = posted.poll();
            anyPosted = !posted.isEmpty();
            return p;
        }
    }

    /**
     * How many telegrams wait.
     *
     * @return the number of pending telegrams
     */
    public int pendingCount() {
        return pending.count();
    }

    /**
     * The tick of the next pending telegram, or {@link Long#MAX_VALUE} when none waits.
     *
     * @return the earliest due tick
     */
    public long nextDueTick() {
        return pending.firstTick();
    }

    /**
     * The {@code now} of the last {@link #deliver} call, or {@link Long#MIN_VALUE} before the first.
     *
     * @return the tick last delivered at
     */
    public long lastDeliveryTick() {
        return lastNow;
    }

    // ---------------------------------------------------------------- save and restore

    /**
     * The pending telegrams in delivery order, and the next receipt number.
     *
     * @return a snapshot to {@link #restore} later
     */
    public Snapshot snapshot() {
        List<Telegram> all = pending.all();
        all.sort(Telegram.DELIVERY_ORDER);
        return new Snapshot(nextReceipt, all);
    }

    /**
     * Replaces every pending telegram with a snapshot's (posted ones not yet taken in are kept).
     *
     * @param snapshot what {@link #snapshot()} returned, here or on another dispatcher
     * @throws IllegalArgumentException if its next receipt is not above its pending receipts
     */
    public void restore(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        long max = 0;
        for (Telegram t : snapshot.pending()) {
            max = Math.max(max, t.receipt());
        }
        if (snapshot.nextReceipt() <= max) {
            throw new IllegalArgumentException("snapshot's next receipt " + snapshot.nextReceipt()
                    + " is not above its pending receipts (" + max + ")");
        }
        List<Telegram> sorted = new ArrayList<>(snapshot.pending());
        sorted.sort(Telegram.DELIVERY_ORDER); // receipt order within each tick
        pending.clear();
        for (Telegram t : sorted) {
            pending.add(t.dueTick(), t.receipt(), t.sender(), t.receiver(), t.event());
        }
        nextReceipt = snapshot.nextReceipt();
    }

    /**
     * The pending telegrams, in delivery order.
     *
     * @return a fresh list of the pending telegrams
     */
    public List<Telegram> pending() {
        return new ArrayList<>(snapshot().pending());
    }
}
