package dev.arbor.inspector.studio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.edit.ChartEdit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A studio session: edits checked by the loader, revisions, undo and redo across saves, saves
 * refused with errors unless forced, written atomically and never over someone else's change.
 */
class StudioTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static final String DOOR = """
            {
              "chart": "door",
              "initial": "closed",
              "states": {
                "closed": {
                  "transitions": [
                    {"event": "open", "target": "opened"}
                  ]
                },
                "opened": {
                  "transitions": [
                    {"event": "close", "target": "closed"}
                  ]
                }
              }
            }
            """;

    static ChartLoader<Object> loader() {
        return ChartLoader.of(BuiltIn.<Object>components());
    }

    static Studio studio(Path file) throws Exception {
        return new Studio(file, loader(), Map.of(BuiltIn.NAME, BuiltIn.<Object>components().describe()));
    }

    static Path door(Path dir) throws Exception {
        Path file = dir.resolve("door.json");
        Files.writeString(file, DOOR);
        return file;
    }

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    static long revision(Map<String, Object> document) {
        return ((Number) document.get("revision")).longValue();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> problems(Map<String, Object> document) {
        return (List<Map<String, Object>>) document.get("problems");
    }

    /** A transition added to {@code opened}: the chart still loads. */
    static ChartEdit slam() throws Exception {
        return new ChartEdit.AddTransition("opened", (ObjectNode) json("{\"event\": \"slam\", \"target\": \"closed\"}"));
    }

    static ChartEdit kickToNowhere() throws Exception {
        return new ChartEdit.AddTransition("closed", (ObjectNode) json("{\"event\": \"kick\", \"target\": \"nowhere\"}"));
    }

    // ---------------------------------------------------------------- the page's edits as JSON

    @Test
    void editsMapOneToOneOntoChartEditRecords() throws Exception {
        assertThat(Edits.parse(json("{\"op\": \"addState\", \"parent\": \"\", \"name\": \"shop\"}")))
                .isEqualTo(new ChartEdit.AddState("", "shop"));
        assertThat(Edits.parse(json("{\"op\": \"renameState\", \"state\": \"a\", \"newName\": \"b\"}")))
                .isEqualTo(new ChartEdit.RenameState("a", "b"));
        assertThat(Edits.parse(json("{\"op\": \"deleteState\", \"state\": \"a\"}"))).isEqualTo(new ChartEdit.DeleteState("a"));
        assertThat(Edits.parse(json("{\"op\": \"setInitial\", \"state\": \"a\"}"))).isEqualTo(new ChartEdit.SetInitial("a"));
        assertThat(Edits.parse(json("{\"op\": \"setKind\", \"state\": \"a\", \"kind\": \"final\"}")))
                .isEqualTo(new ChartEdit.SetKind("a", "final"));
        assertThat(Edits.parse(json("{\"op\": \"addHistory\", \"parent\": \"a\", \"name\": \"H\", \"deep\": true}")))
                .isEqualTo(new ChartEdit.AddHistory("a", "H", true));
        ObjectNode t = (ObjectNode) json("{\"event\": \"go\", \"target\": \"b\"}");
        assertThat(Edits.parse(json("{\"op\": \"addTransition\", \"source\": \"a\", \"transition\": " + t + "}")))
                .isEqualTo(new ChartEdit.AddTransition("a", t));
        assertThat(Edits.parse(json("{\"op\": \"setTransition\", \"source\": \"a\", \"index\": 2, \"transition\": " + t + "}")))
                .isEqualTo(new ChartEdit.SetTransition("a", 2, t));
        assertThat(Edits.parse(json("{\"op\": \"removeTransition\", \"source\": \"a\", \"index\": 0}")))
                .isEqualTo(new ChartEdit.RemoveTransition("a", 0));
        assertThat(Edits.parse(json("{\"op\": \"setStateKey\", \"state\": \"a\", \"key\": \"defer\", \"value\": [\"x\"]}")))
                .isEqualTo(new ChartEdit.SetStateKey("a", "defer", json("[\"x\"]")));
        assertThat(Edits.parse(json("{\"op\": \"setStateKey\", \"state\": \"a\", \"key\": \"defer\", \"value\": null}")))
                .isEqualTo(new ChartEdit.SetStateKey("a", "defer", null)); // null removes
        assertThat(Edits.parse(json("{\"op\": \"setVariable\", \"name\": \"gold\", \"declaration\": {\"type\": \"int\"}}")))
                .isEqualTo(new ChartEdit.SetVariable("gold", json("{\"type\": \"int\"}")));
        assertThat(Edits.parse(json("{\"op\": \"setChartKey\", \"key\": \"initial\", \"value\": \"a\"}")))
                .isEqualTo(new ChartEdit.SetChartKey("initial", json("\"a\"")));
        assertThat(Edits.ops()).hasSize(12);
    }

    @Test
    void editsThatCannotBeReadAreRefusedNamingTheOpAndTheField() {
        assertRefused(null, 400, "the request needs \"edit\"");
        assertRefused("{\"name\": \"x\"}", 400, "the edit needs \"op\", one of: addState, renameState");
        assertRefused("{\"op\": \"explode\"}", 400, "unknown op 'explode'; ops: addState");
        assertRefused("{\"op\": \"addState\", \"parent\": \"\"}", 400, "edit addState needs \"name\" (a string)");
        assertRefused("{\"op\": \"addState\", \"parent\": \"\", \"name\": 3}", 400, "edit addState: \"name\" must be a string, not 3");
        assertRefused("{\"op\": \"addState\", \"parent\": \"\", \"name\": \"x\", \"file\": \"/etc/passwd\"}", 400,
                "edit addState has no field 'file' (its fields: parent, name)");
        assertRefused("{\"op\": \"addHistory\", \"parent\": \"a\", \"name\": \"H\", \"deep\": \"yes\"}", 400,
                "\"deep\" must be true or false");
        assertRefused("{\"op\": \"removeTransition\", \"source\": \"a\", \"index\": -1}", 400,
                "\"index\" must be a whole number from 0, not -1");
        assertRefused("{\"op\": \"addTransition\", \"source\": \"a\", \"transition\": \"go\"}", 400,
                "\"transition\" must be an object");
        assertRefused("{\"op\": \"setChartKey\", \"key\": \"initial\"}", 400,
                "edit setChartKey needs \"value\" (a JSON value, or null to remove it)");
    }

    private static void assertRefused(String edit, int status, String words) {
        assertThatThrownBy(() -> Edits.parse(edit == null ? null : json(edit)))
                .isInstanceOfSatisfying(StudioException.class, e -> {
                    assertThat(e.status()).isEqualTo(status);
                    assertThat((String) e.body().get("error")).contains(words);
                });
    }

    // ---------------------------------------------------------------- the session

    @Test
    void theDocumentIsTheFileAsReadWithTheLoadersWordsAndTheDrawing(@TempDir Path dir) throws Exception {
        Studio studio = studio(door(dir));
        Map<String, Object> doc = studio.document();
        assertThat(doc.get("file")).isEqualTo(dir.resolve("door.json").toString());
        assertThat(doc.get("text")).isEqualTo(DOOR);
        assertThat(doc).containsEntry("revision", 1L).containsEntry("dirty", false).containsEntry("diskChanged", false)
                .containsEntry("canUndo", false).containsEntry("canRedo", false).containsEntry("saved", null);
        assertThat(problems(doc)).noneMatch(p -> p.get("severity").equals("error"));
        assertThat((String) doc.get("svg")).startsWith("<").contains("<svg").contains("closed", "opened");
    }

    @Test
    void aStaleRevisionIsRefusedAndChangesNothing(@TempDir Path dir) throws Exception {
        Studio studio = studio(door(dir));
        assertThatThrownBy(() -> studio.edit(7, slam())).isInstanceOfSatisfying(StudioException.class, e -> {
            assertThat(e.status()).isEqualTo(409);
            assertThat(e.body()).containsEntry("revision", 1L);
            assertThat((String) e.body().get("error")).contains("revision 1, the page had 7");
        });
        assertThatThrownBy(() -> studio.save(0, false)).isInstanceOfSatisfying(StudioException.class,
                e -> assertThat(e.status()).isEqualTo(409));
        assertThat(studio.document()).containsEntry("revision", 1L).containsEntry("text", DOOR);
        assertThatThrownBy(studio::undo).isInstanceOfSatisfying(StudioException.class,
                e -> assertThat(e.body()).containsEntry("error", "nothing to undo"));
        assertThatThrownBy(studio::redo).isInstanceOfSatisfying(StudioException.class,
                e -> assertThat(e.body()).containsEntry("error", "nothing to redo"));
    }

    @Test
    void anEditIsCheckedAndDrawnAndLeavesTheFileAlone(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        Studio studio = studio(file);
        Map<String, Object> doc = studio.edit(1, slam());
        assertThat(doc).containsEntry("revision", 2L).containsEntry("dirty", true).containsEntry("canUndo", true);
        assertThat((String) doc.get("text")).contains("\"slam\"");
        assertThat(problems(doc)).noneMatch(p -> p.get("severity").equals("error"));
        assertThat((String) doc.get("svg")).contains("slam");
        assertThat(Files.readString(file)).isEqualTo(DOOR);

        doc = studio.edit(2, kickToNowhere());
        Map<String, Object> error = problems(doc).stream().filter(p -> p.get("severity").equals("error")).findFirst()
                .orElseThrow(() -> new AssertionError("no error for a target that does not exist"));
        assertThat((String) error.get("message")).contains("nowhere");
        assertThat(error.get("state")).isEqualTo("closed");
        assertThat((String) error.get("where")).matches("door\\.json:\\d+:\\d+");
        assertThat(doc.get("svg")).isNull(); // a chart that does not load is not drawn

        assertThatThrownBy(() -> studio.edit(3, new ChartEdit.AddState("", "closed")))
                .isInstanceOfSatisfying(StudioException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThat(studio.document()).containsEntry("revision", 3L);
    }

    @Test
    void undoAndRedoReachAcrossASave(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        Studio studio = studio(file);
        String added = (String) studio.edit(1, slam()).get("text");
        Map<String, Object> saved = studio.save(2, false);
        assertThat(saved).containsEntry("saved", true);
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) saved.get("document");
        assertThat(doc).containsEntry("dirty", false);
        assertThat(doc.get("saved")).asString().contains("seq=1", "forced=false");
        assertThat(Files.readString(file)).isEqualTo(added);

        doc = studio.undo();
        assertThat(doc).containsEntry("text", DOOR).containsEntry("dirty", true).containsEntry("canRedo", true)
                .containsEntry("revision", 3L);
        doc = studio.redo();
        assertThat(doc).containsEntry("text", added).containsEntry("dirty", false).containsEntry("revision", 4L);
        studio.undo();
        studio.save(5, false);
        assertThat(Files.readString(file)).isEqualTo(DOOR);
        assertThat(studio.redo()).containsEntry("text", added).containsEntry("dirty", true);
    }

    @Test
    void aChartWithErrorsIsWrittenOnlyWhenForcedAndAtomically(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        Studio studio = studio(file);
        String broken = (String) studio.edit(1, kickToNowhere()).get("text");
        assertThatThrownBy(() -> studio.save(2, false)).isInstanceOfSatisfying(StudioException.class, e -> {
            assertThat(e.status()).isEqualTo(409);
            assertThat(e.body()).containsEntry("errors", true);
            assertThat(e.body().get("problems")).asString().contains("nowhere");
        });
        assertThat(Files.readString(file)).isEqualTo(DOOR);

        Map<String, Object> saved = studio.save(2, true);
        assertThat(saved.get("document")).asString().contains("forced=true");
        assertThat(Files.readString(file)).isEqualTo(broken);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).containsExactly(file); // the temporary file was moved over it
        }
    }

    @Test
    void aFileChangedOnDiskIsReportedNeverOverwrittenAndReloadTakesIt(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        Studio studio = studio(file);
        String mine = (String) studio.edit(1, slam()).get("text");
        String theirs = DOOR.replace("\"close\"", "\"slam\"");
        Files.writeString(file, theirs);
        assertThat(studio.document()).containsEntry("diskChanged", true);
        assertThatThrownBy(() -> studio.save(2, true)).isInstanceOfSatisfying(StudioException.class, e -> {
            assertThat(e.status()).isEqualTo(409);
            assertThat(e.body()).containsEntry("diskChanged", true);
        });
        assertThat(Files.readString(file)).isEqualTo(theirs);

        Map<String, Object> doc = studio.reload();
        assertThat(doc).containsEntry("text", theirs).containsEntry("diskChanged", false).containsEntry("dirty", false)
                .containsEntry("revision", 3L);
        assertThat(studio.undo()).containsEntry("text", mine).containsEntry("dirty", true);
    }

    @Test
    void aMissingFileStartsANewChartNamedAfterItAndTheFirstSaveMakesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tavern.json");
        Studio studio = studio(file);
        Map<String, Object> doc = studio.document();
        assertThat(doc).containsEntry("text", "").containsEntry("dirty", false).containsEntry("diskChanged", false);
        doc = studio.edit(1, new ChartEdit.AddState("", "idle"));
        assertThat((String) doc.get("text")).contains("\"tavern\"", "\"idle\"");
        assertThat(problems(doc)).noneMatch(p -> p.get("severity").equals("error"));
        studio.save(2, false);
        assertThat(loader().load(file).name()).isEqualTo("tavern");
    }

    @Test
    void theComponentsAreTheLibrariesMetadata(@TempDir Path dir) throws Exception {
        List<Map<String, Object>> components = studio(door(dir)).components();
        Map<String, Object> compare = components.stream().filter(c -> c.get("name").equals("Compare")).findFirst().orElseThrow();
        assertThat(compare).containsEntry("library", "arbor").containsEntry("kind", "condition");
        assertThat(compare.get("properties")).asString().contains("name=var", "jsonType=string", "required=true");
        assertThat(components).extracting(c -> c.get("kind")).contains("action", "condition");
    }
}
