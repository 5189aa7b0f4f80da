package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.io.NearestName;
import dev.arbor.io.export.DiagramFormat;
import dev.arbor.svg.SvgRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** The most states an error lists. */
    private static final int LISTED = 30;

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json, .scxml).")
    Path file;

    @Option(names = {"-f", "--format"}, required = true, paramLabel = "FORMAT",
            description = "One of: ${COMPLETION-CANDIDATES}.")
    Format format;

    @Option(names = "--active", arity = "1..*", paramLabel = "STATE",
            description = {"States to highlight (in blue) with all their ancestors, as a machine's active configuration",
                    "is: naming the leaves is enough. The root is highlighted when it is drawn as a box."})
    List<String> active = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "The file to write (default: standard output).")
    Path output;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        Chart<?> chart = ChartFiles.loadOrFail(file, components.libraries).chart();
        Set<String> highlighted = highlighted(chart, active);
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

    /**
     * The states {@code --active} names with all their ancestors, root included (the diagrams
     * draw the root only when it is a box of its own, and fill it only then), by name.
     *
     * @throws CliFailure at the first name the chart does not have, listing its states
     */
    static Set<String> highlighted(Chart<?> chart, List<String> names) {
        Set<String> highlighted = new LinkedHashSet<>();
        for (String name : names) {
            if (!chart.hasState(name)) {
                throw new CliFailure("--active " + name + ": " + noSuchState(chart, name));
            }
            for (int s = chart.stateId(name); s >= 0; s = chart.parent(s)) {
                highlighted.add(chart.stateName(s));
            }
        }
        return highlighted;
    }

    /** Why a name is not a state: the chart's states, and the nearest of them when one is near. */
    static String noSuchState(Chart<?> chart, String name) {
        List<String> states = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            states.add(chart.stateName(s));
        }
        String nearest = NearestName.among(name, states);
        String list = states.size() <= LISTED ? String.join(", ", states)
                : String.join(", ", states.subList(0, LISTED)) + ", ... (" + states.size() + " in all)";
        return "chart '" + chart.name() + "' has no such state; "
                + (nearest == null ? "its states: " : "did you mean " + nearest + "? Its states: ") + list;
    }
}
