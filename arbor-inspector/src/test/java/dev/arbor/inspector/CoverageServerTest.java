package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coverage the page reads, without a browser: {@code GET /api/coverage?chart=N} and a frame's
 * {@code coverage} give the states the machines of a chart have been in, the transitions they took
 * (a targetless one named from the chart), what the chart's analysis found dead with its reasons,
 * and the line the page shows; a reload starts the new chart's coverage and its analysis; a
 * handler chart's analysis is refused in words; a recording replayed covers what the live run did.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CoverageServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static int chartOf(Inspector inspector, int slot) {
        inspector.flush();
        synchronized (inspector.model()) {
            return inspector.model().machine(slot).chart;
        }
    }

    private static JsonNode coverage(URI u, int chart) throws Exception {
        Http.Response r = Http.get(u, "/api/coverage?chart=" + chart, Http.host(u));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /** The coverage once the chart's analysis has finished (it runs in the background). */
    private static JsonNode analysed(URI u, int chart) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        JsonNode c = coverage(u, chart);
        while (c.path("analysis").path("status").asText().equals("running") && System.nanoTime() < deadline) {
            Thread.sleep(20);
            c = coverage(u, chart);
        }
        return c;
    }

    /** The names of the states whose ids are listed. */
    private static List<String> states(Chart<?> chart, JsonNode ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> out.add(chart.stateName(id.asInt())));
        return out;
    }

    private static List<String> transitions(Chart<?> chart, JsonNode ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> out.add(chart.describeTransition(id.asInt())));
        return out;
    }

    private static List<String> field(JsonNode items, String field) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.path(field).asText()));
        return out;
    }

    @Test
    void theCoverageOfAChartListsWhatItsMachinesCoveredAndWhatNoRunCan() throws Exception {
        try (Inspector inspector = Inspector.start(InspectorServerTest.quiet())) {
            Chart<Object> chart = Watchman.chart();
            Machine<Object> a = chart.newMachine(null);
            Machine<Object> b = chart.newMachine(null);
            inspector.attach(a, "a").attach(b, "b");
            a.start();
            b.start();
            a.fire("look");
            b.fire("alarm");
            b.fire("hit"); // the targetless one: named by the collector
            URI u = inspector.url();
            int id = chartOf(inspector, 0);
            assertThat(chartOf(inspector, 1)).as("one chart, one coverage").isEqualTo(id);

            JsonNode c = analysed(u, id);
            assertThat(c.path("chart").asInt()).isEqualTo(id);
            assertThat(states(chart, c.path("reached"))).containsExactly("patrol", "walk", "watch", "fight");
            assertThat(states(chart, c.path("missed"))).containsExactly("rest", "ghost");
            assertThat(transitions(chart, c.path("taken")))
                    .containsExactlyInAnyOrder("walk \"look\" -> watch", "patrol \"alarm\" -> fight", "fight \"hit\"");
            assertThat(c.path("untaken")).hasSize(6);
            JsonNode analysis = c.path("analysis");
            assertThat(analysis.path("status").asText()).isEqualTo("done");
            assertThat(states(chart, fieldNodes(analysis.path("deadStates"), "state"))).containsExactly("ghost");
            assertThat(field(analysis.path("deadStates"), "message")).containsExactly("state 'ghost' is never active: "
                    + "no transition into it is ever taken (fight \"hit\" -> ghost)");
            assertThat(transitions(chart, fieldNodes(analysis.path("deadTransitions"), "transition")))
                    .containsExactly("fight \"hit\" -> ghost", "ghost \"wake\" -> patrol");
            assertThat(field(analysis.path("deadTransitions"), "message").get(0)).contains("is shadowed by fight \"hit\"");
            assertThat(c.path("dead").asInt()).isEqualTo(3);
            assertThat(c.path("line").asText()).isEqualTo("states 4/6 · transitions 3/9 · 3 dead");

            a.fire("alarm"); // taken already, by b
            a.fire("tire");
            inspector.flush();
            assertThat(coverage(u, id).path("line").asText()).isEqualTo("states 5/6 · transitions 4/9 · 3 dead");

            assertThat(Http.get(u, "/api/coverage?chart=99", Http.host(u)).status()).isEqualTo(404);
            assertThat(Http.get(u, "/api/coverage?chart=x", Http.host(u)).status()).isEqualTo(400);
        }
    }

    private static JsonNode fieldNodes(JsonNode items, String field) {
        var out = JSON.createArrayNode();
        items.forEach(i -> out.add(i.path(field)));
        return out;
    }

    @Test
    void aFrameCarriesTheCoverageOfTheSelectedMachinesChartWhenItChanges() throws Exception {
        try (Inspector inspector = Inspector.start(InspectorServerTest.quiet())) {
            Machine<Object> m = Watchman.chart().newMachine(null);
            inspector.attach(m, "a");
            m.start();
            URI u = inspector.url();
            int id = chartOf(inspector, 0);
            analysed(u, id);
            try (InspectorServerTest.Stream stream = new InspectorServerTest.Stream(u)) {
                stream.view(0);
                assertThat(awaitFrameWith(stream, "\"line\":\"states 2/6 · transitions 0/9 · 3 dead\""))
                        .contains("\"coverage\":{\"chart\":" + id);
                m.fire("look");
                inspector.flush();
                awaitFrameWith(stream, "\"line\":\"states 3/6 · transitions 1/9 · 3 dead\"");
            }
        }
    }

    /** The frame, among the last ones, that contains {@code text}, waited for. */
    private static String awaitFrameWith(InspectorServerTest.Stream stream, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (stream.lastFrameWith(text) == null && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(stream.lastFrameWith(text)).as("a frame with " + text + "; the last: " + stream.lastFrame()).isNotNull();
        return stream.lastFrameWith(text);
    }

    @Test
    void aReloadedChartStartsItsOwnCoverageAndItsAnalysisRunsAgain() throws Exception {
        try (Inspector inspector = Inspector.start(InspectorServerTest.quiet())) {
            Machine<Object> m = Watchman.chart().newMachine(null);
            inspector.attach(m, "a");
            m.start();
            m.fire("look");
            m.fire("alarm");
            URI u = inspector.url();
            int before = chartOf(inspector, 0);
            assertThat(analysed(u, before).path("line").asText()).isEqualTo("states 4/6 · transitions 2/9 · 3 dead");

            // The new version: the targetless hit is gone, so the hit into ghost is taken and ghost lives.
            Chart<Object> fixed = Chart.builder("watchman")
                    .initial("patrol")
                    .state("patrol", p -> {
                        p.initial("walk");
                        p.on("alarm").target("fight");
                        p.state("walk", w -> w.on("look").target("watch"));
                        p.state("watch", w -> w.on("look").target("walk"));
                    })
                    .state("fight", f -> {
                        f.on("hit").target("ghost");
                        f.on("calm").target("patrol");
                    })
                    .state("ghost", g -> g.on("wake").target("patrol"))
                    .build();
            inspector.reloaded(m, m.moveTo(fixed));
            int after = chartOf(inspector, 0);
            assertThat(after).isNotEqualTo(before);
            JsonNode c = analysed(u, after);
            assertThat(states(fixed, c.path("reached"))).as("the states it is in on the new chart").containsExactly("fight");
            assertThat(c.path("taken")).isEmpty();
            assertThat(c.path("analysis").path("deadStates")).isEmpty();
            assertThat(c.path("line").asText()).isEqualTo("states 1/5 · transitions 0/6 · 0 dead");
            m.fire("hit");
            inspector.flush();
            assertThat(states(fixed, coverage(u, after).path("reached"))).containsExactly("fight", "ghost");
            assertThat(coverage(u, before).path("line").asText()).as("the old chart's coverage is kept as it was")
                    .isEqualTo("states 4/6 · transitions 2/9 · 3 dead");
        }
    }

    @Test
    void aChartWithStateHandlersIsNotAnalysedAndTheCoverageSaysWhy() throws Exception {
        try (Inspector inspector = Inspector.start(InspectorServerTest.quiet())) {
            Machine<Object> m = Watchman.handled().newMachine(null);
            inspector.attach(m, "h");
            m.start();
            URI u = inspector.url();
            JsonNode c = analysed(u, chartOf(inspector, 0));
            assertThat(c.path("analysis").path("status").asText()).isEqualTo("refused");
            assertThat(c.path("analysis").path("message").asText()).contains("decides its transitions in code (a state handler)");
            assertThat(c.path("analysis").path("deadStates")).isEmpty();
            assertThat(c.path("line").asText()).isEqualTo("states 1/1 · transitions 0/0");
        }
    }

    @Test
    void anAnalysisThatStopsAtItsBudgetGreysNothing() {
        var stopped = Analyses.analyse(Watchman.chart(),
                dev.arbor.analysis.AnalysisOptions.DEFAULTS.withMaxConfigurations(1));
        assertThat(stopped.status()).isEqualTo(dev.arbor.inspector.model.AnalysisView.Status.INCOMPLETE);
        assertThat(stopped.message()).startsWith("no state is shown dead: the analysis stopped early, the budget of 1");
        assertThat(stopped.states()).isEmpty();
        assertThat(stopped.transitions()).isEmpty();

        var done = Analyses.analyse(Watchman.chart(), Analyses.BUDGET);
        assertThat(done.status()).isEqualTo(dev.arbor.inspector.model.AnalysisView.Status.DONE);
        assertThat(done.states()).extracting(d -> Watchman.chart().stateName(d.id())).containsExactly("ghost");
        assertThat(done.message()).endsWith(": 1 state and 2 transitions no run can cover");
    }

    @Test
    void aRecordingReplayedCoversWhatTheLiveRunDidTargetlessTransitionsIncluded() throws Exception {
        Path recording = dir.resolve("session.jsonl");
        JsonNode live;
        try (Inspector inspector = Inspector.start(InspectorServerTest.quiet())) {
            inspector.record(recording);
            Machine<Object> m = Watchman.chart().newMachine(null);
            inspector.attach(m, "a");
            m.start();
            m.fire("alarm");
            m.fire("hit");
            m.fire("tire");
            live = analysed(inspector.url(), chartOf(inspector, 0));
            inspector.stopRecording();
        }
        assertThat(java.nio.file.Files.readString(recording)).contains("\"type\":\"internal\"")
                .containsPattern("\"type\":\"internal\"[^}]*\"transition\":\\d+");
        try (Inspector replay = Inspector.replay(recording, InspectorServerTest.quiet())) {
            JsonNode c = coverage(replay.url(), chartOf(replay, 0));
            for (String f : List.of("reached", "missed", "taken", "untaken")) {
                assertThat(c.path(f)).as(f).isEqualTo(live.path(f));
            }
            assertThat(c.path("analysis").path("status").asText()).isEqualTo("none");
            assertThat(c.path("analysis").path("message").asText()).isEqualTo(
                    "a recording has no chart to analyse: dead states are not shown");
            assertThat(c.path("line").asText()).isEqualTo("states 4/6 · transitions 3/9");
        }
    }
}
