package dev.arbor.tutorial;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;

/**
 * An action: sends the watchman's partner a {@link Call#HELP} telegram, due {@code delay} ticks
 * later; not again when the machine is only being restored from a snapshot.
 *
 * @param delay ticks until the partner hears it
 */
// tutorial:call-for-help
public record CallForHelp(int delay) implements MachineStateAction<Watchman> {
    @Override
    public void run(Machine<Watchman> machine, Watchman w) {
        if (machine.cause() != Cause.RESTORE) {
            w.callForHelp(delay);
        }
    }
}
// end
