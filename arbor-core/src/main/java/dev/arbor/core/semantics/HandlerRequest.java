package dev.arbor.core.semantics;

import dev.arbor.core.Reply;
import dev.arbor.core.Transitions;
import dev.arbor.core.model.CompiledChart;

/**
 * The {@link Transitions} a handler state is handed on the flat path: it notes the state the
 * handler asked for. One per machine (in its extras), reused for every event, so that asking
 * allocates nothing and needs no scratch.
 */
public final class HandlerRequest implements Transitions {
    /**
     * The chart of the machine whose handlers this serves, when this was made: a reload, which
     * moves the machine to another chart, drops the machine's request for a new one. Held here,
     * not read through the machine, so that resolving a key is two loads shorter.
     */
    private final CompiledChart chart;
    /** The state asked for since the handler was called, or -1. */
    int target = -1;

    HandlerRequest(MachineCore machine) {
        this.chart = machine.chart.compiled;
    }

    @Override
    public Reply state(Object stateKey) {
        target = ChartCore.stateId(chart, stateKey);
        return Reply.TRANSITION;
    }
}
