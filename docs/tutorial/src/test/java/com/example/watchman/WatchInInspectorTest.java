package com.example.watchman;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.arbor.inspector.Inspector;
import dev.arbor.inspector.InspectorOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Step 5: the two watchmen watched in the live inspector, on loopback. */
class WatchInInspectorTest {

    @Test
    void threeTicksInTheInspectorThenItStops() throws Exception {
        String printed = assertTimeoutPreemptively(Duration.ofSeconds(20),
            () -> Printed.by(WatchInInspector::main, "3"));

        // The port is the one the system gave: the tutorial shows it as PORT.
        Printed.assertShown("inspector.txt", printed.replaceAll("http://127\\.0\\.0\\.1:\\d+/", "http://127.0.0.1:PORT/"));
    }

    @Test
    void thePageListsBothWatchmenWithTheirStates() throws Exception {
        Wall wall = Wall.of(WatchmanChart.CHART);
        wall.bram().fire(Call.NOISE);
        try (Inspector inspector = Inspector.start(InspectorOptions.defaults().quiet())) {
            inspector.attach(wall.bram().machine(), "bram");
            inspector.attach(wall.cole().machine(), "cole");
            inspector.attach(wall.village().dispatcher);
            for (int i = 0; i < 3; i++) {
                inspector.gate();
                GameLoop.tick(wall.village(), wall.bram(), wall.cole());
            }
            inspector.flush();  // a test waits for the collector thread; a game never does
            assertEquals("127.0.0.1", inspector.url().getHost());

            HttpClient http = HttpClient.newHttpClient();
            String status = get(http, inspector.url().resolve("/api/status")).body();
            String frame = firstFrame(http, inspector.url());

            assertTrue(status.contains("\"attached\":2") && status.contains("\"tick\":3"), status);
            assertTrue(frame.matches("(?s).*\"name\":\"bram\".*\"leaf\":\"PATROL/TO_TOWER\".*"), frame);
            assertTrue(frame.matches("(?s).*\"name\":\"cole\".*\"leaf\":\"ASSIST\".*"), frame);
        }
    }

    private static HttpResponse<String> get(HttpClient http, URI uri) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The first frame of the page's event stream ({@code GET /api/stream}), read within ten seconds. */
    private static String firstFrame(HttpClient http, URI base) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/api/stream?client=tutorial"))
            .timeout(Duration.ofSeconds(5))
            .build();
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, response.statusCode());
            try (Stream<String> lines = response.body()) {
                return lines.filter(l -> l.startsWith("data: ")).findFirst().orElseThrow();
            }
        });
    }
}
