package dev.arbor.cli;

import dev.arbor.core.StateAction;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.function.Consumer;

/** A library for tests only, found through the service file in the test resources: an action that throws. */
public final class FailingComponents implements ComponentLibrary<Object> {

    /** {@code {"use": "Throw", "message": "…"}}: throws an IllegalStateException. */
    public record Throw(String message) implements StateAction<Object> {
        @Override
        public void run(Object owner) {
            throw new IllegalStateException(message);
        }
    }

    @Override
    public String name() {
        return "failing";
    }

    @Override
    public ComponentRegistry<Object> components() {
        return ComponentRegistry.create().action("Throw", Throw.class, "Throws an IllegalStateException with the message");
    }

    /** Its action takes the owner as an {@code Object}: it works with any owner. */
    @Override
    public boolean ownerAgnostic() {
        return true;
    }

    @Override
    public Object newOwner(Consumer<String> log) {
        return new Object();
    }
}
