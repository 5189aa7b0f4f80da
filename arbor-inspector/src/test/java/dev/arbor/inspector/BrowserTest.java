package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MigrationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The inspector's page in a real browser: the machine list, the chart's highlight following the
 * machine, events sent from the page, the trace, time travel, pausing, reload and replay. Each test
 * saves a screenshot under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BrowserTest {
    private static final Chart<Npc.Owner> CHART = Npc.chart();

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


    private static String id(Npc.St state) {
        return "s" + CHART.stateId(state);
    }

    private static List<String> ids(Npc.St... states) {
        List<String> out = new ArrayList<>();
        for (Npc.St s : states) {
            out.add(id(s));
        }
        Collections.sort(out);
        return out;
    }

    private List<String> highlighted() {
        List<String> h = new ArrayList<>(browser.highlighted());
        Collections.sort(h);
        return h;
    }

    private void open() {
        browser.driver.get(inspector.url().toString());
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals("live"));
    }

    private void select(String name) {
        browser.waitUpTo(5).until(d -> !browser.all("#list .row").isEmpty());
        for (WebElement row : browser.all("#list .row")) {
            if (row.findElement(By.className("name")).getText().equals(name)) {
                row.click();
                browser.waitUpTo(5).until(d -> browser.find("#sel-name").getText().startsWith(name)
                        && !browser.all("#chart g.state").isEmpty());
                return;
            }
        }
        throw new AssertionError("no row for machine " + name);
    }

    private void awaitHighlight(double seconds, Npc.St... states) {
        List<String> want = ids(states);
        browser.waitUpTo(seconds).until(d -> highlighted().equals(want));
    }

    /** The trace's rows, oldest first, as "type detail (cause)" (read in one script: the page redraws them as records arrive). */
    private List<String> traceRows() {
        return browser.traceRows();
    }

    @Test
    void theMachineListShowsEveryMachineWithItsActiveLeafAndFilters() throws Exception {
        npc("npc-1");
        npc("npc-2");
        Machine<Npc.Owner> third = npc("npc-3");
        loop.run(() -> third.fire(Npc.Ev.SEE_ENEMY));
        open();
        browser.waitUpTo(5).until(d -> browser.all("#list .row").size() == 3
                && browser.find("#list .row[data-machine='2'] .leaf").getText().equals("COMBAT"));
        assertThat(browser.find("#count").getText()).isEqualTo("3 machines");
        assertThat(browser.find("#list .row[data-machine='0']").getText()).contains("npc-1", "PATROL/WALK", "npc");
        assertThat(browser.find("#list .row[data-machine='2'] .meta").getText()).contains("last event SEE_ENEMY");
        browser.screenshot("machine-list");

        browser.find("#filter").sendKeys("combat"); // an active state's name
        browser.waitUpTo(5).until(d -> browser.all("#list .row").size() == 1);
        assertThat(browser.find("#list .row .name").getText()).isEqualTo("npc-3");
        assertThat(browser.find("#count").getText()).isEqualTo("1 of 3 machines");
        browser.screenshot("machine-list-filtered");
    }

    @Test
    void tenThousandMachinesArePagedAndFilteredWhileTheyRunAtSixtyTicksASecond() throws Exception {
        loop = page.restartGame(16);
        List<Machine<Npc.Owner>> npcs = loop.addMany(10_000, i -> CHART.newMachine(new Npc.Owner()), i -> "npc-" + i);
        long[] tick = {0};
        loop.everyTick = () -> { // a hundred machines change each tick: a fight starts here, another ends there
            tick[0]++;
            for (int k = 0; k < 100; k++) {
                Machine<Npc.Owner> m = npcs.get((int) ((tick[0] * 97 + k * 101) % npcs.size()));
                m.fire(m.isIn(Npc.St.COMBAT) ? Npc.Ev.LOST_ENEMY : Npc.Ev.SEE_ENEMY);
            }
        };
        browser.driver.manage().window().setSize(new org.openqa.selenium.Dimension(1400, 1000));
        open();
        browser.waitUpTo(10).until(d -> browser.find("#count").getText().equals("10000 machines"));
        assertThat(browser.all("#list .row")).hasSize(100); // a page at a time
        assertThat(browser.find("#page").getText()).isEqualTo("1–100");
        browser.find("#next").click();
        browser.waitUpTo(5).until(d -> browser.find("#page").getText().equals("101–200")
                && browser.find("#list .row .name").getText().equals("npc-100"));

        long framesBefore = inspector.stats().framesSent();
        long started = System.nanoTime();
        browser.find("#filter").sendKeys("npc-9999");
        browser.waitUpTo(5).until(d -> browser.all("#list .row").size() == 1);
        select("npc-9999");
        browser.waitUpTo(5).until(d -> !browser.highlighted().isEmpty());
        Thread.sleep(2000);
        double seconds = (System.nanoTime() - started) / 1e9;
        long frames = inspector.stats().framesSent() - framesBefore;
        // ten thousand machines and six thousand events a second reach the page as at most 20 frames a second
        assertThat(frames / seconds).isLessThanOrEqualTo(21);
        assertThat(inspector.stats().attached()).isEqualTo(10_000);
        browser.find("#filter").sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"), "combat");
        browser.waitUpTo(5).until(d -> browser.find("#count").getText().matches("\\d+ of 10000 machines")
                && browser.all("#list .row").size() > 1); // the machines in a fight now, of ten thousand
        Object leaves = ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript(
                "return [...document.querySelectorAll('#list .row .leaf')].map(e => e.textContent)"); // one frame's list, read at once
        assertThat((List<?>) leaves).isNotEmpty().allMatch("COMBAT"::equals);
        browser.screenshot("ten-thousand-machines");
    }

    private Machine<Npc.Owner> npc(String name) {
        return loop.add(CHART.newMachine(new Npc.Owner()), name);
    }

    @Test
    void theActiveStatesAreHighlightedAndFollowTheMachineWithinASecond() throws Exception {
        Machine<Npc.Owner> npc = npc("guard-1");
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.PATROL, Npc.St.WALK);
        browser.screenshot("highlight-patrol");

        loop.run(() -> npc.fire(Npc.Ev.ARRIVED));
        awaitHighlight(1.0, Npc.St.PATROL, Npc.St.WAIT);
        loop.run(() -> npc.fire(Npc.Ev.SEE_ENEMY));
        long fired = System.nanoTime();
        awaitHighlight(1.0, Npc.St.COMBAT);
        double seconds = (System.nanoTime() - fired) / 1e9;
        assertThat(seconds).isLessThan(1.0);
        // the transition just taken is marked, and PATROL's history shows what it recorded
        int t = transition("PATROL SEE_ENEMY -> COMBAT");
        browser.waitUpTo(2).until(d -> !browser.all("#chart g.transition.last[data-transition='" + t + "']").isEmpty());
        browser.waitUpTo(2).until(d -> browser.find("#" + id(Npc.St.PATROL_HISTORY) + " text.recorded").getText()
                .equals("→ WAIT"));
        browser.screenshot("highlight-combat");

        // a timer's elapsed ticks: stunned, with the game paused so the clock holds still
        loop.run(() -> {
            npc.fire(Npc.Ev.HIT);
            inspector.pause();
        });
        awaitHighlight(2, Npc.St.STUNNED);
        browser.waitUpTo(3).until(d -> !browser.all("#" + id(Npc.St.STUNNED) + " text.clock").isEmpty());
        assertThat(browser.find("#" + id(Npc.St.STUNNED) + " text.clock").getText()).matches("\\d+ ticks?");
        browser.screenshot("timer-clock");
        inspector.resume();
        awaitHighlight(3, Npc.St.COMBAT); // after 3 ticks
    }

    private static int transition(String label) {
        for (int t = 0; t < CHART.transitionCount(); t++) {
            if (CHART.describeTransition(t).equals(label)) {
                return t;
            }
        }
        throw new AssertionError("no transition " + label);
    }

    @Test
    void anEventSentFromThePageChangesTheMachine() throws Exception {
        Machine<Npc.Owner> npc = npc("guard-1");
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.PATROL, Npc.St.WALK);
        browser.find("#event-input").sendKeys("DANCE");
        browser.find("#send").click();
        browser.waitUpTo(3).until(d -> browser.find("#message").isDisplayed());
        assertThat(browser.find("#message").getText()).contains("chart 'npc' has no event 'DANCE'");
        browser.screenshot("send-refused");

        browser.find("#event-input").clear();
        browser.find("#event-input").sendKeys("SEE_ENEMY");
        browser.find("#send").click();
        awaitHighlight(3, Npc.St.COMBAT);
        assertThat(loop.call(() -> npc.isIn(Npc.St.COMBAT))).isTrue();
        browser.screenshot("send-event");
    }

    @Test
    void theTraceShowsTheRecordsInOrderWithTheirCauses() throws Exception {
        Machine<Npc.Owner> npc = npc("guard-1");
        MachineState patrolling = loop.call(npc::snapshot);
        loop.run(() -> {
            npc.fire(Npc.Ev.ARRIVED);
            npc.fire(Npc.Ev.SEE_ENEMY);
            npc.fire(Npc.Ev.ORDER); // COMBAT defers it
            npc.restore(patrolling, Cause.RESTORE);
        });
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.PATROL, Npc.St.WALK);
        browser.waitUpTo(3).until(d -> traceRows().stream().anyMatch(r -> r.contains("(restore)")));
        List<String> rows = traceRows();
        assertThat(rows).containsSubsequence(
                "attach attached (normal)",
                "enter PATROL (normal)", "enter PATROL/WALK (normal)",
                "event ARRIVED (normal)", "exit PATROL/WALK (normal)", "transition WALK ARRIVED -> WAIT (normal)",
                "enter PATROL/WAIT (normal)",
                "event SEE_ENEMY (normal)", "exit PATROL/WAIT (normal)", "exit PATROL (normal)",
                "transition PATROL SEE_ENEMY -> COMBAT (normal)", "enter COMBAT (normal)",
                "event ORDER (normal)", "deferred ORDER (normal)",
                "exit COMBAT (restore)", "enter PATROL (restore)", "enter PATROL/WALK (restore)");
        browser.screenshot("trace");

        new org.openqa.selenium.support.ui.Select(browser.find("#trace-kind")).selectByValue("transition");
        assertThat(browser.js("return document.getElementById('trace-kind').value")).isEqualTo("transition");
        browser.waitUpTo(3).until(d -> traceRows().stream().allMatch(r -> r.startsWith("transition ")));
        assertThat(traceRows()).containsExactly("transition WALK ARRIVED -> WAIT (normal)",
                "transition PATROL SEE_ENEMY -> COMBAT (normal)");
    }

    @Test
    void steppingBackShowsEarlierConfigurationsAndBackToLiveReturns() throws Exception {
        Machine<Npc.Owner> npc = npc("guard-1");
        loop.run(() -> npc.fire(Npc.Ev.ARRIVED));
        loop.run(() -> npc.fire(Npc.Ev.SEE_ENEMY));
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.COMBAT);
        assertThat(browser.find("#travel-label").getText()).isEqualTo("live");

        // Back one step at a time: ticks in WAIT (its update action ran), then ARRIVED's step, then the start.
        List<List<String>> seen = new ArrayList<>();
        for (int i = 0; i < 12 && !highlighted().equals(ids(Npc.St.PATROL, Npc.St.WALK)); i++) {
            String label = browser.find("#travel-label").getText();
            browser.find("#step-back").click();
            browser.waitUpTo(2).until(d -> !browser.find("#travel-label").getText().equals(label));
            assertThat(browser.find("#travel-label").getText()).matches("step \\d+ of \\d+");
            seen.add(highlighted());
            if (i == 0) {
                browser.screenshot("time-travel-back-1");
            }
        }
        assertThat(seen).first().isEqualTo(ids(Npc.St.PATROL, Npc.St.WAIT)); // just before SEE_ENEMY
        assertThat(seen).last().isEqualTo(ids(Npc.St.PATROL, Npc.St.WALK)); // before ARRIVED
        assertThat(seen).allMatch(h -> h.equals(ids(Npc.St.PATROL, Npc.St.WAIT)) || h.equals(ids(Npc.St.PATROL, Npc.St.WALK)));
        browser.screenshot("time-travel-back-2");
        browser.find("#step-forward").click();
        awaitHighlight(2, Npc.St.PATROL, Npc.St.WAIT);

        // the machine goes on meanwhile; the page stays in the past until asked
        loop.run(() -> npc.fire(Npc.Ev.LOST_ENEMY));
        Thread.sleep(300);
        assertThat(highlighted()).isEqualTo(ids(Npc.St.PATROL, Npc.St.WAIT));
        browser.find("#live").click();
        awaitHighlight(2, Npc.St.PATROL, Npc.St.WAIT); // LOST_ENEMY resumed the patrol through its history
        assertThat(browser.find("#travel-label").getText()).isEqualTo("live");
        loop.run(() -> npc.fire(Npc.Ev.ARRIVED));
        awaitHighlight(2, Npc.St.PATROL, Npc.St.WALK);
    }

    @Test
    void pauseStepAndResumeFromThePageHoldTheGameLoopAtItsGate() throws Exception {
        npc("guard-1");
        open();
        browser.find("#pause").click();
        browser.waitUpTo(3).until(d -> browser.find("#paused-pill").isDisplayed());
        Thread.sleep(200);
        long held = loop.ticks;
        Thread.sleep(300);
        assertThat(loop.ticks).isEqualTo(held);
        browser.screenshot("paused");
        browser.find("#step").click();
        browser.waitUpTo(3).until(d -> loop.ticks == held + 1);
        Thread.sleep(200);
        assertThat(loop.ticks).isEqualTo(held + 1);
        browser.find("#resume").click();
        browser.waitUpTo(3).until(d -> loop.ticks > held + 5);
        browser.waitUpTo(3).until(d -> !browser.find("#paused-pill").isDisplayed());
    }

    @Test
    void aReloadRedrawsTheChartAndShowsTheMigrationReport() throws Exception {
        Machine<Npc.Owner> npc = npc("guard-1");
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.PATROL, Npc.St.WALK);
        assertThat(browser.all("#chart g.state[data-state='RESTING']")).isEmpty();

        Chart<Npc.Owner> v2 = Npc.chart("npc", true);
        loop.run(() -> {
            MigrationReport report = npc.moveTo(v2);
            inspector.reloaded(npc, report);
        });
        browser.waitUpTo(5).until(d -> !browser.all("#chart g.state[data-state='RESTING']").isEmpty());
        browser.waitUpTo(3).until(d -> browser.find("#report").isDisplayed());
        assertThat(browser.find("#report-text").getText()).contains("moved from chart 'npc' to 'npc'", "kept:");
        browser.screenshot("reload");

        browser.find("#event-input").sendKeys("REST");
        browser.find("#send").click();
        String resting = "s" + v2.stateId(Npc.St.RESTING);
        browser.waitUpTo(3).until(d -> browser.highlighted().equals(List.of(resting)));
    }

    @Test
    void aReplayedRecordingShowsWhatTheLivePageShowed(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("session.arbor-inspect.jsonl");
        inspector.record(recording);
        Machine<Npc.Owner> a = npc("guard-1");
        npc("guard-2");
        loop.run(() -> {
            a.fire(Npc.Ev.ARRIVED);
            a.fire(Npc.Ev.SEE_ENEMY);
        });
        open();
        select("guard-1");
        awaitHighlight(5, Npc.St.COMBAT);
        loop.run(() -> inspector.pause()); // nothing moves from here on
        Thread.sleep(300);
        List<String> liveRows = listRows();
        List<String> liveTrace = traceRows();
        inspector.stopRecording();
        browser.screenshot("replay-live");
        loop = null;
        inspector = page.replay(recording);
        browser.driver.get(inspector.url().toString());
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals("replay"));
        select("guard-1");
        awaitHighlight(5, Npc.St.COMBAT);
        browser.waitUpTo(3).until(d -> traceRows().equals(liveTrace));
        assertThat(listRows()).isEqualTo(liveRows);
        assertThat(browser.find("#send").isEnabled()).isFalse(); // nothing to control
        browser.find("#step-back").click();
        awaitHighlight(2, Npc.St.PATROL, Npc.St.WAIT);
        browser.screenshot("replay");
        assertThat(Files.readAllLines(recording).get(0)).contains("\"format\":\"arbor-inspector\"");
    }

    private List<String> listRows() {
        List<String> rows = new ArrayList<>();
        for (WebElement r : browser.all("#list .row")) {
            rows.add(r.findElement(By.className("name")).getText() + " " + r.findElement(By.className("leaf")).getText());
        }
        return rows;
    }

    @Test
    void theGuardDemoInTheInspector() throws Exception {
        // The guard demo (seed 004) as `arbor demo guard --inspect` runs it, paused in its fight.
        page.stopGame(); // the demo is the game loop here: its ticks alone pass the gate
        loop = null;
        java.util.concurrent.atomic.AtomicLong tick = new java.util.concurrent.atomic.AtomicLong();
        dev.arbor.demo.Stage stage = new dev.arbor.demo.Stage() {
            @Override
            public void show(String name, Machine<?> machine) {
                inspector.attach(machine, name);
            }

            @Override
            public void tick(long t) {
                inspector.gate();
                tick.set(t);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
        Thread demo = new Thread(() -> {
            try {
                new dev.arbor.examples.Demos().run("guard", new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), stage);
            } catch (Throwable t) {
                failed.set(t);
            }
        }, "guard-demo");
        demo.setDaemon(true);
        inspector.pause(); // held at its first tick until the page is ready
        demo.start();
        try {
            browser.driver.manage().window().setSize(new org.openqa.selenium.Dimension(1600, 1250));
            open();
            select("guard");
            while (tick.get() < 12) { // into the fight with the intruder (it appears at tick 9)
                long before = tick.get();
                inspector.step();
                try {
                    browser.waitUpTo(3).until(d -> tick.get() > before || failed.get() != null);
                } catch (RuntimeException e) {
                    throw new AssertionError("stuck at tick " + tick.get() + ": " + java.util.Arrays.toString(demo.getStackTrace()), e);
                }
                if (failed.get() != null) {
                    throw new AssertionError("the demo failed", failed.get());
                }
            }
            browser.waitUpTo(3).until(d -> browser.find("#paused-pill").isDisplayed());
            Thread.sleep(400);
            assertThat(browser.find("#list .row .leaf").getText()).matches("ON_DUTY/(FIGHT|EVADE).*");
            assertThat(browser.highlighted()).isNotEmpty();
            Path shot = browser.screenshot("guard-demo");
            assertThat(Files.size(shot)).isGreaterThan(10_000);
        } finally {
            inspector.resume();
            demo.join(10_000);
        }
    }
}
