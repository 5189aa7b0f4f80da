/**
 * Rollback and re-prediction (the networked HSM): a timeline of recent inputs and snapshots that, given a
 * confirmed snapshot for an earlier tick, restores it and replays the buffered inputs to the
 * present, with callbacks tagged {@code RESTORE} and {@code REPLAY}.
 */
package dev.arbor.net.rollback;
