package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.io.export.DiagramFormat;
import dev.arbor.svg.SvgRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code arbor render FILE --format …}: a chart as a diagram, or as SCXML. */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Writes a chart as a diagram (DOT, Mermaid, PlantUML, SVG) or as SCXML.")
final class RenderCommand implements Callable<Integer> {

    /** The formats, as the option takes them. */
    enum Format { dot, mermaid, plantuml, scxml, svg }

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json, .scxml).")
    Path file;

    @Option(names = {"-f", "--format"}, required = true, paramLabel = "FORMAT",
            description = "One of: ${COMPLETION-CANDIDATES}.")
    Format format;

    @Option(names = "--active", arity = "1..*", paramLabel = "STATE",
            description = "States to highlight (in blue), such as a machine's active configuration.")
    List<String> active = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "The file to write (default: standard output).")
    Path output;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        Chart<?> chart = ChartFiles.loadOrFail(file, components.library).chart();
        Set<String> highlighted = new LinkedHashSet<>();
        for (String state : active) {
            if (!chart.hasState(state)) {
                throw new CliFailure("--active " + state + ": chart '" + chart.name() + "' has no such state");
            }
            highlighted.add(chart.stateName(chart.stateId(state)));
        }
        String text = format == Format.svg ? SvgRenderer.render(chart, highlighted)
                : DiagramFormat.byName(format.name()).export(chart, highlighted);
        if (output == null) {
            main.out.print(text);
            main.out.flush();
        } else {
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliFailure(output + ": cannot be written (" + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
            }
        }
        return 0;
    }
}
