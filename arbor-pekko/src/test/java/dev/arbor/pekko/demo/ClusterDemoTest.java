package dev.arbor.pekko.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code ./arbor demo cluster}, smaller: its story is the same apart from the timings. */
@Tag("cluster")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ClusterDemoTest {

    @Test
    void theStoryEndsWithEveryGuardEqualToItsReference() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int differing = new ClusterDemo(new PrintStream(bytes, true, StandardCharsets.UTF_8), 2_000).run();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(differing).as(out).isZero();
        assertThat(out).contains("three nodes up on 127.0.0.1", "first wave: 2,000 events, 2,000 acknowledged",
                "guards per node: node 1 ", "stopping node 3 without a word", "node 3 downed by the split-brain resolver",
                "2,000 of 2,000 guards equal a machine fed their acknowledged events");
        assertThat(out.lines().filter(l -> l.startsWith("guards per node:")).reduce((a, b) -> b).orElseThrow())
                .doesNotContain("node 3"); // the last count is of the two that are left
    }
}
