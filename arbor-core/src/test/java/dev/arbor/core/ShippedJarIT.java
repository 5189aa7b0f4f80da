package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The jar {@code arbor-core} ships, ASM shaded into it (run by failsafe after the package phase,
 * the jar's path in {@code arbor.jar}): its module descriptor is javac's — the API exported,
 * nothing required but {@code java.base} — with ASM inside, relocated to a package the module
 * does not export and nothing left of it under {@code org.objectweb.asm}; in a module layer of
 * that jar alone, the specializer writes a chunk's class file and the chunk runs.
 */
class ShippedJarIT {

    private static final Path JAR = Path.of(System.getProperty("arbor.jar", "target/arbor-core.jar"));
    private static final String MODULE = "dev.arbor.core";
    /** Where arbor-core/pom.xml relocates ASM's {@code org.objectweb.asm}. */
    private static final String SHADED = "dev.arbor.core.shaded.asm";

    private static ModuleDescriptor descriptor() {
        assertThat(JAR).as("the shaded jar (system property arbor.jar)").isRegularFile();
        return ModuleFinder.of(JAR).find(MODULE).orElseThrow().descriptor();
    }

    @Test
    void itsDescriptorExportsTheApiAndRequiresOnlyJavaBase() {
        ModuleDescriptor d = descriptor();
        assertThat(d.exports()).extracting(Exports::source).containsExactlyInAnyOrderElementsOf(ModuleExportsTest.API);
        assertThat(d.exports()).noneMatch(Exports::isQualified);
        assertThat(d.opens()).isEmpty();
        assertThat(d.requires()).extracting(Requires::name).containsExactly("java.base");
    }

    @Test
    void asmIsInsideRelocatedToAPackageThatIsNotExported() throws IOException {
        assertThat(descriptor().packages()).contains(SHADED)
                .allMatch(p -> ModuleExportsTest.API.contains(p) || ModuleExportsTest.INTERNAL.contains(p) || p.equals(SHADED));
        List<String> entries;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            entries = Collections.list(jar.entries()).stream().map(JarEntry::getName).collect(Collectors.toList());
        }
        assertThat(entries).contains(SHADED.replace('.', '/') + "/ClassWriter.class")
                .noneMatch(e -> e.startsWith("org/objectweb/"))
                .as("the compiler's note of its --add-reads").doesNotContain("META-INF/jpms.args");
    }

    @Test
    void inALayerOfTheJarAloneAChunkIsWrittenAndRuns() throws Throwable {
        Configuration conf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(JAR), ModuleFinder.of(), Set.of(MODULE));
        ModuleLayer.Controller layer = ModuleLayer.defineModulesWithOneLoader(conf, List.of(ModuleLayer.boot()),
                ClassLoader.getPlatformClassLoader());
        Module core = layer.layer().findModule(MODULE).orElseThrow();
        for (String internal : ModuleExportsTest.INTERNAL) { // to reach the package-private specializer
            layer.addOpens(core, internal, ShippedJarIT.class.getModule());
        }
        ClassLoader loader = layer.layer().findLoader(MODULE);
        assertThat(loader.loadClass(MODULE + ".Machine").getModule()).isSameAs(core);
        Class<?> machine = loader.loadClass(MODULE + ".semantics.MachineCore");
        assertThatThrownBy(() -> loader.loadClass("org.objectweb.asm.ClassWriter")).isInstanceOf(ClassNotFoundException.class);

        byte[] file = (byte[]) declared(loader, "speed.ChunkClassFile", "of", boolean[].class)
                .invoke(null, (Object) new boolean[] {false, true});
        MethodHandle taken = MethodHandles.dropArguments(MethodHandles.constant(boolean.class, true), 0,
                machine, Object.class, Object.class);
        Object chunk = declared(loader, "speed.HiddenChunks", "chunk", byte[].class, MethodHandle[].class)
                .invoke(null, file, new MethodHandle[] {taken});
        Method run = declared(loader, "semantics.SpecializedDispatch$Chunk", "run", int.class, machine, Object.class, Object.class);

        assertThat(run.invoke(chunk, 1, null, null, null)).as("key 1's case").isEqualTo(true);
        assertThat(run.invoke(chunk, 0, null, null, null)).as("key 0 has no case").isEqualTo(false);
        assertThat(loader.loadClass(SHADED + ".ClassWriter").getModule()).isSameAs(core);
    }

    /** A method of one of the layer's classes ({@code type} relative to {@code dev.arbor.core}), made accessible. */
    private static Method declared(ClassLoader loader, String type, String name, Class<?>... parameters)
            throws ReflectiveOperationException {
        Method m = loader.loadClass(MODULE + "." + type).getDeclaredMethod(name, parameters);
        m.setAccessible(true);
        return m;
    }
}
