package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The netplay demo over real loopback UDP: deterministic under a seed, and whatever the seed —
 * packets lost both ways, the torch changed by players the client cannot see — the client's
 * prediction ends equal to the server's state once the last snapshots have arrived.
 */
class NetplayDemoTest {

    static String run(long seed, int latency, double loss) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            NetplayDemo.run(out, seed, 60, latency, loss);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theClientConvergesOnTheServerForEverySeed() {
        int heroCorrections = 0;
        int torchCorrections = 0;
        for (long seed = 1; seed <= 25; seed++) {
            String t = run(seed, 1 + (int) (seed % 4), 0.2);
            assertThat(t).as("seed %d", seed).contains("equals the server's state: true");
            assertThat(t).doesNotContain("refused a snapshot");
            heroCorrections += t.split("hero rolled back", -1).length - 1;
            torchCorrections += t.split("torch rolled back", -1).length - 1;
        }
        assertThat(heroCorrections).as("lost inputs corrected on the hero").isPositive();
        assertThat(torchCorrections).as("unseen torch events corrected").isPositive();
    }

    @Test
    void theSameSeedGivesTheSameRun() {
        assertThat(run(42, 3, 0.15)).isEqualTo(run(42, 3, 0.15));
    }
}
