package dev.arbor.examples;

import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The demos' charts as designers' files: {@code charts/NAME.json} beside this class, loaded with a
 * demo's {@link ComponentLibrary}.
 */
final class ChartFiles {

    /** The folder of the chart files, as a class-path resource path. */
    static final String FOLDER = "/dev/arbor/examples/charts/";

    /** The text of a chart file, such as {@code "guard.json"}. */
    static String text(String file) {
        try (InputStream in = ChartFiles.class.getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no chart file " + FOLDER + file + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Loads a chart file with a library's components.
     *
     * @throws dev.arbor.io.ChartFileException if the file does not load (a bug in the demos)
     */
    static <C> Chart<C> load(String file, ComponentLibrary<C> library) {
        return ChartLoader.of(library.components()).load(file, text(file));
    }

    /**
     * A generic behaviour class (such as {@code Pause<C extends Body>}) as the behaviour type of one
     * owner, for {@link dev.arbor.io.ComponentRegistry#behavior(String, Class)}: Java has no class
     * literal for {@code Pause<Guard>}, and the type parameter is erased at run time anyway.
     */
    @SuppressWarnings("unchecked")
    static <C> Class<? extends Behavior<C>> behaviorType(Class<?> type) {
        return (Class<? extends Behavior<C>>) type.asSubclass(Behavior.class);
    }

    private ChartFiles() {}
}
