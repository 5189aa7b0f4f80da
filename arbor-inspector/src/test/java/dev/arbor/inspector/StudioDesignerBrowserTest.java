package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.core.Chart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.support.ui.Select;

/**
 * A designer builds a chart in the studio from an empty file, in the page alone: a variable, three
 * states, the transitions between them (drawn on the drawing, or picked from the list while the
 * target is not drawn yet) and a guard on the variable, chosen from the built-in components with
 * typed inputs; saves; and the file is the chart they built, which the loader {@code arbor
 * validate} uses accepts. Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StudioDesignerBrowserTest {
    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;

    @Test
    void aThreeStateChartWithAVariableAndAGuardBuiltFromAnEmptyFile() throws Exception {
        Path file = dir.resolve("patrol.json");
        Files.writeString(file, "");
        page = PageFixture.studio(file);
        page.open("live");
        Browser b = page.browser;
        StudioPage studio = new StudioPage(b).awaitStudio();
        assertThat(b.find("#studio-file").getText()).endsWith("patrol.json");
        assertThat(b.find("#chart").getText()).contains("no states yet");

        // The chart's variable: an int from 0 to 10 starting at 5.
        b.find("#studio-panel [data-key='var-new-name']").sendKeys("energy");
        new Select(b.find("#studio-panel [data-key='var-new-type']")).selectByValue("int");
        studio.editing(() -> b.find("#studio-panel [data-key='var-add']").click());
        studio.type("var-energy-max", "10");
        studio.type("var-energy-initial", "5");

        // idle, then walk reached from it by "go" (walk is not drawn while nothing leads to it: picked from the list).
        studio.addState("idle");
        b.waitUpTo(3).until(d -> !b.all(StudioPage.stateCss("idle")).isEmpty());
        studio.selectChart();
        studio.addState("walk");
        assertThat(studio.problems()).anyMatch(p -> p.contains("it has 2 top-level states (idle, walk); its \"initial\" must name the one it starts in"));
        studio.select("idle");
        studio.editing(() -> studio.panelButton("make-initial"));
        assertThat(studio.problems()).anyMatch(p -> p.contains("(state walk)") && p.contains("nothing leads to it"));
        b.screenshot("studio-designer-unreachable");
        studio.pickTransition("go", "walk");
        b.waitUpTo(3).until(d -> !b.all(StudioPage.stateCss("walk")).isEmpty());

        // rest, reached from walk by "tired"; back to idle by "rested", drawn by clicking idle.
        studio.selectChart();
        studio.addState("rest");
        studio.select("walk");
        studio.pickTransition("tired", "rest");
        studio.select("rest");
        studio.drawTransition("rested", "idle");

        // The guard on go: energy >= 3, chosen from the built-in conditions; the value typed as the variable is (a number).
        studio.select("idle");
        b.find("#studio-panel ol.transitions li[data-index='0'] a").click();
        b.waitUpTo(3).until(d -> !b.all("#studio-panel .transition-editor").isEmpty());
        studio.choose("t-guard-add", "Compare");
        studio.choose("t-guard-0-var", "energy");
        studio.choose("t-guard-0-op", ">=");
        assertThat(b.find("#studio-panel [data-key='t-guard-0-value']").getAttribute("type")).isEqualTo("number");
        studio.type("t-guard-0-value", "3");
        assertThat(studio.problems()).isEmpty();
        assertThat(b.find("#studio-count").getText()).isEqualTo("loads: no problems");
        assertThat(studio.dirty()).isTrue();
        b.screenshot("studio-designer-built");

        studio.save();
        assertThat(studio.dirty()).isFalse();

        // The file is the chart built in the page, as the page showed it, and it loads.
        String text = Files.readString(file);
        assertThat(text).isEqualTo(studio.text());
        ObjectMapper json = new ObjectMapper();
        JsonNode want = json.readTree("""
                {"chart": "patrol",
                 "variables": {"energy": {"type": "int", "min": 0, "max": 10, "initial": 5}},
                 "initial": "idle",
                 "states": {
                   "idle": {"transitions": [{"event": "go", "guard": {"use": "Compare", "var": "energy", "op": ">=", "value": 3}, "target": "walk"}]},
                   "walk": {"transitions": [{"event": "tired", "target": "rest"}]},
                   "rest": {"transitions": [{"event": "rested", "target": "idle"}]}
                 }}
                """);
        assertThat(json.readTree(text)).isEqualTo(want);
        Chart<Object> chart = PageFixture.BUILT_IN.load(file);
        assertThat(chart.name()).isEqualTo("patrol");
        assertThat(PageFixture.BUILT_IN.loadChecked(file).warnings()).isEmpty();
        b.screenshot("studio-designer-saved");
    }
}
