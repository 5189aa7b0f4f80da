package dev.arbor.cli;

import picocli.CommandLine.Option;

/** The {@code --components LIBRARY} option of the commands that load chart files. */
final class ComponentsOption {

    @Option(names = "--components", paramLabel = "LIBRARY",
            description = "The component library the files use: ${COMPLETION-CANDIDATES} (default: the one a file "
                    + "names in its \"components\", else " + ChartFiles.BUILT_IN + "); given, it wins over the file's.",
            completionCandidates = ChartFiles.LibraryNames.class)
    String library;
}
