package dev.arbor.core;

/**
 * Why the machine is stepping: every listener callback and every action can ask, so that effects
 * which must not repeat (sounds, particles) can be skipped when a step is replayed or restored.
 *
 * <p>A machine packs the cause of its step into two bits: there is room for these four only.
 */
public enum Cause {
    /** An ordinary event or tick. */
    NORMAL,
    /** An input replayed after a rollback, re-predicting the present. */
    REPLAY,
    /** A configuration change made by restoring a snapshot. */
    RESTORE,
    /**
     * A move onto a new version of the machine's chart ({@link Machine#moveTo}): the old chart's
     * exit actions of states that no longer exist, then the new chart's entry and initial actions
     * of the states entered in their place, and whatever that step then runs to completion.
     */
    RELOAD
}
