package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A chart file names several component libraries ({@code "components": [...]}, or
 * {@code --components a,b}): their components and the built-in ones together, one library at most
 * needing an owner of its own, a name two of them define refused at the file's {@code "components"}.
 */
class LibrariesTest {

    @Test
    void aFileNamingSeveralLibrariesUsesTheirComponentsAndTheBuiltInOnes() {
        String file = Cli.chart("combined.json").toString();
        Cli r = Cli.run("run", "-e", "speak", file);
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(RUN_TRACE);
    }

    @Test
    void libraryNamesAreGivenCommaSeparatedOrRepeated() {
        String file = Cli.chart("combined.json").toString();
        Cli commas = Cli.run("validate", "--components", "echo,failing", file);
        Cli repeated = Cli.run("validate", "--components", "echo", "--components", "failing", file);
        for (Cli r : new Cli[] {commas, repeated}) {
            assertThat(r.err()).isEmpty();
            assertThat(r.outLines()).containsExactly(file + ": valid (2 states, 2 transitions)");
        }
    }

    @Test
    void aComponentTwoLibrariesDefineIsRefusedAtTheFilesComponents() {
        String file = Cli.chart("conflict.json").toString();
        Cli r = Cli.run("validate", file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(file + ":3:17: libraries 'guard' and 'echo' both define the action 'Say'; "
                + "a file can name only one of them");
    }

    @Test
    void aComponentTwoLibrariesDefineIsRefusedOnTheCommandLine() {
        Cli r = Cli.run("validate", "--components", "guard,echo", Cli.chart("combined.json").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("--components: libraries 'guard' and 'echo' both define the action 'Say'; "
                + "a file can name only one of them");
    }

    @Test
    void twoLibrariesThatEachNeedAnOwnerCannotBeNamedTogether() {
        String file = Cli.chart("two-owners.json").toString();
        Cli r = Cli.run("validate", file);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(file + ":3:17: libraries 'guard' and 'robot' each need an owner "
                + "of their own; a file can name only one such library");
    }

    @Test
    void aLibraryWithoutTheBuiltInComponentsGetsThemBesideItsOwn() {
        String chart = """
                {"chart": "g", "components": "guard", "variables": {"alert": "bool"}, "initial": "a",
                 "states": {"a": {"onEntry": [{"use": "Toggle", "var": "alert"}, {"use": "Say", "line": "hm"}]}}}
                """;
        Cli r = Cli.run("validate", write(chart).toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
    }

    private static java.nio.file.Path write(String text) {
        try {
            java.nio.file.Path f = java.nio.file.Files.createTempFile("libraries", ".json");
            f.toFile().deleteOnExit();
            return java.nio.file.Files.writeString(f, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Echo's Say (with its default left as given), after the built-in Add on the transition. */
    private static final String[] RUN_TRACE = {"enter quiet", "event speak", "exit quiet", "transition quiet speak -> loud",
            "enter loud", "log root: hey", "log root: hey"};
}
