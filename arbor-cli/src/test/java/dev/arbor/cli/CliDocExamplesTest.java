package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example runs of {@code arbor check} and {@code arbor paths} in docs/cli.md are what the
 * commands print: each {@code text} block that is one command, {@code $ ./arbor check …} or
 * {@code $ ./arbor paths …}, and its output is run again here (from this module's directory, so
 * the files it names are one directory up) and compared line for line.
 */
class CliDocExamplesTest {

    private static final Path DOC = Path.of("..", "docs", "cli.md");

    /** A command shown in the document, and the lines shown after it. */
    record Example(String command, List<String> output) {}

    @Test
    void everyExampleRunOfCheckAndPathsPrintsWhatTheDocumentShows() throws IOException {
        List<Example> examples = examples(Files.readAllLines(DOC));
        assertThat(examples).extracting(Example::command).anyMatch(c -> c.startsWith("check"))
                .anyMatch(c -> c.startsWith("paths"));
        for (Example e : examples) {
            List<String> args = new ArrayList<>();
            for (String word : e.command().split(" ")) {
                args.add(word.startsWith("docs/") ? "../" + word : word);
            }
            Cli r = Cli.run(args.toArray(String[]::new));
            List<String> printed = r.outLines().stream().map(l -> l.replace("../docs/", "docs/")).toList();
            assertThat(printed).as("./arbor %s", e.command()).isEqualTo(e.output());
        }
    }

    /** The text blocks whose only command is {@code ./arbor check} or {@code ./arbor paths}. */
    private static List<Example> examples(List<String> lines) {
        List<Example> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).equals("```text") || i + 1 >= lines.size()) {
                continue;
            }
            String first = lines.get(i + 1);
            if (!first.startsWith("$ ./arbor check ") && !first.startsWith("$ ./arbor paths ")) {
                continue;
            }
            List<String> output = new ArrayList<>();
            boolean single = true;
            int j = i + 2;
            for (; j < lines.size() && !lines.get(j).equals("```"); j++) {
                single &= !lines.get(j).startsWith("$ ");
                output.add(lines.get(j));
            }
            if (single) {
                out.add(new Example(first.substring("$ ./arbor ".length()), output));
            }
            i = j;
        }
        return out;
    }
}
