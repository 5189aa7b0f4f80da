package dev.arbor.cli;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.function.Consumer;

/**
 * A library for tests only, found through the service file in the test resources: an
 * owner-agnostic {@code Say} (the guard library's name for its own line) and a property with a
 * default, for combining libraries and listing them.
 */
public final class EchoComponents implements ComponentLibrary<Object> {

    /** {@code {"use": "Say", "line": "…", "times": 2}}: logs the line through the machine, {@code times} times. */
    public static final class Say implements MachineStateAction<Object> {
        /** The line. */
        public String line = "hello";
        /** How often it is said. */
        public int times = 1;

        @Override
        public void run(Machine<Object> machine, Object owner) {
            for (int i = 0; i < times; i++) {
                machine.log(machine.chart().stateId(dev.arbor.core.Chart.ROOT), line);
            }
        }
    }

    @Override
    public String name() {
        return "echo";
    }

    @Override
    public boolean ownerAgnostic() {
        return true;
    }

    @Override
    public ComponentRegistry<Object> components() {
        return ComponentRegistry.create().action("Say", Say.class, "Logs a line, as often as it is told");
    }

    @Override
    public Object newOwner(Consumer<String> log) {
        return new Object();
    }
}
