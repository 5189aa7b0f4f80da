package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;

/**
 * The coverage overlay in a real browser: the states the machines of the drawn chart have been in
 * and the transitions they took are marked, those not yet covered are plain, and what the chart's
 * analysis found dead is greyed with its reason on hover; the line counts them; the overlay hides
 * and shows; a hot reload starts the new chart's coverage and analysis; a handler chart says why
 * nothing is greyed. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CoverageBrowserTest {
    private static final ChartLoader<Object> LOADER = ChartLoader.of(ComponentRegistry.create());

    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;
    private Browser browser;

    @BeforeEach
    void setUp() throws Exception {
        page = PageFixture.start(PageFixture.options(), 10);
        browser = page.browser;
    }

    /** Sends an event from the page, as a tester does. */
    private void send(String event) {
        WebElement input = browser.find("#event-input");
        input.clear();
        input.sendKeys(event);
        browser.find("#send").click();
    }

    private void awaitLine(String line) {
        try {
            browser.waitUpTo(5).until(d -> browser.find("#coverage-line").getText().equals(line));
        } catch (RuntimeException e) {
            assertThat(browser.find("#coverage-line").getText()).as("the coverage line").isEqualTo(line);
        }
    }

    /** The names of the drawn states carrying a class, read in one script. */
    @SuppressWarnings("unchecked")
    private List<String> states(String cls) {
        return (List<String>) browser.js("return [...document.querySelectorAll('#chart g.state." + cls + "')]"
                + ".map(g => g.dataset.state).sort()");
    }

    /** The labels of the drawn transitions carrying a class, read in one script. */
    @SuppressWarnings("unchecked")
    private List<String> transitions(String cls) {
        return (List<String>) browser.js("const c = state.charts.get(state.drawnChart);"
                + " return [...new Set([...document.querySelectorAll('#chart g.transition." + cls + "')]"
                + ".map(g => c.transitions[Number(g.dataset.transition)].label))].sort()");
    }

    /** A state's tooltip: its {@code <title>} of that class. */
    private String title(String state, String cls) {
        return (String) browser.js("const t = document.querySelector('#chart g.state[data-state=\"" + state
                + "\"] > title." + cls + "'); return t ? t.textContent : null");
    }

    @Test
    void coveredStatesAreMarkedTheDeadStateIsGreyedWithItsReasonAndTheLineCountsThem() throws Exception {
        Chart<Object> chart = Watchman.chart();
        Machine<Object> m = page.loop.add(chart.newMachine(null), "watchman");
        page.open("live");
        browser.waitUpTo(5).until(d -> browser.find("#sel-name").getText().equals("watchman")
                && !browser.all("#chart g.state").isEmpty());
        awaitLine("states 2/6 · transitions 0/9 · 3 dead"); // the analysis ran in the background meanwhile
        assertThat(states("covered")).containsExactly("patrol", "walk");

        send("look");
        send("alarm");
        send("hit");
        awaitLine("states 4/6 · transitions 3/9 · 3 dead");
        assertThat(page.loop.call(() -> m.activeLeaves())).containsExactly("fight");
        assertThat(states("covered")).containsExactly("fight", "patrol", "walk", "watch");
        assertThat(states("dead")).containsExactly("ghost");
        assertThat(title("ghost", "dead")).isEqualTo("state 'ghost' is never active: no transition into it is ever "
                + "taken (fight \"hit\" -> ghost)");
        assertThat(title("rest", "dead")).as("rest is not dead: merely not covered yet").isNull();
        assertThat(browser.all("#chart g.state[data-state='rest'].covered")).isEmpty();
        assertThat(browser.all("#chart g.state.covered > g.badge")).hasSize(4);
        assertThat(transitions("covered")).containsExactly("patrol \"alarm\" -> fight", "walk \"look\" -> watch");
        assertThat(transitions("dead")).containsExactly("fight \"hit\" -> ghost", "ghost \"wake\" -> patrol");
        assertThat(browser.find("#coverage-legend").isDisplayed()).isTrue();
        assertThat(browser.find("#coverage-line").getDomAttribute("title"))
                .contains("not yet in: rest, ghost").contains("not yet taken: watch \"look\" -> walk;");
        // the grey is what the page draws, not only a class: the dead state's box is filled grey
        assertThat(browser.js("return getComputedStyle(document.querySelector('#chart g.state[data-state=ghost] > rect')).fill"))
                .isEqualTo("rgb(227, 230, 234)");
        browser.screenshot("coverage");

        // Hidden: nothing marked, no line; shown again: all of it back.
        browser.find("#coverage-toggle").click();
        assertThat(states("covered")).isEmpty();
        assertThat(states("dead")).isEmpty();
        assertThat(browser.find("#coverage-line").isDisplayed()).isFalse();
        assertThat(browser.find("#chart").getDomAttribute("class")).doesNotContain("coverage");
        browser.screenshot("coverage-off");
        browser.find("#coverage-toggle").click();
        assertThat(states("dead")).containsExactly("ghost");
        assertThat(browser.find("#coverage-line").getText()).isEqualTo("states 4/6 · transitions 3/9 · 3 dead");
    }

    @Test
    void aChartWithStateHandlersIsNotGreyedAndThePageSaysWhy() throws Exception {
        page.loop.add(Watchman.handled().newMachine(null), "handled");
        page.open("live");
        browser.waitUpTo(5).until(d -> browser.find("#coverage-note").getText().contains("state handler"));
        assertThat(browser.find("#coverage-line").getText()).isEqualTo("states 1/1 · transitions 0/0");
        assertThat(states("dead")).isEmpty();
        assertThat(browser.find("#coverage-legend").isDisplayed()).as("no legend of greyed states").isFalse();
        browser.screenshot("coverage-handler-chart");
    }

    private static final String WATCHMAN = """
            {"chart": "watchman", "initial": "patrol", "states": {
              "patrol": {"initial": "walk", "transitions": [{"event": "alarm", "target": "fight"}], "states": {
                "walk": {"transitions": [{"event": "look", "target": "watch"}]},
                "watch": {"transitions": [{"event": "look", "target": "walk"}]}}},
              "fight": {"transitions": [%s{"event": "hit", "target": "ghost"}, {"event": "calm", "target": "patrol"}]},
              "ghost": {"transitions": [{"event": "wake", "target": "patrol"}]}}}""";

    @Test
    void aHotReloadStartsTheNewChartsCoverageAndItsAnalysisRunsAgain() throws Exception {
        Path file = dir.resolve("watchman.json");
        Files.writeString(file, WATCHMAN.formatted("{\"event\": \"hit\"}, ")); // the targetless hit shadows ghost's
        Machine<Object> m = page.watch(file, LOADER, new Object(), "watchman.json");
        page.open("live");
        browser.waitUpTo(5).until(d -> !browser.all("#chart g.state").isEmpty());
        awaitLine("states 2/5 · transitions 0/7 · 3 dead");
        page.loop.run(() -> {
            m.fire("look");
            m.fire("alarm");
        });
        awaitLine("states 4/5 · transitions 2/7 · 3 dead");
        assertThat(states("dead")).containsExactly("ghost");
        Object before = browser.js("return state.drawnChart");

        // The fix: the targetless hit is gone, ghost can be reached.
        Path tmp = dir.resolve("watchman.json.tmp");
        Files.writeString(tmp, WATCHMAN.formatted(""), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        browser.waitUpTo(5).until(d -> !browser.js("return state.drawnChart").equals(before));
        awaitLine("states 1/5 · transitions 0/6 · 0 dead"); // fight, where the machine is; nothing taken on this chart yet
        assertThat(states("covered")).containsExactly("fight");
        assertThat(states("dead")).isEmpty();
        browser.screenshot("coverage-reloaded");

        page.loop.run(() -> m.fire("hit"));
        awaitLine("states 2/5 · transitions 1/6 · 0 dead");
        assertThat(states("covered")).containsExactly("fight", "ghost");
        assertThat(transitions("covered")).containsExactly("fight \"hit\" -> ghost");
    }
}
