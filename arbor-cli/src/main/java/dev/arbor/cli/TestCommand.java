package dev.arbor.cli;

import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.analysis.Coverage;
import dev.arbor.io.ChartFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor test FILE|DIR… [--junit OUT.xml]}: runs designers' scenarios ({@link Scenario}),
 * each on a fresh machine of its chart, and reports each as {@code PASS} or {@code FAIL} with
 * the scenario's {@code FILE:LINE} of what went wrong.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = {"Runs scenarios (.scenario files): the steps and expectations a designer writes",
                "for a chart, each on a fresh machine. Prints PASS or FAIL for each; for a failure,",
                "FILE:LINE: what was expected, the machine's states and its variables (a scenario",
                "stops at its first failed expectation). Exit 0 when every scenario passed, 1 otherwise."})
final class TestCommand implements Callable<Integer> {

    /** The extension of scenario files. */
    static final String EXTENSION = ".scenario";

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR",
            description = "Scenario files, or directories: every *.scenario file under them, in name order.")
    List<Path> paths;

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "Also write the results as JUnit XML, for CI.")
    Path junit;

    @Option(names = "--coverage", description = {"Also say, per chart, which states and transitions the scenarios",
            "reached and took, and which of the rest no run can ever cover (the chart's analysis: docs/analysis.md)."})
    boolean coverage;

    @Mixin
    ComponentsOption components;

    /** Per chart file: the coverage of its scenarios so far, and its chart. */
    private final Map<Path, Coverage<?>> covered = new java.util.LinkedHashMap<>();
    /** Per chart file: the chart as loaded, which the analysis explores (a run with assumptions runs a copy). */
    private final Map<Path, dev.arbor.core.Chart<?>> analysed = new HashMap<>();

    @ParentCommand
    Main main;

    /** A scenario's result: passed, failed at an expectation or as the machine stopped, or not run. */
    record Result(Path file, Path chart, int steps, ScenarioRunner.Outcome outcome, List<String> problems, long nanos) {
        boolean passed() {
            return outcome != null && outcome.passed();
        }

        /** Whether it could not be run (its file or chart has problems). */
        boolean notRun() {
            return outcome == null;
        }
    }

    @Override
    public Integer call() {
        List<Path> files = new ArrayList<>();
        int missing = 0;
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                List<Path> found = scenarios(path);
                if (found.isEmpty()) {
                    main.err.println("arbor: " + path + ": no " + EXTENSION + " files");
                    missing++;
                }
                files.addAll(found);
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else {
                main.err.println("arbor: " + path + ": no such file or directory");
                missing++;
            }
        }
        Map<Path, ChartFiles.Loaded> charts = new HashMap<>();
        List<Result> results = new ArrayList<>();
        for (Path file : files) {
            Result result = run(file, charts);
            results.add(result);
            report(result);
        }
        long passed = results.stream().filter(Result::passed).count();
        main.out.println(results.size() + (results.size() == 1 ? " scenario: " : " scenarios: ") + passed + " passed, "
                + (results.size() - passed) + " failed");
        main.out.flush();
        main.err.flush();
        if (junit != null) {
            JUnitReport.write(junit, results);
        }
        if (coverage) {
            covered.forEach((chart, c) -> {
                main.out.println("coverage of " + chart + ":");
                String report;
                try {
                    report = c.report(ChartAnalysis.of(analysed.get(chart)));
                } catch (IllegalArgumentException e) { // a chart the analysis refuses (state handlers)
                    report = c.report() + "\n(" + e.getMessage() + ")";
                }
                report.lines().forEach(line -> main.out.println("  " + line));
            });
            main.out.flush();
        }
        return passed == results.size() && missing == 0 ? 0 : Main.FAILED;
    }

    /** The scenario files under a directory, in name order. */
    private static List<Path> scenarios(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(EXTENSION) && Files.isRegularFile(p))
                    .sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new CliFailure(dir + ": cannot be read (" + e.getMessage() + ")", e);
        }
    }

    /** Reads, checks and runs one scenario. */
    private Result run(Path file, Map<Path, ChartFiles.Loaded> charts) {
        long start = System.nanoTime();
        Scenario scenario;
        try {
            scenario = ScenarioParser.parse(file);
        } catch (ScenarioException e) {
            return new Result(file, null, 0, null, e.problems(), System.nanoTime() - start);
        }
        int steps = scenario.steps().size();
        if (scenario.chart() == null) {
            return new Result(file, null, steps, null, scenario.describe(scenario.problems()), System.nanoTime() - start);
        }
        try {
            ChartFiles.Loaded loaded = charts.computeIfAbsent(scenario.chart().toAbsolutePath().normalize(),
                    chart -> load(scenario));
            if (!(loaded instanceof ChartFiles.Json<?> json)) {
                return new Result(file, scenario.chart(), steps, null,
                        List.of(file + ": " + scenario.chart() + " is an SCXML document; scenarios run JSON charts"),
                        System.nanoTime() - start);
            }
            ScenarioRunner<?> runner = runner(scenario, json);
            if (coverage) {
                record(runner, scenario.chart());
                analysed.putIfAbsent(scenario.chart().normalize(), json.chart());
            }
            ScenarioRunner.Outcome outcome = runner.run();
            return new Result(file, scenario.chart(), steps, outcome, List.of(), System.nanoTime() - start);
        } catch (ScenarioException e) {
            return new Result(file, scenario.chart(), steps, null, e.problems(), System.nanoTime() - start);
        }
    }

    /** Adds each run's coverage to its chart file's. */
    private <C> void record(ScenarioRunner<C> runner, Path chart) {
        Path key = chart.normalize();
        runner.recordingCoverage(c -> covered.merge(key, c, (a, b) -> a.merge(b)));
    }

    private static <C> ScenarioRunner<C> runner(Scenario scenario, ChartFiles.Json<C> json) {
        return ScenarioRunner.check(scenario, json.chart(), json.library()::newOwner);
    }

    /** A scenario's chart; when it cannot be loaded, the scenario's problems and then the chart's. */
    private ChartFiles.Loaded load(Scenario scenario) {
        List<String> problems = new ArrayList<>(scenario.describe(scenario.problems()));
        try {
            return ChartFiles.load(scenario.chart(), components.libraries);
        } catch (ChartFileException e) {
            e.problems().forEach(p -> problems.add(p.toString()));
        } catch (CliFailure e) {
            problems.add(e.getMessage());
        }
        throw new ScenarioException(problems);
    }

    private void report(Result r) {
        if (r.passed()) {
            main.out.println("PASS " + r.file() + " (" + r.steps() + (r.steps() == 1 ? " step)" : " steps)"));
            return;
        }
        if (r.notRun()) {
            main.out.println("FAIL " + r.file() + " (not run)");
            r.problems().forEach(main.out::println);
            return;
        }
        ScenarioRunner.Failure failure = r.outcome().failure();
        main.out.println("FAIL " + r.file() + " (" + stopped(r) + ")");
        main.out.println(failure.message());
    }

    /** Where a failed scenario stopped: {@code stopped at step 3 of 7}. */
    static String stopped(Result r) {
        int step = r.outcome().failure().step();
        return step < 0 ? "stopped as the machine started" : "stopped at step " + (step + 1) + " of " + r.steps();
    }
}
