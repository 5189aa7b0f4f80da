package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.core.Chart;
import dev.arbor.core.UnknownEvents;
import dev.arbor.io.ChartFileException.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The loader of charts written in Arbor's JSON chart format (see {@code docs/chart-format.md} and
 * the schema {@code dev/arbor/io/chart.schema.json} in this jar), resolving the components a file
 * names through a {@link ComponentRegistry}. The result is compiled by the same compiler as a chart
 * built in Java.
 *
 * <p>Files are untrusted input: size and nesting depth are bounded, duplicate keys and content
 * after the chart are rejected, and every problem found is reported at once in a
 * {@link ChartFileException}. A loader is immutable and may be shared between threads once its
 * registry is filled.
 *
 * <pre>{@code
 * ChartLoader<Npc> loader = ChartLoader.of(components);
 * Chart<Npc> guard = loader.load(Path.of("charts/guard.json"));
 * }</pre>
 *
 * @param <C> the owner (context) type of the charts it loads
 */
public final class ChartLoader<C> {
    /** The default limit on a file's size: 4 MiB. */
    public static final long DEFAULT_MAX_BYTES = 4L << 20;
    /** The default limit on JSON nesting: enough for states nested about 30 deep. */
    public static final int DEFAULT_MAX_DEPTH = 64;

    private static final String BOM = "\uFEFF";

    private final ComponentRegistry<C> registry;
    private final long maxBytes;
    private final int maxDepth;
    /** The policy of a chart whose file does not choose one; null: the JVM's default ({@link UnknownEvents#byDefault()}). */
    private final UnknownEvents unknownEvents;
    private final Binder binder = new Binder();

