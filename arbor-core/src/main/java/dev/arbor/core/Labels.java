package dev.arbor.core;

import dev.arbor.core.semantics.FunctionLabels;
import java.util.ArrayList;
import java.util.List;

/**
 * The label rule for user code that tools show (actions, guards, conditions, components):
 * {@link FunctionLabels}' rule for one function. Combined conditions ({@link Conditions#allOf} and
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
        return FunctionLabels.of(fn);
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
}
