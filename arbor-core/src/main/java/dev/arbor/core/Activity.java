package dev.arbor.core;

/**
 * The state a {@link Behavior} is running in, as seen from one machine: how long it has been
 * active, and a way to report it finished. Valid only during the behaviour's callback.
 *
 * @param <C> the owner type
 */
public interface Activity<C> {

    Machine<C> machine();

    /** The key of the state the behaviour is attached to. */
    Object state();

    /** How many {@link Machine#update()} ticks have started since the state was entered (0 during the tick of entry). */
    long ticks();

    /** Reports the state finished now, raising its completion event once per activation. */
    void finish();
}
