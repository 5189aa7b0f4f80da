package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The public surface: arbor-scxml exports one package and keeps Rhino and the XML reading inside. */
class ModuleTest {

    @Test
    void exportsOnlyTheScxmlPackageAndRequiresCoreXmlAndRhino() throws Exception {
        ModuleDescriptor d;
        try (InputStream in = Files.newInputStream(Path.of("target", "classes", "module-info.class"))) {
            d = ModuleDescriptor.read(in);
        }
        assertThat(d.name()).isEqualTo("dev.arbor.scxml");
        assertThat(d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()))
                .containsExactly("dev.arbor.scxml");
        assertThat(d.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()))
                .contains("dev.arbor.core", "java.xml", "org.mozilla.rhino");
    }

    @Test
    void internalsArePackagePrivate() {
        for (Class<?> c : new Class<?>[] {EcmaDataModel.class, NullDataModel.class, Mapper.class, Content.class,
                XmlReader.class, Scheduler.class, Invoke.class, El.class}) {
            assertThat(java.lang.reflect.Modifier.isPublic(c.getModifiers())).as(c.getSimpleName()).isFalse();
        }
    }

    @Test
    void aSessionLendsListenersItsMachineButNotTheMachineItself() {
        for (java.lang.reflect.Method m : ScxmlSession.class.getMethods()) {
            assertThat(dev.arbor.core.Machine.class.isAssignableFrom(m.getReturnType())).as(m.getName()).isFalse();
        }
        assertThat(ScxmlException.class.getConstructors()).as("ScxmlException is made inside the module only").isEmpty();
    }
}
