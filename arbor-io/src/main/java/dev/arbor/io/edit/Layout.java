package dev.arbor.io.edit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A file's own style, read from its text, and new JSON written in it: the indent unit (two or
 * four spaces, or a tab), the line ending, and the separator between a key and its value. New
 * containers are laid out as the chart format's files are: a chart's {@code states},
 * {@code variables} and {@code global} and a state's {@code transitions} over lines, one member
 * or element a line; anything short (a transition, a component, a list of names) on one line.
 */
final class Layout {
    /** Containers that are always laid out over lines, by the key that holds them. */
    private static final Set<String> OVER_LINES = Set.of("states", "variables", "global", "transitions");
    /** The longest line, indentation included, that a new value is written on in one piece. */
    private static final int WIDTH = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    final String unit;
    final String newline;
    final String colon;
    final String comma;

    private Layout(String unit, String newline, String colon) {
        this.unit = unit;
        this.newline = newline;
        this.colon = colon;
        this.comma = colon.endsWith(" ") ? ", " : ",";
    }

    /** The layout of a new file: two spaces, {@code \n}, {@code ": "}. */
    static final Layout NEW_FILE = new Layout("  ", "\n", ": ");

    /** The style of this text; what the text does not show is as in a new file. */
    static Layout of(JsonTree tree) {
        String text = tree.text;
        String newline = text.contains("\r\n") ? "\r\n" : "\n";
        String colon = ": ";
        JsonTree.Member first = firstMember(tree.root);
        if (first != null) {
            String between = text.substring(first.keyEnd(), first.value().start());
            if (between.indexOf('\n') < 0 && between.length() <= 3) {
                colon = between;
            }
        }
        return new Layout(indentUnit(text), newline, colon);
    }

    private static JsonTree.Member firstMember(JsonTree.Node n) {
        return n instanceof JsonTree.Obj o && !o.members().isEmpty() ? o.members().get(0) : null;
    }

    /**
     * The step by which the file's lines are indented: a tab when indented lines mostly begin
     * with one, else the most frequent increase of indentation from one line to the next
     * (continuation lines aligned under a key make odd increases, but rarer ones).
     */
    private static String indentUnit(String text) {
        int tabs = 0;
        int spaced = 0;
        Map<Integer, Integer> steps = new HashMap<>();
        int previous = -1;
        for (int start = 0; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end;
            int lineStart = start;
            start = end + 1;
            int n = 0;
            while (lineStart + n < end && (text.charAt(lineStart + n) == ' ' || text.charAt(lineStart + n) == '\t')) {
                n++;
            }
            if (lineStart + n >= end || text.charAt(lineStart + n) == '\r') {
                continue; // a blank line says nothing of the indentation
            }
            if (n > 0) {
                if (text.charAt(lineStart) == '\t') {
                    tabs++;
                } else {
                    spaced++;
                }
            }
            if (previous >= 0 && n > previous) {
                steps.merge(n - previous, 1, Integer::sum);
            }
            previous = n;
        }
        if (tabs > spaced) {
            return "\t";
        }
        int best = 2;
        int count = 0;
        for (Map.Entry<Integer, Integer> e : steps.entrySet()) {
            if (e.getValue() > count || (e.getValue() == count && e.getKey() < best)) {
                best = e.getKey();
                count = e.getValue();
            }
        }
        return " ".repeat(Math.max(1, Math.min(best, 8)));
    }

    /** A key, quoted and escaped. */
    static String quote(String key) {
        try {
            return JSON.writeValueAsString(key);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A value on one line, spaced as the file spaces its members. */
    String inline(JsonNode v) {
        if (v.isObject()) {
            StringBuilder b = new StringBuilder("{");
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                b.append(quote(e.getKey())).append(colon).append(inline(e.getValue()));
                if (it.hasNext()) {
                    b.append(comma);
                }
            }
            return b.append('}').toString();
        }
        if (v.isArray()) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < v.size(); i++) {
                b.append(i > 0 ? comma : "").append(inline(v.get(i)));
            }
            return b.append(']').toString();
        }
        try {
            return JSON.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A value written where a line indented by {@code indent} holds it (after its key, when
     * {@code key} is not null): on one line when it is short and not a container that is always
     * laid out over lines, else one member or element a line, each indented one unit more.
     */
    String render(JsonNode v, String indent, String key) {
        if (!v.isContainerNode() || v.isEmpty()) {
            return inline(v);
        }
        boolean overLines = key != null && OVER_LINES.contains(key);
        String one = inline(v);
        int used = width(indent) + (key == null ? 0 : key.length() + 2 + colon.length());
        if (!overLines && used + one.length() <= WIDTH) {
            return one;
        }
        String inner = indent + unit;
        StringBuilder b = new StringBuilder();
        if (v.isObject()) {
            b.append('{').append(newline);
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                b.append(inner).append(member(e.getKey(), e.getValue(), inner));
                b.append(it.hasNext() ? "," : "").append(newline);
            }
            return b.append(indent).append('}').toString();
        }
        b.append('[').append(newline);
        for (int i = 0; i < v.size(); i++) {
            b.append(inner).append(render(v.get(i), inner, null));
            b.append(i + 1 < v.size() ? "," : "").append(newline);
        }
        return b.append(indent).append(']').toString();
    }

    /** A member written on a line indented by {@code indent}: its key, the colon and its value. */
    String member(String key, JsonNode value, String indent) {
        return quote(key) + colon + render(value, indent, key);
    }

    private int width(String indent) {
        return indent.replace("\t", "    ").length();
    }
}
