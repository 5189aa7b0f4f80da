package com.example.watchman;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;

/** An action: sends the watchman's partner a HELP telegram, due {@code delay} ticks later; not on a restore. */
public record CallForHelp(int delay) implements MachineStateAction<Watchman> {
    @Override
    public void run(Machine<Watchman> machine, Watchman w) {
        if (machine.cause() != Cause.RESTORE) {
            w.callForHelp(delay);
        }
    }
}
