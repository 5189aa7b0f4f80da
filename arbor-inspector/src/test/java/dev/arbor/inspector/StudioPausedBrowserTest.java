package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.Select;

/**
 * While the game runs in the studio: a value in the Variables box is set from the page when the
 * game is paused (never while it runs), a value the variable refuses is refused in its own words,
 * and the machine holds what was set when the game goes on. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StudioPausedBrowserTest {
    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;

    private String boxValue(String name) {
        return (String) page.browser.js("const tr = document.querySelector(\"#variables tbody tr[data-name='\" + arguments[0] + \"']\");"
                + " return tr ? tr.cells[2].textContent : null", name);
    }

    private void clickValue(String name) {
        page.browser.click("#variables tbody tr[data-name='" + name + "'] td.value");
    }

    @Test
    void theVariablesAreSetFromThePageWhileTheGameIsPaused() throws Exception {
        Path file = dir.resolve("shopkeeper.json");
        Files.copy(Path.of("..", "docs", "examples", "shopkeeper.json"), file);
        page = PageFixture.studio(file);
        Machine<Object> machine = page.watch(file, PageFixture.BUILT_IN, new Object(), "shopkeeper");
        page.open("live");
        Browser b = page.browser;
        StudioPage studio = new StudioPage(b).awaitStudio();
        b.waitUpTo(5).until(d -> "20".equals(boxValue("gold")));

        // Running: a value is only shown.
        clickValue("gold");
        assertThat(b.all("#variables td.value input")).isEmpty();

        // Paused: clicked, it is a field; a value out of range is refused in the variable's own words.
        b.find("#pause").click();
        b.waitUpTo(3).until(d -> b.find("#variables-box").getAttribute("class").contains("editable"));
        clickValue("gold");
        b.find("#variables td.value input").sendKeys(Keys.chord(Keys.CONTROL, "a"), "1200", Keys.ENTER);
        b.waitUpTo(3).until(d -> b.find("#message").isDisplayed() && b.find("#message").getText().contains("1200"));
        assertThat(b.find("#message").getAttribute("class")).isEqualTo("message");
        assertThat(boxValue("gold")).isEqualTo("20");

        clickValue("gold");
        b.find("#variables td.value input").sendKeys(Keys.chord(Keys.CONTROL, "a"), "40", Keys.ENTER);
        b.waitUpTo(3).until(d -> "40".equals(boxValue("gold")));
        clickValue("mood");
        new Select(b.find("#variables td.value select")).selectByValue("grumpy");
        b.waitUpTo(3).until(d -> "grumpy".equals(boxValue("mood")));
        studio.zoomAt("closed", 6);
        b.screenshot("studio-variables-paused");

        b.find("#resume").click();
        assertThat(page.loop.call(() -> machine.variables().getInt("gold"))).isEqualTo(40);
        assertThat(page.loop.call(() -> String.valueOf(machine.variables().get("mood")))).isEqualTo("grumpy");
        b.waitUpTo(3).until(d -> !b.find("#variables-box").getAttribute("class").contains("editable"));
    }
}
