package dev.arbor.core.semantics;

/**
 * What the engine reads of a completion event ({@code dev.arbor.core.Done}, its public face): the
 * chart that made it and the state whose completion it is, so that a chart takes only its own.
 */
public abstract class DoneCore {
    /** The chart that made this event (compared by identity). */
    protected final Object chartToken;
    /** The id of the state that completed, in that chart. */
    protected final int stateId;

    /** For the public face only. */
    protected DoneCore(Object chartToken, int stateId) {
        this.chartToken = chartToken;
        this.stateId = stateId;
    }
}
