package dev.arbor.io.edit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.io.edit.JsonTree.Arr;
import dev.arbor.io.edit.JsonTree.Member;
import dev.arbor.io.edit.JsonTree.Node;
import dev.arbor.io.edit.JsonTree.Obj;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A text being edited by splices: each operation replaces one span of the text, leaving every
 * other character as it was, and reads the text again, so the nodes of {@link #tree()} are valid
 * only until the next operation. New members and elements are placed and indented as their
 * neighbours are: on a line of their own where the neighbours have one, after a comma on the same
 * line where they share one.
 */
final class Splicer {
    private final Layout layout;
    private String text;
    private JsonTree tree;

    Splicer(JsonTree tree, Layout layout) {
        this.tree = tree;
        this.text = tree.text;
        this.layout = layout;
    }

    String text() {
        return text;
    }

    JsonTree tree() {
        return tree;
    }

    /** One replacement of {@code [start, end)} by {@code with}. */
    record Splice(int start, int end, String with) {}

    /** Makes several replacements of spans that do not overlap, all measured in the current text. */
    void spliceAll(List<Splice> splices) {
        List<Splice> sorted = new ArrayList<>(splices);
        sorted.sort(Comparator.comparingInt(Splice::start).reversed());
        StringBuilder b = new StringBuilder(text);
        int limit = text.length();
        for (Splice s : sorted) {
            if (s.end() > limit) {
                throw new IllegalStateException("overlapping splices at " + s.start());
            }
            b.replace(s.start(), s.end(), s.with());
            limit = s.start();
        }
        reread(b.toString());
    }

    private void splice(int start, int end, String with) {
        reread(text.substring(0, start) + with + text.substring(end));
    }

    private void reread(String edited) {
        try {
            tree = JsonTree.parse(edited);
            text = edited;
        } catch (JsonTree.SyntaxException e) {
            // Every splice keeps the JSON whole; reaching here is a bug in this package, not the file.
            throw new IllegalStateException("a splice broke the JSON at " + e.line + ":" + e.column + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ the text around an offset

    private int lineStart(int offset) {
        return text.lastIndexOf('\n', offset - 1) + 1;
    }

    /** The blanks that begin the line holding {@code offset}. */
    String indentAt(int offset) {
        int start = lineStart(offset);
        int i = start;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return text.substring(start, i);
    }

    /** A key and its colon, all that may stand before a value that opens its line. */
    private static final Pattern KEY_COLON = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"\\s*:");

    /** Whether a value is the first thing on its line, but for its key. */
    private boolean opensItsLine(int offset) {
        String before = text.substring(lineStart(offset), offset).strip();
        return before.isEmpty() || KEY_COLON.matcher(before).matches();
    }

    /** Whether only blanks stand before {@code offset} on its line. */
    boolean startsLine(int offset) {
        return text.substring(lineStart(offset), offset).isBlank();
    }

    // ------------------------------------------------------------------ objects

    /**
     * Sets a key of an object: replaces its value, or adds the member when the key is missing.
     *
     * @param ownKeys whether {@code o} is a chart's or a state's own object (whose {@code states} is kept last), not a map of names
     */
    void put(Obj o, String key, JsonNode value, boolean ownKeys) {
        Member m = o.member(key);
        if (m != null) {
            replace(m, value);
        } else {
            insert(o, key, value, ownKeys);
        }
    }

    /**
     * Adds a member to an object: in a chart's or a state's own object ({@code ownKeys}), before
     * its {@code states}, which the chart format keeps after a state's own keys; else after its
     * last member. An empty object is laid out over lines, as a state or a chart is.
     */
    void insert(Obj o, String key, JsonNode value, boolean ownKeys) {
        List<Member> members = o.members();
        if (members.isEmpty()) {
            if (opensItsLine(o.start())) {
                String indent = indentAt(o.start());
                String inner = indent + layout.unit;
                splice(o.start(), o.end(), "{" + layout.newline + inner + layout.member(key, value, inner)
                        + layout.newline + indent + "}");
            } else { // one of several things on a line: it stays on it
                splice(o.start(), o.end(), "{" + Layout.quote(key) + layout.colon + layout.inline(value) + "}");
            }
            return;
        }
        Member states = ownKeys ? o.member("states") : null;
        if (states != null && !key.equals("states")) {
            if (startsLine(states.keyStart())) {
                String indent = indentAt(states.keyStart());
                splice(states.keyStart(), states.keyStart(), layout.member(key, value, indent) + "," + layout.newline + indent);
            } else {
                splice(states.keyStart(), states.keyStart(), Layout.quote(key) + layout.colon + layout.inline(value) + layout.comma);
            }
            return;
        }
        Member last = members.get(members.size() - 1);
        int at = last.value().end();
        if (startsLine(last.keyStart())) {
            String indent = indentAt(last.keyStart());
            splice(at, at, "," + layout.newline + indent + layout.member(key, value, indent));
        } else {
            splice(at, at, layout.comma + Layout.quote(key) + layout.colon + layout.inline(value));
        }
    }

    /** Replaces a member's value, written as the member's line is indented (on its line when the member shares one). */
    void replace(Member m, JsonNode value) {
        String with = startsLine(m.keyStart()) ? layout.render(value, indentAt(m.keyStart()), m.key()) : layout.inline(value);
        splice(m.value().start(), m.value().end(), with);
    }

    /**
     * Removes a member with its comma: the comma before it and what follows that comma (its
     * line, when it has one), or for the first member, everything up to the next member. The
     * last member leaves {@code {}}.
     */
    void remove(Obj o, Member m) {
        List<Member> members = o.members();
        int i = members.indexOf(m);
        if (members.size() == 1) {
            splice(o.start(), o.end(), "{}");
        } else if (i > 0) {
            splice(members.get(i - 1).value().end(), m.value().end(), "");
        } else {
            splice(m.keyStart(), members.get(1).keyStart(), "");
        }
    }

    /** Gives a member another key, its value and place unchanged. */
    void renameKey(Member m, String key) {
        splice(m.keyStart(), m.keyEnd(), Layout.quote(key));
    }

    // ------------------------------------------------------------------ arrays

    /**
     * Adds an element after the last one of the array that is {@code holder}'s value: on a line of
     * its own where the last element has one. An empty array is written anew, as the layout lays
     * out a list of that one element under that key.
     */
    void append(Member holder, JsonNode value) {
        Arr a = (Arr) holder.value();
        if (a.items().isEmpty()) {
            replace(holder, a.json().deepCopy().add(value));
            return;
        }
        Node last = a.items().get(a.items().size() - 1);
        if (startsLine(last.start())) {
            String indent = indentAt(last.start());
            splice(last.end(), last.end(), "," + layout.newline + indent + layout.render(value, indent, null));
        } else {
            splice(last.end(), last.end(), layout.comma + layout.inline(value));
        }
    }

    /** Replaces an element, written as its line is indented (on its line when it shares one). */
    void replaceItem(Arr a, int index, JsonNode value) {
        Node old = a.items().get(index);
        String with = startsLine(old.start()) ? layout.render(value, indentAt(old.start()), null) : layout.inline(value);
        splice(old.start(), old.end(), with);
    }

    /** Removes an element with its comma, as {@link #remove(Obj, Member)} removes a member; the last leaves {@code []}. */
    void removeItem(Arr a, int index) {
        List<Node> items = a.items();
        if (items.size() == 1) {
            splice(a.start(), a.end(), "[]");
        } else if (index > 0) {
            splice(items.get(index - 1).end(), items.get(index).end(), "");
        } else {
            splice(items.get(0).start(), items.get(1).start(), "");
        }
    }
}
