package dev.arbor.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document read by Jackson's streaming parser into a {@link JsonNode} tree that remembers
 * where each value and each key stood in the text, so that every problem found later can be
 * reported at its line and column. Jackson does all the tokenising; this class only records the
 * token locations as it assembles the tree. A syntax error is put in plain words by {@link PlainSyntax}.
 */
final class SourceTree {

    /** A 1-based line and column in the file. */
    record Pos(int line, int column) {
        static final Pos START = new Pos(1, 1);
    }

    /** Why a document could not be read at all: one problem, at one place. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        final transient Pos pos;

        SyntaxError(Pos pos, String message) {
            super(message, null, false, false);
            this.pos = pos;
        }
    }

    /** The longest number accepted, in digits: far beyond any number a chart needs. */
    static final int MAX_NUMBER_LENGTH = 1000;
    /** The longest key accepted, in characters. */
    static final int MAX_KEY_LENGTH = 50_000;

    final JsonNode root;
    /** Where each object or array begins. Containers are distinct objects, so identity is safe. */
    private final Map<JsonNode, Pos> starts = new IdentityHashMap<>();
    /** For each object, where each of its keys stands. */
    private final Map<JsonNode, Map<String, Pos>> keys = new IdentityHashMap<>();
    /** For each object, where each of its values begins (scalars may be shared nodes, so by key). */
    private final Map<JsonNode, Map<String, Pos>> values = new IdentityHashMap<>();
    /** For each array, where each of its elements begins. */
    private final Map<JsonNode, List<Pos>> items = new IdentityHashMap<>();

