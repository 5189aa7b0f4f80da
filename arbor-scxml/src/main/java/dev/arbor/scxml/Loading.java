package dev.arbor.scxml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where a document came from: its name for messages, the folder its {@code src} attributes are
 * confined to, and the files whose loading led to it through {@code <invoke src>} (so that a
 * cycle is refused rather than followed forever).
 */
final class Loading {
    /** How many documents {@code <invoke src>} may nest while loading, the first included. */
    static final int MAX_NESTING = 16;
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*", Pattern.DOTALL);

    final String file;
    final Path baseDir;
    /** The files being loaded, outermost first; empty for a document that is not a file. */
    private final List<Path> chain;

    Loading(String file, Path baseDir) {
        this(file, baseDir, List.of());
    }

    private Loading(String file, Path baseDir, List<Path> chain) {
        this.file = file;
        this.baseDir = baseDir == null ? null : baseDir.toAbsolutePath().normalize();
        this.chain = chain;
    }

    /** The loading of a document read from a file. */
    static Loading ofFile(Path file) {
        Path p = real(file);
        return new Loading(file.toString(), p.getParent(), List.of(p));
    }

    /** The loading of a document that {@code <invoke src>} names while this one is loaded: a cycle or too deep a nesting is refused. */
    Loading invoked(El at, String src, Path file) {
        if (chain.contains(file)) {
            StringBuilder cycle = new StringBuilder();
            for (Path p : chain.subList(chain.indexOf(file), chain.size())) {
                cycle.append(p.getFileName()).append(" -> ");
            }
            throw new ScxmlException(at, "<invoke src=\"" + src + "\"> makes a cycle: " + cycle + file.getFileName());
        }
        if (chain.size() >= MAX_NESTING) {
            throw new ScxmlException(at, "<invoke src=\"" + src + "\"> nests documents deeper than " + MAX_NESTING);
        }
        List<Path> longer = new ArrayList<>(chain);
        longer.add(file);
        return new Loading(file.toString(), file.getParent(), List.copyOf(longer));
    }

    /** The loading of a document named at run time ({@code srcexpr}): a new chain, since sessions are bounded at run time. */
    static Loading atRunTime(String src, Path file) {
        return new Loading(file.toString(), file.getParent(), List.of(file));
    }

    /** The text of a file named relative to the document, bounded in size. */
    String readRelative(El at, String src) {
        return new String(readBytes(at, src), StandardCharsets.UTF_8);
    }

    byte[] readBytes(El at, String src) {
        return read(resolve(at, src), problem -> new ScxmlException(at, "src=\"" + src + "\": " + problem));
    }

    /**
     * The file a {@code src} attribute names ({@code file:} prefix allowed): it must be a regular
     * file inside the document's folder (after following links), so that a document reads
     * neither {@code /etc/passwd} nor {@code ../..}, and never blocks on a pipe or a device.
     */
    Path resolve(El at, String src) {
        if (baseDir == null) {
            throw new ScxmlException(at, "src=\"" + src + "\" needs a document loaded from a file");
        }
        String rel = src.startsWith("file:") ? src.substring("file:".length()) : src;
        if (SCHEME.matcher(rel).matches()) {
            throw new ScxmlException(at, "src=\"" + src + "\": only files beside the document can be read");
        }
        Path p;
        try {
            p = baseDir.resolve(rel).normalize();
        } catch (InvalidPathException e) {
            throw new ScxmlException(at, "src=\"" + src + "\": not a path: " + e.getMessage());
        }
        if (!p.startsWith(baseDir)) {
            throw new ScxmlException(at, "src=\"" + src + "\" is outside the document's folder " + baseDir);
        }
        if (!Files.isRegularFile(p)) {
            throw new ScxmlException(at, "src=\"" + src + "\" is not a regular file" + (Files.exists(p) ? "" : " (not found)"));
        }
        Path real = real(p);
        if (!real.startsWith(real(baseDir))) {
            throw new ScxmlException(at, "src=\"" + src + "\" links outside the document's folder " + baseDir);
        }
        return real;
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /** A file's bytes, at most {@link XmlReader#MAX_BYTES}; a regular file only, so that reading never blocks on a pipe. */
    static byte[] read(Path p, Function<String, ScxmlException> problem) {
        if (!Files.isRegularFile(p)) {
            throw problem.apply(Files.exists(p) ? "not a regular file" : "cannot read: no such file");
        }
        try (InputStream in = Files.newInputStream(p)) {
            byte[] bytes = in.readNBytes(XmlReader.MAX_BYTES + 1);
            if (bytes.length > XmlReader.MAX_BYTES) {
                throw problem.apply("too large: more than " + XmlReader.MAX_BYTES + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw problem.apply("cannot read: " + e);
        }
    }
}
