package dev.arbor.svg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module {@code dev.arbor.svg} exports its one API package and passes
 * {@code dev.arbor.core} on to its users (the renderer takes a {@code Chart}). Tests run on the
 * class path, so this reads the compiled descriptor from {@code target/classes}.
 */
class ModuleDescriptorTest {

    static ModuleDescriptor descriptor() throws Exception {
        try (InputStream in = Files.newInputStream(Path.of("target", "classes", "module-info.class"))) {
            return ModuleDescriptor.read(in, () -> Set.of("dev.arbor.svg"));
        }
    }

    @Test
    void exportsOnlyTheRendererPackage() throws Exception {
        ModuleDescriptor d = descriptor();
        assertThat(d.name()).isEqualTo("dev.arbor.svg");
        assertThat(d.exports()).extracting(ModuleDescriptor.Exports::source).containsExactly("dev.arbor.svg");
        assertThat(d.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
    }

    @Test
    void requiresCoreTransitivelyAndTheLayoutEngine() throws Exception {
        ModuleDescriptor d = descriptor();
        assertThat(d.requires().stream().filter(r -> r.modifiers().contains(Requires.Modifier.TRANSITIVE))
                .map(Requires::name).collect(Collectors.toSet())).containsExactly("dev.arbor.core");
        assertThat(d.requires().stream().map(Requires::name).collect(Collectors.toSet()))
                .contains("org.eclipse.elk.core", "org.eclipse.elk.alg.layered", "com.google.common",
                        "dev.arbor.io"); // the conventions shared with the other diagrams, not passed on
    }
}
