package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * An edit in the studio that leaves the chart with errors: the problems are listed with their
 * place and outlined on the drawing; Save asks first and writes nothing when refused; saved
 * anyway, the file does not load, the game keeps the chart it had and the page says so; a fix
 * saved moves the machine and clears it. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StudioErrorsBrowserTest {
    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;

    @Test
    void anEditWithErrorsIsShownNotWrittenUnlessAskedAndThenTheGameKeepsItsChart() throws Exception {
        Path file = dir.resolve("shopkeeper.json");
        Files.copy(Path.of("..", "docs", "examples", "shopkeeper.json"), file);
        String original = Files.readString(file);
        page = PageFixture.studio(file);
        Machine<Object> machine = page.watch(file, PageFixture.BUILT_IN, new Object(), "shopkeeper");
        page.open("live");
        Browser b = page.browser;
        StudioPage studio = new StudioPage(b).awaitStudio();
        Chart<?> running = page.loop.call(machine::chart);

        // Two states inside idle, neither its initial: idle must name one, and nothing leads to the second.
        studio.select("idle");
        studio.panelButton("add-inside");
        studio.editing(() -> studio.answer("counting"));
        assertThat(studio.problems()).isEmpty();
        studio.select("idle");
        studio.addState("dozing");
        b.waitUpTo(3).until(d -> !studio.problems().isEmpty());
        assertThat(studio.problems()).anyMatch(p -> p.matches("shopkeeper\\.json:\\d+:\\d+ error \\(state idle\\) .*initial.*"));
        assertThat(studio.outlinedErrors()).contains("idle");
        assertThat(b.find("#chart").getAttribute("class")).contains("stale"); // the last drawing that loaded
        assertThat(b.find("#studio-count").getText()).matches("\\d+ errors?.*");
        b.screenshot("studio-errors-shown");

        // Save asks first; refused, nothing is written.
        b.find("#studio-save").click();
        List<String> asked = studio.dialog();
        assertThat(asked.get(0)).contains("Save anyway?").contains("the game keeps running the chart it has");
        assertThat(asked.subList(1, asked.size())).anyMatch(p -> p.contains("initial"));
        b.screenshot("studio-errors-save-anyway");
        b.find("#studio-dialog-cancel").click();
        studio.assertNoDialog();
        Thread.sleep(300);
        assertThat(Files.readString(file)).isEqualTo(original);
        assertThat(studio.dirty()).isTrue();

        // Asked for (Ctrl+S, then "Save anyway"), it is written; it does not load, and the game keeps its chart.
        b.find("body").sendKeys(Keys.chord(Keys.CONTROL, "s"));
        studio.dialog();
        studio.saving(() -> b.find("#studio-dialog-ok").click());
        assertThat(Files.readString(file)).isEqualTo(studio.text()).contains("dozing");
        b.waitUpTo(3).until(d -> b.find("#load-failure").isDisplayed());
        assertThat(b.find("#load-failure").getText()).contains("shopkeeper.json as saved does not load")
                .contains("the game keeps running the chart it had");
        assertThat(b.find("#studio-saved").getText()).contains("with errors");
        assertThat(page.loop.call(machine::chart)).isSameAs(running);
        page.loop.run(() -> machine.fire("dawn"));
        b.waitUpTo(3).until(d -> b.find("#list .row .leaf").getText().startsWith("shop/open"));
        studio.zoomAt("idle", 6);
        b.screenshot("studio-errors-saved-anyway");

        // The fix: the problem clicked selects its state; counting made idle's initial, then dozing, which
        // nothing leads to, deleted: the chart loads; saved, the machine moves.
        b.find("#studio-problems li[data-state='idle']").click();
        b.waitUpTo(3).until(d -> "idle".equals(b.js("return studio.selected")));
        studio.select("counting");
        studio.editing(() -> studio.panelButton("make-initial"));
        b.waitUpTo(3).until(d -> !b.all("#studio-problems li[data-state='dozing']").isEmpty());
        b.find("#studio-problems li[data-state='dozing']").click();
        b.waitUpTo(3).until(d -> "dozing".equals(b.js("return studio.selected")));
        studio.panelButton("delete");
        studio.dialog();
        studio.editing(() -> b.find("#studio-dialog-ok").click());
        assertThat(studio.problems()).isEmpty();
        assertThat(b.find("#chart").getAttribute("class")).doesNotContain("stale");
        studio.save();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (page.loop.call(machine::chart) == running) {
            assertThat(System.nanoTime()).as("the machine moved within 5 s").isLessThan(end);
            Thread.sleep(20);
        }
        b.waitUpTo(3).until(d -> !b.find("#load-failure").isDisplayed());
        assertThat(studio.outlinedErrors()).isEmpty();
        b.screenshot("studio-errors-fixed");
    }
}
