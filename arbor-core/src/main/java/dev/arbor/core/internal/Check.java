package dev.arbor.core.internal;

import dev.arbor.core.Machine;

/** Every user guard or condition, normalised by the builders to one shape the engine calls. */
@FunctionalInterface
public interface Check {
    boolean test(Machine<?> machine, Object owner, Object event);
}
