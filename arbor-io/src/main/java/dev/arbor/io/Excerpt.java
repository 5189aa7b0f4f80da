package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * Values and names from a file as problem messages and component labels show them: whole when
 * short, otherwise cut to {@value #MAX} characters with an ellipsis and the full length, so that a
 * 4 MB string gives a one-line message, not a 4 MB one.
 */
final class Excerpt {
    /** The most characters of a value or name shown. */
    static final int MAX = 60;

    private Excerpt() {}

    /** A JSON value as written in JSON ({@code "text"}, {@code 12}, {@code [1,2]}), cut when long. */
    static String of(JsonNode value) {
        if (value.isTextual() && value.textValue().length() > MAX) {
            String s = value.textValue();
            String quoted = TextNode.valueOf(s.substring(0, cut(s))).toString();
            // Left open ("abc…), so that the cut is not mistaken for the end of the string.
            return quoted.substring(0, quoted.length() - 1) + "\u2026 (" + s.length() + " characters)";
        }
        return of(value.toString());
    }

    /** A name or text, cut when long. */
    static String of(String text) {
        if (text.length() <= MAX) {
            return text;
        }
        return text.substring(0, cut(text)) + "\u2026 (" + text.length() + " characters)";
    }

    /** Where to cut a long text: after {@value #MAX} characters, never between the halves of a surrogate pair. */
    private static int cut(String s) {
        return Character.isHighSurrogate(s.charAt(MAX - 1)) ? MAX - 1 : MAX;
    }
}
