package dev.arbor.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON syntax errors in words a designer reads, with the place to fix: a comma too many or
 * missing, a brace or bracket left open (found by a forward scan of the text that matches
 * brackets, and where a closer lines up with an outer opener, the inner one it skipped), a string
 * left open, single quotes, a comment, a word that is not a JSON value. Jackson finds the error;
 * this class reads its message and the text around its place. Anything else keeps Jackson's
 * first line after {@code "malformed JSON: "}.
 */
final class PlainSyntax {

    private PlainSyntax() {}

    /** A JSON syntax error found by Jackson at {@code at}, as a problem to report. */
    static SourceTree.SyntaxError explain(String json, JsonProcessingException e, JsonLocation at) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        int off = offset(json, at);
        Pos pos = at(json, off);
        boolean eof = e instanceof JsonEOFException || m.startsWith("Unexpected end-of-input");
        if (eof) {
            return endOfFile(json, pos);
        }
        char c = off < json.length() ? json.charAt(off) : 0;
        if (m.startsWith("Unexpected close marker")) {
            return wrongCloser(json, off, pos, c);
        }
        if (m.contains("maybe a (non-standard) comment")) {
            return error(pos, "a chart file cannot hold comments (JSON has none): remove this one");
        }
        if (c == '\'' && m.startsWith("Unexpected character")) {
            return error(pos, singleQuoted(json, off));
        }
        if (m.startsWith("Unexpected character") && (m.contains("expected a valid value")
                || m.contains("was expecting double-quote to start field name"))) {
            boolean key = m.contains("field name");
            if (c == '}' || c == ']' || c == ',') {
                int before = previous(json, off);
                if (before >= 0 && json.charAt(before) == ',') {
                    if (c == ',') {
                        return error(pos, "remove this comma: it follows another one at " + place(json, before));
                    }
                    return error(at(json, before), "remove this comma: no " + (c == '}' ? "key" : "item")
                            + " follows it before the `" + c + "` at " + where(pos));
                }
                if (c == ',' && before >= 0 && (json.charAt(before) == '[' || json.charAt(before) == '{')) {
                    return error(pos, "remove this comma: no " + (key ? "key" : "item") + " comes before it");
                }
            }
            if (key) {
                String word = word(json, off);
                return error(pos, word.isEmpty() ? "a key in double quotes is expected here, not " + shown(c)
                        : "a key is written in double quotes: \"" + Excerpt.of(word) + "\"");
            }
            return error(pos, "a value is expected here (text in double quotes, a number, true, false, null, an object"
                    + " or a list), not " + shown(c));
        }
        if (m.contains("was expecting comma to separate")) {
            boolean array = m.contains("Array entries");
            if (array && c == ':') {
                int open = scan(json, off).innermost();
                return error(pos, open >= 0 && json.charAt(open) == '['
                        ? "a `]` is missing for the list opened at " + place(json, open)
                        : "a `,` or a `]` is expected here, not `:`");
            }
            if (!array && c != '"') {
                return error(pos, "a `,` or a `}` is expected here, not " + shown(c));
            }
            int end = previous(json, off);
            return error(end >= 0 ? at(json, end + 1) : pos, "a comma is missing here, before the next "
                    + (array ? "item" : "key") + " at " + where(pos));
        }
        if (m.contains("was expecting a colon to separate field name and value")) {
            return error(pos, "a `:` is missing between the key and its value");
        }
        if (m.startsWith("Unrecognized token '")) {
            int q = m.indexOf('\'', "Unrecognized token '".length());
            String token = q > 0 ? m.substring("Unrecognized token '".length(), q) : word(json, off);
            String nearest = NearestName.among(token, List.of("true", "false", "null"));
            return error(pos, nearest != null ? "unknown word '" + Excerpt.of(token) + "'; did you mean " + nearest + "?"
                    : "text is written in double quotes: \"" + Excerpt.of(token) + "\", not " + Excerpt.of(token));
        }
        if (m.startsWith("Illegal unquoted character ((CTRL-CHAR, code 10))")
                || m.startsWith("Illegal unquoted character ((CTRL-CHAR, code 13))")) {
            int start = scan(json, off).stringStart;
            return error(pos, start >= 0 ? "the string opened at " + place(json, start) + " does not end on its line:"
                    + " a `\"` is missing" : "a line break inside a string is written \\n");
        }
        if (m.startsWith("Illegal unquoted character ((CTRL-CHAR, code 9))")) {
            return error(pos, "a tab inside a string is written \\t");
        }
        int nl = m.indexOf('\n');
        return error(pos, m.isEmpty() ? "malformed JSON" : "malformed JSON: " + (nl >= 0 ? m.substring(0, nl) : m));
    }

    /** The file ends inside a string, or with objects or lists still open. */
    private static SourceTree.SyntaxError endOfFile(String json, Pos end) {
        Scan s = scan(json, json.length());
        if (s.stringStart >= 0) {
            return error(end, "the file ends inside the string opened at " + place(json, s.stringStart)
                    + ": a `\"` is missing");
        }
        if (s.skipped >= 0) {
            return error(at(json, s.skippedBy), missing(json, s.skipped));
        }
        int open = s.innermost();
        return error(end, "the file ends before the JSON is complete" + (open < 0 ? "" : ": " + missing(json, open)));
    }

    /** A closer that does not match the innermost opener: that one is missing its closer, or this one is too many. */
    private static SourceTree.SyntaxError wrongCloser(String json, int off, Pos pos, char c) {
        Scan s = scan(json, Math.min(json.length(), off + 1));
        if (s.skipped >= 0) {
            return error(at(json, s.skippedBy), missing(json, s.skipped));
        }
        int open = scan(json, off).innermost();
        if (open < 0) {
            return error(pos, "remove this " + shown(c) + ": it closes nothing");
        }
        char opener = json.charAt(open);
        return error(pos, "this " + shown(c) + " does not match the `" + opener + "` opened at " + place(json, open)
                + ": add the missing `" + (opener == '{' ? '}' : ']') + "` before it, or remove it");
    }

    /** {@code "a `}` is missing for the object opened at 12:5"}. */
    private static String missing(String json, int open) {
        return json.charAt(open) == '{' ? "a `}` is missing for the object opened at " + place(json, open)
                : "a `]` is missing for the list opened at " + place(json, open);
    }

    /** {@code 'idle'}: what to write instead. */
    private static String singleQuoted(String json, int off) {
        for (int i = off + 1; i < json.length() && json.charAt(i) != '\n'; i++) {
            if (json.charAt(i) == '\'') {
                String text = json.substring(off + 1, i);
                return "JSON strings use double quotes: write \"" + Excerpt.of(text) + "\", not '" + Excerpt.of(text) + "'";
            }
        }
        return "JSON strings use double quotes (\"), not single quotes (')";
    }

    /** The word (letters, digits, {@code _ $ - .}) that starts at {@code off}; empty when none does. */
    private static String word(String json, int off) {
        int i = off;
        while (i < json.length() && (Character.isLetterOrDigit(json.charAt(i)) || "_$-.".indexOf(json.charAt(i)) >= 0)) {
            i++;
        }
        return json.substring(off, i);
    }

    /** A character as a message shows it: {@code `x`}, or {@code U+FEFF} when it cannot be seen. */
    private static String shown(char c) {
        if (c == 0) {
            return "the end of the file";
        }
        if (Character.isISOControl(c) || Character.isWhitespace(c) || Character.getType(c) == Character.FORMAT) {
            return String.format("the invisible character U+%04X", (int) c);
        }
        return "`" + c + "`";
    }

    /** The offset of the last character before {@code off} that is not a blank; -1 when there is none. */
    private static int previous(String json, int off) {
        int i = Math.min(off, json.length()) - 1;
        while (i >= 0 && Character.isWhitespace(json.charAt(i))) {
            i--;
        }
        return i;
    }

    /** The offset of a location in the text: Jackson's character offset, or its line and column. */
    private static int offset(String json, JsonLocation at) {
        if (at == null) {
            return 0;
        }
        long o = at.getCharOffset();
        if (o >= 0) {
            return (int) Math.min(o, json.length());
        }
        int line = 1;
        int i = 0;
        while (i < json.length() && line < at.getLineNr()) {
            if (json.charAt(i++) == '\n') {
                line++;
            }
        }
        return Math.min(json.length(), i + Math.max(0, at.getColumnNr() - 1));
    }

    /** The line and column of a character offset. */
    private static Pos at(String json, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < json.length(); i++) {
            if (json.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Pos(line, offset - lineStart + 1);
    }

    /** The line and column of a character offset, as messages write them: {@code 12:5}. */
    private static String place(String json, int offset) {
        return where(at(json, offset));
    }

    private static String where(Pos pos) {
        return pos.line() + ":" + pos.column();
    }

    private static SourceTree.SyntaxError error(Pos pos, String message) {
        return new SourceTree.SyntaxError(pos, message);
    }

    /** What a forward scan of the text up to an offset found open. */
    private static final class Scan {
        /** The offsets of the objects and lists still open, outermost first. */
        final List<Integer> open = new ArrayList<>();
        /** The offset of the opening quote of a string still open, or -1. */
        int stringStart = -1;
        /**
         * The first opener that a closer skipped: a closer that begins its line indented as the
         * opener outside it, less than the opener it closes, most likely belongs to the outer one,
         * so the inner one was never closed; -1 when every closer lines up.
         */
        int skipped = -1;
        /** The closer that skipped it. */
        int skippedBy = -1;

        int innermost() {
            return open.isEmpty() ? -1 : open.get(open.size() - 1);
        }
    }

    /** Matches brackets from the start of the text to {@code end}, skipping strings. */
    private static Scan scan(String json, int end) {
        Scan s = new Scan();
        for (int i = 0; i < end; i++) {
            char c = json.charAt(i);
            if (s.stringStart >= 0) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    s.stringStart = -1;
                }
                continue;
            }
            switch (c) {
                case '"' -> s.stringStart = i;
                case '{', '[' -> s.open.add(i);
                case '}', ']' -> {
                    int n = s.open.size();
                    if (n == 0) {
                        continue;
                    }
                    if (s.skipped < 0 && n >= 2 && startsLine(json, i)
                            && indent(json, i) < indent(json, s.open.get(n - 1))
                            && indent(json, i) == indent(json, s.open.get(n - 2))) {
                        s.skipped = s.open.get(n - 1);
                        s.skippedBy = i;
                    }
                    s.open.remove(n - 1);
                }
                default -> { }
            }
        }
        return s;
    }

    /** Whether only blanks stand before this offset on its line. */
    private static boolean startsLine(String json, int off) {
        for (int i = off - 1; i >= 0 && json.charAt(i) != '\n'; i--) {
            if (json.charAt(i) != ' ' && json.charAt(i) != '\t') {
                return false;
            }
        }
        return true;
    }

    /** How many blanks begin the line this offset is on. */
    private static int indent(String json, int off) {
        int start = off;
        while (start > 0 && json.charAt(start - 1) != '\n') {
            start--;
        }
        int i = start;
        while (i < json.length() && (json.charAt(i) == ' ' || json.charAt(i) == '\t')) {
            i++;
        }
        return i - start;
    }
}
