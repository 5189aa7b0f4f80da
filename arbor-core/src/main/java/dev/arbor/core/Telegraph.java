package dev.arbor.core;

/**
 * Where a machine registered as an agent sends its telegrams: the built-in {@code Send} action
 * reaches it through {@link Machine#dispatcher()}. {@link dev.arbor.core.dispatch.Dispatcher} is
 * the one Arbor gives; the machine knows only this much of it, so the API package does not depend
 * on the dispatch package that names {@code Machine}.
 */
public interface Telegraph {

    /**
     * Hands a telegram over from any thread, due {@code delay} ticks after the delivery that takes
     * it in.
     *
     * @param delay    how many ticks after that delivery it is due, 0 or more
     * @param sender   the sending agent's id
     * @param receiver the receiving agent's id
     * @param event    what the receiver's machine is fired with
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    void post(long delay, int sender, int receiver, Object event);
}
