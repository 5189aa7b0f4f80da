package dev.arbor.cli;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The library {@code arbor} runs every chart file with: the built-in components of
 * {@link BuiltIn} (actions and conditions on the chart's own variables, {@code Raise}), with a
 * {@code Log} that also works where a place gives no machine (through the owner's log).
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

    @Override
    public String name() {
        return ChartFiles.BUILT_IN;
    }

    @Override
    public ComponentRegistry<Owner> components() {
        // The library's own Log (it falls back on the owner's log where a place gives no machine), then every
        // other built-in component: Raise, Set, Add, Toggle, Random, Compare, IsSet, InState, Chance.
        return BuiltIn.addTo(ComponentRegistry.<Owner>create()
                .action("Log", Log.class, "Writes a line to the trace, naming the state it is in"));
    }

    @Override
    public Owner newOwner(Consumer<String> log) {
        return new Owner(log);
    }
}
