package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.scxml.ScxmlDocument;
import dev.arbor.scxml.ScxmlException;
import dev.arbor.scxml.ScxmlLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Chart files as the commands load them, by extension: Arbor's JSON charts (with a component
 * library chosen by name) and SCXML documents.
 */
final class ChartFiles {
    /** The library of components every JSON file may use. */
    static final String BUILT_IN = "arbor";

    /** A loaded chart file. */
    sealed interface Loaded permits Json, Scxml {
        Chart<?> chart();
    }

    /** A JSON chart and the library its machines get their owners from. */
    record Json<C>(Chart<C> chart, ComponentLibrary<C> library) implements Loaded {
        Machine<C> newMachine(TraceWriter trace) {
            return chart.newMachine(library.newOwner(trace::log));
        }
    }

    /** An SCXML document, run as sessions. */
    record Scxml(ScxmlDocument document) implements Loaded {
        @Override
        public Chart<?> chart() {
            return document.chart();
        }
    }

    /** The libraries by name: the built-in one and those on the class path. */
    static Map<String, ComponentLibrary<?>> libraries() {
        Map<String, ComponentLibrary<?>> all = new TreeMap<>();
        all.put(BUILT_IN, new BuiltInComponents());
        for (ComponentLibrary<?> library : ServiceLoader.load(ComponentLibrary.class)) {
            all.putIfAbsent(library.name(), library);
        }
        return all;
    }

    /** For picocli's help and completion. */
    static final class LibraryNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return libraries().keySet().iterator();
        }
    }

    /**
     * Loads a chart file: {@code .json} with the named component library (null: the library the
     * file names in its {@code "components"}, else the built-in one), {@code .scxml} as an SCXML
     * document (which needs no library).
     *
     * @throws ChartFileException every problem in a JSON file
     * @throws CliFailure         the problems of an SCXML document; a file that cannot be read or is of
     *                            an unknown kind; an unknown library
     */
    static Loaded load(Path file, String libraryName) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!Files.exists(file)) {
            throw new CliFailure(file + ": no such file");
        }
        if (name.endsWith(".scxml")) {
            try {
                return new Scxml(ScxmlLoader.load(file));
            } catch (ScxmlException e) {
                throw CliFailure.problems(List.of(e.getMessage()));
            }
        }
        if (!name.endsWith(".json")) {
            throw new CliFailure(file + ": not a chart file (expected .json or .scxml)");
        }
        Map<String, ComponentLibrary<?>> libraries = libraries();
        String where = "";
        if (libraryName == null) {
            ChartLoader.DeclaredLibrary declared = declaredLibrary(file);
            libraryName = declared == null ? BUILT_IN : declared.name();
            where = declared == null ? "" : declared.where() + ": ";
        }
        ComponentLibrary<?> library = libraries.get(libraryName);
        if (library == null) {
            throw new CliFailure(where + "no component library named '" + libraryName + "'; libraries: "
                    + String.join(", ", libraries.keySet()));
        }
        return load(file, library);
    }

    /** The library a JSON file names, or null; a file that cannot be read is reported by loading it. */
    private static ChartLoader.DeclaredLibrary declaredLibrary(Path file) {
        try {
            return ChartLoader.declaredLibrary(file).orElse(null);
        } catch (IOException | ChartFileException e) {
            return null;
        }
    }

    private static <C> Json<C> load(Path file, ComponentLibrary<C> library) {
        try {
            return new Json<>(ChartLoader.of(library.components()).load(file), library);
        } catch (NoSuchFileException e) {
            throw new CliFailure(file + ": no such file");
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Loads a chart file, or fails with every problem in it, one a line. */
    static Loaded loadOrFail(Path file, String libraryName) {
        try {
            return load(file, libraryName);
        } catch (ChartFileException e) {
            List<String> lines = new ArrayList<>();
            e.problems().forEach(p -> lines.add(p.toString()));
            throw CliFailure.problems(lines);
        }
    }

    private ChartFiles() {}
}
