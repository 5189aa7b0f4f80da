package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code src} attribute ({@code <data>}, {@code <script>}, {@code <invoke>}) names a regular
 * file inside the document's folder, with or without a {@code file:} prefix; anything else is
 * refused with the position of the attribute, never read.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SrcConfinementTest {

    private static Path doc(Path dir, String src) throws Exception {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("doc.scxml"), Docs.scxml("",
                "<datamodel>\n<data id=\"v\" src=\"" + src + "\"/></datamodel><final id=\"f\"/>"));
    }

    private static void refused(Path doc, String why) {
        assertThatThrownBy(() -> ScxmlLoader.load(doc))
                .isInstanceOf(ScxmlException.class)
                .hasMessageStartingWith(doc + ":2:")
                .hasMessageContaining(why);
    }

    @Test
    void filesBesideTheDocumentAreRead(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub/value.json"), "{\"n\": 42}");
        for (String src : new String[] {"sub/value.json", "file:sub/value.json", "./sub/../sub/value.json"}) {
            Path file = Files.writeString(dir.resolve("doc.scxml"), Docs.scxml("", "<datamodel><data id=\"v\" src=\"" + src
                    + "\"/></datamodel><state id=\"s\"><transition cond=\"v.n === 42\" target=\"pass\"/></state><final id=\"pass\"/>"));
            ScxmlSession s = ScxmlLoader.load(file).newSession();
            s.runToCompletion();
            assertThat(s.finalState()).as(src).isEqualTo("pass");
        }
    }

    @Test
    void absolutePathsAndFileUrisOutsideTheFolderAreRefused(@TempDir Path dir) throws Exception {
        refused(doc(dir, "/etc/passwd"), "outside the document's folder");
        refused(doc(dir, "file:///etc/passwd"), "outside the document's folder");
        refused(doc(dir, "file:/etc/passwd"), "outside the document's folder");
        refused(doc(dir, "http://example.com/x.json"), "only files beside the document");
    }

    @Test
    void parentFoldersAreRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "top secret");
        refused(doc(dir.resolve("in"), "../secret.txt"), "outside the document's folder");
        refused(doc(dir.resolve("in"), "x/../../secret.txt"), "outside the document's folder");
    }

    @Test
    void aLinkLeadingOutOfTheFolderIsRefused(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "top secret");
        Path in = Files.createDirectories(dir.resolve("in"));
        try {
            Files.createSymbolicLink(in.resolve("link.txt"), secret);
        } catch (UnsupportedOperationException | java.io.IOException e) {
            Assumptions.abort("no symbolic links here: " + e);
        }
        refused(doc(in, "link.txt"), "links outside");
    }

    @Test
    void foldersAndPipesAreRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("folder"));
        refused(doc(dir, "folder"), "not a regular file");
        refused(doc(dir, "missing.json"), "not found");
        Path fifo = dir.resolve("pipe");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("no mkfifo here: " + e);
            return;
        }
        Assumptions.assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
        refused(doc(dir, "pipe"), "not a regular file");
    }
}
