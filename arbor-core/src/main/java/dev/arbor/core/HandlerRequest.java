package dev.arbor.core;

/**
 * The {@link Transitions} a handler state is handed on the flat path: it notes the state the
 * handler asked for. One per machine (in its extras), reused for every event, so that asking
 * allocates nothing and needs no scratch.
 */
final class HandlerRequest implements Transitions {
    /** The machine whose handlers this serves: it names the chart it runs now (a reload may move it to another). */
    private final Machine<?> machine;
    /** The state asked for since the handler was called, or -1. */
    int target = -1;

    HandlerRequest(Machine<?> machine) {
        this.machine = machine;
    }

    @Override
    public Reply state(Object stateKey) {
        target = machine.chart().stateId(stateKey);
        return Reply.TRANSITION;
    }
}
