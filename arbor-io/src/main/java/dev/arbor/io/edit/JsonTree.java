package dev.arbor.io.edit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON text read into a tree of spans: every object, array, scalar and key knows the character
 * offsets it occupies, so that an edit can splice the text instead of printing it anew. Jackson's
 * streaming parser does the tokenising and checks the syntax (the loader's strict JSON: no
 * comments, no trailing commas); token starts come from its locations, and token ends are found
 * by scanning the token, which Jackson has already checked.
 */
final class JsonTree {

    /** A value in the text: {@code [start, end)} are its character offsets. */
    sealed interface Node permits Obj, Arr, Scalar {
        /** {@return the offset of its first character} */
        int start();

        /** {@return the offset just past its last character} */
        int end();

        /** {@return the value as Jackson's tree} */
        JsonNode json();
    }

    /** An object and its members, in text order. */
    record Obj(int start, int end, List<Member> members, ObjectNode json) implements Node {
        /** The first member with this key, or null. */
        Member member(String key) {
            for (Member m : members) {
                if (m.key().equals(key)) {
                    return m;
                }
            }
            return null;
        }

        /** The value of the first member with this key, or null. */
        Node get(String key) {
            Member m = member(key);
            return m == null ? null : m.value();
        }

        /** The value of this key when it is an object, else null. */
        Obj obj(String key) {
            return get(key) instanceof Obj o ? o : null;
        }

        /** The value of this key when it is a string, else null. */
        String text(String key) {
            Node n = get(key);
            return n != null && n.json().isTextual() ? n.json().textValue() : null;
        }

        int indexOf(Member m) {
            return members.indexOf(m);
        }
    }

    /** A key and its value; {@code [keyStart, keyEnd)} is the quoted key. */
    record Member(String key, int keyStart, int keyEnd, Node value) {}

    /** An array and its elements, in order. */
    record Arr(int start, int end, List<Node> items, ArrayNode json) implements Node {}

    /** A string, number, boolean or null. */
    record Scalar(int start, int end, JsonNode json) implements Node {}

    /** Why a text is not JSON, at a 1-based line and column. */
    static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        SyntaxException(int line, int column, String message) {
            super(message, null, false, false);
            this.line = line;
            this.column = column;
        }
    }

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            // An editor reads one file again and again as names change: a shared table of every
            // key ever read would only grow (and slow down), so keys are not interned.
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
            .build();

    final String text;
    final Node root;

    private JsonTree(String text, Node root) {
        this.text = text;
        this.root = root;
    }

    /**
     * Reads a whole text holding one JSON value. A leading byte order mark is skipped (as the
     * loader skips it) and stays in the text.
     */
    static JsonTree parse(String text) throws SyntaxException {
        // A space in the mark's place keeps every offset the parser reports an offset into the text.
        String parsed = text.startsWith("\uFEFF") ? " " + text.substring(1) : text;
        try (JsonParser p = FACTORY.createParser(parsed)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new SyntaxException(1, 1, "the text is empty");
            }
            Node root = new Reader(text, p).value(first);
            if (p.nextToken() != null) {
                JsonLocation at = p.currentTokenLocation();
                throw new SyntaxException(at.getLineNr(), at.getColumnNr(), "there is more after the end of the JSON value");
            }
            return new JsonTree(text, root);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String m = e.getOriginalMessage() == null ? "not JSON" : e.getOriginalMessage();
            int nl = m.indexOf('\n');
            return fail(at == null ? 1 : at.getLineNr(), at == null ? 1 : at.getColumnNr(), nl >= 0 ? m.substring(0, nl) : m);
        } catch (IOException e) {
            throw new SyntaxException(1, 1, "cannot read the text: " + e.getMessage());
        }
    }

    private static JsonTree fail(int line, int column, String message) throws SyntaxException {
        throw new SyntaxException(Math.max(1, line), Math.max(1, column), message);
    }

    /** Builds the nodes from the parser's tokens. */
    private static final class Reader {
        private final String text;
        private final JsonParser p;
        private final JsonNodeFactory f = JsonNodeFactory.instance;

        Reader(String text, JsonParser p) {
            this.text = text;
            this.p = p;
        }

        private int at() {
            return (int) p.currentTokenLocation().getCharOffset();
        }

        Node value(JsonToken t) throws IOException {
            int start = at();
            switch (t) {
                case START_OBJECT: {
                    ObjectNode o = f.objectNode();
                    List<Member> members = new ArrayList<>();
                    for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                        String key = p.currentName();
                        int keyStart = at();
                        int keyEnd = stringEnd(text, keyStart);
                        Node v = value(p.nextToken());
                        members.add(new Member(key, keyStart, keyEnd, v));
                        if (!o.has(key)) {
                            o.set(key, v.json()); // the first of a duplicated key counts, as for member()
                        }
                    }
                    return new Obj(start, at() + 1, List.copyOf(members), o);
                }
                case START_ARRAY: {
                    ArrayNode a = f.arrayNode();
                    List<Node> items = new ArrayList<>();
                    for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                        Node v = value(n);
                        items.add(v);
                        a.add(v.json());
                    }
                    return new Arr(start, at() + 1, List.copyOf(items), a);
                }
                case VALUE_STRING:
                    return new Scalar(start, stringEnd(text, start), f.textNode(p.getText()));
                case VALUE_NUMBER_INT: {
                    JsonNode n = switch (p.getNumberType()) {
                        case INT -> f.numberNode(p.getIntValue());
                        case LONG -> f.numberNode(p.getLongValue());
                        default -> f.numberNode(p.getBigIntegerValue());
                    };
                    return new Scalar(start, wordEnd(text, start), n);
                }
                case VALUE_NUMBER_FLOAT:
                    return new Scalar(start, wordEnd(text, start), f.numberNode(p.getDoubleValue()));
                case VALUE_TRUE:
                    return new Scalar(start, wordEnd(text, start), f.booleanNode(true));
                case VALUE_FALSE:
                    return new Scalar(start, wordEnd(text, start), f.booleanNode(false));
                case VALUE_NULL:
                    return new Scalar(start, wordEnd(text, start), f.nullNode());
                default:
                    throw new IllegalStateException("unexpected token " + t);
            }
        }
    }

    /** The offset just past the closing quote of the string that opens at {@code start}. */
    static int stringEnd(String text, int start) {
        int i = start + 1;
        while (text.charAt(i) != '"') {
            i += text.charAt(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }

    /** The offset just past a number, {@code true}, {@code false} or {@code null}. */
    private static int wordEnd(String text, int start) {
        int i = start;
        while (i < text.length() && "+-.0123456789eEtrufalsn".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }
}
