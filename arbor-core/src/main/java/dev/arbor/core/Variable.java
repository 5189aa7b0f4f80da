package dev.arbor.core;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A variable a chart declares for its designers: a bool, an int bounded by its range, an enum of
 * names, or a trigger (a bool that a transition consumes). Every machine of the chart holds its
 * own value ({@link Machine#variables()}), as part of its whole state: snapshots, rollback, hot
 * reload (kept by name) and the inspector.
 *
 * <p>A value is held as an int, its <em>raw</em> form: 0 or 1 for a bool or trigger, the number
 * for an int, the index of the name for an enum. A value outside the declared range is refused
 * where it is written, and the variable keeps its last valid value.
 *
 * @param name    the variable's name, unique in its chart
 * @param type    what it holds
 * @param min     the smallest raw value (0 but for an int)
 * @param max     the largest raw value (1 for a bool or trigger, the last index for an enum)
 * @param values  an enum's names, in order (empty for the other types)
 * @param initial the raw value every machine starts with
 */
public record Variable(String name, Type type, int min, int max, List<String> values, int initial) {

    /** What a variable holds. */
    public enum Type {
        /** true or false. */
        BOOL,
        /** A whole number from {@code min} to {@code max}. */
        INT,
        /** One of a list of names. */
        ENUM,
        /** A bool that a transition whose guard reads it consumes (sets back to false) when it is taken. */
        TRIGGER;

        /** {@return the type's name as chart files write it: bool, int, enum, trigger} */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Checks the declaration whole.
     *
     * @param name    the variable's name, not blank
     * @param type    what it holds
     * @param min     the smallest raw value
     * @param max     the largest raw value, at least {@code min}
     * @param values  an enum's distinct names (at least one), empty otherwise
     * @param initial the raw value machines start with, from {@code min} to {@code max}
     * @throws IllegalArgumentException naming the variable and what is wrong
     */
    public Variable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        values = List.copyOf(values);
        if (name.isBlank()) {
            throw new IllegalArgumentException("a variable's name must not be blank");
        }
        if (type == Type.ENUM) {
            if (values.isEmpty()) {
                throw new IllegalArgumentException("enum variable '" + name + "' needs at least one value");
            }
            if (new HashSet<>(values).size() != values.size()) {
                throw new IllegalArgumentException("enum variable '" + name + "' names a value twice: " + values);
            }
            if (min != 0 || max != values.size() - 1) {
                throw new IllegalArgumentException("enum variable '" + name + "' ranges over its values' indices, 0 to "
                        + (values.size() - 1));
            }
        } else if (!values.isEmpty()) {
            throw new IllegalArgumentException(type.word() + " variable '" + name + "' has no list of values");
        }
        if ((type == Type.BOOL || type == Type.TRIGGER) && (min != 0 || max != 1)) {
            throw new IllegalArgumentException(type.word() + " variable '" + name + "' ranges over 0 and 1");
        }
        if (min > max) {
            throw new IllegalArgumentException("int variable '" + name + "': min " + min + " is above max " + max);
        }
        if (initial < min || initial > max) {
            throw new IllegalArgumentException(type.word() + " variable '" + name + "': initial value "
                    + (type == Type.INT ? String.valueOf(initial) : "#" + initial) + " is out of range " + range(type, min, max, values));
        }
    }

    /**
     * A bool.
     *
     * @param name    its name
     * @param initial its value when a machine starts
     * @return the declaration
     */
    public static Variable bool(String name, boolean initial) {
        return new Variable(name, Type.BOOL, 0, 1, List.of(), initial ? 1 : 0);
    }

    /**
     * An int from {@code min} to {@code max}.
     *
     * @param name    its name
     * @param min     the smallest value
     * @param max     the largest value
     * @param initial its value when a machine starts
     * @return the declaration
     * @throws IllegalArgumentException when the range is empty or {@code initial} is outside it
     */
    public static Variable integer(String name, int min, int max, int initial) {
        return new Variable(name, Type.INT, min, max, List.of(), initial);
    }

    /**
     * An enum of names.
     *
     * @param name    its name
     * @param values  the names it may hold, in order
     * @param initial the name it holds when a machine starts
     * @return the declaration
     * @throws IllegalArgumentException when {@code initial} is not one of {@code values}
     */
    public static Variable choice(String name, List<String> values, String initial) {
        int i = values.indexOf(initial);
        if (i < 0) {
            throw new IllegalArgumentException("enum variable '" + name + "': initial value '" + initial
                    + "' is not one of " + String.join(", ", values));
        }
        return new Variable(name, Type.ENUM, 0, values.size() - 1, values, i);
    }

    /**
     * A trigger: a bool, false when a machine starts, that a transition whose guard reads it sets
     * back to false when it is taken.
     *
     * @param name its name
     * @return the declaration
     */
    public static Variable trigger(String name) {
        return new Variable(name, Type.TRIGGER, 0, 1, List.of(), 0);
    }

    /** {@return the fewest bits that hold every raw value from {@code min} to {@code max} (0 for a single value)} */
    public int bits() {
        long span = (long) max - min;
        return span == 0 ? 0 : 64 - Long.numberOfLeadingZeros(span);
    }

    /**
     * Whether a raw value is in range.
     *
     * @param raw the raw value
     * @return whether it lies from {@code min} to {@code max}
     */
    public boolean holds(int raw) {
        return raw >= min && raw <= max;
    }

    /**
     * A raw value as a designer reads it: true/false, the number, the enum's name.
     *
     * @param raw a raw value in range
     * @return its text
     */
    public String show(int raw) {
        return switch (type) {
            case BOOL, TRIGGER -> raw != 0 ? "true" : "false";
            case INT -> String.valueOf(raw);
            case ENUM -> raw >= 0 && raw < values.size() ? values.get(raw) : "#" + raw;
        };
    }

    /**
     * A raw value as its Java object: a Boolean, an Integer, or an enum's name as a String.
     *
     * @param raw a raw value in range
     * @return the value
     */
    public Object object(int raw) {
        return switch (type) {
            case BOOL, TRIGGER -> raw != 0;
            case INT -> raw;
            case ENUM -> values.get(raw);
        };
    }

    /**
     * The raw form of a value given as a Java object (a Boolean, a Number, an enum's name) or as
     * text (true/false, a number, a name).
     *
     * @param value the value
     * @return its raw form
     * @throws IllegalArgumentException naming the variable, when the value is of another type or out of range
     */
    public int raw(Object value) {
        Objects.requireNonNull(value, "value");
        String text = value instanceof String s ? s.strip() : null;
        switch (type) {
            case BOOL, TRIGGER -> {
                if (value instanceof Boolean b) {
                    return b ? 1 : 0;
                }
                if ("true".equals(text) || "false".equals(text)) {
                    return text.equals("true") ? 1 : 0;
                }
            }
            case INT -> {
                long v;
                if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
                    v = ((Number) value).longValue();
                } else if (text != null && text.matches("[-+]?\\d{1,18}")) {
                    v = Long.parseLong(text);
                } else {
                    break;
                }
                if (v < min || v > max) {
                    throw new IllegalArgumentException("variable '" + name + "' is an int from " + min + " to " + max
                            + "; " + v + " is out of range");
                }
                return (int) v;
            }
            case ENUM -> {
                int i = text == null ? -1 : values.indexOf(text);
                if (i >= 0) {
                    return i;
                }
                if (text != null) {
                    throw new IllegalArgumentException("variable '" + name + "' is one of " + String.join(", ", values)
                            + "; '" + text + "' is not");
                }
            }
        }
        throw new IllegalArgumentException("variable '" + name + "' is " + describe() + ", not " + quoted(value));
    }

    /** {@return the type as a designer reads it: bool, trigger, int 0..999, enum calm|grumpy} */
    public String describe() {
        return switch (type) {
            case BOOL, TRIGGER -> type.word();
            case INT -> "an int from " + min + " to " + max;
            case ENUM -> "one of " + String.join(", ", values);
        };
    }

    private static String range(Type type, int min, int max, List<String> values) {
        return type == Type.ENUM ? "0.." + (values.size() - 1) : min + ".." + max;
    }

    private static String quoted(Object value) {
        return value instanceof String s ? "'" + s + "'" : value + " (" + value.getClass().getSimpleName() + ")";
    }
}
