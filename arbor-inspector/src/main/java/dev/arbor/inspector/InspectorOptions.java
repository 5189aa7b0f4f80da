package dev.arbor.inspector;

import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentInfo;
import dev.arbor.io.ComponentRegistry;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How an {@link Inspector} is started. The defaults listen on 127.0.0.1 on a free port, with the
 * page's controls on and no token; {@link #withHost} another address needs {@link #allowingRemote()},
 * and then every request needs the access token and the controls stay off unless
 * {@link #allowingRemoteControls()}. {@link #withStudio} turns the studio on: the page edits one
 * chart file, and its editing requests need the access token even on loopback.
 *
 * @param host                 the address to listen on
 * @param port                 the port, 0 for a free one
 * @param allowRemote          whether an address other than loopback may be bound
 * @param allowRemoteControls  whether, off loopback, the page may send events and pause the game
 * @param token                the access token; null to make a random one when one is needed
 * @param framesPerSecond      the most frames a page gets a second (1 to 60)
 * @param ringCapacity         records each game thread's ring holds before it drops (a power of two)
 * @param traceLength          trace entries kept per machine
 * @param maxClients           the most pages open at once
 * @param printUrl             whether {@link Inspector#start} prints the page's URL on standard output
 * @param studio               the chart file the page edits ({@link #withStudio}), or null: no studio
 */
public record InspectorOptions(String host, int port, boolean allowRemote, boolean allowRemoteControls, String token,
                               int framesPerSecond, int ringCapacity, int traceLength, int maxClients,
                               boolean printUrl, StudioFile studio) {

    /**
     * Checks the options.
     *
     * @param host                the address to listen on
     * @param port                the port, 0 to 65535
     * @param allowRemote         whether an address other than loopback may be bound
     * @param allowRemoteControls whether, off loopback, the page may send events and pause the game
     * @param token               the access token, at least 16 letters, digits, '-' or '_'; null for a random one
     * @param framesPerSecond     1 to 60
     * @param ringCapacity        a power of two, at least 64
     * @param traceLength         at least 1
     * @param maxClients          at least 1
     * @param printUrl            whether {@link Inspector#start} prints the page's URL
     * @param studio              the chart file the page edits, or null
     * @throws IllegalArgumentException naming the first option out of range
     */
    public InspectorOptions {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
        }
        if (framesPerSecond < 1 || framesPerSecond > 60) {
            throw new IllegalArgumentException("framesPerSecond must be 1 to 60, not " + framesPerSecond);
        }
        if (ringCapacity < 64 || Integer.bitCount(ringCapacity) != 1) {
            throw new IllegalArgumentException("ringCapacity must be a power of two of at least 64, not " + ringCapacity);
        }
        if (traceLength < 1) {
            throw new IllegalArgumentException("traceLength must be at least 1, not " + traceLength);
        }
        if (maxClients < 1) {
            throw new IllegalArgumentException("maxClients must be at least 1, not " + maxClients);
        }
        if (token != null && (token.length() < 16 || !token.matches("[A-Za-z0-9_-]+"))) {
            throw new IllegalArgumentException("a token must be at least 16 letters, digits, '-' or '_'");
        }
    }

    /**
     * Loopback, a free port, 10 frames a second, 65,536 records a ring, 128 trace entries a machine, 8 pages.
     *
     * @return the default options, printing the URL
     */
    public static InspectorOptions defaults() {
        return new InspectorOptions("127.0.0.1", 0, false, false, null, 10, 1 << 16, 128, 8, true, null);
    }

    /**
     * These options on another port.
     *
     * @param port the port, 0 for a free one
     * @return a copy with that port
     */
    public InspectorOptions withPort(int port) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * These options on another address; one other than loopback also needs {@link #allowingRemote()}.
     *
     * @param host the address to listen on, a name or a literal
     * @return a copy with that address
     */
    public InspectorOptions withHost(String host) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * Lets the inspector bind an address other than loopback (every request then needs the token).
     *
     * @return a copy that allows it
     */
    public InspectorOptions allowingRemote() {
        return new InspectorOptions(host, port, true, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * Lets pages off loopback send events and pause the game.
     *
     * @return a copy that allows it
     */
    public InspectorOptions allowingRemoteControls() {
        return new InspectorOptions(host, port, allowRemote, true, token, framesPerSecond, ringCapacity, traceLength,
                maxClients, printUrl, studio);
    }

    /**
     * These options with a chosen access token, instead of a random one.
     *
     * @param token at least 16 letters, digits, '-' or '_'; null for a random one when one is needed
     * @return a copy with that token
     */
    public InspectorOptions withToken(String token) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * These options with another frame rate.
     *
     * @param framesPerSecond the most frames a page gets a second, 1 to 60
     * @return a copy with that rate
     */
    public InspectorOptions withFramesPerSecond(int framesPerSecond) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * These options with another ring size.
     *
     * @param ringCapacity records each game thread's ring holds before it drops: a power of two, at least 64
     * @return a copy with that size
     */
    public InspectorOptions withRingCapacity(int ringCapacity) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * These options with another trace length.
     *
     * @param traceLength trace entries kept per machine, at least 1
     * @return a copy with that length
     */
    public InspectorOptions withTraceLength(int traceLength) {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, studio);
    }

    /**
     * These options without printing the page's URL on start.
     *
     * @return a copy that does not print it
     */
    public InspectorOptions quiet() {
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, false, studio);
    }

    /**
     * The chart file a studio edits, the loader that checks it, and the component libraries the
     * page offers (by library name, each with what its registry says of its components).
     *
     * @param file      the one file the studio reads and writes, as given
     * @param loader    loads the document's text after every edit, for its problems and drawing
     * @param libraries per library name, its components' metadata, the built-in library included
     */
    public record StudioFile(Path file, ChartLoader<?> loader, Map<String, List<ComponentInfo>> libraries) {
        /**
         * Checks the parts and copies the libraries.
         *
         * @param file      the chart file
         * @param loader    the loader
         * @param libraries the components' metadata by library name (copied)
         */
        public StudioFile {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(loader, "loader");
            Map<String, List<ComponentInfo>> copy = new LinkedHashMap<>();
            libraries.forEach((name, infos) -> copy.put(Objects.requireNonNull(name, "library name"), List.copyOf(infos)));
            libraries = java.util.Collections.unmodifiableMap(copy);
        }
    }

    /**
     * These options with the studio on for one chart file: the page edits, checks and saves
     * {@code file} and no other path, and every studio request needs the access token (one is
     * made when none is given), even on loopback. The page offers the built-in components
     * ({@link BuiltIn}); {@link #withStudio(Path, ChartLoader, Map)} names a game's libraries too.
     *
     * @param file   the chart file; it may be missing or empty (the studio starts a new chart named after it)
     * @param loader the loader the game loads the file with
     * @return a copy with the studio on
     */
    public InspectorOptions withStudio(Path file, ChartLoader<?> loader) {
        return withStudio(file, loader, Map.of());
    }

    /**
     * These options with the studio on for one chart file, offering the components of these
     * libraries on the page (the built-in library, {@link BuiltIn#NAME}, is added when not named).
     *
     * @param file      the chart file; it may be missing or empty
     * @param loader    the loader the game loads the file with
     * @param libraries the component libraries' registries, by library name, in the order to list them
     * @return a copy with the studio on
     */
    public InspectorOptions withStudio(Path file, ChartLoader<?> loader, Map<String, ? extends ComponentRegistry<?>> libraries) {
        Map<String, List<ComponentInfo>> described = new LinkedHashMap<>();
        libraries.forEach((name, registry) -> described.put(name, registry.describe()));
        described.putIfAbsent(BuiltIn.NAME, BuiltIn.<Object>components().describe());
        return new InspectorOptions(host, port, allowRemote, allowRemoteControls, token, framesPerSecond, ringCapacity,
                traceLength, maxClients, printUrl, new StudioFile(file, loader, described));
    }
}
