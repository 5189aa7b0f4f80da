package dev.arbor.net.rollback;

import java.util.Objects;

/**
 * One input applied during a tick, in order: an event fired into the machine, or a tick of the
 * machine ({@link dev.arbor.core.Machine#update()}). Inputs are values: two inputs are equal when
 * their events are, which is how a {@link Timeline} tells a correction from what it predicted.
 */
public sealed interface Input permits Input.Fire, Input.Update {

    /**
     * An input that fires {@code event} into the machine.
     *
     * @param event the event to fire; compared with {@code equals} to spot a correction
     * @return the input
     */
    static Input fire(Object event) {
        return new Fire(event);
    }

    /**
     * An input that runs one {@link dev.arbor.core.Machine#update()} tick.
     *
     * @return the input, one shared instance
     */
    static Input update() {
        return Update.INSTANCE;
    }

    /**
     * Fires an event: {@code Cause.NORMAL} when first applied, {@code Cause.REPLAY} when re-simulated.
     *
     * @param event the event fired, not null
     */
    record Fire(Object event) implements Input {
        /**
         * Checks the event.
         *
         * @param event the event fired, not null
         */
        public Fire {
            Objects.requireNonNull(event, "event");
        }
    }

    /** Runs {@link dev.arbor.core.Machine#update(dev.arbor.core.Cause)}: NORMAL, or REPLAY when re-simulated. */
    record Update() implements Input {
        static final Update INSTANCE = new Update();
    }
}
