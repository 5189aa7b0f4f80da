package dev.arbor.scxml;

import java.util.List;

/**
 * The expression language and variable store of one session (SCXML section 5). Every method
 * that evaluates throws {@link ExecError} when the expression is invalid or fails.
 */
interface DataModel {
    /** Defines the system variables of a new session. */
    void init(ScxmlSession session);

    boolean cond(String expr);

    Object eval(String expr);

    /** Declares a variable (a {@code <data>} element), with a value (null: undefined). */
    void declare(String id, Object value);

    void assign(String location, Object value);

    void script(String source);

    /** Makes {@code _event} the given event. */
    void setEvent(ScxmlEvent event);

    /** The members of a {@code <foreach>} array, a shallow copy. */
    List<Object> members(Object array);

    /** Whether a string may name a variable (foreach item, location). */
    boolean isLegalLocation(String location);

    /** The value of inline {@code <content>} or {@code <data>} text: JSON or an expression, else the normalised string. */
    Object fromText(String text);

    /** The value of XML content (the child elements and text of {@code <content>} or {@code <data>}). */
    Object fromXml(El parent);

    /** A value from the data model as a string, for {@code <log>} and event names. */
    String asString(Object value);

    /** An object of named values ({@code <param>} and {@code namelist}), as event data. */
    Object record(List<String> names, List<Object> values);

    /** A value from another session or from Java, brought into this data model. */
    Object importValue(Object value);

    /**
     * A deep copy of one of this data model's values that shares nothing with it, for another
     * session (event data, done data, invoke parameters): plain Java maps, lists, strings,
     * numbers and booleans; {@link #importValue} makes it a value again.
     */
    Object exportValue(Object value);

    /** Whether the data model holds variables ({@code <data>}); the null data model does not. */
    default boolean hasVariables() {
        return true;
    }
}
