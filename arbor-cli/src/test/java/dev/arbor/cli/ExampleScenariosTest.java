package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The scenarios written for the repository's example charts ({@code docs/examples/*.scenario})
 * and the demos' chart files (beside them in arbor-examples, run with the demos' component
 * libraries), run by the build as a designer runs them: {@code arbor test DIR}.
 */
class ExampleScenariosTest {

    private static final Path DOCS = Path.of("..", "docs", "examples");
    private static final Path DEMOS = Path.of("..", "arbor-examples", "src", "main", "resources", "dev", "arbor", "examples", "charts");

    @Test
    void everyExampleScenarioPasses() {
        Cli r = Cli.run("test", DOCS.toString(), DEMOS.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(
                "PASS " + DOCS.resolve("door-locked-out.scenario") + " (7 steps)",
                "PASS " + DOCS.resolve("door.scenario") + " (16 steps)",
                "PASS " + DOCS.resolve("shopkeeper-alarm.scenario") + " (23 steps)",
                "PASS " + DOCS.resolve("shopkeeper.scenario") + " (23 steps)",
                "PASS " + DOCS.resolve("vault.scenario") + " (6 steps)",
                "PASS " + DEMOS.resolve("guard.scenario") + " (18 steps)",
                "PASS " + DEMOS.resolve("miner.scenario") + " (18 steps)",
                "PASS " + DEMOS.resolve("robot.scenario") + " (19 steps)",
                "PASS " + DEMOS.resolve("wife.scenario") + " (16 steps)",
                "9 scenarios: 9 passed, 0 failed");
        assertThat(r.exit()).isZero();
    }
}
