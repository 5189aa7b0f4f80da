package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The module exports the loader's, the exporters' and hot reload's API; the reader, binder and tree stay internal. */
class ModuleTest {

    @Test
    void onlyThePublicApiPackagesAreExported() {
        ModuleDescriptor d = ModuleFinder.of(Path.of("target/classes")).find("dev.arbor.io").orElseThrow().descriptor();
        assertThat(d.exports()).extracting(ModuleDescriptor.Exports::source).containsExactlyInAnyOrder("dev.arbor.io", "dev.arbor.io.edit", "dev.arbor.io.export", "dev.arbor.io.reload");
        assertThat(d.opens()).isEmpty();
        assertThat(d.requires()).extracting(ModuleDescriptor.Requires::name)
                .contains("dev.arbor.core", "com.fasterxml.jackson.databind");
    }

    @Test
    void internalsArePackagePrivate() {
        for (Class<?> c : new Class<?>[] {ChartReader.class, Binder.class, SourceTree.class, Named.class}) {
            assertThat(java.lang.reflect.Modifier.isPublic(c.getModifiers())).as(c.getName()).isFalse();
        }
    }
}
