package dev.arbor.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The {@code --components LIBRARY[,LIBRARY…]} option of the commands that load chart files. */
final class ComponentsOption {

    @Option(names = "--components", paramLabel = "LIBRARY", split = ",",
            description = "The component libraries the files use, comma-separated or repeated: ${COMPLETION-CANDIDATES} "
                    + "(default: those a file names in its \"components\", else " + ChartFiles.BUILT_IN + "); given, they win "
                    + "over the file's. The built-in components are always available.",
            completionCandidates = ChartFiles.LibraryNames.class)
    List<String> libraries = new ArrayList<>();
}
