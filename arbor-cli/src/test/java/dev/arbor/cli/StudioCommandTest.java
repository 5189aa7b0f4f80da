package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor studio FILE}: the page's studio on one file, and a machine that follows its saves. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StudioCommandTest {
    private static final Pattern URL = Pattern.compile("Arbor studio: (http://127\\.0\\.0\\.1:\\d+/)\\?token=([A-Za-z0-9_-]+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The command on another thread, bounded by --stop-after; returns once its URL is printed. */
    private static final class Running {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final CompletableFuture<Integer> exit;
        final URI url;
        final String token;

        Running(String... args) throws Exception {
            PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
            exit = CompletableFuture.supplyAsync(() -> Main.execute(args, ps, ps));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            Matcher m;
            while (!(m = URL.matcher(out())).find()) {
                if (exit.isDone() || System.nanoTime() > deadline) {
                    throw new AssertionError("no URL printed: " + out()
                            + (exit.isDone() ? " (ended: " + exit.handle((code, t) -> t == null ? "exit " + code : t.toString()).join() + ")" : ""));
                }
                Thread.sleep(20);
            }
            url = URI.create(m.group(1));
            token = m.group(2);
        }

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        HttpResponse<String> send(String path, String json, boolean withToken) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve(path)).timeout(Duration.ofSeconds(10));
            if (withToken) {
                b.header("X-Arbor-Token", token);
            }
            if (json != null) {
                b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
            }
            return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
        }

        JsonNode call(String path, String json) throws Exception {
            HttpResponse<String> r = send(path, json, true);
            assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
            return JSON.readTree(r.body());
        }

        void awaitOut(String what) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!out().contains(what)) {
                if (exit.isDone() || System.nanoTime() > deadline) {
                    throw new AssertionError("never printed '" + what + "': " + out());
                }
                Thread.sleep(20);
            }
        }

        int await() throws Exception {
            return exit.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void theStudioServesItsFileBehindTheTokenAndASaveMovesTheMachine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("door.json");
        Files.copy(Cli.chart("door.json"), file);
        String original = Files.readString(file);
        Running studio = new Running("studio", file.toString(), "--tick-rate", "50", "--stop-after", "500");
        studio.awaitOut("running " + file);
        assertThat(studio.send("/api/studio/document", null, false).statusCode()).isEqualTo(401);
        JsonNode doc = studio.call("/api/studio/document", null);
        assertThat(doc.get("text").asText()).isEqualTo(original);
        assertThat(doc.get("revision").asLong()).isEqualTo(1);
        assertThat(studio.call("/api/status", null).get("attached").asInt()).isEqualTo(1);

        studio.call("/api/studio/edit", "{\"revision\": 1, \"edit\": {\"op\": \"addTransition\", \"source\": \"opened\", "
                + "\"transition\": {\"event\": \"slam\", \"target\": \"closed\"}}}");
        JsonNode saved = studio.call("/api/studio/save", "{\"revision\": 2, \"force\": false}");
        assertThat(saved.get("saved").asBoolean()).isTrue();
        assertThat(Files.readString(file)).contains("\"slam\"");
        studio.awaitOut("moved from chart 'door' to 'door'"); // the watcher moved the machine onto the saved chart
        assertThat(studio.out()).contains("kept: closed");
        assertThat(studio.await()).isZero();
    }

    @Test
    void aMissingFileStartsANewChartAndTheMachineStartsWhenASaveMakesItLoad(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tavern.json");
        Running studio = new Running("studio", file.toString(), "--tick-rate", "50", "--stop-after", "500");
        studio.awaitOut(file + " does not exist yet");
        JsonNode doc = studio.call("/api/studio/document", null);
        assertThat(doc.get("text").asText()).isEmpty();
        assertThat(studio.call("/api/status", null).get("attached").asInt()).isZero();

        studio.call("/api/studio/edit", "{\"revision\": 1, \"edit\": {\"op\": \"addState\", \"parent\": \"\", \"name\": \"idle\"}}");
        studio.call("/api/studio/save", "{\"revision\": 2}");
        studio.awaitOut("running " + file);
        assertThat(studio.call("/api/status", null).get("attached").asInt()).isEqualTo(1);
        assertThat(studio.await()).isZero();
        assertThat(Cli.run("validate", file.toString()).exit()).isZero();
    }

    @Test
    void onlyJsonChartFilesAreEdited(@TempDir Path dir) {
        Cli scxml = Cli.run("studio", dir.resolve("lamp.scxml").toString());
        assertThat(scxml.exit()).isEqualTo(1);
        assertThat(scxml.err()).contains("the studio edits JSON chart files (.json)");
        Cli nowhere = Cli.run("studio", dir.resolve("no/such/dir/x.json").toString());
        assertThat(nowhere.exit()).isEqualTo(1);
        assertThat(nowhere.err()).contains("its directory does not exist");
    }
}
