package dev.arbor.core.semantics;

import java.lang.reflect.Method;

/**
 * The label rule for one user function, as tools show it: an object is named by its own
 * {@code toString()} when its class declares one (so components loaded from files, such as
 * {@code MoveTo{speed=2.5}}, show their settings), by its class's simple name when it is an instance
 * of a named class that does not, and not at all when it is a lambda, a method reference or an
 * instance of a hidden, synthetic or anonymous class, whose text would be an address that changes
 * from run to run. {@code dev.arbor.core.Labels} adds the combined conditions; a reload compares
 * behaviours by this label.
 */
public final class FunctionLabels {
    private FunctionLabels() {}

    /** The label of a user function, or null when it has none. */
    public static String of(Object fn) {
        // Told by names rather than by Class.isHidden and isAnonymousClass, which TeaVM's class
        // library does not have: a hidden class's name holds a '/', a lambda's class is
        // "...$$Lambda..." on the JVM and "...$lambda$_N_M" under TeaVM, an anonymous class's
        // simple name is empty.
        Class<?> type = fn.getClass();
        String name = type.getName();
        if (name.indexOf('/') >= 0 || name.contains("$$Lambda") || name.contains("$lambda$") || type.isSynthetic()) {
            return null;
        }
        if (declaresToString(type)) {
            return fn.toString();
        }
        String simple = type.getSimpleName();
        return simple.isEmpty() ? null : simple;
    }

    /** Whether a class other than Object, from this one up, declares {@code toString()}. */
    private static boolean declaresToString(Class<?> type) {
        try {
            Method m = type.getMethod("toString");
            return m.getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false; // every class has toString; interfaces never reach here
        }
    }
}
