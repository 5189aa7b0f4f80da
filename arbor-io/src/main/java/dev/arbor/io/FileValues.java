package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The plain values of a chart file read under their keys: the keys an object may have, strings,
 * choices, booleans, whole numbers and state names (recorded as references). A value that is
 * wrong is reported where it stands and read as absent.
 */
final class FileValues {
    private final ReadContext cx;
    private final SourceTree tree;

    FileValues(ReadContext cx) {
        this.cx = cx;
        this.tree = cx.tree;
    }

    void checkKeys(ObjectNode o, List<String> allowed, String what) {
        Iterator<String> it = o.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!allowed.contains(k)) {
                cx.problem(tree.key(o, k), "unknown key '" + Excerpt.of(k) + "' in " + what + "; "
                        + cx.near.withChoices(k, allowed, "valid keys: " + String.join(", ", allowed)));
            }
        }
    }

    String string(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            return null;
        }
        if (!n.isTextual()) {
            cx.problem(tree.value(o, key), "\"" + key + "\" must be a string, not " + Excerpt.of(n));
            return null;
        }
        return n.textValue();
    }

    String choice(ObjectNode o, String key, List<String> choices) {
        String s = string(o, key);
        if (s != null && !choices.contains(s)) {
            cx.problem(tree.value(o, key), "\"" + key + "\" must be one of " + String.join(", ", choices) + ", not " + Excerpt.of(o.get(key)));
            return null;
        }
        return s;
    }

    boolean bool(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            return false;
        }
        if (!n.isBoolean()) {
            cx.problem(tree.value(o, key), "\"" + key + "\" must be true or false, not " + Excerpt.of(n));
            return false;
        }
        return n.booleanValue();
    }

    boolean requireTrue(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n.isBoolean() && n.booleanValue()) {
            return true;
        }
        cx.problem(tree.value(o, key), "\"" + key + "\" must be true, not " + Excerpt.of(n));
        return false;
    }

    /** A top-level setting that is a whole number from 1, or null when absent or wrong (reported). */
    Integer positiveInt(ObjectNode o, String key) {
        if (!o.has(key)) {
            return null;
        }
        JsonNode m = o.get(key);
        if (m.isIntegralNumber() && m.canConvertToInt() && m.intValue() >= 1) {
            return m.intValue();
        }
        cx.problem(tree.value(o, key), "\"" + key + "\" must be a whole number from 1 to " + Integer.MAX_VALUE + ", not "
                + Excerpt.of(m));
        return null;
    }

    /** A state name under a key, recorded as a reference. */
    String ref(ObjectNode o, String key) {
        String s = string(o, key);
        if (s != null) {
            cx.refs.add(new ReadContext.Ref(s, tree.value(o, key), cx.current));
        }
        return s;
    }

    /** One state name or a list of them, recorded as references. */
    List<String> targets(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        List<String> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (n.isTextual()) {
            out.add(n.textValue());
            cx.refs.add(new ReadContext.Ref(n.textValue(), tree.value(o, key), cx.current));
        } else if (n.isArray() && n.size() > 0) {
            for (int i = 0; i < n.size(); i++) {
                JsonNode e = n.get(i);
                if (e.isTextual()) {
                    out.add(e.textValue());
                    cx.refs.add(new ReadContext.Ref(e.textValue(), tree.item(n, i), cx.current));
                } else {
                    cx.problem(tree.item(n, i), "\"" + key + "\" lists state names, not " + Excerpt.of(e));
                }
            }
        } else {
            cx.problem(tree.value(o, key), "\"" + key + "\" must be a state's name or a non-empty list of names, not " + Excerpt.of(n));
        }
        return out;
    }

    static String kindOf(JsonNode n) {
        if (n.isArray()) {
            return "a list";
        }
        if (n.isObject()) {
            return "an object";
        }
        return Excerpt.of(n);
    }
}
