package dev.arbor.cli;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The components every chart file run by {@code arbor} may use: {@code Log} (writes a line
 * through the machine, a {@code log} record naming its state) and {@code Raise} (raises an event,
 * processed in the same step).
 */
final class BuiltInComponents implements ComponentLibrary<BuiltInComponents.Owner> {

    /**
     * The owner of a machine run with the built-in components: where its log goes (lines that do
     * not come through the machine; the built-in {@code Log} writes through the machine).
     */
    record Owner(Consumer<String> log) {}

    /**
     * {@code {"use": "Log", "text": "…"}}: writes the text through the machine
     * ({@link Machine#log}), as written by the state the file places it in (a transition's source
     * for a transition's action): a {@code log STATE: TEXT} record. Where a place gives no machine
     * ({@code initialAction}, {@code onUnhandled}), it writes through the owner: {@code log TEXT}.
     *
     * @param text  the line, as the file gives it
     * @param state the name of the state it is placed in, injected by the loader ({@link ComponentRegistry#STATE})
     */
    record Log(String text, @JacksonInject(ComponentRegistry.STATE) String state)
            implements MachineStateAction<Owner>, StateAction<Owner> {
        Log {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(state, "state");
        }

        @Override
        public void run(Machine<Owner> machine, Owner owner) {
            machine.log(machine.chart().stateId(state), text);
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
