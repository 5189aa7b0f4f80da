package dev.arbor.inspector.capture;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.Arrays;

/**
 * The listener the inspector sets on a dispatcher: telegrams sent, delivered and dropped become
 * records in the game thread's ring. The first time an agent id appears, an {@link Kind#AGENT}
 * record says which attached machine it is, so the page can name both ends of a telegram.
 */
final class TelegramProbe implements Dispatcher.Listener {
    private final Capture capture;
    private final Dispatcher dispatcher;
    private Ring ring;
    /** Agent ids already announced (attach machines before their first telegram to see them named), as a bit set over non-negative ids (grown when needed, rarely). */
    private long[] known = new long[4];

    TelegramProbe(Capture capture, Dispatcher dispatcher) {
        this.capture = capture;
        this.dispatcher = dispatcher;
    }

    private Ring ring() {
        Ring r = ring;
        if (r == null || r.owner != Thread.currentThread()) {
            r = ring = capture.ringFor(Thread.currentThread());
        }
        return r;
    }

    void announcePending() {
        ring().put(capture.tick(), Kind.head(Kind.PENDING, Cause.NORMAL, 0, 0, 0), dispatcher.pending());
    }

    private void agent(int id) {
        if (id < 0) {
            return;
        }
        int word = id >>> 6;
        if (word >= known.length) {
            known = Arrays.copyOf(known, Math.max(word + 1, known.length * 2));
        }
        long bit = 1L << id;
        if ((known[word] & bit) == 0) {
            Machine<?> m = dispatcher.machineOf(id);
            int slot = m == null ? -1 : capture.slotOf(m);
            if (ring().put(capture.tick(), Kind.head(Kind.AGENT, Cause.NORMAL, 0, id, 1), slot, null)) {
                known[word] |= bit;
            }
        }
    }

    private static long agents(int sender, int receiver) {
        return (long) sender << 32 | (receiver & 0xFFFF_FFFFL);
    }

    @Override
    public void onSent(Dispatcher d, long receipt, long dueTick, int sender, int receiver, Object event) {
        agent(sender);
        agent(receiver);
        ring().put(capture.tick(), Kind.head(Kind.SENT, Cause.NORMAL, 0, 0, 3), agents(sender, receiver), receipt, dueTick, event);
    }

    @Override
    public void onDelivered(Dispatcher d, long receipt, long now, int sender, int receiver, Object event) {
        ring().put(capture.tick(), Kind.head(Kind.DELIVERED, Cause.NORMAL, 0, 0, 3), agents(sender, receiver), receipt, now, event);
    }

    @Override
    public void onDropped(Dispatcher d, long receipt) {
        ring().put(capture.tick(), Kind.head(Kind.DROPPED, Cause.NORMAL, 0, 0, 1), receipt, null);
    }
}
