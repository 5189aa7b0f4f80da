package com.example.watchman;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;

/** An action: the watchman says a line, unless the machine is being restored from a snapshot. */
public record Say(String line) implements MachineStateAction<Watchman> {
    @Override
    public void run(Machine<Watchman> machine, Watchman w) {
        if (machine.cause() != Cause.RESTORE) {
            w.say(line);
        }
    }
}
