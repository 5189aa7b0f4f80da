package dev.arbor.scxml;

import dev.arbor.core.NamedEvent;
import java.util.Objects;

/**
 * An SCXML event as the data model sees it in {@code _event}: its dotted name, its type
 * ({@code "platform"}, {@code "internal"} or {@code "external"}), the send id, origin and origin
 * type of a sent event, the invoke id of an event from an invoked session, and its data (null
 * when none). Arbor's transitions match it by {@link #name()} as an SCXML event descriptor.
 *
 * @param name       the dotted name, such as {@code "error.execution"}; not null
 * @param type       {@code "platform"}, {@code "internal"} or {@code "external"}; not null
 * @param sendid     the id of the {@code <send>} that sent it, or of the send that failed; else null
 * @param origin     where a reply to a sent event goes, or null
 * @param origintype the I/O processor that delivered a sent event, or null
 * @param invokeid   the id of the invocation an event came from, or null
 * @param data       the event's data, or null when none
 */
public record ScxmlEvent(String name, String type, String sendid, String origin, String origintype,
                         String invokeid, Object data) implements NamedEvent {
    /**
     * Checks that the name and type are given.
     *
     * @param name       the dotted name, not null
     * @param type       the event's type, not null
     * @param sendid     the send id, or null
     * @param origin     where a reply goes, or null
     * @param origintype the delivering I/O processor, or null
     * @param invokeid   the invocation's id, or null
     * @param data       the event's data, or null
     */
    public ScxmlEvent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /**
     * An external event with only a name, as a tool or game sends it to a session.
     *
     * @param name the dotted name the document's transitions match
     * @return the event, without data
     */
    public static ScxmlEvent external(String name) {
        return new ScxmlEvent(name, "external", null, null, null, null, null);
    }

    /**
     * An external event with a name and data.
     *
     * @param name the dotted name the document's transitions match
     * @param data what the data model sees as {@code _event.data}, or null
     * @return the event
     */
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
