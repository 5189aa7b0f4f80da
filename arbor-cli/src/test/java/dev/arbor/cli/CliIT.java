package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar run as a user runs it: a separate process, real files, real exit codes. */
class CliIT {

    record Process(int exit, String out, String err) {}

    static Process arbor(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", System.getProperty("arbor.jar")));
        command.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        java.lang.Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("finished within a minute").isTrue();
        return new Process(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static Path copy(String chart, Path dir) throws IOException {
        return Files.copy(Cli.chart(chart), dir.resolve(chart));
    }

    @Test
    void validateRunAndRenderAFile(@TempDir Path dir) throws Exception {
        copy("door.json", dir);
        copy("broken.json", dir);

        Process valid = arbor(dir, "validate", "door.json");
        assertThat(valid.exit()).isZero();
        assertThat(valid.out()).isEqualTo("door.json: valid (3 states, 4 transitions)" + System.lineSeparator());

        Process invalid = arbor(dir, "validate", "door.json", "broken.json");
        assertThat(invalid.exit()).isEqualTo(1);
        assertThat(invalid.err().lines()).isNotEmpty().allSatisfy(l -> assertThat(l).matches("broken\\.json:\\d+:\\d+: .+"));

        Process run = arbor(dir, "run", "door.json", "--events", "open kick");
        assertThat(run.exit()).isZero();
        assertThat(run.out().lines()).containsExactly("enter closed", "log closed: the door is closed", "event open", "exit closed",
                "transition closed open -> opened", "enter opened", "event kick", "exit opened",
                "transition opened kick -> broken", "enter broken", "final broken");

        Process render = arbor(dir, "render", "door.json", "--format", "svg", "--active", "closed", "-o", "door.svg");
        assertThat(render.exit()).isZero();
        assertThat(Files.readString(dir.resolve("door.svg"))).startsWith("<?xml").contains("<svg");
    }

    @Test
    void demosRunFromTheJarAndTheirChartFilesRunWithTheirLibraries(@TempDir Path dir) throws Exception {
        Process demo = arbor(dir, "demo", "west-world");
        assertThat(demo.exit()).isZero();
        assertThat(demo.out()).contains("Miner Bob");

        Path guard = Files.copy(ValidateCommandTest.demoChart("guard"), dir.resolve("guard.json"));
        Process run = arbor(dir, "run", guard.getFileName().toString(), "--components", "guard", "--ticks", "3");
        assertThat(run.err()).isEmpty();
        assertThat(run.exit()).isZero();
        assertThat(run.out().lines()).contains("tick 1", "tick 3").anyMatch(l -> l.startsWith("enter "))
                .anyMatch(l -> l.startsWith("log "));
    }

    @Test
    void errorsAreOneLineUnlessDebugIsGiven(@TempDir Path dir) throws Exception {
        copy("door.json", dir);
        Files.createDirectory(dir.resolve("taken"));
        Process plain = arbor(dir, "render", "door.json", "-f", "dot", "-o", "taken");
        assertThat(plain.exit()).isEqualTo(1);
        assertThat(plain.err().lines()).containsExactly("arbor: taken: cannot be written (FileSystemException: taken: Is a directory)");

        Process debug = arbor(dir, "--debug", "render", "door.json", "-f", "dot", "-o", "taken");
        assertThat(debug.exit()).isEqualTo(1);
        assertThat(debug.err()).startsWith("arbor: ").contains("\tat ");

        Process usage = arbor(dir, "render");
        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.err()).contains("Usage: arbor render");
    }
}
