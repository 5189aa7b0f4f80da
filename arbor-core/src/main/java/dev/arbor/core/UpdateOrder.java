package dev.arbor.core;

/** Which polled transitions {@link Machine#update()} tests first when several hold. */
public enum UpdateOrder {
    /** Outer states first, from the root down (the convention of game HSMs; the default). */
    OUTER_FIRST,
    /** Innermost states first, from each active leaf up (as event bubbling does). */
    INNER_FIRST
}
