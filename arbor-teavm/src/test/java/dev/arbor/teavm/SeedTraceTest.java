package dev.arbor.teavm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link SeedTrace} compiled to JavaScript by TeaVM (this module's build, before the tests) and run
 * under Node prints what it prints on the JVM: the seed charts' traces, there interpreted (TeaVM
 * has no method handles nor hidden classes, so the speed tier is absent), here specialized.
 *
 * <p>Node is {@code node} on the path; without it the test is skipped with the reason, unless
 * {@code -Darbor.node=required}, which makes that a failure. Node's run is bounded by
 * {@link #NODE_TIMEOUT_SECONDS}.
 */
class SeedTraceTest {

    static final long NODE_TIMEOUT_SECONDS = 60;

    @Test
    void nodeRunsTheCompiledProgramToTheJvmsTrace() throws Exception {
        Path script = Paths.get(System.getProperty("arbor.teavm.js", "target/javascript/seed-trace.js"));
        assertThat(script).as("TeaVM's output (the teavm-maven-plugin's compile goal)").isRegularFile();
        Path node = node();

        List<String> jvm = onTheJvm();
        assertThat(jvm).as("the JVM's trace").hasSize(SeedTrace.TICKS.length + SeedTrace.SCRIPT.length + 4);

        Path out = Files.createTempFile("seed-trace", ".out");
        Path err = Files.createTempFile("seed-trace", ".err");
        try {
            Process p = new ProcessBuilder(node.toString(), "-e", "require(process.argv[1]).main([])",
                    script.toAbsolutePath().toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(NODE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("node did not finish within " + NODE_TIMEOUT_SECONDS + " s");
            }
            List<String> errors = Files.readAllLines(err, StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as("node's exit status; its errors: %s", errors).isZero();
            assertThat(Files.readAllLines(out, StandardCharsets.UTF_8)).as("the trace under Node")
                    .containsExactlyElementsOf(jvm);
            // TeaVM's System.Logger writes "LEVEL: message" to the standard error; once for two charts.
            assertThat(errors).as("what Node wrote to the standard error").containsExactly(
                    "INFO: Arbor: no speed tier on this platform (java.lang.ClassNotFoundException:"
                            + " dev.arbor.core.speed.SpecializerTier); charts run interpreted");
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** What {@link SeedTrace#main} prints on this JVM, line by line. */
    static List<String> onTheJvm() {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            SeedTrace.main(new String[0]);
        } finally {
            System.setOut(stdout);
        }
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** Node on the path, or the test skipped (failed with {@code -Darbor.node=required}). */
    static Path node() throws IOException {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Paths.get(dir.isEmpty() ? "." : dir, "node");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        String missing = "no node on the path: the JavaScript TeaVM compiled cannot be run";
        if ("required".equals(System.getProperty("arbor.node"))) {
            throw new AssertionError(missing + "; -Darbor.node=required makes this a failure");
        }
        Assumptions.abort(missing + " (skipped; -Darbor.node=required makes this a failure)");
        return null;
    }
}
