package dev.arbor.inspector;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.reload.ChartWatcher;
import dev.arbor.io.reload.ReloadListener;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a browser test of the inspector sets up: an inspector, a game loop on its own thread that
 * passes the inspector's gate every tick, and headless Chromium; and what the test adds (a
 * watched chart file with a machine on it). Closed in reverse, whatever was made. Skips (or fails,
 * with {@code -Darbor.browser=required}) where no browser is installed.
 */
final class PageFixture implements AutoCloseable {
    /** The inspector serving the page now (after {@link #replay}, the replay's). */
    Inspector inspector;
    /** The game loop; null once {@linkplain #stopGame() stopped}. */
    GameLoop loop;
    final Browser browser;
    private final List<AutoCloseable> closing = new ArrayList<>();

    private PageFixture(Inspector inspector, GameLoop loop, Browser browser) {
        this.inspector = inspector;
        this.loop = loop;
        this.browser = browser;
    }

    /** The loader of charts written with the built-in library alone, as the studio's tests load them. */
    static final ChartLoader<Object> BUILT_IN = ChartLoader.of(dev.arbor.io.BuiltIn.<Object>components());

    /** The inspector's options in tests: quiet, 20 frames a second. */
    static InspectorOptions options() {
        return InspectorOptions.defaults().quiet().withFramesPerSecond(20);
    }

    /** The studio on {@code file} with the built-in components, the game ticking every 10 ms. */
    static PageFixture studio(java.nio.file.Path file) throws Exception {
        return start(options().withStudio(file, BUILT_IN), 10);
    }

    /** Starts the three with these options, the game ticking every {@code tickMillis}. */
    static PageFixture start(InspectorOptions options, long tickMillis) throws Exception {
        Browser.assumeInstalled();
        Inspector inspector = Inspector.start(options);
        GameLoop loop = null;
        try {
            loop = new GameLoop(inspector, tickMillis);
            return new PageFixture(inspector, loop, new Browser());
        } catch (Exception | Error e) {
            if (loop != null) {
                loop.close();
            }
            inspector.close();
            throw e;
        }
    }

    /** Opens the page and waits until its stream says {@code status} ({@code live}, {@code replay}). */
    void open(String status) {
        browser.driver.get(inspector.url().toString());
        browser.waitUpTo(10).until(d -> browser.find("#conn").getText().equals(status));
    }

    /**
     * Runs one machine on a chart file as {@code arbor inspect FILE} and {@code arbor studio FILE}
     * do: a {@link ChartWatcher} on the file moves it on every save that loads (on the game thread,
     * each tick), and the inspector shows every move and every save that does not load.
     */
    <C> Machine<C> watch(Path file, ChartLoader<C> loader, C owner, String name, MachineListener... listeners)
            throws Exception {
        ChartWatcher<C> watcher = ChartWatcher.of(loader, inspector.reloadListener(new ReloadListener<>() { }));
        closing.add(watcher);
        Chart<C> chart = watcher.watch(file);
        Machine<C> machine = chart.newMachine(owner);
        for (MachineListener l : listeners) {
            machine.addListener(l);
        }
        watcher.register(file, machine);
        watcher.start(Duration.ofMillis(100));
        loop.everyTick = watcher::applyPending;
        return loop.add(machine, name);
    }

    /** The game loop again, ticking every {@code tickMillis} (the machines it ran are not carried over). */
    GameLoop restartGame(long tickMillis) throws Exception {
        stopGame();
        loop = new GameLoop(inspector, tickMillis);
        return loop;
    }

    /** Stops the game: its loop, then the watchers. The inspector goes on serving. */
    void stopGame() throws Exception {
        if (loop != null) {
            loop.close();
            loop = null;
        }
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.remove(i).close();
        }
    }

    /** Stops the game and the inspector, and serves a recording instead, to the same browser. */
    Inspector replay(Path recording) throws Exception {
        stopGame();
        inspector.close();
        inspector = Inspector.replay(recording, InspectorOptions.defaults().quiet());
        return inspector;
    }

    @Override
    public void close() throws Exception {
        try {
            browser.close();
        } finally {
            try {
                stopGame();
            } finally {
                inspector.close();
            }
        }
    }
}
