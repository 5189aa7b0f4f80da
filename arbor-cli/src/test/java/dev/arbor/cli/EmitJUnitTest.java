package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * {@code arbor paths --emit junit}: the class written for a chart compiles (javac, against this
 * test's class path) and its tests pass when run by the JUnit Platform; once the chart file is
 * changed so that a path no longer holds, that path's test fails, naming the input after which
 * the states differ.
 */
class EmitJUnitTest {

    @TempDir
    Path dir;

    @Test
    void theDoorsTestsPassAndOneFailsOnceItsPathNoLongerHolds() throws Exception {
        Path door = copy(Cli.chart("door.json"), "door.json");
        Path source = emit(door, "gen.door", "--cover", "transitions").resolve("gen/door/DoorPathsTest.java");
        assertThat(Files.readString(source)).contains("chart = ChartLoader.of(BuiltIn.components()).load(FILE);",
                "        run.fire(\"kick\");",
                "        assertThat(run.active()).as(\"after input 2, kick\").containsExactly(\"broken\");");
        Path classes = compile(source);

        TestExecutionSummary passing = run(classes, "gen.door.DoorPathsTest");
        assertThat(passing.getTestsSucceededCount()).isEqualTo(3);
        assertThat(passing.getTestsFailedCount()).isZero();

        // Closing the door now leaves it open: the path "open; close" no longer holds, the others still do.
        Files.writeString(door, Files.readString(door).replace("{\"event\": \"close\", \"target\": \"closed\"}",
                "{\"event\": \"close\", \"target\": \"opened\"}"));
        TestExecutionSummary failing = run(classes, "gen.door.DoorPathsTest");
        assertThat(failing.getTestsSucceededCount()).isEqualTo(2);
        assertThat(failing.getTestsFailedCount()).isEqualTo(1);
        assertThat(failing.getFailures().get(0).getException().getMessage()).contains("after input 2, close")
                .contains("\"closed\"").contains("\"opened\"");
    }

    @Test
    void theShopkeepersTestsPassAndFailOnceItGreetsLonger() throws Exception {
        Path shop = copy(Path.of("..", "docs", "examples", "shopkeeper.json"), "shopkeeper.json");
        Path source = emit(shop, "", "--cover", "states", "--max-configurations", "300").resolve("ShopkeeperPathsTest.java");
        Path classes = compile(source);

        TestExecutionSummary passing = run(classes, "ShopkeeperPathsTest");
        assertThat(passing.getTestsFailedCount()).isZero();
        assertThat(passing.getTestsSucceededCount()).isEqualTo(2);

        // The greeting now lasts 4 ticks: after dawn and 3 ticks the shopkeeper still greets.
        Files.writeString(shop, Files.readString(shop).replace("{\"after\": 3, \"target\": \"idle\"}",
                "{\"after\": 4, \"target\": \"idle\"}"));
        TestExecutionSummary failing = run(classes, "ShopkeeperPathsTest");
        assertThat(failing.getTestsFailedCount()).isEqualTo(1);
        assertThat(failing.getFailures().get(0).getException().getMessage()).contains("after input 4, tick")
                .contains("\"idle\"").contains("\"greeting\"");
    }

    @Test
    void aChartOfALibraryWithJavaGuardsAndBehavioursRunsItsPathsUnderTheirAssumptions() throws Exception {
        Path guard = ValidateCommandTest.demoChart("guard");
        Path source = emit(guard, "gen.guard", "--cover", "transitions").resolve("gen/guard/GuardPathsTest.java");
        assertThat(Files.readString(source)).contains("library = library(\"guard\");",
                "run.assumeFinished(", "run.assumeGuard(");
        TestExecutionSummary summary = run(compile(source), "gen.guard.GuardPathsTest");
        assertThat(summary.getFailures()).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(5);
    }

    private Path copy(Path chart, String name) throws IOException {
        return Files.copy(chart, Files.createDirectories(dir.resolve("charts")).resolve(name));
    }

    /** Runs {@code arbor paths CHART … --emit junit DIR}, returning DIR. */
    private Path emit(Path chart, String packageName, String... how) {
        Path out = dir.resolve("src");
        List<String> args = new ArrayList<>(List.of("paths", chart.toString()));
        args.addAll(List.of(how));
        args.addAll(List.of("--emit", "junit", out.toString()));
        if (!packageName.isEmpty()) {
            args.addAll(List.of("--package", packageName));
        }
        Cli r = Cli.run(args.toArray(String[]::new));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        return out;
    }

    /** Compiles a source file against this test's class path into a directory of its own. */
    private Path compile(Path source) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-d", classes.toString(), "-classpath", classPath(), "-proc:none", "-Xlint:all");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(source.toFile())).call();
            assertThat(ok).as("javac: %s", diagnostics.getDiagnostics()).isTrue();
        }
        assertThat(diagnostics.getDiagnostics()).as("javac's warnings").isEmpty();
        return classes;
    }

    /**
     * This JVM's class path, with the entries of a jar's {@code Class-Path} (Surefire puts the test
     * class path in the manifest of a jar of its own).
     */
    private static String classPath() throws IOException {
        Set<String> entries = new LinkedHashSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry))) {
                try (JarFile jar = new JarFile(entry)) {
                    Manifest manifest = jar.getManifest();
                    String listed = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
                    if (listed != null) {
                        for (String url : listed.trim().split("\\s+")) {
                            entries.add(Path.of(Path.of(entry).toUri().resolve(url)).toString());
                        }
                    }
                }
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Runs a compiled test class with the JUnit Platform, as a build would. */
    private static TestExecutionSummary run(Path classes, String className) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, EmitJUnitTest.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            LauncherFactory.create().execute(request().selectors(selectClass(loader.loadClass(className))).build(), listener);
            return listener.getSummary();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
