package dev.arbor.io.edit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Chart;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the edit tests share: JSON from text, the built-in loader, the shopkeeper's file, and a line diff. */
final class Edits {
    static final ObjectMapper JSON = new ObjectMapper();
    static final ChartLoader<Object> LOADER = ChartLoader.of(BuiltIn.components());

    private Edits() {}

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static ObjectNode object(String text) {
        return (ObjectNode) json(text);
    }

    /** The file of the documented example, read from the repository (tests run in the module's directory). */
    static String shopkeeper() {
        try {
            return Files.readString(Path.of("../docs/examples/shopkeeper.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Chart<Object> load(ChartDocument document) {
        return LOADER.load(document.fileName(), document.text());
    }

    /**
     * How many lines a diff of the two texts shows: the lines removed plus the lines added, the
     * lines of a longest common subsequence being the ones kept, as {@code git diff --stat} counts.
     */
    static int changedLines(String before, String after) {
        List<String> a = before.lines().toList();
        List<String> b = after.lines().toList();
        int[][] common = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equals(b.get(j)) ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        return a.size() + b.size() - 2 * common[0][0];
    }
}
