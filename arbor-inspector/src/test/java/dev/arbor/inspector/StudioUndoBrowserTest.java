package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.examples.GuardComponents;
import dev.arbor.io.ChartLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * The studio on a copy of the guard chart: the states an edit did not touch stay where they were
 * drawn; undo and redo reach across saves (and a save after undoing gives back the file as it
 * was, byte for byte); a file changed on disk while the page edits it is offered for reload and
 * never overwritten. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StudioUndoBrowserTest {
    /** How far, in the drawing's units (pixels at 1:1), a state the edit did not touch may move. */
    private static final double STAYS_WITHIN = 4;

    @TempDir
    Path dir;
    private Path file;
    private String original;
    @AutoClose
    private PageFixture page;
    private StudioPage studio;

    @BeforeEach
    void setUp() throws Exception {
        file = StudioLiveBrowserTest.guardChart(dir);
        original = Files.readString(file);
        GuardComponents guard = new GuardComponents();
        page = PageFixture.start(PageFixture.options().withStudio(file, ChartLoader.of(guard.components()),
                Map.of(guard.name(), guard.components())), 10);
        page.open("live");
        studio = new StudioPage(page.browser).awaitStudio();
        page.browser.waitUpTo(5).until(d -> !page.browser.all(StudioPage.stateCss("FIGHT")).isEmpty());
    }


    /** A state REST inside ON_DUTY, entered from FIGHT by TIRED: two edits, after which the chart loads again. */
    private void addRest() {
        studio.select("ON_DUTY");
        studio.panelButton("add-inside");
        studio.editing(() -> studio.answer("REST"));
        studio.select("FIGHT");
        studio.pickTransition("TIRED", "REST");
        page.browser.waitUpTo(3).until(d -> !page.browser.all(StudioPage.stateCss("REST")).isEmpty());
    }

    @Test
    void addingAStateMovesNoOtherState() throws Exception {
        Map<String, List<Double>> before = studio.positions();
        assertThat(before).containsKeys("ON_DUTY", "PATROL", "FIGHT", "EVADE", "OFF_DUTY", "SHOPPING_DONE");
        addRest();
        Map<String, List<Double>> after = studio.positions();
        assertThat(after).containsKey("REST");
        before.forEach((name, at) -> {
            List<Double> now = after.get(name);
            assertThat(now).as(name + " is still drawn").isNotNull();
            assertThat(Math.hypot(now.get(0) - at.get(0), now.get(1) - at.get(1)))
                    .as(name + " moved from " + at + " to " + now).isLessThanOrEqualTo(STAYS_WITHIN);
        });
        page.browser.screenshot("studio-layout-added");
    }

    @Test
    void undoAndRedoReachAcrossSaves() throws Exception {
        Browser b = page.browser;
        addRest();
        String edited = studio.text();
        studio.save();
        assertThat(Files.readString(file)).isEqualTo(edited);
        assertThat(studio.dirty()).isFalse();

        // Undo past the save: the document is the file as it was, and not saved.
        studio.editing(() -> b.find("#studio-undo").click());
        b.find("body").click();
        studio.editing(() -> b.find("body").sendKeys(Keys.chord(Keys.CONTROL, "z")));
        assertThat(studio.text()).isEqualTo(original);
        assertThat(studio.dirty()).isTrue();
        assertThat(b.all(StudioPage.stateCss("REST"))).isEmpty();
        assertThat(Files.readString(file)).isEqualTo(edited);

        // Redo back to what was saved: clean again.
        studio.editing(() -> b.find("body").sendKeys(Keys.chord(Keys.CONTROL, Keys.SHIFT, "z")));
        studio.editing(() -> b.find("#studio-redo").click());
        assertThat(studio.text()).isEqualTo(edited);
        assertThat(studio.dirty()).isFalse();
        assertThat(b.find("#studio-redo").isEnabled()).isFalse();

        // Undone and saved, the file is the original byte for byte.
        studio.editing(() -> b.find("#studio-undo").click());
        studio.editing(() -> b.find("#studio-undo").click());
        studio.save();
        assertThat(Files.readString(file)).isEqualTo(original);
        b.screenshot("studio-undo-saved");
    }

    @Test
    void aFileChangedOnDiskIsOfferedForReloadNeverOverwritten() throws Exception {
        Browser b = page.browser;
        String theirs = original.replace("\"leans on the wall\"", "\"leans on the gate\"");
        assertThat(theirs).isNotEqualTo(original);
        Files.writeString(file, theirs);
        b.waitUpTo(5).until(d -> b.find("#studio-disk").isDisplayed());
        assertThat(b.find("#studio-disk").getText()).contains("guard.json was changed on disk").contains("Reload from disk");

        // An edit in the page, then Save: refused, the disk's text stays.
        studio.select("ON_DUTY");
        studio.panelButton("add-inside");
        studio.editing(() -> studio.answer("REST"));
        String mine = studio.text();
        b.find("#studio-save").click();
        b.waitUpTo(3).until(d -> b.find("#message").isDisplayed());
        assertThat(b.find("#message").getText()).startsWith("not saved");
        assertThat(Files.readString(file)).isEqualTo(theirs);
        assertThat(b.find("#studio-disk").isDisplayed()).isTrue();
        b.screenshot("studio-disk-changed");

        // Reload from disk: the disk's version, and Undo brings the page's back.
        studio.editing(() -> b.find("#studio-reload").click());
        assertThat(studio.text()).isEqualTo(theirs);
        b.waitUpTo(3).until(d -> !b.find("#studio-disk").isDisplayed());
        studio.editing(() -> b.find("#studio-undo").click());
        assertThat(studio.text()).isEqualTo(mine);
        assertThat(Files.readString(file)).isEqualTo(theirs);
    }
}
