package dev.arbor.core.model;

import java.util.Objects;

/**
 * What a transition reacts to, before compilation turns it into a dense trigger id.
 *
 * @param type  the kind of match
 * @param value the enum constant, the class, the name descriptor, or the key of the state whose
 *              completion is awaited (null for {@link Type#ANY})
 */
public record Trigger(Type type, Object value) {

    /** The kind of match a trigger makes: what its {@code value} is and how an event is matched to it. */
    public enum Type {
        /** One enum constant, matched by identity. */
        CONSTANT,
        /** Every event that is an instance of a class (records, sealed hierarchies). */
        CLASS,
        /** A dotted name descriptor, matched against {@code String} and {@code NamedEvent} events by prefix. */
        NAME,
        /** The completion ({@code done}) event of one state. */
        DONE,
        /** The completion event of any child of one state (the component HSM's {@code onSubStateFinished}). */
        CHILD_DONE,
        /** Every event. */
        ANY
    }

    public Trigger {
        Objects.requireNonNull(type, "type");
    }

    public static Trigger of(Object event) {
        Objects.requireNonNull(event, "event");
        if (event instanceof Class<?> c) {
            return new Trigger(Type.CLASS, c);
        }
        if (event instanceof String s) {
            String d = normaliseName(s);
            return d.equals("*") ? new Trigger(Type.ANY, null) : new Trigger(Type.NAME, d);
        }
        if (event instanceof Enum<?>) {
            return new Trigger(Type.CONSTANT, event);
        }
        throw new IllegalArgumentException("a trigger is an enum constant, a Class or a name, not "
                + event.getClass().getName() + " (" + event + ")");
    }

    /** SCXML descriptors: {@code "a.b.*"} and {@code "a.b."} mean the same as {@code "a.b"}. */
    static String normaliseName(String s) {
        String d = s.strip();
        if (d.isEmpty()) {
            throw new IllegalArgumentException("an event name must not be blank");
        }
        if (d.endsWith(".*")) {
            d = d.substring(0, d.length() - 2);
        }
        while (d.endsWith(".")) {
            d = d.substring(0, d.length() - 1);
        }
        return d.isEmpty() ? "*" : d;
    }

    /** Whether a name descriptor matches an event name, as SCXML §3.12.1 defines. */
    public static boolean nameMatches(String descriptor, String eventName) {
        return eventName.equals(descriptor)
                || (eventName.startsWith(descriptor) && eventName.length() > descriptor.length()
                    && eventName.charAt(descriptor.length()) == '.');
    }

    @Override
    public String toString() {
        return switch (type) {
            case CONSTANT -> String.valueOf(value);
            case CLASS -> ((Class<?>) value).getSimpleName();
            case NAME -> '"' + (String) value + '"';
            case DONE -> "done(" + value + ")";
            case CHILD_DONE -> "child-done(" + value + ")";
            case ANY -> "*";
        };
    }
}
