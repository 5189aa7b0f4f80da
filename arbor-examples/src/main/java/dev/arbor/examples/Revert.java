package dev.arbor.examples;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;

/**
 * Goes back to what the agent was doing before the current state, by {@link Machine#revert}: the
 * end of a state blip (Buckland's agents). The West World charts' files use it as {@code "Revert"}.
 */
record Revert<C>() implements MachineStateAction<C> {
    @Override
    public void run(Machine<C> machine, C owner) {
        machine.revert();
    }
}
