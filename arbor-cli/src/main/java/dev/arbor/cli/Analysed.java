package dev.arbor.cli;

import dev.arbor.analysis.AnalysisOptions;
import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartPositions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A chart file loaded for analysis and explored: what {@code arbor check} and {@code arbor paths}
 * print from. A file that does not load fails as {@code arbor validate} reports it: every problem
 * and warning, one a line, in file order.
 *
 * @param file     the file, as given
 * @param loaded   the chart loaded from it
 * @param warnings the file's warnings, as {@code validate} prints them
 * @param places   where the file declares each state and transition (nowhere, for an SCXML document)
 * @param analysis the exploration
 */
record Analysed(Path file, ChartFiles.Loaded loaded, List<String> warnings, ChartPositions places, ChartAnalysis analysis) {

    /** The chart explored. */
    Chart<?> chart() {
        return loaded.chart();
    }

    /**
     * Loads and explores a chart file.
     *
     * @param target the option that names a state the options' target is, such as {@code --can-reach}, or null
     * @throws CliFailure the file's problems; a state the chart does not have; a chart the analysis refuses
     */
    static Analysed of(Path file, List<String> libraries, AnalysisOptions options, String target) {
        ChartFiles.Loaded loaded;
        try {
            loaded = ChartFiles.loadForAnalysis(file, libraries);
        } catch (ChartFileException e) {
            throw CliFailure.problems(ValidateCommand.lines(e.problems(), e.warnings()));
        }
        if (options.target() != null) {
            options = options.withTarget(loaded.chart().stateName(state(loaded.chart(), target, options.target())));
        }
        ChartPositions places = loaded instanceof ChartFiles.Json<?> json ? json.positions() : ChartPositions.none(file.toString());
        List<String> warnings = ValidateCommand.lines(List.of(), loaded.warnings());
        try {
            return new Analysed(file, loaded, warnings, places, ChartAnalysis.of(loaded.chart(), options));
        } catch (IllegalArgumentException e) {
            throw new CliFailure(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The state a name or a path from below the root ({@code open/haggling}) names.
     *
     * @param option the option it was given with, for the message
     * @throws CliFailure naming the chart's states and the nearest one
     */
    static int state(Chart<?> chart, String option, String name) {
        for (int s = 1; s < chart.stateCount(); s++) {
            if (chart.statePath(s).equals(name)) {
                return s;
            }
        }
        List<Integer> named = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            if (chart.stateName(s).equals(name)) {
                named.add(s);
            }
        }
        if (named.size() == 1) {
            return named.get(0);
        }
        throw new CliFailure(option + " " + name + ": " + RenderCommand.noSuchState(chart, name));
    }
}
