package dev.arbor.core;

/**
 * An event known by a dotted name, matched by name triggers the way SCXML matches event
 * descriptors: the trigger {@code "error"} matches {@code "error"} and {@code "error.execution"},
 * and {@code "*"} matches every event. A plain {@link String} event is matched the same way.
 */
public interface NamedEvent {
    /**
     * The event's dotted name, such as {@code "error.execution"}.
     *
     * @return the name, never null
     */
    String name();
}
