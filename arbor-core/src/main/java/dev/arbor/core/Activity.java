package dev.arbor.core;

/**
 * The state a {@link Behavior} is running in, as seen from one machine: how long it has been
 * active, and a way to report it finished. Valid only during the behaviour's callback.
 *
 * @param <C> the owner type
 */
public interface Activity<C> {

    /**
     * The machine the behaviour runs in.
     *
     * @return the machine whose state is active
     */
    Machine<C> machine();

    /**
     * The state the behaviour is attached to.
     *
     * @return the state's key
     */
    Object state();

    /**
     * How many {@link Machine#update()} ticks have started since the state was entered.
     *
     * @return the tick count, 0 during the tick of entry
     */
    long ticks();

    /** Reports the state finished now, raising its completion event once per activation. */
    void finish();
}
