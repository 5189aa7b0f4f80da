package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code arbor validate}: exit codes and FILE:LINE:COL lines. */
class ValidateCommandTest {

    @Test
    void aValidFileExitsZero() {
        String file = Cli.chart("door.json").toString();
        Cli r = Cli.run("validate", file);
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(file + ": valid (3 states, 4 transitions)");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void everyProblemOfEveryFileIsPrintedWithItsPlace() {
        String good = Cli.chart("door.json").toString();
        String bad = Cli.chart("broken.json").toString();
        Cli r = Cli.run("validate", bad, good, "missing.json");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(good + ": valid (3 states, 4 transitions)");
        assertThat(r.errLines()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(r.errLines()).allSatisfy(line -> assertThat(line).matches("(.+:\\d+:\\d+: .+|missing.json: no such file)"));
        assertThat(r.err()).contains("Shout").contains("nowhere");
    }

    @Test
    void anUnknownLibraryIsNamedWithTheChoices() {
        Cli r = Cli.run("validate", "--components", "nope", Cli.chart("door.json").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("no component library named 'nope'; libraries: arbor");
    }
}
