package dev.arbor.inspector.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.io.edit.ChartEdit;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The page's edits as JSON ({@code {"op": "addState", "parent": "", "name": "shop"}}) turned into
 * {@link ChartEdit}s, one op a record and one field a record component, by the same names.
 * Anything else is refused with a 400 that names the op and the field: a missing or unknown op,
 * a missing field, a field of the wrong type, a field the op does not have.
 */
public final class Edits {
    /** Each op's fields, in the record's order. */
    private static final Map<String, List<String>> OPS = new LinkedHashMap<>();

    static {
        OPS.put("addState", List.of("parent", "name"));
        OPS.put("renameState", List.of("state", "newName"));
        OPS.put("deleteState", List.of("state"));
        OPS.put("setInitial", List.of("state"));
        OPS.put("setKind", List.of("state", "kind"));
        OPS.put("addHistory", List.of("parent", "name", "deep"));
        OPS.put("addTransition", List.of("source", "transition"));
        OPS.put("setTransition", List.of("source", "index", "transition"));
        OPS.put("removeTransition", List.of("source", "index"));
        OPS.put("setStateKey", List.of("state", "key", "value"));
        OPS.put("setVariable", List.of("name", "declaration"));
        OPS.put("setChartKey", List.of("key", "value"));
    }

    private Edits() {}

    /**
     * The edit a JSON object asks for.
     *
     * @param edit the {@code edit} of a request: an object with {@code op} and the op's fields
     * @return the edit
     * @throws StudioException (400) naming what is missing, unknown or of the wrong type
     */
    public static ChartEdit parse(JsonNode edit) {
        if (edit == null || !edit.isObject()) {
            throw bad("the request needs \"edit\": an object with \"op\" and its fields");
        }
        JsonNode opNode = edit.get("op");
        if (opNode == null || !opNode.isTextual()) {
            throw bad("the edit needs \"op\", one of: " + String.join(", ", OPS.keySet()));
        }
        String op = opNode.asText();
        List<String> fields = OPS.get(op);
        if (fields == null) {
            throw bad("unknown op '" + op + "'; ops: " + String.join(", ", OPS.keySet()));
        }
        for (Iterator<String> it = edit.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("op") && !fields.contains(f)) {
                throw bad("edit " + op + " has no field '" + f + "' (its fields: " + String.join(", ", fields) + ")");
            }
        }
        Fields f = new Fields(op, edit);
        return switch (op) {
            case "addState" -> new ChartEdit.AddState(f.text("parent"), f.text("name"));
            case "renameState" -> new ChartEdit.RenameState(f.text("state"), f.text("newName"));
            case "deleteState" -> new ChartEdit.DeleteState(f.text("state"));
            case "setInitial" -> new ChartEdit.SetInitial(f.text("state"));
            case "setKind" -> new ChartEdit.SetKind(f.text("state"), f.text("kind"));
            case "addHistory" -> new ChartEdit.AddHistory(f.text("parent"), f.text("name"), f.bool("deep"));
            case "addTransition" -> new ChartEdit.AddTransition(f.text("source"), f.object("transition"));
            case "setTransition" -> new ChartEdit.SetTransition(f.text("source"), f.index("index"), f.object("transition"));
            case "removeTransition" -> new ChartEdit.RemoveTransition(f.text("source"), f.index("index"));
            case "setStateKey" -> new ChartEdit.SetStateKey(f.text("state"), f.text("key"), f.json("value"));
            case "setVariable" -> new ChartEdit.SetVariable(f.text("name"), f.json("declaration"));
            case "setChartKey" -> new ChartEdit.SetChartKey(f.text("key"), f.json("value"));
            default -> throw new IllegalStateException("op '" + op + "' is listed but not mapped");
        };
    }

    /** {@return the ops the page may send, each with its fields in order} */
    public static Map<String, List<String>> ops() {
        return java.util.Collections.unmodifiableMap(OPS);
    }

    /** One edit's fields, read with the words a refusal needs. */
    private record Fields(String op, JsonNode edit) {
        private JsonNode present(String name, String what) {
            JsonNode v = edit.get(name);
            if (v == null) {
                throw bad("edit " + op + " needs \"" + name + "\" (" + what + ")");
            }
            return v;
        }

        String text(String name) {
            JsonNode v = present(name, "a string");
            if (!v.isTextual()) {
                throw bad("edit " + op + ": \"" + name + "\" must be a string, not " + v);
            }
            return v.asText();
        }

        boolean bool(String name) {
            JsonNode v = present(name, "true or false");
            if (!v.isBoolean()) {
                throw bad("edit " + op + ": \"" + name + "\" must be true or false, not " + v);
            }
            return v.asBoolean();
        }

        int index(String name) {
            JsonNode v = present(name, "a whole number from 0");
            if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 0) {
                throw bad("edit " + op + ": \"" + name + "\" must be a whole number from 0, not " + v);
            }
            return v.asInt();
        }

        ObjectNode object(String name) {
            JsonNode v = present(name, "an object, as the chart format writes a transition");
            if (!v.isObject()) {
                throw bad("edit " + op + ": \"" + name + "\" must be an object, not " + v);
            }
            return (ObjectNode) v.deepCopy();
        }

        /** Any JSON value; null (written, not left out) removes. */
        JsonNode json(String name) {
            JsonNode v = present(name, "a JSON value, or null to remove it");
            return v.isNull() ? null : v.deepCopy();
        }
    }

    private static StudioException bad(String message) {
        return new StudioException(400, message);
    }
}
