package dev.arbor.core;

/**
 * Why the machine is stepping: every listener callback and every action can ask, so that effects
 * which must not repeat (sounds, particles) can be skipped when a step is replayed or restored.
 */
public enum Cause {
    /** An ordinary event or tick. */
    NORMAL,
    /** An input replayed after a rollback, re-predicting the present. */
    REPLAY,
    /** A configuration change made by restoring a snapshot. */
    RESTORE
}
