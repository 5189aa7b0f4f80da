package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.inspector.model.Model;
import dev.arbor.inspector.model.Rec;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The studio over HTTP: its requests need the token even on loopback, each request does what the
 * API says, a save with errors is written only when forced and then the game keeps its chart and
 * the page says so, a save that loads moves the machine with a report of what was kept, entered and
 * gone, no request writes another path; and a paused game's variables are set from the page.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StudioServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static final String DOOR = """
            {
              "chart": "door",
              "initial": "closed",
              "states": {
                "closed": {
                  "transitions": [
                    {"event": "open", "target": "opened"}
                  ]
                },
                "opened": {
                  "transitions": [
                    {"event": "close", "target": "closed"}
                  ]
                }
              }
            }
            """;

    static InspectorOptions studio(Path file) {
        return InspectorOptions.defaults().quiet().withStudio(file, PageFixture.BUILT_IN);
    }

    static Path door(Path dir) throws IOException {
        Path file = dir.resolve("door.json");
        Files.writeString(file, DOOR);
        return file;
    }

    /** The request's header carrying the page's token. */
    static String token(Inspector inspector) {
        String query = inspector.url().getQuery();
        assertThat(query).startsWith("token=");
        return "X-Arbor-Token: " + query.substring("token=".length());
    }

    static JsonNode json(Http.Response r) throws IOException {
        return JSON.readTree(r.body());
    }

    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 seconds: " + what);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void studioRequestsNeedTheTokenEvenOnLoopbackAndHostChecksStay(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        try (Inspector inspector = Inspector.start(studio(file))) {
            URI u = inspector.url();
            String own = Http.host(u);
            String token = token(inspector);
            Http.Response none = Http.get(u, "/api/studio/document", own);
            assertThat(none.status()).isEqualTo(401);
            assertThat(none.body()).contains("needs its access token");
            assertThat(Http.get(u, "/api/studio/document", own, "X-Arbor-Token: wrong-token-0123456789").status()).isEqualTo(401);
            assertThat(Http.post(u, "/api/studio/save", own, "{\"revision\": 1, \"force\": true}").status()).isEqualTo(401);
            assertThat(Http.post(u, "/api/control", own, "{\"action\": \"pause\"}").status()).isEqualTo(401); // every write
            assertThat(inspector.isPaused()).isFalse();
            assertThat(Http.get(u, "/api/studio/document", own, token).status()).isEqualTo(200);
            assertThat(Http.get(u, "/api/studio/document", "evil.example:" + u.getPort(), token).status()).isEqualTo(403);
            assertThat(Http.get(u, "/api/studio/document", own, token, "Origin: http://evil.example").status()).isEqualTo(403);
            // the page and its stream load on loopback as before; the status says the studio is on
            Http.Response status = Http.get(u, "/api/status", own);
            assertThat(status.status()).isEqualTo(200);
            assertThat(json(status).get("studio").asBoolean()).isTrue();
            assertThat(Http.get(u, "/", own).body()).contains("<title>Arbor studio</title>");
        }
        assertThat(Files.readString(file)).isEqualTo(DOOR);
        try (Inspector plain = Inspector.start(InspectorOptions.defaults().quiet())) {
            URI u = plain.url();
            assertThat(u.getQuery()).isNull();
            assertThat(json(Http.get(u, "/api/status", Http.host(u))).get("studio").asBoolean()).isFalse();
            Http.Response off = Http.get(u, "/api/studio/document", Http.host(u));
            assertThat(off.status()).isEqualTo(404);
            assertThat(off.body()).contains("the studio is off");
        }
    }

    @Test
    void eachStudioRequestDoesWhatTheApiSays(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        try (Inspector inspector = Inspector.start(studio(file))) {
            URI u = inspector.url();
            String own = Http.host(u);
            String token = token(inspector);

            JsonNode doc = json(Http.get(u, "/api/studio/document", own, token));
            assertThat(doc.get("file").asText()).isEqualTo(file.toString());
            assertThat(doc.get("revision").asLong()).isEqualTo(1);
            assertThat(doc.get("text").asText()).isEqualTo(DOOR);
            assertThat(doc.get("svg").asText()).contains("<svg");
            assertThat(doc.get("saved").isNull()).isTrue();

            JsonNode components = json(Http.get(u, "/api/studio/components", own, token));
            assertThat(components.findValuesAsText("name")).contains("Compare", "Set", "Log", "var");
            assertThat(components.get(0).has("library")).isTrue();

            Http.Response edited = Http.post(u, "/api/studio/edit", own,
                    "{\"revision\": 1, \"edit\": {\"op\": \"addTransition\", \"source\": \"opened\", \"transition\": {\"event\": \"slam\", \"target\": \"closed\"}}}", token);
            assertThat(edited.status()).as(edited.body()).isEqualTo(200);
            assertThat(json(edited).get("revision").asLong()).isEqualTo(2);
            assertThat(json(edited).get("dirty").asBoolean()).isTrue();
            assertThat(json(edited).get("outline").get("states").findValuesAsText("name")).containsExactly("closed", "opened");
            assertThat(json(edited).get("outline").get("states").get(1).get("transitions").get(1).get("json").asText())
                    .contains("slam");

            Http.Response stale = Http.post(u, "/api/studio/edit", own,
                    "{\"revision\": 1, \"edit\": {\"op\": \"addState\", \"parent\": \"\", \"name\": \"ajar\"}}", token);
            assertThat(stale.status()).isEqualTo(409);
            assertThat(json(stale).get("revision").asLong()).isEqualTo(2);
            Http.Response unknown = Http.post(u, "/api/studio/edit", own, "{\"revision\": 2, \"edit\": {\"op\": \"paint\"}}", token);
            assertThat(unknown.status()).isEqualTo(400);
            assertThat(json(unknown).get("error").asText()).contains("unknown op 'paint'");
            Http.Response taken = Http.post(u, "/api/studio/edit", own,
                    "{\"revision\": 2, \"edit\": {\"op\": \"addState\", \"parent\": \"\", \"name\": \"closed\"}}", token);
            assertThat(taken.status()).isEqualTo(400); // the editor's own words
            assertThat(Http.post(u, "/api/studio/edit", own, "{\"edit\": {}}", token).body()).contains("needs \\\"revision\\\"");

            JsonNode undone = json(Http.post(u, "/api/studio/undo", own, "{}", token));
            assertThat(undone.get("text").asText()).isEqualTo(DOOR);
            assertThat(undone.get("canRedo").asBoolean()).isTrue();
            JsonNode redone = json(Http.post(u, "/api/studio/redo", own, "{}", token));
            assertThat(redone.get("revision").asLong()).isEqualTo(4);

            Http.Response saved = Http.post(u, "/api/studio/save", own, "{\"revision\": 4, \"force\": false}", token);
            assertThat(saved.status()).as(saved.body()).isEqualTo(200);
            assertThat(json(saved).get("saved").asBoolean()).isTrue();
            assertThat(json(saved).get("document").get("saved").get("seq").asInt()).isEqualTo(1);
            assertThat(Files.readString(file)).isEqualTo(redone.get("text").asText());

            Files.writeString(file, DOOR);
            assertThat(json(Http.get(u, "/api/studio/document", own, token)).get("diskChanged").asBoolean()).isTrue();
            JsonNode reloaded = json(Http.post(u, "/api/studio/reload", own, "{}", token));
            assertThat(reloaded.get("text").asText()).isEqualTo(DOOR);
            assertThat(reloaded.get("diskChanged").asBoolean()).isFalse();

            assertThat(Http.get(u, "/api/studio/edit", own, token).status()).isEqualTo(405);
            assertThat(Http.post(u, "/api/studio/document", own, "{}", token).status()).isEqualTo(405);
            assertThat(Http.get(u, "/api/studio/files", own, token).status()).isEqualTo(404);
        }
    }

    @Test
    void noRequestNamesAPathAndTheStudioWritesOnlyItsFile(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        try (Inspector inspector = Inspector.start(studio(file))) {
            URI u = inspector.url();
            String own = Http.host(u);
            String token = token(inspector);
            Http.Response elsewhere = Http.post(u, "/api/studio/save", own,
                    "{\"revision\": 1, \"force\": true, \"path\": \"../other.json\"}", token);
            assertThat(elsewhere.status()).isEqualTo(400);
            assertThat(json(elsewhere).get("error").asText()).contains("studio save takes no field 'path'");
            assertThat(Http.post(u, "/api/studio/reload", own, "{\"file\": \"/etc/hosts\"}", token).status()).isEqualTo(400);
            assertThat(Http.post(u, "/api/studio/save", own, "{\"revision\": 1}", token).status()).isEqualTo(200);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file); // no other file, no temporary file left behind
        }
        assertThat(dir.resolveSibling("other.json")).doesNotExist();
    }

    /** A game running the studio's file with a ChartWatcher that moves its machine on every save. */
    private static final class Game implements AutoCloseable {
        final Inspector inspector;
        final GameLoop loop;
        final ChartWatcher<Object> watcher;
        final Chart<Object> first;
        final Machine<Object> machine;

        Game(Path file) throws Exception {
            inspector = Inspector.start(studio(file));
            loop = new GameLoop(inspector, 5);
            watcher = ChartWatcher.of(PageFixture.BUILT_IN, inspector.reloadListener(new ReloadListener<>() {}));
            first = loop.call(() -> {
                try {
                    return watcher.watch(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            machine = loop.add(first.newMachine(new Object()), "door");
            loop.run(() -> watcher.register(file, machine));
            loop.everyTick = watcher::applyPending;
        }

        Http.Response post(String path, String json) throws IOException {
            return Http.post(inspector.url(), path, Http.host(inspector.url()), json, token(inspector));
        }

        Model.LoadFailure loadFailure() {
            Model model = inspector.model();
            synchronized (model) {
                return model.loadFailure();
            }
        }

        Rec.Report report() {
            inspector.flush();
            Model model = inspector.model();
            synchronized (model) {
                return model.machine(0).lastReport;
            }
        }

        @Override
        public void close() throws Exception {
            loop.close();
            watcher.close();
            inspector.close();
        }
    }

    @Test
    void aSaveWithErrorsIsWrittenOnlyWhenForcedAndThenTheGameKeepsItsChartAndThePageSaysSo(@TempDir Path dir)
            throws Exception {
        Path file = door(dir);
        try (Game game = new Game(file)) {
            Http.Response edited = game.post("/api/studio/edit", "{\"revision\": 1, \"edit\": {\"op\": \"addTransition\", "
                    + "\"source\": \"closed\", \"transition\": {\"event\": \"kick\", \"target\": \"nowhere\"}}}");
            assertThat(edited.status()).as(edited.body()).isEqualTo(200);
            JsonNode error = json(edited).get("problems").get(0);
            assertThat(error.get("severity").asText()).isEqualTo("error");
            assertThat(error.get("state").asText()).isEqualTo("closed");
            assertThat(error.get("where").asText()).startsWith("door.json:");
            assertThat(json(edited).get("svg").isNull()).isTrue();

            Http.Response refused = game.post("/api/studio/save", "{\"revision\": 2, \"force\": false}");
            assertThat(refused.status()).isEqualTo(409);
            assertThat(json(refused).get("errors").asBoolean()).isTrue();
            assertThat(json(refused).get("problems").get(0).get("message").asText()).contains("nowhere");
            assertThat(Files.readString(file)).isEqualTo(DOOR);
            assertThat(game.watcher.check()).isZero();

            Http.Response forced = game.post("/api/studio/save", "{\"revision\": 2, \"force\": true}");
            assertThat(forced.status()).isEqualTo(200);
            assertThat(json(forced).get("document").get("saved").get("forced").asBoolean()).isTrue();
            assertThat(Files.readString(file)).contains("nowhere");
            assertThat(game.watcher.check()).isEqualTo(1);
            assertThat(game.loadFailure()).isNotNull();
            assertThat(game.loadFailure().problems()).anySatisfy(p -> {
                assertThat(p.message()).contains("nowhere");
                assertThat(p.state()).isEqualTo("closed");
            });
            Thread.sleep(50); // ticks pass: nothing moves the machine
            assertThat(game.loop.call(() -> game.machine.chart())).isSameAs(game.first);

            // undone and saved: the file loads again, the machine moves, the page's banner goes
            assertThat(game.post("/api/studio/undo", "{}").status()).isEqualTo(200);
            assertThat(game.post("/api/studio/save", "{\"revision\": 3}").status()).isEqualTo(200);
            assertThat(game.watcher.check()).isEqualTo(1);
            assertThat(game.loadFailure()).isNull();
            eventually(() -> game.loop.call(() -> game.machine.chart()) != game.first, "the machine moves onto the saved chart");
        }
    }

    @Test
    void aSaveMovesTheMachineAndItsReportSaysWhatWasKeptEnteredAndGone(@TempDir Path dir) throws Exception {
        Path file = door(dir);
        try (Game game = new Game(file)) {
            assertThat(game.post("/api/studio/edit",
                    "{\"revision\": 1, \"edit\": {\"op\": \"addTransition\", \"source\": \"opened\", \"transition\": {\"event\": \"slam\", \"target\": \"closed\"}}}").status())
                    .isEqualTo(200);
            assertThat(game.post("/api/studio/save", "{\"revision\": 2}").status()).isEqualTo(200);
            game.watcher.check();
            eventually(() -> game.report() != null, "the report of the first move");
            Rec.Report first = game.report();
            assertThat(first.kept()).containsExactly("closed");
            assertThat(first.entered()).isEmpty();
            assertThat(first.gone()).isEmpty();

            Http.Response renamed = game.post("/api/studio/edit",
                    "{\"revision\": 2, \"edit\": {\"op\": \"renameState\", \"state\": \"closed\", \"newName\": \"shut\"}}");
            assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
            assertThat(game.post("/api/studio/save", "{\"revision\": 3}").status()).isEqualTo(200);
            game.watcher.check();
            eventually(() -> game.report() != first, "the report of the second move");
            Rec.Report second = game.report();
            assertThat(second.gone()).containsExactly(new Rec.Gone("closed", ""));
            assertThat(second.entered()).containsExactly("shut");
            assertThat(second.text()).contains("gone: closed");
            assertThat(game.loop.call(() -> game.machine.activeStates().toString())).contains("shut");
        }
    }

    @Test
    void aPausedGamesVariablesAreSetFromThePageInTheVariablesOwnWords(@TempDir Path dir) throws Exception {
        Chart<Object> chart = PageFixture.BUILT_IN.load("shop.json", """
                {"chart": "shop", "variables": {"gold": {"type": "int", "min": 0, "max": 999, "initial": 20}},
                 "initial": "open", "states": {"open": {}}}
                """);
        try (Inspector inspector = Inspector.start(InspectorOptions.defaults().quiet());
             GameLoop loop = new GameLoop(inspector, 5)) {
            Machine<Object> shop = loop.add(chart.newMachine(new Object()), "shop");
            URI u = inspector.url();
            String own = Http.host(u);
            Http.Response running = Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"gold\", \"value\": \"40\"}");
            assertThat(running.status()).isEqualTo(409);
            assertThat(running.body()).contains("pause it to set a variable");

            inspector.pause();
            Http.Response set = Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"gold\", \"value\": \"40\"}");
            assertThat(set.status()).as(set.body()).isEqualTo(200);
            inspector.flush();
            Model model = inspector.model();
            synchronized (model) {
                assertThat(model.machine(0).variableValues()).containsExactly(40); // shown while still paused
            }
            Http.Response word = Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"gold\", \"value\": \"lots\"}");
            assertThat(word.status()).isEqualTo(400);
            assertThat(json(word).get("error").asText()).contains("variable 'gold' is an int from 0 to 999");
            assertThat(Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"gold\", \"value\": \"5000\"}").status())
                    .isEqualTo(400);
            Http.Response silver = Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"silver\", \"value\": \"1\"}");
            assertThat(silver.status()).isEqualTo(400);
            assertThat(json(silver).get("error").asText()).contains("silver", "gold");
            assertThat(Http.post(u, "/api/variable", own, "{\"machine\": 9, \"name\": \"gold\", \"value\": \"1\"}").body())
                    .contains("no machine is attached as 9");
            assertThat(Http.post(u, "/api/variable", own, "{\"machine\": 0, \"name\": \"gold\"}").status()).isEqualTo(400);
            inspector.resume();
            assertThat(loop.call(() -> shop.variables().getInt("gold"))).isEqualTo(40);
        }
    }

    @Test
    void aReportsStructureCrossesTheWire() {
        Rec r = new Rec();
        r.kind = dev.arbor.inspector.capture.Kind.RELOAD;
        r.seq = 5;
        r.report = new Rec.Report("door", "door", "moved", List.of("a/b"), List.of("a/c"), List.of(new Rec.Gone("a/d", "a")));
        Rec back = ((dev.arbor.inspector.model.Wire.RecordLine) dev.arbor.inspector.model.Wire.read(
                dev.arbor.inspector.model.Wire.record(r))).rec();
        assertThat(back.report).isEqualTo(r.report);
        Rec old = ((dev.arbor.inspector.model.Wire.RecordLine) dev.arbor.inspector.model.Wire.read(
                "{\"seq\":1,\"type\":\"reload\",\"tick\":0,\"machine\":0,\"cause\":\"reload\","
                        + "\"report\":{\"from\":\"a\",\"to\":\"b\",\"text\":\"t\"}}")).rec();
        assertThat(old.report).isEqualTo(new Rec.Report("a", "b", "t")); // a recording from before: empty lists
    }
}
