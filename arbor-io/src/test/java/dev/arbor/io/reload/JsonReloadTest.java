package dev.arbor.io.reload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.StateAction;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The designer's loop end to end: a JSON chart file is edited while a machine runs in it; the
 * watcher loads the new version, the game loop moves the machine; a broken save is reported with
 * its place in the file and changes nothing; the next good save is taken.
 */
class JsonReloadTest {

    /** {@code {"use": "Say", "text": "…"}}: appends the text to the owner's list. */
    public record Say(String text) implements StateAction<List<String>> {
        @Override
        public void run(List<String> said) {
            said.add(text);
        }
    }

    static final String V1 = """
            {"chart": "door", "initial": "closed", "states": {
              "closed": {"transitions": [{"event": "open", "target": "opened"}]},
              "opened": {"onEntry": {"use": "Say", "text": "opened"},
                         "transitions": [{"event": "close", "target": "closed"}]}
            }}
            """;

    /** The open door now has two leaves, and a state that did not exist before. */
    static final String V2 = """
            {"chart": "door", "initial": "closed", "states": {
              "closed": {"transitions": [{"event": "open", "target": "opened"}]},
              "opened": {"initial": "ajar", "transitions": [{"event": "close", "target": "closed"}],
                         "states": {
                           "ajar": {"onEntry": {"use": "Say", "text": "ajar"},
                                    "transitions": [{"event": "push", "target": "wide"}]},
                           "wide": {"onEntry": {"use": "Say", "text": "wide"}}
                         }}
            }}
            """;

    static void save(Path file, String text) throws IOException {
        Path tmp = Files.writeString(file.resolveSibling(file.getFileName() + ".tmp"), text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void anEditedJsonFileMovesTheRunningMachineAndABrokenSaveChangesNothing(@TempDir Path dir) throws IOException {
        ChartLoader<List<String>> loader = ChartLoader.of(ComponentRegistry.<List<String>>create().action("Say", Say.class));
        List<String> heard = new ArrayList<>();
        ReloadListener<List<String>> listener = new ReloadListener<>() {
            @Override
            public void loaded(Path file, Chart<List<String>> chart) {
                heard.add("loaded");
            }

            @Override
            public void loadFailed(Path file, Exception error) {
                heard.add("failed " + (error instanceof ChartFileException e ? e.problems().get(0).toString() : error.toString()));
            }

            @Override
            public void moved(Path file, Machine<List<String>> machine, MigrationReport report) {
                heard.add("moved, entered " + report.entered());
            }
        };
        Path file = dir.resolve("door.json");
        save(file, V1);
        try (ChartWatcher<List<String>> watcher = ChartWatcher.of(loader, listener)) {
            Machine<List<String>> door = watcher.watch(file).newMachine(new ArrayList<>());
            watcher.register(file, door);
            door.start();
            door.fire("open");
            assertThat(door.owner()).containsExactly("opened");

            save(file, V2);
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(door.activeLeaves()).containsExactly("opened"); // nothing moves off the game thread
            assertThat(watcher.applyPending()).isEqualTo(1);
            assertThat(door.activeLeaves()).containsExactly("ajar");
            assertThat(door.owner()).containsExactly("opened", "ajar");
            door.fire("push");
            assertThat(door.activeLeaves()).containsExactly("wide");

            save(file, V2.replace("\"wide\": {", "\"wide\": {{"));
            watcher.check();
            assertThat(watcher.applyPending()).isZero();
            assertThat(door.chart()).isSameAs(watcher.chart(file));
            assertThat(door.activeLeaves()).containsExactly("wide");

            save(file, V1);
            watcher.check();
            watcher.applyPending();
            assertThat(door.activeLeaves()).containsExactly("opened");
        }
        assertThat(heard).hasSize(5);
        assertThat(heard.get(0)).isEqualTo("loaded");
        assertThat(heard.get(1)).startsWith("moved, entered [").contains("ajar");
        assertThat(heard.get(2)).isEqualTo("failed " + file + ":7:25: a key in double quotes is expected here, not `{`");
        assertThat(heard.subList(3, 5)).containsExactly("loaded", heard.get(4));
        assertThat(heard.get(4)).startsWith("moved");
    }
}