    private SourceTree(String json, int maxDepth, long maxChars) throws SyntaxError {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth)
                        .maxDocumentLength(maxChars)
                        .maxNumberLength(MAX_NUMBER_LENGTH)
                        .maxNameLength(MAX_KEY_LENGTH)
                        .build())
                // Duplicate keys are rejected as the tree is built (see value()), at the key itself;
                // Jackson's STRICT_DUPLICATE_DETECTION would report them past the key.
                .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .build();
        try (JsonParser p = factory.createParser(json)) {
            try {
                JsonToken first = p.nextToken();
                if (first == null) {
                    throw new SyntaxError(Pos.START, "the file is empty; a chart file holds one JSON object");
                }
                root = value(p, first);
                Pos garbage = null;
                try {
                    if (p.nextToken() != null) {
                        garbage = pos(p.currentTokenLocation());
                    }
                } catch (JsonProcessingException e) {
                    garbage = pos(e.getLocation() != null ? e.getLocation() : p.currentLocation());
                }
                if (garbage != null) {
                    throw new SyntaxError(garbage, "unexpected content after the end of the chart");
                }
            } catch (StreamConstraintsException e) {
                throw new SyntaxError(overLimitAt(json, e, p), overLimit(e, maxDepth));
            } catch (JsonEOFException e) {
                throw PlainSyntax.explain(json, e, p.currentLocation());
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                throw PlainSyntax.explain(json, e, at != null ? at : p.currentLocation());
            }
        } catch (JsonProcessingException e) {
            throw PlainSyntax.explain(json, e, e.getLocation());
        } catch (IOException e) {
            throw new SyntaxError(Pos.START, "cannot read the JSON: " + e.getMessage());
        }
    }

    /**
     * Reads a whole document; the text must hold exactly one JSON value. The limits are Jackson's
     * {@link StreamReadConstraints}: nesting depth, and length in characters (the loader has
     * already bounded the size in bytes; this is the parser's own guard).
     */
    static SourceTree read(String json, int maxDepth, long maxChars) throws SyntaxError {
        return new SourceTree(json, maxDepth, maxChars);
    }

    private JsonNode value(JsonParser p, JsonToken t) throws IOException, SyntaxError {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = f.objectNode();
                starts.put(o, pos(p.currentTokenLocation()));
                Map<String, Pos> k = new HashMap<>();
                Map<String, Pos> v = new HashMap<>();
                keys.put(o, k);
                values.put(o, v);
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = p.currentName();
                    Pos at = pos(p.currentTokenLocation());
                    if (k.putIfAbsent(name, at) != null) {
                        throw new SyntaxError(at, "duplicate key '" + Excerpt.of(name) + "' (first at line "
                                + k.get(name).line() + ", column " + k.get(name).column() + ")");
                    }
                    JsonToken vt = p.nextToken();
                    v.put(name, pos(p.currentTokenLocation()));
                    o.set(name, value(p, vt));
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = f.arrayNode();
                starts.put(a, pos(p.currentTokenLocation()));
                List<Pos> at = new ArrayList<>();
                items.put(a, at);
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    at.add(pos(p.currentTokenLocation()));
                    a.add(value(p, n));
                }
                return a;
            }
            case VALUE_STRING:
                return f.textNode(p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return f.numberNode(p.getIntValue());
                    case LONG:
                        return f.numberNode(p.getLongValue());
                    default:
                        return f.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return f.numberNode(p.getDoubleValue());
            case VALUE_TRUE:
                return f.booleanNode(true);
            case VALUE_FALSE:
                return f.booleanNode(false);
            case VALUE_NULL:
                return f.nullNode();
            default:
                throw new IllegalStateException("unexpected token " + t);
        }
    }

    /** Where an object or array begins. */
    Pos start(JsonNode container) {
        return starts.getOrDefault(container, Pos.START);
    }

    /** Where a key of an object stands. */
    Pos key(JsonNode object, String name) {
        Map<String, Pos> m = keys.get(object);
        Pos p = m == null ? null : m.get(name);
        return p != null ? p : start(object);
    }

    /** Where the value of a key of an object begins. */
    Pos value(JsonNode object, String name) {
        Map<String, Pos> m = values.get(object);
        Pos p = m == null ? null : m.get(name);
        return p != null ? p : start(object);
    }

    /** Where an element of an array begins. */
    Pos item(JsonNode array, int index) {
        List<Pos> l = items.get(array);
        return l != null && index < l.size() ? l.get(index) : start(array);
    }

    private static Pos pos(JsonLocation l) {
        if (l == null || l.getLineNr() < 1) {
            return Pos.START;
        }
        return new Pos(l.getLineNr(), Math.max(1, l.getColumnNr()));
    }

    /**
     * Where the value that broke a limit begins. Jackson stops inside a too-long number or key,
     * so the text is walked back from there to the token's start; otherwise (too deep) the place
     * is the token being read.
     */
    private static Pos overLimitAt(String json, StreamConstraintsException e, JsonParser p) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        long stop = p.currentLocation().getCharOffset();
        if (stop < 0 || stop > json.length()) {
            return pos(p.currentTokenLocation());
        }
        int i = (int) Math.min(stop, json.length() - 1);
        if (m.startsWith("Number value length")) {
            while (i > 0 && "0123456789+-.eE".indexOf(json.charAt(i - 1)) >= 0) {
                i--;
            }
            return at(json, i);
        }
        if (m.startsWith("Name length")) {
            // A key's opening quote is the first quote, walking back, with '{' or ',' before it
            // (blanks aside): quotes inside a key are escaped, so a backslash stands before them.
            for (int q = i; q >= 0; q--) {
                if (json.charAt(q) == '"') {
                    int b = q - 1;
                    while (b >= 0 && Character.isWhitespace(json.charAt(b))) {
                        b--;
                    }
                    if (b < 0 || json.charAt(b) == '{' || json.charAt(b) == ',') {
                        return at(json, q);
                    }
                }
            }
        }
        return pos(p.currentTokenLocation());
    }

    /** The line and column of a character offset. */
    private static Pos at(String json, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (json.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Pos(line, offset - lineStart + 1);
    }

    /**
     * Which of the parser's limits a document broke. Jackson reports each with the same exception
     * type, so the kind is read from the start of its message; an unforeseen one is still named.
     */
    private static String overLimit(StreamConstraintsException e, int maxDepth) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (m.startsWith("Document nesting depth")) {
            return "the JSON nests deeper than " + maxDepth + " levels";
        }
        if (m.startsWith("Number value length")) {
            return "a number has more than " + MAX_NUMBER_LENGTH + " digits";
        }
        if (m.startsWith("Name length")) {
            return "a key is longer than " + MAX_KEY_LENGTH + " characters";
        }
        int nl = m.indexOf('\n');
        return "the JSON breaks a parser limit: " + (nl >= 0 ? m.substring(0, nl) : m);
    }
}
