package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.core.Machine;
import dev.arbor.inspector.Inspector;
import dev.arbor.inspector.InspectorOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Tutorial step 5: the two watchmen watched in the live inspector, on loopback. */
class InspectorTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theWatchmenAppearInTheInspectorWithTheirStates() throws Exception {
        TwoWatchmenTest.Wall wall = TwoWatchmenTest.Wall.of(Watchmen.CHART);
        Village village = wall.village();
        Machine<Watchman> bramNpc = wall.bram();
        Machine<Watchman> coleNpc = wall.cole();
        bramNpc.fire(Call.NOISE);

        // tutorial:inspector
        Inspector inspector = Inspector.start(InspectorOptions.defaults());  // 127.0.0.1, a free port; prints the URL
        inspector.attach(bramNpc, "bram");
        inspector.attach(coleNpc, "cole");
        inspector.attach(village.dispatcher);  // the telegrams between them
        for (int i = 0; i < 3; i++) {
            inspector.gate();                  // once a tick: where the page pauses and steps the game
            GameLoop.tick(village, bramNpc, coleNpc);
        }
        // end
        try {
            assertThat(inspector.url().getHost()).isEqualTo("127.0.0.1");
            inspector.flush();  // a test waits for the collector thread; a game never does

            // tutorial:status
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest request = HttpRequest.newBuilder(inspector.url().resolve("/api/status"))
                .timeout(Duration.ofSeconds(5))
                .build();
            String status = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
            // end

            JsonNode counters = JSON.readTree(status);
            assertThat(counters.get("attached").asInt()).isEqualTo(2);
            assertThat(counters.get("tick").asLong()).isEqualTo(3);

            JsonNode rows = firstFrame(http, inspector.url()).get("machines").get("rows");
            List<String> seen = new ArrayList<>();
            rows.forEach(row -> seen.add(row.get("name").asText() + " " + row.get("chart").asText()
                    + " " + row.get("leaf").asText()));
            assertThat(seen).containsExactly("bram watchman PATROL/TO_TOWER", "cole watchman ASSIST");
        } finally {
            inspector.close();
        }
        assertThat(bramNpc.activeStates()).containsExactly(Post.PATROL, Post.TO_TOWER);
    }

    @Test
    void theInspectorRefusesToListenBeyondLoopbackUnlessAllowed() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> Inspector.start(InspectorOptions.defaults().withHost("0.0.0.0").quiet()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("allowRemote");
    }

    /** The first frame of the page's event stream ({@code GET /api/stream}), read within ten seconds. */
    private static JsonNode firstFrame(HttpClient http, URI base) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/api/stream?client=tutorial"))
            .timeout(Duration.ofSeconds(5))
            .build();
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
            assertThat(response.statusCode()).isEqualTo(200);
            try (Stream<String> lines = response.body()) {
                String data = lines.filter(l -> l.startsWith("data: ")).findFirst().orElseThrow();
                return JSON.readTree(data.substring("data: ".length()));
            }
        });
    }
}
