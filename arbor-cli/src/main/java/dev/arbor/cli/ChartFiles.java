package dev.arbor.cli;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.UnknownEvents;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ChartPositions;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import dev.arbor.io.reload.ReloadListener;
import dev.arbor.scxml.ScxmlDocument;
import dev.arbor.scxml.ScxmlException;
import dev.arbor.scxml.ScxmlLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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

        /** The likely mistakes found in the file, which did not stop it loading (see {@link ChartLoader#loadChecked(Path)}). */
        default List<ChartFileException.Problem> warnings() {
            return List.of();
        }
    }

    /**
     * A JSON chart, the library its machines get their owners from, the components it was loaded
     * with (those of every library it names, and the built-in ones), the other libraries named
     * (owner-agnostic ones), the warnings found in the file, and where the file declares each
     * state and transition.
     */
    record Json<C>(Chart<C> chart, ComponentLibrary<C> library, ComponentRegistry<C> components,
            List<String> otherLibraries, List<ChartFileException.Problem> warnings, ChartPositions positions)
            implements Loaded {
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
        return libraries(false);
    }

    /**
     * The libraries by name; with {@code exact}, the built-in one is {@link BuiltIn}'s own
     * components, which analysis runs as they are ({@link BuiltIn#isExact}), rather than the
     * command's, whose {@code Log} also writes where a place gives no machine.
     */
    private static Map<String, ComponentLibrary<?>> libraries(boolean exact) {
        Map<String, ComponentLibrary<?>> all = new TreeMap<>();
        all.put(BUILT_IN, exact ? new ExactBuiltIns() : new BuiltInComponents());
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
     * Loads a chart file: {@code .json} with the named component libraries (empty: those the file
     * names in its {@code "components"}, else the built-in one), {@code .scxml} as an SCXML
     * document (which needs no library).
     *
     * @throws ChartFileException every problem in a JSON file
     * @throws CliFailure         the problems of an SCXML document; a file that cannot be read or is of
     *                            an unknown kind; an unknown library, two libraries that define the same
     *                            component or that both need an owner of their own
     */
    static Loaded load(Path file, List<String> libraryNames) {
        return load(file, libraryNames, false);
    }

    /**
     * Loads a chart file as {@link #load(Path, List)} does, for analysis: a JSON file's built-in
     * components are {@link BuiltIn}'s own, which the analysis runs as they are.
     */
    static Loaded loadForAnalysis(Path file, List<String> libraryNames) {
        return load(file, libraryNames, true);
    }

    private static Loaded load(Path file, List<String> libraryNames, boolean exact) {
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
        List<String> names = libraryNames;
        String where = "--components: ";
        if (names.isEmpty()) {
            ChartLoader.DeclaredLibraries declared = declaredLibraries(file);
            names = declared == null ? List.of(BUILT_IN) : declared.names();
            where = declared == null ? "" : declared.where() + ": ";
        }
        return load(file, combination(names, where, exact));
    }

    /** The libraries a file is loaded with (the owners' and the others' names), and the components of them all. */
    record Combination<C>(ComponentLibrary<C> owner, List<String> others, ComponentRegistry<C> components) {}

    /**
     * The libraries named, put together: the one that needs an owner of its own (or the built-in
     * one, when none does) gives the owners; the components are those of every library named and
     * the built-in ones ({@link ComponentLibrary#combined}).
     *
     * @param where where the names stand, as a message's prefix ({@code "FILE:LINE:COL: "})
     * @throws CliFailure an unknown library, two libraries that define the same component or that
     *                    both need an owner of their own
     */
    static Combination<?> combination(List<String> names, String where) {
        return combination(names, where, false);
    }

    private static Combination<?> combination(List<String> names, String where, boolean exact) {
        Map<String, ComponentLibrary<?>> libraries = libraries(exact);
        List<ComponentLibrary<?>> owners = new ArrayList<>();
        List<ComponentLibrary<?>> others = new ArrayList<>();
        for (String n : new LinkedHashSet<>(names)) {
            ComponentLibrary<?> library = libraries.get(n);
            if (library == null) {
                throw new CliFailure(where + "no component library named '" + n + "'; libraries: "
                        + String.join(", ", libraries.keySet()));
            }
            if (n.equals(BUILT_IN)) {
                continue;
            }
            (library.ownerAgnostic() ? others : owners).add(library);
        }
        if (owners.size() > 1) {
            throw new CliFailure(where + "libraries '" + owners.get(0).name() + "' and '" + owners.get(1).name()
                    + "' each need an owner of their own; a file can name only one such library");
        }
        try {
            ComponentLibrary<?> owner = owners.isEmpty() ? libraries.get(BUILT_IN) : owners.get(0);
            return combination(owner, others);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(where + e.getMessage());
        }
    }

    private static <C> Combination<C> combination(ComponentLibrary<C> owner, List<ComponentLibrary<?>> others) {
        return new Combination<>(owner, others.stream().map(ComponentLibrary::name).toList(),
                ComponentLibrary.combined(owner, others));
    }

    /** The libraries a JSON file names, or null; a file that cannot be read is reported by loading it. */
    static ChartLoader.DeclaredLibraries declaredLibraries(Path file) {
        try {
            return ChartLoader.declaredLibraries(file).orElse(null);
        } catch (IOException | ChartFileException e) {
            return null;
        }
    }

    /**
     * The loader of every command: a file that does not say what its machines do with an event
     * the chart does not know ({@code "unknownEvents"}) ignores it, as a game run without
     * {@code -ea} does, so that what a command prints never depends on how its JVM was started.
     * A typo in a scenario's event is caught before the run (a name no transition takes needs
     * {@code event NAME}); one in an event a component raises is a warning of the loader.
     */
    static <C> ChartLoader<C> loader(ComponentRegistry<C> components) {
        return ChartLoader.of(components).withUnknownEvents(UnknownEvents.IGNORE);
    }

    private static <C> Json<C> load(Path file, Combination<C> libraries) {
        try {
            ChartLoader.Checked<C> checked = loader(libraries.components()).loadChecked(file);
            return new Json<>(checked.chart(), libraries.owner(), libraries.components(), libraries.others(),
                    checked.warnings(), checked.positions());
        } catch (NoSuchFileException e) {
            throw new CliFailure(file + ": no such file");
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The built-in components as {@link BuiltIn} gives them: those analysis runs as they are. */
    private static final class ExactBuiltIns implements ComponentLibrary<Object> {
        @Override
        public String name() {
            return BUILT_IN;
        }

        @Override
        public ComponentRegistry<Object> components() {
            return BuiltIn.components();
        }

        @Override
        public Object newOwner(java.util.function.Consumer<String> log) {
            return null;
        }
    }

    /** Loads a chart file, or fails with every problem in it, one a line. */
    static Loaded loadOrFail(Path file, List<String> libraryNames) {
        try {
            return load(file, libraryNames);
        } catch (ChartFileException e) {
            throw failure(e);
        }
    }

    /** Every problem of a chart file, one a line. */
    static CliFailure failure(ChartFileException e) {
        List<String> lines = new ArrayList<>();
        e.problems().forEach(p -> lines.add(p.toString()));
        return CliFailure.problems(lines);
    }

    private ChartFiles() {}

    /** A reload listener that prints each failed reload (the chart in use stays) and each migration report. */
    static <C> ReloadListener<C> printingReloads(PrintStream out) {
        return new ReloadListener<>() {
            @Override
            public void loadFailed(Path f, Exception error) {
                out.println("reload of " + f + " failed; the chart in use stays:\n" + error.getMessage());
            }

            @Override
            public void moved(Path f, Machine<C> machine, MigrationReport report) {
                out.println(report);
            }
        };
    }
}
