package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the tutorial shows the reader seeing: text resources beside these classes, compared with
 * what the code printed. The tutorial's {@code text} blocks are checked against the same files.
 */
final class Expected {

    /** The resource's text, for a resource of this package. */
    static String text(String resource) {
        try (InputStream in = Expected.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + resource + " beside " + Expected.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks that the log, one entry a line (an entry may hold several), is the resource's text.
     * When it is not, the log is also written to {@code target/tutorial/RESOURCE} to compare.
     */
    static void assertLog(List<String> log, String resource) {
        String actual = String.join("\n", log) + "\n";
        String expected = text(resource);
        if (!actual.equals(expected)) {
            try {
                Path out = Path.of("target", "tutorial", resource);
                Files.createDirectories(out.getParent());
                Files.writeString(out, actual);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertThat(actual).as("the log, against %s", resource).isEqualTo(expected);
    }

    /** Copies a JSON resource of this package into a directory, as the game's chart file. */
    static Path copy(String resource, Path directory, String fileName) throws IOException {
        Path file = directory.resolve(fileName);
        Files.writeString(file, text(resource));
        return file;
    }

    private Expected() {}
}
