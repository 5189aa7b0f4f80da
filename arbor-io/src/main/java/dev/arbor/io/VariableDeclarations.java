package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Variable;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A chart file's {@code "variables"}: each declaration read into a {@link Variable}, every mistake
 * reported at its place (an unknown type, a missing or inverted range, an initial value out of
 * range or not one of an enum's names).
 */
final class VariableDeclarations {
    static final List<String> TYPES = List.of("bool", "int", "enum", "trigger");
    private static final List<String> KEYS = List.of("type", "min", "max", "initial", "values");

    private VariableDeclarations() {}

    /** The declarations in file order; a wrong one is reported through {@code problem} and left out. */
    static List<Variable> read(ObjectNode top, SourceTree tree, BiConsumer<Pos, String> problem) {
        JsonNode all = top.get("variables");
        List<Variable> out = new ArrayList<>();
        if (all == null) {
            return out;
        }
        if (!all.isObject()) {
            problem.accept(tree.value(top, "variables"), "\"variables\" must be an object of variables by name, such as "
                    + "{\"gold\": {\"type\": \"int\", \"min\": 0, \"max\": 999}}, not " + Excerpt.of(all));
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = all.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Variable v = one(e.getKey(), e.getValue(), (ObjectNode) all, tree, problem);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    private static Variable one(String name, JsonNode n, ObjectNode all, SourceTree tree, BiConsumer<Pos, String> problem) {
        Pos at = tree.value(all, name);
        if (name.isBlank()) {
            problem.accept(tree.key(all, name), "a variable's name cannot be blank");
            return null;
        }
        String type;
        ObjectNode o = null;
        if (n.isTextual()) {
            type = n.textValue();
        } else if (n.isObject()) {
            o = (ObjectNode) n;
            for (Iterator<String> keys = o.fieldNames(); keys.hasNext(); ) {
                String k = keys.next();
                if (!KEYS.contains(k)) {
                    problem.accept(tree.key(o, k), "variable '" + name + "' has no key '" + Excerpt.of(k) + "'; "
                            + NearestName.withChoices(k, KEYS, "its keys: " + String.join(", ", KEYS)));
                }
            }
            JsonNode t = o.get("type");
            if (t == null || !t.isTextual()) {
                problem.accept(t == null ? at : tree.value(o, "type"), "variable '" + name + "' needs a \"type\": "
                        + String.join(", ", TYPES));
                return null;
            }
            type = t.textValue();
            at = tree.value(o, "type");
        } else {
            problem.accept(at, "variable '" + name + "' is a type (\"bool\", \"trigger\") or an object such as "
                    + "{\"type\": \"int\", \"min\": 0, \"max\": 999}, not " + Excerpt.of(n));
            return null;
        }
        if (!TYPES.contains(type)) {
            problem.accept(at, "variable '" + name + "' has no type '" + Excerpt.of(type) + "'; "
                    + NearestName.withChoices(type, TYPES, "the types: " + String.join(", ", TYPES)));
            return null;
        }
        try {
            return switch (type) {
                case "bool" -> Variable.bool(name, o != null && flag(o, "initial", name, tree, problem));
                case "trigger" -> {
                    if (o != null && o.has("initial")) {
                        problem.accept(tree.value(o, "initial"), "trigger '" + name + "' starts unset: it takes no \"initial\"");
                    }
                    yield Variable.trigger(name);
                }
                case "int" -> integer(name, o, at, tree, problem);
                default -> choice(name, o, at, tree, problem);
            };
        } catch (IllegalArgumentException e) {
            problem.accept(o != null && o.has("initial") ? tree.value(o, "initial") : at, e.getMessage());
            return null;
        }
    }

    private static boolean flag(ObjectNode o, String key, String name, SourceTree tree, BiConsumer<Pos, String> problem) {
        JsonNode v = o.get(key);
        if (v == null) {
            return false;
        }
        if (!v.isBoolean()) {
            problem.accept(tree.value(o, key), "bool '" + name + "': \"" + key + "\" must be true or false, not " + Excerpt.of(v));
            return false;
        }
        return v.booleanValue();
    }

    private static Variable integer(String name, ObjectNode o, Pos at, SourceTree tree, BiConsumer<Pos, String> problem) {
        if (o == null || !o.has("min") || !o.has("max")) {
            problem.accept(at, "int '" + name + "' needs its range: \"min\" and \"max\", such as "
                    + "{\"type\": \"int\", \"min\": 0, \"max\": 999}");
            return null;
        }
        Integer min = whole(o, "min", name, tree, problem);
        Integer max = whole(o, "max", name, tree, problem);
        Integer initial = o.has("initial") ? whole(o, "initial", name, tree, problem) : min;
        if (min == null || max == null || initial == null) {
            return null;
        }
        if (min > max) {
            problem.accept(tree.value(o, "max"), "int '" + name + "': \"max\" " + max + " is below \"min\" " + min);
            return null;
        }
        if (initial < min || initial > max) {
            problem.accept(tree.value(o, "initial"), "int '" + name + "': \"initial\" " + initial + " is out of its range, "
                    + min + " to " + max);
            return null;
        }
        return Variable.integer(name, min, max, initial);
    }

    private static Integer whole(ObjectNode o, String key, String name, SourceTree tree, BiConsumer<Pos, String> problem) {
        JsonNode v = o.get(key);
        if (v.isIntegralNumber() && v.canConvertToInt()) {
            return v.intValue();
        }
        problem.accept(tree.value(o, key), "int '" + name + "': \"" + key + "\" must be a whole number, not " + Excerpt.of(v));
        return null;
    }

    private static Variable choice(String name, ObjectNode o, Pos at, SourceTree tree, BiConsumer<Pos, String> problem) {
        JsonNode values = o == null ? null : o.get("values");
        if (values == null || !values.isArray() || values.isEmpty()) {
            problem.accept(values == null ? at : tree.value(o, "values"), "enum '" + name + "' needs its \"values\": "
                    + "a list of names, such as [\"calm\", \"grumpy\"]");
            return null;
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            JsonNode v = values.get(i);
            if (!v.isTextual() || v.textValue().isBlank()) {
                problem.accept(tree.item(values, i), "enum '" + name + "': a value is a name, not " + Excerpt.of(v));
                return null;
            }
            if (names.contains(v.textValue())) {
                problem.accept(tree.item(values, i), "enum '" + name + "' names '" + v.textValue() + "' twice");
                return null;
            }
            names.add(v.textValue());
        }
        JsonNode initial = o.get("initial");
        if (initial == null) {
            return Variable.choice(name, names, names.get(0));
        }
        if (!initial.isTextual() || !names.contains(initial.textValue())) {
            String near = initial.isTextual() ? NearestName.among(initial.textValue(), names) : null;
            problem.accept(tree.value(o, "initial"), "enum '" + name + "': \"initial\" must be one of " + String.join(", ", names)
                    + ", not " + Excerpt.of(initial) + (near == null ? "" : "; did you mean '" + near + "'?"));
            return null;
        }
        return Variable.choice(name, names, initial.textValue());
    }
}
