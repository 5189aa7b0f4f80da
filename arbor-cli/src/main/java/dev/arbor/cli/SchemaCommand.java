package dev.arbor.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor schema LIB… > x.schema.json}: prints a JSON Schema (draft 2020-12) for chart files
 * written against these libraries: the general chart schema with each kind's component names
 * as enums and each component's properties typed ({@link ChartSchema}), for editors to complete
 * and check a chart while it is typed.
 */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Prints a JSON Schema for chart files that use these component libraries (and the built-in components),",
                "with component names and their properties: point a chart's \"$schema\" or the editor's settings at it."})
final class SchemaCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "LIB", description = "Libraries, as a file's \"components\" names them: ${COMPLETION-CANDIDATES}.",
            completionCandidates = ChartFiles.LibraryNames.class)
    List<String> names;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        main.out.print(ChartSchema.of(names));
        return 0;
    }
}
