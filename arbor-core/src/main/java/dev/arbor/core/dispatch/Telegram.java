package dev.arbor.core.dispatch;

import java.util.Objects;

/**
 * One message between agents: an event, its sender and receiver, and the tick it is due.
 *
 * @param receipt  the dispatcher's sequence number: unique, increasing in sending order, and the
 *                 tie-break between telegrams due on the same tick
 * @param dueTick  the tick at (or after) which it is delivered
 * @param sender   the sending agent's id
 * @param receiver the receiving agent's id
 * @param event    what the receiver's machine is fired with
 */
public record Telegram(long receipt, long dueTick, int sender, int receiver, Object event) {
    /**
     * Checks that the event is not null.
     *
     * @param receipt  the dispatcher's sequence number
     * @param dueTick  the tick at (or after) which it is delivered
     * @param sender   the sending agent's id
     * @param receiver the receiving agent's id
     * @param event    what the receiver's machine is fired with, not null
     */
    public Telegram {
        Objects.requireNonNull(event, "event");
    }

    /** Delivery order: by due tick, then by sending order. Never arbitrary. */
    static final java.util.Comparator<Telegram> DELIVERY_ORDER =
            java.util.Comparator.comparingLong(Telegram::dueTick).thenComparingLong(Telegram::receipt);
}
