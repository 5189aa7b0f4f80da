package dev.arbor.io;

import java.util.Objects;

/**
 * What a component's constructor throws when one of its properties is wrong in a way only it can
 * judge, such as a variable the chart does not declare or a value out of a variable's range: the
 * loader reports the message as it is, at that property's value in the file.
 */
public final class PropertyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    /** The property's name, as the file writes it. */
    private final String property;

    /**
     * A problem with one property.
     *
     * @param property the property's name, as the file writes it
     * @param message  what is wrong, in words a designer reads
     */
    public PropertyException(String property, String message) {
        super(message);
        this.property = Objects.requireNonNull(property, "property");
    }

    /** {@return the property's name, as the file writes it} */
    public String property() {
        return property;
    }
}
