package dev.arbor.core.dispatch;

import dev.arbor.core.Machine;

/** What a {@link Dispatcher} delivers telegrams to: usually an agent's machine. */
@FunctionalInterface
public interface Receiver {
    /**
     * Takes a telegram that is due.
     *
     * @param telegram the telegram delivered, with its event
     */
    void receive(Telegram telegram);

    /**
     * Fires each telegram's event into the machine.
     *
     * @param machine the agent's machine
     * @return a receiver the dispatcher fires into without making a {@link Telegram}
     */
    static Receiver of(Machine<?> machine) {
        return new OfMachine(machine);
    }

    /**
     * A machine as a receiver; the dispatcher fires into it directly.
     *
     * @param machine the machine each telegram's event is fired into
     */
    record OfMachine(Machine<?> machine) implements Receiver {
        /**
         * Checks that the machine is not null.
         *
         * @param machine the machine each telegram's event is fired into
         */
        public OfMachine {
            java.util.Objects.requireNonNull(machine, "machine");
        }

        @Override
        public void receive(Telegram telegram) {
            machine.fire(telegram.event());
        }
    }
}
