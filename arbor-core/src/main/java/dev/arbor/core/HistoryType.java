package dev.arbor.core;

/** What a history pseudo-state remembers of its parent when the parent is exited. */
public enum HistoryType {
    /** The parent's active children only; below them, initial transitions are followed again. */
    SHALLOW,
    /** Every active atomic descendant of the parent: the whole configuration below it. */
    DEEP
}
