package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartFileException.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor validate [--strict] FILE…}: loads each chart file and reports every problem found,
 * and every warning: a likely mistake that still makes a valid chart.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks chart files.",
                "Prints every problem as FILE:LINE:COL: message, and every warning (a likely mistake that still loads,",
                "such as an event raised that no transition takes) as FILE:LINE:COL: warning: message.",
                "Exit 0 when every file is valid (with --strict: and has no warnings), 1 otherwise."})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Chart files (.json, .scxml).")
    List<Path> files;

    @Option(names = "--strict", description = "Exit 1 when a file has warnings, as when it has problems.")
    boolean strict;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        int invalid = 0;
        int warned = 0;
        for (Path file : files) {
            try {
                ChartFiles.Loaded loaded = ChartFiles.load(file, components.libraries);
                Chart<?> chart = loaded.chart();
                List<Problem> warnings = loaded.warnings();
                main.out.println(file + ": valid (" + (chart.stateCount() - 1) + " states, "
                        + declaredTransitions(chart) + " transitions" + count(warnings) + ")");
                lines(List.of(), warnings).forEach(main.err::println);
                warned += warnings.isEmpty() ? 0 : 1;
            } catch (ChartFileException e) {
                invalid++;
                lines(e.problems(), e.warnings()).forEach(main.err::println);
            } catch (CliFailure e) {
                invalid++;
                main.err.println(e.getMessage()); // a file's problems, or why it could not be read
            }
        }
        main.out.flush();
        main.err.flush();
        return invalid == 0 && (!strict || warned == 0) ? 0 : Main.FAILED;
    }

    /** A file's problems and warnings in file order, one a line; a warning says so after its place. */
    static List<String> lines(List<Problem> problems, List<Problem> warnings) {
        record Line(Problem problem, boolean warning) {}
        List<Line> all = new ArrayList<>();
        problems.forEach(p -> all.add(new Line(p, false)));
        warnings.forEach(w -> all.add(new Line(w, true)));
        all.sort(Comparator.comparingInt((Line l) -> l.problem().line()).thenComparingInt(l -> l.problem().column()));
        List<String> out = new ArrayList<>();
        for (Line l : all) {
            Problem p = l.problem();
            out.add(l.warning() ? p.file() + ":" + p.line() + ":" + p.column() + ": warning: " + p.message() : p.toString());
        }
        return out;
    }

    private static String count(List<Problem> warnings) {
        return warnings.isEmpty() ? "" : "; " + warnings.size() + (warnings.size() == 1 ? " warning" : " warnings");
    }

    /** The transitions the file declares (not the chart's own, such as the one programmatic moves use). */
    private static long declaredTransitions(Chart<?> chart) {
        return java.util.stream.IntStream.range(0, chart.transitionCount())
                .filter(t -> chart.transitionInfo(t).mode().declared()).count();
    }
}
