package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public surface (docs/architecture.md, "The layers"): the compiled module
 * descriptor of {@code arbor-core} exports exactly its API packages — {@code dev.arbor.core}, the
 * telegram package {@code dev.arbor.core.dispatch} and the typed face {@code dev.arbor.core.typed} — keeps the engine's layers (model,
 * semantics, speed) and the shaded class-file library unexported, and requires nothing but
 * {@code java.base}. Tests run on the class path, so this reads the descriptor itself from
 * {@code target/classes} (the working directory of a Maven test run is the module's directory).
 */
class ModuleExportsTest {

    static final Path CLASSES = Path.of("target", "classes");

    /** The packages that are arbor-core's public API: adding one is a decision, made here. */
    static final Set<String> API = Set.of("dev.arbor.core", "dev.arbor.core.dispatch", "dev.arbor.core.typed");

    static ModuleDescriptor descriptor() throws IOException {
        Path file = CLASSES.resolve("module-info.class");
        assertThat(file).as("compiled module descriptor, relative to %s", Path.of("").toAbsolutePath()).exists();
        try (InputStream in = Files.newInputStream(file)) {
            // javac need not record every package in the descriptor: find them in the class directory
            return ModuleDescriptor.read(in, ModuleExportsTest::packagesOnDisk);
        }
    }

    static Set<String> packagesOnDisk() {
        try (Stream<Path> files = Files.walk(CLASSES)) {
            return files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> !p.getFileName().toString().equals("module-info.class"))
                    .map(p -> CLASSES.relativize(p.getParent()).toString().replace(p.getFileSystem().getSeparator(), "."))
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theModuleIsNamedDevArborCore() throws IOException {
        assertThat(descriptor().name()).isEqualTo("dev.arbor.core");
    }

    @Test
    void itExportsExactlyTheApiPackagesToEveryone() throws IOException {
        ModuleDescriptor d = descriptor();
        Set<String> exported = d.exports().stream().map(Exports::source).collect(Collectors.toSet());
        assertThat(exported).containsExactlyInAnyOrderElementsOf(API);
        assertThat(exported).contains("dev.arbor.core");
        for (Exports e : d.exports()) {
            assertThat(e.isQualified()).as("export of %s is unqualified", e.source()).isFalse();
        }
    }

    /** The engine's layers below the API (docs/architecture.md): in the module, never exported. */
    static final Set<String> INTERNAL = Set.of("dev.arbor.core.model", "dev.arbor.core.semantics", "dev.arbor.core.speed");

    @Test
    void theEnginesLayersAreInTheModuleButNeitherExportedNorOpened() throws IOException {
        ModuleDescriptor d = descriptor();
        assertThat(d.packages()).contains("dev.arbor.core").containsAll(INTERNAL);
        assertThat(d.exports()).extracting(Exports::source).doesNotContainAnyElementsOf(INTERNAL);
        assertThat(d.opens()).isEmpty();
        assertThat(d.isOpen()).isFalse();
    }

    @Test
    void everyPackageThatIsNotApiIsInternal() throws IOException {
        ModuleDescriptor d = descriptor();
        for (String p : d.packages()) {
            if (!API.contains(p)) {
                assertThat(INTERNAL.contains(p) || p.startsWith("dev.arbor.core.shaded.")).as("a non-API package: %s", p).isTrue();
            }
        }
    }

    @Test
    void itRequiresNothingButJavaBase() throws IOException {
        Set<String> required = descriptor().requires().stream().map(Requires::name).collect(Collectors.toSet());
        assertThat(required).containsExactly("java.base");
    }
}
