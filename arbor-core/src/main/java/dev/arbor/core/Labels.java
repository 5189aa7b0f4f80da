package dev.arbor.core;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The label rule for user code that tools show (actions, guards, conditions, components): an
 * object is named by its own {@code toString()} when its class declares one (so components loaded
 * from files, such as {@code MoveTo{speed=2.5}}, show their settings), by its class's simple name
 * when it is an instance of a named class that does not, and not at all when it is a lambda, a
 * method reference or an instance of a hidden, synthetic or anonymous class, whose text would be
 * an address that changes from run to run. Combined conditions ({@link Conditions#allOf} and
 * friends) are named by their parts, when every part has a name.
 */
final class Labels {
    private Labels() {}

    /** The label of a user function, or null when it has none. */
    static String of(Object fn) {
        if (fn instanceof Conditions.AllOf<?> all) {
            return joined(all.parts, " && ");
        }
        if (fn instanceof Conditions.AnyOf<?> any) {
            return joined(any.parts, " || ");
        }
        if (fn instanceof Conditions.Not<?> not) {
            String part = of(not.part);
            return part == null ? null : "!" + part;
        }
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

    /** The labels of several functions, leaving out those without one. */
    static List<String> ofAll(List<?> fns) {
        List<String> out = new ArrayList<>(fns.size());
        for (Object fn : fns) {
            String label = of(fn);
            if (label != null) {
                out.add(label);
            }
        }
        return List.copyOf(out);
    }

    private static String joined(List<?> parts, String operator) {
        List<String> labels = new ArrayList<>(parts.size());
        for (Object part : parts) {
            String label = of(part);
            if (label == null) {
                return null;
            }
            labels.add(parts.size() > 1 && (part instanceof Conditions.AllOf<?> || part instanceof Conditions.AnyOf<?>)
                    ? "(" + label + ")" : label);
        }
        return String.join(operator, labels);
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
