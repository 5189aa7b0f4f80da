package dev.arbor.io.reload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reloading chart files while the game runs: a changed file is loaded by {@code check()} (here
 * called directly, so nothing depends on timing), machines move only when the game loop calls
 * {@code applyPending()}, a file that fails to load keeps the old chart and is reported once, and
 * closing stops the polling thread.
 */
class ChartWatcherTest {

    /**
     * A stand-in for the JSON loader: a file holds the names of top-level states, the first
     * initial, each moving to the next on "next"; a file starting with "broken" does not load.
     */
    static Chart<List<String>> load(Path file) {
        String text;
        try {
            text = Files.readString(file).strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        if (text.startsWith("broken")) {
            throw new IllegalArgumentException(file.getFileName() + ":1:1: not a chart");
        }
        String[] names = text.split("\\s+");
        ChartBuilder<List<String>> b = Chart.<List<String>>builder(file.getFileName().toString())
                .allowUnreachable()
                .initial(names[0]);
        for (int i = 0; i < names.length; i++) {
            String next = names[(i + 1) % names.length];
            String name = names[i];
            b.state(name, s -> {
                s.onEntry(log -> log.add("enter " + name));
                s.onExit(log -> log.add("exit " + name));
                s.on("next").target(next);
            });
        }
        return b.build();
    }

    /** Records what the watcher reports, one line each. */
    static final class Heard implements ReloadListener<List<String>> {
        final List<String> lines = new ArrayList<>();
        final List<MigrationReport> reports = new ArrayList<>();

        @Override
        public void loaded(Path file, Chart<List<String>> chart) {
            lines.add("loaded " + file.getFileName());
        }

        @Override
        public void loadFailed(Path file, Exception error) {
            lines.add("failed " + file.getFileName() + ": " + error.getMessage());
        }

        @Override
        public void moved(Path file, Machine<List<String>> machine, MigrationReport report) {
            lines.add("moved " + machine.owner().get(0));
            reports.add(report);
        }

        @Override
        public void moveFailed(Path file, Machine<List<String>> machine, RuntimeException error) {
            lines.add("not moved " + machine.owner().get(0) + ": " + error.getMessage());
        }

        List<String> take() {
            List<String> out = List.copyOf(lines);
            lines.clear();
            return out;
        }
    }

    static Machine<List<String>> npc(Chart<List<String>> chart, String name) {
        List<String> log = new ArrayList<>();
        log.add(name);
        Machine<List<String>> m = chart.newMachine(log);
        m.start();
        return m;
    }

    @Test
    void aChangedFileIsLoadedByCheckAndItsMachinesMoveWhenTheGameLoopApplies(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle walk");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Machine<List<String>> a = npc(v1, "a");
            Machine<List<String>> b = npc(v1, "b");
            b.fire("next"); // walk
            watcher.register(file, a);
            watcher.register(file, b);

            assertThat(watcher.check()).isZero(); // nothing changed

            Files.writeString(file, "walk run"); // idle is gone
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).containsExactly("loaded guard.chart");
            assertThat(a.chart()).isSameAs(v1); // loading moves no machine

            assertThat(watcher.applyPending()).isEqualTo(2);
            assertThat(heard.take()).containsExactly("moved a", "moved b");
            assertThat(a.chart()).isSameAs(watcher.chart(file)).isNotSameAs(v1);
            assertThat(a.activeStates()).containsExactly("walk");
            assertThat(a.owner()).containsExactly("a", "enter idle", "exit idle", "enter walk");
            assertThat(b.owner()).containsExactly("b", "enter idle", "exit idle", "enter walk");
            assertThat(heard.reports.get(0).gone()).extracting(MigrationReport.Fallback::state).containsExactly("idle");
            assertThat(heard.reports.get(1).changedNothing()).isTrue();

            assertThat(watcher.applyPending()).isZero(); // applied once
        }
    }

    @Test
    void aFileThatFailsToLoadKeepsTheOldChartAndIsReportedOnce(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle walk");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Machine<List<String>> a = npc(v1, "a");
            watcher.register(file, a);

            Files.writeString(file, "broken {");
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).containsExactly("failed guard.chart: guard.chart:1:1: not a chart");
            assertThat(watcher.check()).isZero(); // the same bad bytes: not reported again
            assertThat(watcher.applyPending()).isZero();
            assertThat(watcher.chart(file)).isSameAs(v1);
            assertThat(a.chart()).isSameAs(v1);

            Files.writeString(file, "idle walk run"); // fixed
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(watcher.applyPending()).isEqualTo(1);
            assertThat(heard.take()).containsExactly("loaded guard.chart", "moved a");
            assertThat(a.activeStates()).containsExactly("idle");
        }
    }

    @Test
    void aDeletedFileIsReportedAndTheOldChartStays(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Files.delete(file);
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).singleElement().asString().startsWith("failed guard.chart");
            assertThat(watcher.check()).isZero();
            assertThat(watcher.chart(file)).isSameAs(v1);
        }
    }

    @Test
    void aMachineThatCannotMoveIsReportedAndTheOthersStillMove(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("door.chart"), "closed open");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Machine<List<String>> stopped = npc(v1, "stopped");
            Machine<List<String>> busy = v1.newMachine(new ArrayList<>(List.of("busy")));
            Machine<List<String>> a = npc(v1, "a");
            busy.addListener(new dev.arbor.core.MachineListener() {
                @Override
                public void onEntry(Machine<?> machine, int state, dev.arbor.core.Cause cause) {
                    if (cause == dev.arbor.core.Cause.NORMAL && machine.chart().stateName(state).equals("open")) {
                        watcher.applyPending(); // a move asked from inside a step is refused
                    }
                }
            });
            busy.start();
            watcher.register(file, busy);
            watcher.register(file, a);
            stopped.stop();
            watcher.register(file, stopped);

            Files.writeString(file, "closed open locked");
            watcher.check();
            heard.take();
            busy.fire("next"); // enters open, whose listener applies the pending chart from inside the step
            assertThat(heard.take()).containsExactly(
                    "not moved busy: moveTo() called from inside a step of machine 'door.chart': "
                            + "move a machine to another chart between steps, from the thread that runs it",
                    "moved a", "moved stopped");
            assertThat(busy.chart()).isSameAs(v1);
            assertThat(a.chart()).isSameAs(watcher.chart(file));
        }
    }

    @Test
    void theWatcherThreadLoadsChangesAndCloseStopsIt(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle");
        Heard heard = new Heard();
        ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, new ReloadListener<>() {
            @Override
            public void loaded(Path f, Chart<List<String>> chart) {
                synchronized (heard) {
                    heard.loaded(f, chart);
                    heard.notifyAll();
                }
            }
        });
        Chart<List<String>> v1 = watcher.watch(file);
        watcher.start(Duration.ofMillis(5));
        Thread thread = watcher.thread();
        assertThat(thread.isDaemon()).isTrue();
        assertThat(thread.isAlive()).isTrue();

        Files.writeString(file, "idle walk");
        synchronized (heard) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (heard.lines.isEmpty() && System.nanoTime() < deadline) {
                heard.wait(100);
            }
        }
        assertThat(heard.take()).containsExactly("loaded guard.chart");
        assertThat(watcher.applyPending()).isZero(); // no machine registered
        assertThat(watcher.chart(file)).isNotSameAs(v1);

        watcher.close();
        assertThat(thread.isAlive()).isFalse();
    }

    /** Replaces a file's content at once, so that a polling thread never reads it half written. */
    static void replace(Path file, String text) throws IOException {
        Path next = Files.writeString(file.resolveSibling(file.getFileName() + ".next"), text);
        Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Waits, up to 30 seconds, until the heard lines hold at least {@code n} lines. */
    static void awaitLines(Heard heard, int n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        synchronized (heard) {
            while (heard.lines.size() < n && System.nanoTime() < deadline) {
                heard.wait(20);
            }
        }
    }

    @Test
    void thePollingThreadSurvivesAThrowingListenerAndALoaderThatThrowsAnError(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle");
        Heard heard = new Heard();
        ReloadListener<List<String>> throwing = new ReloadListener<>() {
            @Override
            public void loaded(Path f, Chart<List<String>> chart) {
                synchronized (heard) {
                    heard.loaded(f, chart);
                    heard.notifyAll();
                }
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void loadFailed(Path f, Exception error) {
                synchronized (heard) {
                    heard.loadFailed(f, error);
                    heard.notifyAll();
                }
                throw new IllegalStateException("listener bug in loadFailed too");
            }
        };
        Function<Path, Chart<List<String>>> loader = f -> {
            try {
                if (Files.readString(f).startsWith("overflow")) {
                    throw new StackOverflowError("too deep");
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return load(f);
        };
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(loader, throwing)) {
            watcher.watch(file);
            watcher.start(Duration.ofMillis(5));

            replace(file, "overflow");
            awaitLines(heard, 1);
            replace(file, "idle walk");
            awaitLines(heard, 3);

            synchronized (heard) {
                assertThat(heard.lines).containsExactly(
                        "failed guard.chart: the loader failed on " + file + ": java.lang.StackOverflowError: too deep",
                        "loaded guard.chart",
                        "failed guard.chart: the listener failed on the new chart of " + file
                                + " (the chart is still applied): java.lang.IllegalStateException: listener bug");
            }
            assertThat(watcher.thread().isAlive()).isTrue();
            assertThat(watcher.applyPending()).isZero(); // applied, though no machine follows it
            assertThat(watcher.chart(file).stateCount()).isEqualTo(3); // root, idle, walk
        }
    }

    @Test
    void theGameThreadAppliesWhileAnotherFileIsStillLoading(@TempDir Path dir) throws Exception {
        Path slow = Files.writeString(dir.resolve("slow.chart"), "idle");
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Function<Path, Chart<List<String>>> loader = f -> {
            try {
                if (Files.readString(f).contains("slow")) {
                    loading.countDown();
                    release.await(30, TimeUnit.SECONDS);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return load(f);
        };
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(loader, heard)) {
            watcher.watch(slow);
            Machine<List<String>> a = npc(watcher.chart(slow), "a");
            watcher.register(slow, a);

            Files.writeString(slow, "idle slow");
            CompletableFuture<Integer> checked = CompletableFuture.supplyAsync(watcher::check);
            assertThat(loading.await(30, TimeUnit.SECONDS)).isTrue();

            CompletableFuture<Integer> applied = CompletableFuture.supplyAsync(watcher::applyPending);
            assertThat(applied.get(10, TimeUnit.SECONDS)).as("applyPending does not wait for the load").isZero();

            release.countDown();
            assertThat(checked.get(30, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(watcher.applyPending()).isEqualTo(1);
            assertThat(a.chart()).isSameAs(watcher.chart(slow));
        } finally {
            release.countDown();
        }
    }

    @Test
    void aFileOverTheSizeLimitIsReportedAndNotLoaded(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard, 16)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Files.writeString(file, "idle walk run sneak hide"); // 24 bytes
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).containsExactly(
                    "failed guard.chart: " + file + " is larger than the limit of 16 bytes");
            assertThat(watcher.chart(file)).isSameAs(v1);

            Files.writeString(file, "idle walk"); // back under the limit
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).containsExactly("loaded guard.chart");
        }
    }

    @Test
    void aPathThatIsNoLongerARegularFileIsReportedAndNotRead(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("guard.chart"), "idle");
        Heard heard = new Heard();
        try (ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, heard)) {
            Chart<List<String>> v1 = watcher.watch(file);
            Files.delete(file);
            Files.createDirectory(file);
            assertThat(watcher.check()).isEqualTo(1);
            assertThat(heard.take()).containsExactly("failed guard.chart: " + file + " is not a regular file");
            assertThat(watcher.chart(file)).isSameAs(v1);
        }
    }

    @Test
    void watchingSomethingOtherThanARegularFileFails(@TempDir Path dir) {
        ChartWatcher<List<String>> watcher = new ChartWatcher<>(ChartWatcherTest::load, new Heard());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> watcher.watch(dir))
                .isInstanceOf(IOException.class).hasMessageContaining("is not a regular file");
    }
}
