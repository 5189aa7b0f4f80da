package dev.arbor.core.dispatch;

import dev.arbor.core.Machine;

/** What a {@link Dispatcher} delivers telegrams to: usually an agent's machine. */
@FunctionalInterface
public interface Receiver {
    void receive(Telegram telegram);

    /** Fires each telegram's event into the machine. */
    static Receiver of(Machine<?> machine) {
        return new OfMachine(machine);
    }

    /** A machine as a receiver; the dispatcher fires into it directly. */
    record OfMachine(Machine<?> machine) implements Receiver {
        public OfMachine {
            java.util.Objects.requireNonNull(machine, "machine");
        }

        @Override
        public void receive(Telegram telegram) {
            machine.fire(telegram.event());
        }
    }
}
