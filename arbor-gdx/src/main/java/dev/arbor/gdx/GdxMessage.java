package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;
import com.badlogic.gdx.ai.msg.Telegraph;
import dev.arbor.core.Guard;
import java.util.Objects;

/**
 * A gdx-ai {@link Telegram} as an Arbor event: what {@link ArborStateMachine#handleMessage} and
 * {@link ArborTelegraph#of(dev.arbor.core.Machine)} fire into a machine. Bridged gdx-ai states get
 * the telegram itself in {@code onMessage}; states declared in Arbor react to it with
 * {@code s.on(GdxMessage.class).guard(GdxMessage.is(CODE))}.
 *
 * <p>The telegram is the dispatcher's own object while the event is processed at once. gdx-ai's
 * {@code MessageDispatcher} recycles its telegrams once {@code handleMessage} returns, so a
 * message that a machine must queue (it arrived while the machine was inside a step) holds a
 * copy instead.
 */
public final class GdxMessage {

    /** Not yet decided: no state has answered for it (a declared transition may have taken it). */
    static final byte PENDING = 0;
    /** A bridged state's {@code onMessage}, or the global state's, returned true. */
    static final byte HANDLED = 1;
    /** It reached the root and the global state (if any) did not handle it. */
    static final byte UNHANDLED = 2;

    private final Telegram telegram;
    /** The global state of the machine it was sent to, when it was sent; null when none. */
    final State<?> global;
    /** What became of it, set by the bridge's handlers (see {@link GdxChart}). */
    byte outcome = PENDING;

    GdxMessage(Telegram telegram, State<?> global) {
        this.telegram = Objects.requireNonNull(telegram, "telegram");
        this.global = global;
    }

    /**
     * A message for a telegram: the telegram itself when {@code copy} is false, else a copy of it
     * (see the class comment).
     */
    static GdxMessage of(Telegram telegram, State<?> global, boolean copy) {
        Objects.requireNonNull(telegram, "telegram");
        return new GdxMessage(copy ? copyOf(telegram) : telegram, global);
    }

    /** A new telegram with the same message, sender, receiver, extra info, receipt status and timestamp. */
    static Telegram copyOf(Telegram t) {
        Telegram c = new Telegram();
        c.sender = t.sender;
        c.receiver = t.receiver;
        c.message = t.message;
        c.extraInfo = t.extraInfo;
        c.returnReceiptStatus = t.returnReceiptStatus;
        c.setTimestamp(t.getTimestamp());
        return c;
    }

    /** {@return the telegram, as a gdx-ai state's {@code onMessage} receives it} */
    public Telegram telegram() {
        return telegram;
    }

    /** {@return the telegram's message code ({@code Telegram.message})} */
    public int message() {
        return telegram.message;
    }

    /** {@return the telegram's extra info, or null} */
    public Object extraInfo() {
        return telegram.extraInfo;
    }

    /** {@return the telegram's sender, or null} */
    public Telegraph sender() {
        return telegram.sender;
    }

    /**
     * A guard that holds for messages with this code, for transitions declared on
     * {@code GdxMessage.class}: {@code s.on(GdxMessage.class).guard(GdxMessage.is(MSG_STEW_READY))}.
     *
     * @param message the message code to match ({@code Telegram.message})
     * @param <C>     the owner type of the chart
     * @return the guard
     */
    public static <C> Guard<C, GdxMessage> is(int message) {
        return (owner, m) -> m.message() == message;
    }

    @Override
    public String toString() {
        return "GdxMessage[" + telegram.message + (telegram.extraInfo == null ? "" : ", " + telegram.extraInfo) + "]";
    }
}
