package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.export.DiagramFormat;
import dev.arbor.svg.SvgRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        assertThat(unknown.out()).isEmpty();
        assertThat(unknown.errLines()).containsExactly(
                "arbor: --active ajar: chart 'door' has no such state; its states: closed, opened, broken");
        assertThat(Cli.run("render", file, "-f", "svg", "--active", "closed", "Opend").errLines()).containsExactly(
                "arbor: --active Opend: chart 'door' has no such state; did you mean opened? Its states: closed, opened, broken");
    }

    @Test
    void activeStatesAreFilledWithTheirAncestorsAndADrawnRoot() throws IOException {
        // logs.json's root has a global transition, so it is drawn as a box of its own
        Path file = Cli.chart("logs.json");
        Chart<?> chart = ChartLoader.of(new BuiltInComponents().components()).load(file);
        Cli r = Cli.run("render", file.toString(), "--format", "svg", "--active", "walk");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo(SvgRenderer.render(chart, Set.of("root", "patrol", "walk")))
                .contains("<g class=\"state\" id=\"s0\" data-state=\"root\" data-kind=\"compound\" data-active=\"true\">")
                .contains("<g class=\"state\" id=\"s1\" data-state=\"patrol\" data-kind=\"compound\" data-active=\"true\">")
                .contains("<g class=\"state\" id=\"s2\" data-state=\"walk\" data-kind=\"atomic\" data-active=\"true\">")
                .contains("<g class=\"state\" id=\"s3\" data-state=\"guard post\" data-kind=\"atomic\">");
        assertThat(Cli.run("render", file.toString(), "-f", "dot", "--active", "walk").out())
                .isEqualTo(DiagramFormat.DOT.export(chart, Set.of("root", "patrol", "walk")));
        assertThat(RenderCommand.highlighted(chart, List.of("walk", "guard post"))).containsExactly(
                "walk", "patrol", "root", "guard post");
    }

    @Test
    void aRootThatIsNotDrawnIsNotFilled() throws IOException {
        // the door's root is the drawing itself: naming an atomic state fills that state alone
        Path file = Cli.chart("door.json");
        Chart<?> chart = ChartLoader.of(new BuiltInComponents().components()).load(file);
        for (DiagramFormat format : DiagramFormat.values()) {
            assertThat(Cli.run("render", file.toString(), "-f", format.name().toLowerCase(java.util.Locale.ROOT),
                    "--active", "opened").out()).as(format.name()).isEqualTo(format.export(chart, Set.of("opened")));
        }
        String svg = Cli.run("render", file.toString(), "-f", "svg", "--active", "opened").out();
        assertThat(svg).isEqualTo(SvgRenderer.render(chart, Set.of("opened"))).doesNotContain("id=\"s0\"")
                .contains("<g class=\"state\" id=\"s2\" data-state=\"opened\" data-kind=\"atomic\" data-active=\"true\">");
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        Cli r = Cli.run("render", Cli.chart("door.json").toString(), "--format", "gif");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("gif").contains("dot, mermaid, plantuml, scxml, svg");
    }
}
