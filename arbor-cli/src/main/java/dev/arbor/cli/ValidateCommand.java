package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.io.ChartFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code arbor validate FILE…}: loads each chart file and reports every problem found. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks chart files.",
                "Prints every problem as FILE:LINE:COL: message. Exit 0 when every file is valid, 1 otherwise."})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Chart files (.json, .scxml).")
    List<Path> files;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        int invalid = 0;
        for (Path file : files) {
            try {
                Chart<?> chart = ChartFiles.load(file, components.library).chart();
                main.out.println(file + ": valid (" + (chart.stateCount() - 1) + " states, "
                        + declaredTransitions(chart) + " transitions)");
            } catch (ChartFileException e) {
                invalid++;
                e.problems().forEach(main.err::println);
            } catch (CliFailure e) {
                invalid++;
                main.err.println(e.getMessage()); // a file's problems, or why it could not be read
            }
        }
        main.out.flush();
        main.err.flush();
        return invalid == 0 ? 0 : Main.FAILED;
    }

    /** The transitions the file declares (not the chart's own, such as the one programmatic moves use). */
    private static long declaredTransitions(Chart<?> chart) {
        return java.util.stream.IntStream.range(0, chart.transitionCount())
                .filter(t -> chart.transitionInfo(t).mode().declared()).count();
    }
}
