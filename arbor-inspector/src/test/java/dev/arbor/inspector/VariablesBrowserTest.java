package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.support.ui.Select;

/**
 * The Variables box in a real browser: it lists the selected machine's designer variables as the
 * machine holds them, follows a change within a second, shows during time travel the values after
 * the step shown (those that differ from live marked), and survives a hot reload that keeps some
 * values and resets others, a reload of the page and a replay of the recording. The trace has a
 * row for every change and a filter for them. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VariablesBrowserTest {
    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;
    private Inspector inspector;
    private GameLoop loop;
    private Browser browser;
    private Machine<Object> machine;
    private VariablesTruthTest.Oracle oracle;

    @BeforeEach
    void setUp() throws Exception {
        page = PageFixture.start(PageFixture.options(), 10);
        inspector = page.inspector;
        loop = page.loop;
        browser = page.browser;
    }


    private void open(String status) {
        browser.driver.get(inspector.url().toString());
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals(status));
    }

    /** The machine's own values, by name, read on the game thread. */
    private Map<String, String> truth() {
        return loop.call(() -> VariablesTruthTest.values(machine));
    }

    /** The Variables box, name to value, as the page shows it now. */
    @SuppressWarnings("unchecked")
    private Map<String, String> box() {
        List<List<String>> rows = (List<List<String>>) browser.js(
                "return [...document.querySelectorAll('#variables tbody tr')].map(tr => [tr.cells[0].textContent, tr.cells[2].textContent])");
        Map<String, String> out = new TreeMap<>();
        for (List<String> r : rows) {
            out.put(r.get(0), r.get(1));
        }
        return out;
    }

    /** The rows of the box as the page writes them, in order: {@code name = value}. */
    @SuppressWarnings("unchecked")
    private List<String> boxLines() {
        return (List<String>) browser.js("return [...document.querySelectorAll('#variables tbody tr')]"
                + ".map(tr => tr.cells[0].textContent + ' = ' + tr.cells[2].textContent)");
    }

    /** The names of the rows marked as differing from live, each with its hover text. */
    @SuppressWarnings("unchecked")
    private Map<String, String> marked() {
        List<List<String>> rows = (List<List<String>>) browser.js(
                "return [...document.querySelectorAll('#variables tbody tr.differs')].map(tr => [tr.dataset.name, tr.title])");
        Map<String, String> out = new LinkedHashMap<>();
        for (List<String> r : rows) {
            out.put(r.get(0), r.get(1));
        }
        return out;
    }

    /** Runs {@code change} on the game thread and returns the milliseconds until the box shows the machine's values. */
    private long changeAndWait(Runnable change, String what) {
        loop.run(change);
        long from = System.nanoTime();
        Map<String, String> want = truth();
        try {
            browser.waitUpTo(3).until(d -> box().equals(want));
        } catch (RuntimeException e) {
            assertThat(box()).as("the box after " + what).isEqualTo(want);
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - from);
        assertThat(ms).as("ms until the box shows " + what).isLessThan(1000);
        assertThat(browser.find("#variables-when").getText()).isEqualTo("live");
        return ms;
    }

    /**
     * Steps back until {@code stop} says the box shows what it looks for, checking at every step
     * that the box lists values the machine held after one of its steps, and marks exactly the
     * values that differ from live.
     */
    private List<Map<String, String>> travelBackUntil(java.util.function.Predicate<Map<String, String>> stop) {
        Map<String, String> live = truth();
        List<Map<String, String>> rests = loop.call(() -> List.copyOf(oracle.rests));
        List<Map<String, String>> seen = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            assertThat(browser.find("#step-back").isEnabled()).as("time travel reaches back far enough; saw " + seen).isTrue();
            String label = browser.find("#travel-label").getText();
            browser.find("#step-back").click();
            browser.waitUpTo(2).until(d -> !browser.find("#travel-label").getText().equals(label));
            Map<String, String> shown = box();
            String when = browser.find("#travel-label").getText();
            assertThat(rests).as(when + " lists values the machine held after a step").contains(shown);
            assertThat(browser.find("#variables-when").getText()).isEqualTo("at " + when);
            Map<String, String> differs = new TreeMap<>();
            shown.forEach((name, value) -> {
                if (!value.equals(live.get(name))) {
                    differs.put(name, live.containsKey(name) ? "live: " + live.get(name)
                            : "not declared by the chart the machine runs now");
                }
            });
            assertThat(new TreeMap<>(marked())).as(when + ": the values marked, with the live one on hover").isEqualTo(differs);
            seen.add(shown);
            if (stop.test(shown)) {
                return seen;
            }
        }
        throw new AssertionError("time travel never got there; saw " + seen);
    }

    @Test
    void theBoxShowsTheLiveValuesFollowsChangesShowsThePastAndSurvivesReloads() throws Exception {
        Path recording = dir.resolve("session.jsonl");
        inspector.record(recording);
        machine = VariablesTruthTest.shop(1).newMachine(new Object());
        oracle = new VariablesTruthTest.Oracle(false);
        machine.addListener(oracle);
        loop.add(machine, "shopkeeper");
        open("live");

        // The one machine is shown at once, its variables beside the chart.
        browser.waitUpTo(5).until(d -> box().equals(truth()));
        assertThat(boxLines()).containsExactly("gold = 20", "open = false", "mood = calm", "bell = false", "tips = 0");
        assertThat(browser.find("#variables-box").isDisplayed()).isTrue();
        assertThat(marked()).isEmpty();
        assertThat(browser.find("#variables tbody tr td.name").getAttribute("title")).isEqualTo("an int from 0 to 999");

        // Changes, from code between steps and from the chart's actions, within a second.
        changeAndWait(() -> machine.variables().setInt("gold", 77), "gold set from the game's code");
        changeAndWait(() -> machine.fire("dawn"), "dawn's action (open, gold + 5)");
        changeAndWait(() -> {
            machine.fire("offer"); // haggling: grumpy, gold - 3
            machine.fire("deal"); // gold + 10, back to greeting before a tick runs haggling's update
        }, "offer and deal");
        changeAndWait(() -> {
            machine.variables().set("mood", "calm");
            machine.variables().setBool("bell", true);
        }, "mood and bell set from the game's code");
        assertThat(truth()).containsEntry("gold", "89").containsEntry("open", "true").containsEntry("bell", "true");
        browser.screenshot("variables-live");

        // The trace has a row for each change, with its cause; a filter keeps them alone.
        browser.waitUpTo(2).until(d -> browser.traceRows().contains("variable bell = true (set between steps) (normal)"));
        List<String> rows = browser.traceRows().stream().filter(r -> r.startsWith("variable ")).toList();
        assertThat(rows).containsExactly(
                "variable gold = 77 (set between steps) (normal)",
                "variable open = true (normal)", "variable gold = 82 (normal)",
                "variable mood = grumpy (normal)", "variable gold = 79 (normal)", "variable gold = 89 (normal)",
                "variable mood = calm (set between steps) (normal)", "variable bell = true (set between steps) (normal)");
        new Select(browser.find("#trace-kind")).selectByValue("variable");
        browser.waitUpTo(2).until(d -> browser.traceRows().equals(rows));
        new Select(browser.find("#trace-kind")).selectByValue("");

        // Time travel: the values after each step, those that differ from live marked.
        travelBackUntil(shown -> shown.get("gold").equals("20"));
        assertThat(box()).isEqualTo(Map.of("gold", "20", "open", "false", "mood", "calm", "bell", "false", "tips", "0"));
        assertThat(marked()).containsOnlyKeys("gold", "open", "bell").containsEntry("gold", "live: 89");
        assertThat(browser.find("#variables-box").getAttribute("class")).contains("past");
        browser.screenshot("variables-time-travel");
        browser.find("#step-forward").click();
        browser.waitUpTo(2).until(d -> box().get("gold").equals("77"));
        assertThat(marked()).containsOnlyKeys("gold", "open", "bell");
        browser.find("#live").click();
        browser.waitUpTo(2).until(d -> box().equals(truth()) && marked().isEmpty());
        assertThat(browser.find("#variables-when").getText()).isEqualTo("live");

        // A hot reload: gold 89 does not fit version 2's 0..30 (3), open is an int (2), the bell is
        // gone, stock is new (7, then 9 by welcome's entry), calm and tips are kept by name.
        changeAndWait(() -> inspector.reloaded(machine, machine.moveTo(VariablesTruthTest.shop(2))), "the move onto version 2");
        assertThat(boxLines()).containsExactly("gold = 3", "open = 2", "mood = calm", "tips = 0", "stock = 9");
        browser.screenshot("variables-after-reload");
        changeAndWait(() -> machine.fire("offer"), "offer on version 2 (angry)");

        // Back across the reload: the old version's variables, the bell among them (not declared now).
        Object liveChart = browser.js("return state.machine.chart");
        travelBackUntil(shown -> !browser.js("return state.drawnChart").equals(liveChart));
        assertThat(box()).containsKey("bell").doesNotContainKey("stock");
        assertThat(marked()).containsEntry("bell", "not declared by the chart the machine runs now")
                .containsEntry("gold", "live: 3");
        browser.screenshot("variables-time-travel-across-reload");
        browser.find("#live").click();
        browser.waitUpTo(2).until(d -> box().equals(truth()));

        // A reload of the page shows the same, and follows the next change.
        browser.driver.navigate().refresh();
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals("live"));
        browser.waitUpTo(5).until(d -> box().equals(truth()));
        changeAndWait(() -> machine.variables().setInt("tips", 12), "tips set after the page reloaded");

        // The recording replayed shows the same box, and the same past.
        loop.run(() -> inspector.pause());
        Thread.sleep(300);
        Map<String, String> live = box();
        inspector.stopRecording();
        loop = null;
        inspector = page.replay(recording);
        open("replay");
        browser.waitUpTo(5).until(d -> box().equals(live));
        browser.find("#step-back").click();
        browser.waitUpTo(2).until(d -> box().get("tips").equals("0"));
        assertThat(marked()).containsOnlyKeys("tips").containsEntry("tips", "live: 12");
        browser.screenshot("variables-replayed");
    }

    @Test
    void aMachineWithoutVariablesHasNoBox() throws Exception {
        loop.add(Npc.chart().newMachine(new Npc.Owner()), "npc");
        open("live");
        browser.waitUpTo(5).until(d -> !browser.highlighted().isEmpty());
        assertThat(browser.find("#variables-box").isDisplayed()).isFalse();
    }
}
