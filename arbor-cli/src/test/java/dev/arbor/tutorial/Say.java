package dev.arbor.tutorial;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;

/**
 * An action: the watchman says a line, unless the machine is only being restored from a snapshot
 * (the line was said when the state was first entered).
 *
 * @param line what he says
 */
// tutorial:say
public record Say(String line) implements MachineStateAction<Watchman> {
    @Override
    public void run(Machine<Watchman> machine, Watchman w) {
        if (machine.cause() != Cause.RESTORE) {
            w.say(line);
        }
    }
}
// end
