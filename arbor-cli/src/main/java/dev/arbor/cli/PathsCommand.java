package dev.arbor.cli;

import dev.arbor.analysis.AnalysisOptions;
import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.analysis.InputPath;
import dev.arbor.analysis.Step;
import dev.arbor.core.Chart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor paths FILE --to STATE | --cover states|transitions}: the input sequences the
 * analysis finds through a chart ({@link ChartAnalysis#shortestPathTo}, {@link ChartAnalysis#cover}),
 * printed one input a line with what it assumes and the active states after it, and written, with
 * {@code --emit}, as scenarios for {@code arbor test} or as JUnit 5 tests.
 */
@Command(name = "paths", mixinStandardHelpOptions = true,
        description = {"Finds input sequences through a chart: a shortest one to a state (--to), or",
                "a set that together makes every reachable state active or takes every",
                "transition that can be taken (--cover). Prints each input on a line with the",
                "active states after it and what it assumes (a guard's outcome, a random draw).",
                "--emit writes each path as a scenario (arbor test runs it) or a JUnit 5 test.",
                "Exit 0 when the paths were found, 1 when the state cannot be reached."})
final class PathsCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json, .scxml).")
    Path file;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** What the paths are to reach. */
    static final class Target {
        @Option(names = "--to", paramLabel = "STATE", required = true,
                description = "A shortest input sequence that makes STATE active (a name, or a path such as open/haggling).")
        String to;

        @Option(names = "--cover", paramLabel = "WHAT", required = true,
                description = "Input sequences that together cover ${COMPLETION-CANDIDATES}.")
        Cover cover;
    }

    /** What {@code --cover} covers. */
    enum Cover {
        states, transitions
    }

    /** What {@code --emit} writes. */
    enum Emit {
        scenario, junit
    }

    @Option(names = "--emit", arity = "2", paramLabel = "FORMAT DIR", hideParamSyntax = true,
            description = {"Also write each path into DIR, as FORMAT: scenario (a .scenario file a path,",
                    "which arbor test runs) or junit (a JUnit 5 class, a test a path). The files",
                    "name the chart file as it is given here."})
    List<String> emit = List.of();

    @Option(names = "--package", paramLabel = "NAME", description = "The package of the JUnit class --emit junit writes (default: none).")
    String packageName = "";

    @Mixin
    AnalysisBudget budget;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        Emit format = format();
        AnalysisOptions options = budget.options();
        Analysed a = Analysed.of(file, components.libraries, options, null);
        a.warnings().forEach(main.err::println);
        ChartAnalysis analysis = a.analysis();
        Chart<?> chart = a.chart();
        List<InputPath> paths = new ArrayList<>();
        List<String> names = new ArrayList<>();
        String base = baseName(file);
        if (target.to != null) {
            int state = Analysed.state(chart, "--to", target.to);
            Optional<InputPath> path = analysis.shortestPathTo(chart.stateName(state));
            if (path.isEmpty()) {
                throw new CliFailure(file + ": no input sequence makes " + chart.statePath(state) + " active"
                        + analysis.stoppedBecause().map(why -> " within the configurations explored (" + why + ")").orElse(""));
            }
            paths.add(path.get());
            names.add(base + "-to-" + chart.stateName(state));
            main.out.println(file + ": a shortest path to " + chart.statePath(state) + ", " + inputs(path.get()));
        } else {
            boolean states = target.cover == Cover.states;
            paths.addAll(analysis.cover(states ? ChartAnalysis.Cover.STATES : ChartAnalysis.Cover.TRANSITIONS));
            int[] c = analysis.coverage();
            boolean one = paths.size() == 1;
            main.out.println(file + ": " + paths.size() + (one ? " path" : " paths") + (states
                    ? (one ? " makes" : " make") + " every reachable state active (" + c[0] + " of " + c[1] + ")"
                    : (one ? " takes" : " take") + " every transition that can be taken (" + c[2] + " of " + c[3] + ")")
                    + analysis.stoppedBecause().map(why -> "; the exploration is incomplete: " + why).orElse(""));
            for (int i = 1; i <= paths.size(); i++) {
                names.add(base + "-" + target.cover + "-" + i);
            }
        }
        for (int i = 0; i < paths.size(); i++) {
            print(chart, i + 1, paths.get(i));
        }
        if (format != null) {
            emit(format, Path.of(emit.get(1)), a, paths, names);
        }
        main.out.flush();
        main.err.flush();
        return 0;
    }

    private Emit format() {
        if (emit.isEmpty()) {
            return null;
        }
        if (emit.size() != 2) {
            throw new CliFailure("--emit takes one format and one directory: --emit scenario DIR or --emit junit DIR");
        }
        try {
            return Emit.valueOf(emit.get(0));
        } catch (IllegalArgumentException e) {
            throw new CliFailure("--emit " + emit.get(0) + ": the formats are scenario and junit (--emit scenario DIR)");
        }
    }

    private static String inputs(InputPath path) {
        int n = path.steps().size();
        return n + (n == 1 ? " input" : " inputs");
    }

    /**
     * A path, one line a step: the input, the active leaf states after it, and what it assumes.
     *
     * <pre>
     * path 1: dawn; tick; tick; tick; offer
     *   start  shop/closed
     *   dawn   shop/open/greeting
     * </pre>
     */
    private void print(Chart<?> chart, int number, InputPath path) {
        main.out.println("path " + number + ": " + path + " (" + inputs(path) + ")");
        List<Step> all = new ArrayList<>();
        all.add(path.start());
        all.addAll(path.steps());
        int width = "start".length();
        for (Step s : path.steps()) {
            width = Math.max(width, s.input().toString().length());
        }
        for (Step s : all) {
            String input = s.input() == null ? "start" : s.input().toString();
            List<String> leaves = new ArrayList<>();
            ScenarioWriter.leaves(chart, s.active()).forEach(leaf -> leaves.add(chart.statePath(leaf)));
            main.out.println("  " + input + " ".repeat(width - input.length() + 2) + String.join(", ", leaves));
            String indent = "  " + " ".repeat(width + 2);
            s.assumptions().forEach(x -> main.out.println(indent + "assumes " + x));
        }
    }

    /** Writes the paths as scenarios, or as a JUnit class, into {@code dir}. */
    private void emit(Emit format, Path dir, Analysed a, List<InputPath> paths, List<String> names) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CliFailure(dir + ": cannot be created (" + e.getMessage() + ")", e);
        }
        if (format == Emit.scenario) {
            String chartLine = dir.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString()
                    .replace('\\', '/');
            for (int i = 0; i < paths.size(); i++) {
                String comment = "arbor paths " + file + (target.to != null ? " --to " + target.to : " --cover " + target.cover)
                        + ": path " + (i + 1) + " of " + paths.size();
                write(dir.resolve(fileName(names.get(i)) + TestCommand.EXTENSION),
                        ScenarioWriter.scenario(a.chart(), chartLine, comment, paths.get(i)));
            }
        } else {
            JUnitWriter.Source source = JUnitWriter.write(a, packageName, paths, names,
                    target.to != null ? "--to " + target.to : "--cover " + target.cover);
            Path into = packageName.isEmpty() ? dir : dir.resolve(packageName.replace('.', '/'));
            try {
                Files.createDirectories(into);
            } catch (IOException e) {
                throw new CliFailure(into + ": cannot be created (" + e.getMessage() + ")", e);
            }
            write(into.resolve(source.className() + ".java"), source.text());
        }
    }

    private void write(Path out, String text) {
        try {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliFailure(out + ": cannot be written (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
        main.out.println("wrote " + out);
    }

    /** A chart file's name without its extension. */
    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** A name made safe for a file: letters, digits, '-' and '_' kept, anything else '_'. */
    private static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
