package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The command line as a whole: help, usage errors, demos, no stack traces. */
class MainTest {

    @Test
    void helpListsTheCommands() {
        Cli r = Cli.run("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("validate").contains("render").contains("run").contains("demo");
        for (String command : new String[] {"validate", "render", "run", "demo"}) {
            assertThat(Cli.run(command, "--help").exit()).as(command).isZero();
        }
    }

    @Test
    void noCommandOrAnUnknownOneIsAUsageError() {
        assertThat(Cli.run().exit()).isEqualTo(2);
        Cli r = Cli.run("dance");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("dance");
    }

    @Test
    void demosRunByName() {
        Cli r = Cli.run("demo", "qhsm");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isNotBlank();
        Cli unknown = Cli.run("demo", "pong");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.errLines()).containsExactly(
                "arbor: no demo named 'pong'; demos: guard, netplay, qhsm, robot, west-world");
    }
}
