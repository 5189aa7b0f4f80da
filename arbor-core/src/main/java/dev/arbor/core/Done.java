package dev.arbor.core;

import dev.arbor.core.semantics.DoneCore;

/**
 * The completion event of a compound or parallel state, raised on the internal queue when the
 * state's final child is entered (compound) or when every region has reached a final state
 * (parallel). Its name is {@code done.state.NAME}, as in SCXML; transitions declared with
 * {@link StateBuilder#onDone()} react to it.
 *
 * <p>Each chart makes one instance per state at build time, so raising one allocates nothing.
 */
@SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
public final class Done extends DoneCore implements NamedEvent {
    private final Object state;
    private final String name;

    Done(Object chartToken, int stateId, Object state, String stateName) {
        super(chartToken, stateId);
        this.state = state;
        this.name = "done.state." + stateName;
    }

    /**
     * The state that completed.
     *
     * @return the completed state's key
     */
    public Object state() {
        return state;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
