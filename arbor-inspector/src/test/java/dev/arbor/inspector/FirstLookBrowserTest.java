package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.WheelInput;

/**
 * What a newcomer sees first, in a real browser: the one machine attached is shown at once, the
 * ticks move while the game ticks without events, the drawing zooms and pans, and the designer's
 * own log lines are in the trace with the state that wrote them. Screenshots under
 * {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FirstLookBrowserTest {
    @AutoClose
    private PageFixture page;
    private Inspector inspector;
    private GameLoop loop;
    private Browser browser;

    @BeforeEach
    void setUp() throws Exception {
        page = PageFixture.start(PageFixture.options(), 10);
        inspector = page.inspector;
        loop = page.loop;
        browser = page.browser;
    }


    private void open() {
        browser.driver.get(inspector.url().toString());
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals("live"));
    }

    /** A shopkeeper whose actions write log lines, as a designer's {@code Log} does. */
    private static Chart<Object> shopkeeper() {
        return Chart.<Object>builder("shopkeeper")
                .initial("closed")
                .state("closed", s -> {
                    s.onEntry((m, o) -> m.log(m.chart().stateId("closed"), "the shutters are down"));
                    s.on("dawn").action((m, o, e) -> m.log(m.chart().stateId("closed"), "opens up")).target("open");
                })
                .state("open", s -> {
                    s.initial("greeting");
                    s.state("greeting", g -> g.on("offer").target("haggling"));
                    s.state("haggling", h -> h.onEntry((m, o) -> m.log(m.chart().stateId("haggling"), "names a price")));
                })
                .build();
    }

    @Test
    void theOnlyMachineIsShownAtOnceAndItsTicksMoveWithoutEvents() throws Exception {
        Machine<Object> npc = loop.add(shopkeeper().newMachine(new Object()), "shopkeeper");
        open();
        browser.waitUpTo(5).until(d -> browser.find("#sel-name").getText().equals("shopkeeper")
                && !browser.highlighted().isEmpty());
        assertThat(browser.find("#chart").getText()).doesNotContain("Select a machine");
        browser.screenshot("first-look");

        long header = Long.parseLong(browser.find("#tick").getText());
        String row = browser.find("#list .row .meta").getText();
        Thread.sleep(400); // about 40 ticks, no event
        browser.waitUpTo(2).until(d -> Long.parseLong(browser.find("#tick").getText()) > header + 10);
        browser.waitUpTo(2).until(d -> !browser.find("#list .row .meta").getText().equals(row));
        long shownTick = Long.parseLong(browser.find("#list .row .meta").getText().replaceAll(".*tick ", ""));
        assertThat(shownTick).as("the list's tick, against the game's " + loop.ticks).isGreaterThan(header + 10);
        assertThat(browser.traceRows()).anyMatch(r -> r.matches("tick \\d+ ticks \\(normal\\)"));
        assertThat(npc.isIn(npc.chart().stateId("closed"))).isTrue();
    }

    @Test
    void logLinesAreInTheTraceWithTheStateThatWroteThem() throws Exception {
        Machine<Object> npc = loop.add(shopkeeper().newMachine(new Object()), "shopkeeper");
        open();
        browser.waitUpTo(5).until(d -> browser.find("#sel-name").getText().equals("shopkeeper"));
        loop.run(() -> {
            npc.fire("dawn");
            npc.fire("offer");
        });
        browser.waitUpTo(3).until(d -> browser.traceRows().stream().anyMatch(r -> r.startsWith("log open/haggling")));
        List<String> logs = browser.traceRows().stream().filter(r -> r.startsWith("log ")).toList();
        assertThat(logs).containsExactly(
                "log closed: the shutters are down (normal)",
                "log closed: opens up (normal)",
                "log open/haggling: names a price (normal)");
        new org.openqa.selenium.support.ui.Select(browser.find("#trace-kind")).selectByValue("log");
        browser.waitUpTo(2).until(d -> browser.traceRows().size() == 3);
        browser.screenshot("log-lines");
    }

    @Test
    void theDrawingZoomsWithButtonsAndTheWheelPansByDraggingAndFits() throws Exception {
        loop.add(shopkeeper().newMachine(new Object()), "shopkeeper");
        open();
        browser.waitUpTo(5).until(d -> !browser.all("#chart g.state").isEmpty());
        String fitted = browser.find("#chart svg").getDomAttribute("viewBox");
        String level = browser.find("#zoom-level").getText();
        browser.find("#zoom-in").click();
        browser.find("#zoom-in").click();
        String zoomed = browser.find("#chart svg").getDomAttribute("viewBox");
        assertThat(width(zoomed)).as("zoomed in: a smaller part of the drawing").isLessThan(width(fitted) * 0.7);
        assertThat(browser.find("#zoom-level").getText()).isNotEqualTo(level);
        browser.screenshot("zoom-in");

        // drag to pan: the same zoom, another part
        new Actions(browser.driver).moveToElement(browser.find("#chart"), 0, 0).clickAndHold()
                .moveByOffset(-120, -60).release().perform();
        String panned = browser.find("#chart svg").getDomAttribute("viewBox");
        assertThat(width(panned)).isEqualTo(width(zoomed));
        assertThat(x(panned)).isGreaterThan(x(zoomed));

        // the wheel zooms out about the pointer
        new Actions(browser.driver).scrollFromOrigin(WheelInput.ScrollOrigin.fromElement(browser.find("#chart")), 0, 300)
                .perform();
        browser.waitUpTo(2).until(d -> width(browser.find("#chart svg").getDomAttribute("viewBox")) > width(panned));

        browser.find("#zoom-fit").click();
        assertThat(browser.find("#chart svg").getDomAttribute("viewBox")).isEqualTo(fitted);
        browser.find("#zoom-actual").click();
        assertThat(browser.find("#zoom-level").getText()).isEqualTo("100%");
        browser.screenshot("zoom-actual");
    }

    private static double width(String viewBox) {
        return Double.parseDouble(viewBox.split("[ ,]+")[2]);
    }

    private static double x(String viewBox) {
        return Double.parseDouble(viewBox.split("[ ,]+")[0]);
    }
}
