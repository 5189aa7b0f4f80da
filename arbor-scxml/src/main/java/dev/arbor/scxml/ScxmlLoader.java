package dev.arbor.scxml;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The loader of SCXML 1.0 documents into {@link ScxmlDocument}s. The XML is read hardened (no
 * DOCTYPE, no external entities, no DTD loading, no XInclude, bounded size and depth); every
 * problem is an {@link ScxmlException} naming file, line and column.
 *
 * <pre>{@code
 * ScxmlDocument doc = ScxmlLoader.load(Path.of("door.scxml"));
 * ScxmlSession session = doc.newSession(System.out::println);
 * session.start();
 * session.fire("open");
 * session.runToCompletion();
 * }</pre>
 */
public final class ScxmlLoader {
    private ScxmlLoader() {
    }

    /**
     * Loads a document from a file (a regular file); {@code src} attributes are confined to its folder.
     *
     * @param file the SCXML file; problems are reported under its path
     * @return the document
     * @throws ScxmlException if the file cannot be read or the document cannot be loaded
     */
    public static ScxmlDocument load(Path file) {
        Objects.requireNonNull(file, "file");
        byte[] bytes = Loading.read(file, problem -> new ScxmlException(file.toString(), 0, 0, problem));
        return load(bytes, Loading.ofFile(file));
    }

    /**
     * Loads a document from a string; {@code name} is used in messages, and {@code src} attributes are refused.
     *
     * @param xml  the document's text
     * @param name the name problems are reported under
     * @return the document
     * @throws ScxmlException if the document cannot be loaded
     */
    public static ScxmlDocument load(String xml, String name) {
        return load(xml.getBytes(StandardCharsets.UTF_8), name, null);
    }

    /**
     * Loads a document from bytes; {@code src} attributes are confined to {@code baseDir} (null: refused).
     *
     * @param xml     the document, encoded as its XML declaration says (UTF-8 by default)
     * @param name    the name problems are reported under
     * @param baseDir the folder {@code src} files are read from, or null
     * @return the document
     * @throws ScxmlException if the document cannot be loaded
     */
    public static ScxmlDocument load(byte[] xml, String name, Path baseDir) {
        Objects.requireNonNull(xml, "xml");
        Objects.requireNonNull(name, "name");
        return load(xml, new Loading(name, baseDir));
    }

    static ScxmlDocument load(byte[] xml, Loading loading) {
        El root = XmlReader.read(xml, loading.file);
        return new Mapper(loading).map(root);
    }
}
