package dev.arbor.cli;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The components every chart file run by {@code arbor} may use: {@code Log} (writes a
 * {@code log} record) and {@code Raise} (raises an event, processed in the same step).
 */
final class BuiltInComponents implements ComponentLibrary<BuiltInComponents.Owner> {

    /** The owner of a machine run with the built-in components: where its log goes. */
    record Owner(Consumer<String> log) {}

    /** {@code {"use": "Log", "text": "…"}}: one {@code log} record. */
    record Log(String text) implements StateAction<Owner> {
        Log {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public void run(Owner owner) {
            owner.log().accept(text);
        }
    }

    /** {@code {"use": "Raise", "event": "…"}}: raises the event on the machine's internal queue. */
    record Raise(String event) implements MachineStateAction<Owner> {
        Raise {
            Objects.requireNonNull(event, "event");
        }

        @Override
        public void run(Machine<Owner> machine, Owner owner) {
            machine.raise(event);
        }
    }

    @Override
    public String name() {
        return ChartFiles.BUILT_IN;
    }

    @Override
    public ComponentRegistry<Owner> components() {
        return ComponentRegistry.<Owner>create().action("Log", Log.class).action("Raise", Raise.class);
    }

    @Override
    public Owner newOwner(Consumer<String> log) {
        return new Owner(log);
    }
}
