package dev.arbor.cli;

import dev.arbor.analysis.AnalysisOptions;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of the commands that explore a chart ({@code check}, {@code paths}): how much they may spend. */
final class AnalysisBudget {

    @Option(names = "--max-configurations", paramLabel = "N",
            description = "Stop exploring once N configurations are found (default: 200000).")
    int maxConfigurations = AnalysisOptions.DEFAULTS.maxConfigurations();

    @Option(names = "--time-limit", paramLabel = "SECONDS",
            description = "Stop exploring after this many seconds, a decimal number (default: 60).")
    double timeLimit = AnalysisOptions.DEFAULTS.timeLimit().toMillis() / 1000.0;

    /** The analysis options these give. */
    AnalysisOptions options() {
        if (maxConfigurations < 1) {
            throw new CliFailure("--max-configurations must be 1 or more, not " + maxConfigurations);
        }
        if (!(timeLimit > 0) || timeLimit > 86_400) {
            throw new CliFailure("--time-limit must be more than 0 seconds and at most a day, not " + timeLimit);
        }
        return AnalysisOptions.DEFAULTS.withMaxConfigurations(maxConfigurations)
                .withTimeLimit(Duration.ofMillis(Math.max(1, Math.round(timeLimit * 1000))));
    }
}
