package dev.arbor.scxml;

import dev.arbor.core.NamedEvent;
import java.util.Objects;

/**
 * An SCXML event as the data model sees it in {@code _event}: its dotted name, its type
 * ({@code "platform"}, {@code "internal"} or {@code "external"}), the send id, origin and origin
 * type of a sent event, the invoke id of an event from an invoked session, and its data (null
 * when none). Arbor's transitions match it by {@link #name()} as an SCXML event descriptor.
 */
public record ScxmlEvent(String name, String type, String sendid, String origin, String origintype,
                         String invokeid, Object data) implements NamedEvent {
    public ScxmlEvent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** An external event with only a name, as a tool or game sends it to a session. */
    public static ScxmlEvent external(String name) {
        return new ScxmlEvent(name, "external", null, null, null, null, null);
    }

    /** An external event with a name and data. */
    public static ScxmlEvent external(String name, Object data) {
        return new ScxmlEvent(name, "external", null, null, null, null, data);
    }

    static ScxmlEvent internal(String name, Object data) {
        return new ScxmlEvent(name, "internal", null, null, null, null, data);
    }

    /** An event the platform raises (errors, done events), with the send id of a failed send. */
    static ScxmlEvent platform(String name, String sendid, Object data) {
        return new ScxmlEvent(name, "platform", sendid, null, null, null, data);
    }

    @Override
    public String toString() {
        return name;
    }
}
