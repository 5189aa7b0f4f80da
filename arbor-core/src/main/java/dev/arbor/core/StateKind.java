package dev.arbor.core;

/** The kind of a compiled state. The order matches the compiler's byte codes. */
public enum StateKind {
    /** A leaf: no children. */
    ATOMIC,
    /** Exactly one child is active while it is. */
    COMPOUND,
    /** Every child (region) is active while it is. */
    PARALLEL,
    /** A leaf whose entry completes its parent. */
    FINAL,
    /** A pseudo-state that remembers its parent's active children. */
    SHALLOW_HISTORY,
    /** A pseudo-state that remembers its parent's whole active configuration. */
    DEEP_HISTORY
}
