package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentLibrary;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Chart files as the commands load them: by extension, with a component library chosen by name. */
final class ChartFiles {
    /** The library of components every file may use. */
    static final String BUILT_IN = "arbor";

    /** A loaded chart and the library its machines get their owners from. */
    record Loaded<C>(Chart<C> chart, ComponentLibrary<C> library) {
        Machine<C> newMachine(TraceWriter trace) {
            return chart.newMachine(library.newOwner(trace::log));
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
     * Loads a chart file.
     *
     * @throws ChartFileException every problem in the file
     * @throws CliFailure         the file cannot be read, is of an unknown kind, or the library is unknown
     */
    static Loaded<?> load(Path file, String libraryName) {
        ComponentLibrary<?> library = libraries().get(libraryName);
        if (library == null) {
            throw new CliFailure("no component library named '" + libraryName + "'; libraries: "
                    + String.join(", ", libraries().keySet()));
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!name.endsWith(".json")) {
            throw new CliFailure(file + ": not a chart file (expected a .json file)");
        }
        return load(file, library);
    }

    private static <C> Loaded<C> load(Path file, ComponentLibrary<C> library) {
        try {
            return new Loaded<>(ChartLoader.of(library.components()).load(file), library);
        } catch (NoSuchFileException e) {
            throw new CliFailure(file + ": no such file");
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Loads a chart file, or fails with every problem in it as the message, one a line. */
    static Loaded<?> loadOrFail(Path file, String libraryName) {
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
