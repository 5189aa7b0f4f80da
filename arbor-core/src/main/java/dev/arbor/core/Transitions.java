package dev.arbor.core;

/**
 * Handed to {@link StateHandler#onEvent} so that a handler can request a transition without
 * allocating: {@code return to.state(S11);}. The request is applied by the engine after the
 * handler returns.
 */
public interface Transitions {
    /**
     * Requests a transition from the handling state to the state with this key, with
     * {@link TransitionKind#LOCAL local} semantics as in Samek's QP (a target that is the handling
     * state itself is exited and re-entered).
     *
     * @param stateKey the key (or name) of the target state
     * @return {@link Reply#TRANSITION}, to be returned by the handler
     * @throws IllegalArgumentException if the chart has no such state
     */
    Reply state(Object stateKey);
}