    private ChartLoader(ComponentRegistry<C> registry, long maxBytes, int maxDepth, UnknownEvents unknownEvents) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.maxBytes = maxBytes;
        this.maxDepth = maxDepth;
        this.unknownEvents = unknownEvents;
    }

    /**
     * A loader that resolves component names through this registry, with the default limits.
     *
     * @param registry the components chart files may name; not copied, so later registrations count
     * @param <C>      the owner (context) type of the charts it loads
     * @return the loader
     */
    public static <C> ChartLoader<C> of(ComponentRegistry<C> registry) {
        return new ChartLoader<>(registry, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, null);
    }

    /**
     * A loader like this one with other limits.
     *
     * @param maxBytes the largest file accepted, in bytes (for text: in UTF-8 bytes)
     * @param maxDepth the deepest JSON nesting accepted (each level of states takes two)
     * @return a new loader with the same registry; this one is unchanged
     * @throws IllegalArgumentException if {@code maxBytes} is below 1 or {@code maxDepth} below 2
     */
    public ChartLoader<C> withLimits(long maxBytes, int maxDepth) {
        if (maxBytes < 1 || maxDepth < 2) {
            throw new IllegalArgumentException("limits must be positive: maxBytes " + maxBytes + ", maxDepth " + maxDepth);
        }
        return new ChartLoader<>(registry, maxBytes, maxDepth, unknownEvents);
    }

    /**
     * A loader like this one whose charts, when their file has no {@code "unknownEvents"}, treat
     * an event they do not know as {@code policy} says, rather than as the JVM's default
     * ({@link UnknownEvents#byDefault()}: reject under {@code -ea}). For a tool whose results must
     * not depend on how its JVM was started, such as the {@code arbor} command.
     *
     * @param policy the policy of the charts whose file does not choose one
     * @return a new loader with the same registry and limits; this one is unchanged
     */
    public ChartLoader<C> withUnknownEvents(UnknownEvents policy) {
        return new ChartLoader<>(registry, maxBytes, maxDepth, Objects.requireNonNull(policy, "policy"));
    }

    /**
     * Loads a chart file (UTF-8; a leading byte order mark is skipped). Problems are reported
     * under the path as given. Only regular files are read, and never more than the size limit:
     * a pipe or a device ({@code /dev/stdin}, {@code /dev/zero}) is refused unread.
     *
     * @param file the chart file
     * @return the compiled chart
     * @throws ChartFileException listing every problem found in the file
     * @throws IOException        if the file cannot be read
     */
    public Chart<C> load(Path file) throws IOException {
        return parse(file.toString(), readText(file, maxBytes));
    }

    /**
     * Loads a chart file as {@link #load(Path)} does, and also gives the warnings found in it:
     * likely mistakes that still make a valid chart (an event raised or deferred that no
     * transition takes, a transition's event spelt nearly as one the file raises, a
     * {@code defer} that a transition without a guard always overrides), and where the chart's
     * states and transitions stand in it ({@link ChartPositions}), for tools that report findings
     * about the chart at {@code FILE:LINE:COL}.
     *
     * @param file the chart file
     * @return the compiled chart, the warnings and the positions
     * @throws ChartFileException listing every problem found in the file, and its warnings
     * @throws IOException        if the file cannot be read
     */
    public Checked<C> loadChecked(Path file) throws IOException {
        return checked(file.toString(), readText(file, maxBytes));
    }

    /**
     * Loads a chart from JSON text as {@link #load(String, String)} does, and also gives the
     * warnings found in it and where its states and transitions stand (see {@link #loadChecked(Path)}).
     *
     * @param fileName the name problems and warnings are reported under, not necessarily a real file
     * @param json     the chart, in Arbor's JSON chart format (a leading byte order mark is skipped)
     * @return the compiled chart, the warnings and the positions
     * @throws ChartFileException listing every problem found in the text, and its warnings
     */
    public Checked<C> loadChecked(String fileName, String json) {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(json, "json");
        long bytes = utf8Length(json);
        if (bytes > maxBytes) {
            throw tooLarge(fileName, bytes, maxBytes);
        }
        return checked(fileName, json);
    }

    /**
     * A chart loaded from a file, with the warnings found in it and where its states and
     * transitions stand: each warning a likely mistake, at its place in the file, printed as
     * {@code FILE:LINE:COL: message}; the chart is valid whatever they say.
     *
     * @param chart     the compiled chart
     * @param warnings  the warnings, in file order; unmodifiable, empty when there are none
     * @param positions where the chart's states and transitions stand in the file, by their ids
     * @param <C>       the owner (context) type of the chart
     */
    public record Checked<C>(Chart<C> chart, List<Problem> warnings, ChartPositions positions) {
        /**
         * Checks that the chart and its positions are given, and copies the warnings.
         *
         * @param chart     the compiled chart, not null
         * @param warnings  the warnings, in file order (copied)
         * @param positions where the chart's states and transitions stand, not null
         */
        public Checked {
            Objects.requireNonNull(chart, "chart");
            warnings = List.copyOf(warnings);
            Objects.requireNonNull(positions, "positions");
        }

        /**
         * A chart with its warnings but no positions (one not read from a file):
         * {@link ChartPositions#none(String)} under the chart's name.
         *
         * @param chart    the compiled chart, not null
         * @param warnings the warnings, in file order (copied)
         */
        public Checked(Chart<C> chart, List<Problem> warnings) {
            this(chart, warnings, ChartPositions.none(Objects.requireNonNull(chart, "chart").name()));
        }
    }

    /**
     * The component libraries a chart file says it is written against (its top-level
     * {@code "components"}: a name such as {@code "guard"}, or a list such as
     * {@code ["arbor", "guard"]}), and where they stand, so that a tool can pick the libraries
     * before loading; empty when the file names none, or when it cannot be told (a syntax error or
     * a value of another shape, which loading then reports). Read with the default limits, as
     * {@link #load(Path)} reads.
     *
     * @param file the chart file
     * @return the libraries' names and where they stand, or empty
     * @throws ChartFileException when the file is not a regular file, too large, or not UTF-8
     * @throws IOException        when it cannot be read
     */
    public static Optional<DeclaredLibraries> declaredLibraries(Path file) throws IOException {
        String text = readText(file, DEFAULT_MAX_BYTES);
        String json = text.startsWith(BOM) ? text.substring(1) : text;
        SourceTree tree;
        try {
            tree = SourceTree.read(json, DEFAULT_MAX_DEPTH, DEFAULT_MAX_BYTES);
        } catch (SourceTree.SyntaxError e) {
            return Optional.empty();
        }
        JsonNode top = tree.root;
        JsonNode lib = top == null || !top.isObject() ? null : top.get("components");
        List<String> names = lib == null ? null : ChartReader.libraryNames(lib);
        if (names == null) {
            return Optional.empty();
        }
        SourceTree.Pos at = tree.value(top, "components");
        return Optional.of(new DeclaredLibraries(names, file.toString(), at.line(), at.column()));
    }

    /**
     * The component libraries a chart file names, and where: {@code file:line:column} of its
     * {@code "components"} value.
     *
     * @param names  the libraries' names, as {@link ComponentLibrary#name()} gives them, in the
     *               file's order, each once
     * @param file   the file, as given
     * @param line   the line of the value, from 1
     * @param column the column of the value, from 1
     */
    public record DeclaredLibraries(List<String> names, String file, int line, int column) {
        /**
         * Copies the names.
         *
         * @param names  the libraries' names (copied)
         * @param file   the file
         * @param line   the line of the value
         * @param column the column of the value
         */
        public DeclaredLibraries {
            names = List.copyOf(names);
        }

        /**
         * Where the value stands, as problems are reported: {@code file:line:column}.
         *
         * @return the place, for a message about an unknown library
         */
        public String where() {
            return file + ":" + line + ":" + column;
        }
    }

    /** A chart file's text: a regular file only, never more than {@code maxBytes}, UTF-8. */
    private static String readText(Path file, long maxBytes) throws IOException {
        String name = file.toString();
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // A pipe, a device or a directory: its size says nothing about what a read would return.
            throw new ChartFileException(List.of(new Problem(name, 1, 1, "not a regular file")));
        }
        long size = Files.size(file);
        if (size > maxBytes) {
            throw tooLarge(name, size, maxBytes);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // The size can change between the check and the read (a file being written, /proc):
            // never read more than one byte past the limit.
            bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
        }
        if (bytes.length > maxBytes) {
            throw new ChartFileException(List.of(new Problem(name, 1, 1,
                    "the file has more than the limit of " + maxBytes + " bytes")));
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ChartFileException(List.of(new Problem(name, 1, 1, "the file is not UTF-8 text")));
        }
    }

    /**
     * Loads a chart from JSON text; {@code fileName} is the name problems are reported under.
     *
     * @param fileName the name problems are reported under, not necessarily a real file
     * @param json     the chart, in Arbor's JSON chart format (a leading byte order mark is skipped)
     * @return the compiled chart
     * @throws ChartFileException listing every problem found in the text
     */
    public Chart<C> load(String fileName, String json) {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(json, "json");
        long bytes = utf8Length(json);
        if (bytes > maxBytes) {
            throw tooLarge(fileName, bytes, maxBytes);
        }
        return parse(fileName, json);
    }

    /** The components a valid text hands to the builder, as "where label"; for tests of their labels. */
    List<String> handedComponents(String name, String json) {
        ChartReader<C> reader = reader(name, json);
        reader.read();
        return reader.handed;
    }

    private Chart<C> parse(String name, String json) {
        return reader(name, json).read();
    }

    private Checked<C> checked(String name, String json) {
        ChartReader<C> reader = reader(name, json);
        Chart<C> chart = reader.read();
        return new Checked<>(chart, reader.warnings(), reader.positions());
    }

    private ChartReader<C> reader(String name, String text) {
        // Editors on Windows may start a UTF-8 file with a byte order mark; it is not part of the JSON.
        String json = text.startsWith(BOM) ? text.substring(1) : text;
        SourceTree tree;
        try {
            tree = SourceTree.read(json, maxDepth, maxBytes);
        } catch (SourceTree.SyntaxError e) {
            throw new ChartFileException(List.of(new Problem(name, e.pos.line(), e.pos.column(), e.getMessage())));
        }
        return new ChartReader<>(name, tree, registry, binder, unknownEvents);
    }

    private static ChartFileException tooLarge(String name, long size, long maxBytes) {
        return new ChartFileException(List.of(new Problem(name, 1, 1,
                "the file has " + size + " bytes, more than the limit of " + maxBytes)));
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
