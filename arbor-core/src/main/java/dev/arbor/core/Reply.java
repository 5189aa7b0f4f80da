package dev.arbor.core;

/**
 * What a {@link StateHandler} did with an event: handled it, left it to its parent, or asked for a
 * transition (through {@link Transitions#state}).
 */
public enum Reply {
    /** The event was consumed; bubbling stops and no state changes. */
    HANDLED,
    /** The event goes on to the parent state, as in Samek's {@code Q_SUPER}. */
    UNHANDLED,
    /** A transition was requested with {@link Transitions#state}; bubbling stops. */
    TRANSITION
}
