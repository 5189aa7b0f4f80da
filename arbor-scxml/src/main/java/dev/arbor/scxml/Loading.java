package dev.arbor.scxml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a document came from: its name for messages, and the folder its {@code src} attributes are relative to. */
final class Loading {
    final String file;
    final Path baseDir;

    Loading(String file, Path baseDir) {
        this.file = file;
        this.baseDir = baseDir;
    }

    /** The text of a file named relative to the document, bounded in size. */
    String readRelative(El at, String src) {
        return new String(readBytes(at, src), java.nio.charset.StandardCharsets.UTF_8);
    }

    byte[] readBytes(El at, String src) {
        if (baseDir == null) {
            throw new ScxmlException(at, "src=\"" + src + "\" needs a document loaded from a file");
        }
        String rel = src.startsWith("file:") ? src.substring(5) : src;
        Path p = baseDir.resolve(rel).normalize();
        try (InputStream in = Files.newInputStream(p)) {
            byte[] bytes = in.readNBytes(XmlReader.MAX_BYTES + 1);
            if (bytes.length > XmlReader.MAX_BYTES) {
                throw new ScxmlException(at, "src=\"" + src + "\" is larger than " + XmlReader.MAX_BYTES + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw new ScxmlException(at, "cannot read src=\"" + src + "\": " + e);
        }
    }
}
