package dev.arbor.core.dispatch;

import dev.arbor.core.Machine;

/** What a {@link Dispatcher} delivers telegrams to: usually an agent's machine. */
@FunctionalInterface
public interface Receiver {
    void receive(Telegram telegram);

    /** Fires each telegram's event into the machine. */
    static Receiver of(Machine<?> machine) {
        return t -> machine.fire(t.event());
    }
}
