package dev.arbor.io.reload;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.io.ChartLoader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A development helper that reloads chart files when they change and moves running machines onto
 * the new charts: a designer saves a file, the game's characters carry on in the new chart.
 *
 * <p>Two threads share the work, because a machine is confined to the game thread:
 * <ul>
 *   <li>{@link #check()} notices changed files and loads them through the caller's loader. It
 *       runs on a daemon thread started by {@link #start(Duration)}, or wherever the caller calls
 *       it (tests call it directly, so that nothing depends on timing). A file counts as changed
 *       when its bytes differ from those last seen, so that a file system's coarse modification
 *       times never hide an edit. A file that fails to load is reported once, and its previous
 *       chart stays in use until a later version loads.</li>
 *   <li>{@link #applyPending()}, called by the game loop between its steps, moves every machine
 *       registered for a reloaded file onto the new chart ({@link Machine#moveTo}) and reports
 *       each {@link MigrationReport}.</li>
 * </ul>
 * {@link #watch}, {@link #register}, {@link #unregister} and {@link #applyPending} belong to the
 * game thread; {@link #check} and {@link #close} may be called from any thread.
 *
 * @param <C> the owner type of the watched charts
 */
public final class ChartWatcher<C> implements Closeable {

    /** The default limit on a watched file's size: 4 MiB, as the JSON loader's. */
    public static final long DEFAULT_MAX_BYTES = 4L << 20;

    private final Function<Path, Chart<C>> loader;
    private final ReloadListener<C> listener;
    private final long maxBytes;
    /** Held by {@link #check()} alone, so that two checks never load the same change twice; never while holding this. */
    private final Object checking = new Object();
    /** Per watched file (guarded by this): the bytes last seen, the chart in use, a loaded chart not yet applied. */
    private final Map<Path, Watched<C>> files = new LinkedHashMap<>();
    /** Per watched file: the machines that follow it. Game thread only. */
    private final Map<Path, List<Machine<C>>> machines = new LinkedHashMap<>();
    private Thread thread;
    private volatile boolean closed;

    private static final class Watched<C> {
        byte[] seen;
        Chart<C> current;
        Chart<C> pending;
    }

    /**
     * A watcher of files up to {@link #DEFAULT_MAX_BYTES}, not polling until {@link #start}.
     *
     * @param loader   reads a chart file (the JSON loader, or any other); what it throws is reported as a failed load
     * @param listener hears of loads, failures and moves
     */
    public ChartWatcher(Function<Path, Chart<C>> loader, ReloadListener<C> listener) {
        this(loader, listener, DEFAULT_MAX_BYTES);
    }

    /**
     * A watcher of files up to {@code maxBytes}, not polling until {@link #start}.
     *
     * @param loader   reads a chart file (the JSON loader, or any other); what it throws is reported as a failed load
     * @param listener hears of loads, failures and moves
     * @param maxBytes the largest file the watcher reads; a larger one is reported and not loaded
     * @throws IllegalArgumentException if {@code maxBytes} is below 1 or not below
     *                                  {@code Integer.MAX_VALUE - 8}
     */
    public ChartWatcher(Function<Path, Chart<C>> loader, ReloadListener<C> listener, long maxBytes) {
        this.loader = Objects.requireNonNull(loader, "loader");
        this.listener = Objects.requireNonNull(listener, "listener");
        if (maxBytes < 1 || maxBytes >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxBytes must be from 1 to " + (Integer.MAX_VALUE - 9) + ": " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /**
     * A watcher of JSON chart files, loaded by {@code loader}; a file that cannot be read or has
     * problems is reported through {@link ReloadListener#loadFailed} with the loader's
     * {@code FILE:LINE:COL} problems, and its previous chart stays in use.
     *
     * @param loader   the JSON loader, with the registry of the game's components
     * @param listener hears of loads, failures and moves
     * @param <C>      the owner type of the watched charts
     * @return the watcher, not polling until {@link #start}
     */
    public static <C> ChartWatcher<C> of(ChartLoader<C> loader, ReloadListener<C> listener) {
        Objects.requireNonNull(loader, "loader");
        return new ChartWatcher<>(file -> {
            try {
                return loader.load(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, listener);
    }

    /**
     * Starts watching a file: loads it now, on the calling thread, and returns its chart.
     *
     * @param file the chart file, kept as its absolute, normalized path
     * @return the chart the file holds now
     * @throws IOException      when the file cannot be read, is not a regular file, or is larger than the limit
     * @throws RuntimeException what the loader throws when the file is not a valid chart
     */
    public Chart<C> watch(Path file) throws IOException {
        Path key = key(file);
        byte[] bytes = read(key);
        Chart<C> chart = Objects.requireNonNull(loader.apply(key), "the loader returned null for " + key);
        synchronized (this) {
            Watched<C> w = new Watched<>();
            w.seen = bytes;
            w.current = chart;
            files.put(key, w);
        }
        return chart;
    }

    /**
     * The chart in use for a watched file: the last one loaded and applied.
     *
     * @param file a file given to {@link #watch}
     * @return the chart its registered machines are on
     * @throws IllegalArgumentException if the file is not watched
     */
    public synchronized Chart<C> chart(Path file) {
        Watched<C> w = files.get(key(file));
        if (w == null) {
            throw new IllegalArgumentException("not watched: " + file);
        }
        return w.current;
    }

    /**
     * Makes a machine follow a watched file: it is moved onto each new version by {@link #applyPending()}.
     *
     * @param file    a file given to {@link #watch}
     * @param machine a machine running the file's chart
     * @throws IllegalArgumentException if the file is not watched
     */
    public void register(Path file, Machine<C> machine) {
        Objects.requireNonNull(machine, "machine");
        Path key = key(file);
        synchronized (this) {
            if (!files.containsKey(key)) {
                throw new IllegalArgumentException("not watched: " + file + " (call watch first)");
            }
        }
        machines.computeIfAbsent(key, k -> new ArrayList<>()).add(machine);
    }

    /**
     * Stops moving a machine (for example when its character is removed from the game).
     *
     * @param machine a registered machine; one that is not is ignored
     */
    public void unregister(Machine<C> machine) {
        for (List<Machine<C>> list : machines.values()) {
            list.remove(machine);
        }
    }

    /**
     * Looks at every watched file once and loads those whose bytes changed. Runs the loader on the
     * calling thread, without holding the lock that {@link #applyPending()} takes, so that a long
     * load never stalls the game thread; moves no machine. Whatever goes wrong with one file (it
     * cannot be read, is not a regular file, is too large, or the loader or the listener throws,
     * an {@link Error} included) is reported to the listener and the other files are still looked at.
     *
     * @return how many files were loaded or failed to load
     */
    public int check() {
        synchronized (checking) {
            List<Map.Entry<Path, Watched<C>>> watched;
            synchronized (this) {
                watched = List.copyOf(files.entrySet());
            }
            int changed = 0;
            for (Map.Entry<Path, Watched<C>> e : watched) {
                if (closed) {
                    break;
                }
                changed += checkOne(e.getKey(), e.getValue()) ? 1 : 0;
            }
            return changed;
        }
    }

    /** Looks at one file; returns whether it was loaded or failed to load. */
    private boolean checkOne(Path file, Watched<C> w) {
        byte[] bytes;
        try {
            bytes = read(file);
        } catch (IOException | RuntimeException ex) {
            synchronized (this) {
                if (w.seen == null) {
                    return false; // a vanished or unreadable file is reported once
                }
                w.seen = null;
            }
            report(file, ex);
            return true;
        }
        synchronized (this) {
            if (Arrays.equals(bytes, w.seen)) {
                return false;
            }
            w.seen = bytes;
        }
        Chart<C> chart;
        try {
            chart = Objects.requireNonNull(loader.apply(file), "the loader returned null for " + file);
        } catch (Exception ex) {
            report(file, ex);
            return true;
        } catch (Throwable t) { // an Error of the loader's (a stack overflow on a hostile file): this file fails, polling goes on
            report(file, new IllegalStateException("the loader failed on " + file + ": " + t, t));
            return true;
        }
        synchronized (this) {
            w.pending = chart;
        }
        try {
            listener.loaded(file, chart);
        } catch (Throwable t) {
            report(file, new IllegalStateException("the listener failed on the new chart of " + file
                    + " (the chart is still applied): " + t, t));
        }
        return true;
    }

    /** Tells the listener of a failure; what the listener itself throws is dropped, so that polling goes on. */
    private void report(Path file, Exception error) {
        try {
            listener.loadFailed(file, error);
        } catch (Throwable ignored) {
            // nothing else to tell: the listener is the watcher's only voice
        }
    }

    /** Reads a whole regular file of at most {@link #maxBytes} bytes. */
    private byte[] read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is not a regular file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) maxBytes + 1);
        }
        if (bytes.length > maxBytes) {
            throw new IOException(file + " is larger than the limit of " + maxBytes + " bytes");
        }
        return bytes;
    }

    /**
     * On the game thread, between steps: moves the machines of every file loaded since the last
     * call onto its new chart, and reports each move. A machine that cannot be moved is reported
     * and the others still move.
     *
     * @return how many machines were moved
     */
    public int applyPending() {
        Map<Path, Chart<C>> loaded = new LinkedHashMap<>();
        synchronized (this) {
            for (Map.Entry<Path, Watched<C>> e : files.entrySet()) {
                Watched<C> w = e.getValue();
                if (w.pending != null) {
                    w.current = w.pending;
                    w.pending = null;
                    loaded.put(e.getKey(), w.current);
                }
            }
        }
        int moved = 0;
        for (Map.Entry<Path, Chart<C>> e : loaded.entrySet()) {
            Path file = e.getKey();
            for (Machine<C> m : List.copyOf(machines.getOrDefault(file, List.of()))) {
                MigrationReport report;
                try {
                    report = m.moveTo(e.getValue());
                } catch (RuntimeException ex) {
                    listener.moveFailed(file, m, ex);
                    continue;
                }
                moved++;
                listener.moved(file, m, report);
            }
        }
        return moved;
    }

    /**
     * Starts a daemon thread that calls {@link #check()} every {@code interval} until
     * {@link #close()}.
     *
     * @param interval the pause between checks, at least a millisecond
     * @return this watcher
     * @throws IllegalStateException if the watcher is closed or already started
     */
    public synchronized ChartWatcher<C> start(Duration interval) {
        if (closed) {
            throw new IllegalStateException("the watcher is closed");
        }
        if (thread != null) {
            throw new IllegalStateException("the watcher is already started");
        }
        long millis = Math.max(1, interval.toMillis());
        Thread t = new Thread(() -> {
            while (!closed) {
                check(); // reports every failure to the listener and never throws
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    return; // closed
                }
            }
        }, "arbor-chart-watcher");
        t.setDaemon(true);
        thread = t;
        t.start();
        return this;
    }

    /** The polling thread, or null when {@link #start} was not called; for tests. */
    synchronized Thread thread() {
        return thread;
    }

    /** Stops the polling thread and waits for it; machines keep the charts they are on. */
    @Override
    public void close() {
        closed = true;
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        t.interrupt();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Path key(Path file) {
        return Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
    }
}
