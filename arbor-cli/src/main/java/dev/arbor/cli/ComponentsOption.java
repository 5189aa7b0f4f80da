package dev.arbor.cli;

import picocli.CommandLine.Option;

/** The {@code --components LIBRARY} option of the commands that load chart files. */
final class ComponentsOption {

    @Option(names = "--components", paramLabel = "LIBRARY", defaultValue = ChartFiles.BUILT_IN,
            description = "The component library the files use: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = ChartFiles.LibraryNames.class)
    String library;
}
