package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.export.DiagramFormat;
import dev.arbor.svg.SvgRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbor render}: every format, highlighting, output files. */
class RenderCommandTest {

    @Test
    void everyFormatRendersTheChartAsTheExporterWritesIt() throws IOException {
        Path file = Cli.chart("door.json");
        Chart<?> chart = ChartLoader.of(new BuiltInComponents().components()).load(file);
        for (DiagramFormat format : DiagramFormat.values()) {
            Cli r = Cli.run("render", file.toString(), "--format", format.name().toLowerCase(java.util.Locale.ROOT));
            assertThat(r.exit()).as(format.name()).isZero();
            assertThat(r.out()).as(format.name()).isEqualTo(format.export(chart, Set.of()));
        }
        Cli svg = Cli.run("render", file.toString(), "--format", "svg");
        assertThat(svg.out()).isEqualTo(SvgRenderer.render(chart, Set.of()));
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
