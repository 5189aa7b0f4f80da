package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.examples.GuardComponents;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * An NPC runs on a copy of the guard demo's chart while the designer edits that file in the
 * studio: a state inserted and wired, then renamed, then deleted, each saved from the page. Before
 * and after each save the page's active states (on the edited drawing, matched by name), machine
 * list, history and trace are the machine's own, and the migration report is shown on the
 * drawing. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StudioLiveBrowserTest {
    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;
    private Machine<?> machine;
    private final ReloadTruthTest.Oracle oracle = new ReloadTruthTest.Oracle(true);


    /** The guard demo's chart (from the examples' sources: a resource of another module is not ours to read), copied where the test may write it. */
    static Path guardChart(Path dir) throws Exception {
        Path file = dir.resolve("guard.json");
        Files.copy(Path.of("..", "arbor-examples", "src", "main", "resources", "dev", "arbor", "examples", "charts", "guard.json"), file);
        return file;
    }

    /** The studio on the guard chart with one guard running on it, its game ticking every {@code tickMillis}. */
    private <C> void serve(Path file, ComponentLibrary<C> library, long tickMillis) throws Exception {
        ChartLoader<C> loader = ChartLoader.of(library.components());
        page = PageFixture.start(PageFixture.options().withStudio(file, loader, Map.of(library.name(), library.components())), tickMillis);
        machine = page.watch(file, loader, library.newOwner(line -> { }), "guard", oracle);
        page.open("live");
    }

    /** What the machine holds, read on the game thread: active state names, the list's row, history by name. */
    private record Truth(List<String> active, String leaf, Map<String, List<String>> history) {}

    private Truth truth() {
        return page.loop.call(() -> {
            Chart<?> c = machine.chart();
            List<String> active = new ArrayList<>();
            for (Object k : machine.activeStates()) {
                int id = c.stateId(k);
                if (id > 0) {
                    active.add(c.stateName(id));
                }
            }
            active.sort(null);
            List<String> leaves = new ArrayList<>();
            for (Object k : machine.activeLeaves()) {
                leaves.add(c.statePath(c.stateId(k)));
            }
            Map<String, List<String>> history = new TreeMap<>();
            oracle.history(machine).forEach((h, rec) -> history.put(last(h), rec.stream().map(StudioLiveBrowserTest::last).toList()));
            return new Truth(active, String.join(" | ", leaves), history);
        });
    }

    private static String last(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** What the page shows: the states filled on the studio's drawing (by name), the list's row, the history notes. */
    @SuppressWarnings("unchecked")
    private Truth shown() {
        Map<String, Object> m = (Map<String, Object>) page.browser.js("""
                const active = [...document.querySelectorAll('#chart g.state.on')]
                    .filter(g => g.id !== 's0').map(g => g.dataset.state).sort();
                const history = {};
                for (const t of document.querySelectorAll('#chart text.recorded')) {
                  const names = t.textContent.replace('→ ', '');
                  if (names !== '(nothing)') history[t.parentNode.dataset.state] = names.split(', ');
                }
                const row = document.querySelector('#list .row .leaf');
                return {active, leaf: row ? row.textContent : '', history};
                """);
        return new Truth((List<String>) m.get("active"), (String) m.get("leaf"),
                new TreeMap<>((Map<String, List<String>>) m.get("history")));
    }

    /** The page comes to show what the machine holds (read again while the guard moves on), on the studio's drawing. */
    private void awaitTruth(String when) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        Truth want;
        Truth got;
        do {
            want = truth();
            got = shown();
            if (want.equals(got)) {
                break;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < end);
        assertThat(got).as("the page " + when).isEqualTo(want);
        assertThat(page.browser.js("return String(state.drawnChart)")).as("the drawing is the studio's document").asString()
                .startsWith("document");
        assertThat(page.browser.find("#travel-label").getText()).isEqualTo("live");
    }

    /** The trace's entries and exits on the page are the machine's own, in order (read again while the guard moves on). */
    private void assertTraceIsTheMachines(String when) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        List<String> rows;
        List<String> machineTrace;
        do {
            machineTrace = page.loop.call(() -> oracle.trace.stream().map(r -> r.endsWith(" ") ? r + "(root)" : r).toList());
            rows = new ArrayList<>();
            for (String r : page.browser.traceRows()) {
                if (r.startsWith("enter ") || r.startsWith("exit ")) {
                    rows.add(r.substring(0, r.lastIndexOf(" (")));
                }
            }
            if (!rows.isEmpty() && machineTrace.size() >= rows.size()
                    && machineTrace.subList(machineTrace.size() - rows.size(), machineTrace.size()).equals(rows)) {
                return;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < end);
        assertThat(rows).as("the trace " + when).isNotEmpty();
        assertThat(machineTrace).as("the trace " + when).endsWith(rows.toArray(String[]::new));
    }

    /** Saves from the page and waits until the machine runs the saved chart. */
    private void saveAndMove(StudioPage studio) throws InterruptedException {
        Chart<?> before = page.loop.call(() -> machine.chart());
        studio.save();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (page.loop.call(() -> machine.chart()) == before) {
            assertThat(System.nanoTime()).as("the machine moved onto the saved chart within 5 s").isLessThan(end);
            Thread.sleep(20);
        }
        page.browser.waitUpTo(3).until(d -> page.browser.find("#report").isDisplayed()
                && !page.browser.all("#studio-report").isEmpty());
    }

    /** Sends an event from the page (typed, then Enter: the list of the chart's events may cover the Send button). */
    private void send(String event) {
        page.browser.find("#event-input").sendKeys(Keys.chord(Keys.CONTROL, "a"), event, Keys.ENTER);
        page.browser.waitUpTo(3).until(d -> page.browser.find("#message").getText().equals("sent " + event));
    }

    @Test
    void insertWireRenameDeleteFromThePage_thePageShowsWhatTheGuardHolds() throws Exception {
        serve(guardChart(dir), new GuardComponents(), 150);
        Browser b = page.browser;
        StudioPage studio = new StudioPage(b).awaitStudio();
        awaitTruth("before any edit");

        // Insert a post inside ON_DUTY, wired both ways with PATROL; save.
        studio.select("ON_DUTY");
        studio.panelButton("add-inside");
        studio.editing(() -> studio.answer("POST"));
        studio.pickTransition("RELIEVED", "PATROL");
        studio.select("PATROL");
        studio.pickTransition("TO_POST", "POST");
        awaitTruth("after editing, before saving (the drawing is the edited one)");
        saveAndMove(studio);
        awaitTruth("after the insert was saved");
        assertThat(b.find("#studio-report").getText()).contains("kept:");
        assertTraceIsTheMachines("after the insert");
        studio.zoomAt("POST", 5);
        b.screenshot("studio-live-inserted");

        send("TO_POST");
        b.waitUpTo(3).until(d -> shown().active().contains("POST"));
        awaitTruth("in the inserted state");

        // Rename the state the guard is in; save.
        studio.select("POST");
        studio.type("name", "GATE_POST");
        assertThat(b.js("return studio.selected")).isEqualTo("GATE_POST");
        saveAndMove(studio);
        awaitTruth("after renaming the active state");
        assertTraceIsTheMachines("after the rename");
        b.screenshot("studio-live-renamed");

        // Delete it, after a confirmation that lists the transition going with it; save.
        send("TO_POST");
        b.waitUpTo(3).until(d -> shown().active().contains("GATE_POST"));
        studio.select("GATE_POST");
        studio.panelButton("delete");
        List<String> asked = studio.dialog();
        assertThat(asked.get(0)).startsWith("Delete GATE_POST?");
        assertThat(asked.subList(1, asked.size())).containsExactly("PATROL: TO_POST → GATE_POST");
        b.screenshot("studio-live-delete-confirm");
        studio.editing(() -> b.find("#studio-dialog-ok").click());
        assertThat(b.all(StudioPage.stateCss("GATE_POST"))).isEmpty();
        saveAndMove(studio);
        awaitTruth("after deleting the active state");
        assertTraceIsTheMachines("after the delete");
        b.screenshot("studio-live-deleted");
    }
}
