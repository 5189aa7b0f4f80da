package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor render}: every format, highlighting, output files. */
class RenderCommandTest {

    @Test
    void everyFormatRendersTheChart() {
        String file = Cli.chart("door.json").toString();
        assertThat(Cli.run("render", file, "--format", "dot").out()).contains("digraph").contains("opened");
        assertThat(Cli.run("render", file, "--format", "mermaid").out()).contains("stateDiagram-v2").contains("opened");
        assertThat(Cli.run("render", file, "--format", "plantuml").out()).contains("@startuml").contains("opened");
        assertThat(Cli.run("render", file, "--format", "scxml").out()).contains("<scxml").contains("opened");
        assertThat(Cli.run("render", file, "--format", "svg").out()).contains("<svg").contains("opened");
    }

    @Test
    void activeStatesAreHighlightedAndUnknownOnesRefused(@TempDir Path dir) throws IOException {
        String file = Cli.chart("door.json").toString();
        Path out = dir.resolve("door.svg");
        Cli r = Cli.run("render", file, "--format", "svg", "--active", "opened", "-o", out.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readString(out)).isEqualTo(Cli.run("render", file, "-f", "svg", "--active", "opened").out())
                .isNotEqualTo(Cli.run("render", file, "-f", "svg").out());

        Cli unknown = Cli.run("render", file, "--format", "dot", "--active", "ajar");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.errLines()).containsExactly("arbor: --active ajar: chart 'door' has no such state");
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        Cli r = Cli.run("render", Cli.chart("door.json").toString(), "--format", "gif");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("gif").contains("dot, mermaid, plantuml, scxml, svg");
    }
}
