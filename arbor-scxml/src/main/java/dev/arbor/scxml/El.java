package dev.arbor.scxml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One parsed XML element with where it was found; children are elements and text strings. */
final class El {
    static final String SCXML_NS = "http://www.w3.org/2005/07/scxml";

    final String ns;
    final String name;
    final Map<String, String> attrs = new LinkedHashMap<>();
    final List<Object> children = new ArrayList<>();
    private final String file;
    private final int line;
    private final int column;

    El(String ns, String name, String file, int line, int column) {
        this.ns = ns == null ? "" : ns;
        this.name = name;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    String file() {
        return file;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    String where() {
        return file + ":" + line + ":" + column;
    }

    /** The attribute's value, or null when absent. */
    String attr(String attr) {
        return attrs.get(attr);
    }

    boolean has(String attr) {
        return attrs.containsKey(attr);
    }

    boolean isScxml() {
        return ns.equals(SCXML_NS);
    }

    /** The child elements in the SCXML namespace, in document order. */
    List<El> elements() {
        List<El> out = new ArrayList<>();
        for (Object c : children) {
            if (c instanceof El e && e.isScxml()) {
                out.add(e);
            }
        }
        return out;
    }

    /** Every child element, whatever its namespace. */
    List<El> allElements() {
        List<El> out = new ArrayList<>();
        for (Object c : children) {
            if (c instanceof El e) {
                out.add(e);
            }
        }
        return out;
    }

    List<El> elements(String childName) {
        List<El> out = new ArrayList<>();
        for (El e : elements()) {
            if (e.name.equals(childName)) {
                out.add(e);
            }
        }
        return out;
    }

    El first(String childName) {
        for (El e : elements()) {
            if (e.name.equals(childName)) {
                return e;
            }
        }
        return null;
    }

    /** The text directly inside this element. */
    String text() {
        StringBuilder sb = new StringBuilder();
        for (Object c : children) {
            if (c instanceof String s) {
                sb.append(s);
            }
        }
        return sb.toString();
    }

    /** This element's content written back as XML (elements and text). */
    String innerXml() {
        StringBuilder sb = new StringBuilder();
        for (Object c : children) {
            if (c instanceof String s) {
                escape(sb, s);
            } else {
                ((El) c).write(sb);
            }
        }
        return sb.toString();
    }

    private void write(StringBuilder sb) {
        sb.append('<').append(name);
        if (!ns.isEmpty()) {
            sb.append(" xmlns=\"").append(ns).append('"');
        }
        attrs.forEach((k, v) -> {
            sb.append(' ').append(k).append("=\"");
            escape(sb, v);
            sb.append('"');
        });
        sb.append('>').append(innerXml()).append("</").append(name).append('>');
    }

    private static void escape(StringBuilder sb, String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(ch);
            }
        }
    }

    @Override
    public String toString() {
        return "<" + name + "> at " + where();
    }
}
