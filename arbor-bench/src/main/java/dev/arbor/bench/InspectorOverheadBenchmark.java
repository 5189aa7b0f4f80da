package dev.arbor.bench;

import dev.arbor.bench.peers.ArborPeer;
import dev.arbor.bench.peers.QhsmOwner;
import dev.arbor.bench.peers.QhsmScript;
import dev.arbor.bench.peers.Sig;
import dev.arbor.core.Machine;
import dev.arbor.inspector.Inspector;
import dev.arbor.inspector.InspectorOptions;
import dev.arbor.inspector.capture.Capture;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the live inspector costs the game thread: QHsmTst's event cycle (workload 1) with no
 * inspector ({@code DETACHED}), and with an inspector attached and a page streaming this
 * machine's chart and trace ({@code ATTACHED}). The other cases take the cost apart:
 * <ul>
 *   <li>{@code WRITE_ONLY}: only the capture side, its ring read by a bare thread (no model, no
 *       server), which keeps up: the cost of keeping every record, moved to another core;</li>
 *   <li>{@code WRITE_DISCARDED}: the ring freed unread by another thread;</li>
 *   <li>{@code WRITE_ALONE}: the ring freed by the game thread itself, no other core involved: the
 *       probe's own work;</li>
 *   <li>{@code NEVER_DRAINED}: a ring nobody frees: a probe waiting to resync, every record
 *       dropped and counted;</li>
 *   <li>{@code COUNTING_LISTENER} and {@code EMPTY_LISTENER}: what calling any observer costs the
 *       engine (these hear every exit and entry; the probe takes compiled microsteps whole).</li>
 * </ul>
 * Score: ns per event; each iteration prints the bytes the game thread allocated per event
 * (target: 0 added; JMH's {@code -prof gc} counts the inspector's threads too).
 *
 * <p>At this rate (tens of millions of events a second, an event and its compiled microstep each; five or six
 * records where the machine reports state by state) the collector
 * cannot build the model as fast as the game writes, so in {@code ATTACHED} most records are
 * dropped and counted, as designed, and a probe that waits to resync writes nothing: that figure
 * is the cost of a saturated inspector. The teardown prints what share was dropped. A game at 60
 * ticks a second writes orders of magnitude fewer records, and the collector keeps them all.
 *
 * <pre>
 * java -jar arbor-bench/target/benchmarks.jar InspectorOverheadBenchmark.fire -f 2 -wi 6 -w 1s -i 5 -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class InspectorOverheadBenchmark {

    /** How the machine is watched. */
    public enum Watch {
        /** Not at all: the baseline. */
        DETACHED,
        /** The whole inspector: attached, collected, served, with one page streaming this machine. */
        ATTACHED,
        /** Only the capture: the probe writes into its ring, which a bare thread drains. */
        WRITE_ONLY,
        /** The probe writes into its ring, which a bare thread frees without reading: the game thread's own work. */
        WRITE_DISCARDED,
        /** The probe writes into its ring, which the game thread itself frees every 256 events: its own work, no other core involved. */
        WRITE_ALONE,
        /** A ring nobody drains: once it is full, what a probe waiting to resync costs (every record dropped and counted). */
        NEVER_DRAINED,
        /** A listener that counts its callbacks in a field: what calling an observer that does something costs. */
        COUNTING_LISTENER,
        /** A listener that does nothing: what any observer costs the engine (the observed path). */
        EMPTY_LISTENER
    }

    @Param
    public Watch watch;

    private Machine<QhsmOwner> machine;
    private Sig[] cycle;
    private int next;
    private Inspector inspector;
    private Socket page;
    private Capture capture;
    private Thread drainer;
    private volatile boolean draining;
    private long events;
    /** Records the bare drainer read (its thread only). */
    private long drained;

    @Setup
    public void setUp() throws IOException {
        machine = ArborPeer.CHART.newMachine(new QhsmOwner(false));
        cycle = QhsmScript.CYCLE.toArray(new Sig[0]);
        switch (watch) {
            case ATTACHED -> {
                inspector = Inspector.start(InspectorOptions.defaults().quiet());
                inspector.attach(machine, "qhsm");
                page = openPage(inspector.url());
            }
            case WRITE_ONLY, WRITE_DISCARDED -> {
                capture = new Capture(1 << 16);
                boolean read = watch == Watch.WRITE_ONLY;
                capture.attach(machine, "qhsm", null);
                draining = true;
                drainer = new Thread(() -> {
                    while (draining) {
                        // as the inspector's collector does: drain in batches, rest when there is little
                        int n = read ? capture.drain((head, tick, a, b, c, ref) -> drained++, 1 << 14) : capture.discard();
                        if (n < 1024) {
                            java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                        }
                    }
                }, "bare-drainer");
                drainer.setDaemon(true);
                drainer.start();
            }
            case WRITE_ALONE -> {
                capture = new Capture(1 << 16);
                capture.attach(machine, "qhsm", null);
            }
            case NEVER_DRAINED -> {
                capture = new Capture(1 << 10);
                capture.attach(machine, "qhsm", null);
            }
            case COUNTING_LISTENER -> machine.addListener(new Counting());
            case EMPTY_LISTENER -> machine.addListener(new dev.arbor.core.MachineListener() { });
            case DETACHED -> { }
        }
        machine.start();
    }

    /** A page's stream with this machine selected, read and thrown away on a thread of its own. */
    private static Socket openPage(URI url) throws IOException {
        Socket s = new Socket(url.getHost(), url.getPort());
        String host = url.getHost() + ":" + url.getPort();
        OutputStream out = s.getOutputStream();
        out.write(("GET /api/stream?client=bench HTTP/1.1\r\nHost: " + host + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread reader = new Thread(() -> {
            try (InputStream in = s.getInputStream()) {
                in.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                // closed
            }
        }, "bench-page");
        reader.setDaemon(true);
        reader.start();
        try (Socket v = new Socket(url.getHost(), url.getPort())) {
            String body = "{\"selected\":0}";
            v.getOutputStream().write(("POST /api/view?client=bench HTTP/1.1\r\nHost: " + host
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            v.getOutputStream().flush();
            v.getInputStream().readAllBytes();
        }
        return s;
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    private long allocatedBefore;
    private long eventsBefore;

    /** The game thread's own allocation (JMH's {@code -prof gc} counts the inspector's threads too). */
    @Setup(Level.Iteration)
    public void countFrom() {
        allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
        eventsBefore = events;
    }

    @TearDown(Level.Iteration)
    public void countTo() {
        long bytes = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;
        System.out.printf(" [game thread: %.3f B/event]", (double) bytes / Math.max(1, events - eventsBefore));
    }

    /** Counts every callback. */
    static final class Counting implements dev.arbor.core.MachineListener {
        long calls;

        @Override
        public void onEvent(Machine<?> m, Object event, dev.arbor.core.Cause cause) {
            calls++;
        }

        @Override
        public void onExit(Machine<?> m, int state, dev.arbor.core.Cause cause) {
            calls++;
        }

        @Override
        public void onEntry(Machine<?> m, int state, dev.arbor.core.Cause cause) {
            calls++;
        }

        @Override
        public void onTransition(Machine<?> m, int t, Object event, dev.arbor.core.Cause cause) {
            calls++;
        }

        @Override
        public void onInternal(Machine<?> m, int state, Object event, dev.arbor.core.Cause cause) {
            calls++;
        }

        @Override
        public void onStepEnd(Machine<?> m) {
            calls++;
        }
    }

    /** One event of the cycle. */
    @Benchmark
    public void fire() {
        Sig[] c = cycle;
        int i = next;
        machine.fire(c[i]);
        next = i + 1 == c.length ? 0 : i + 1;
        if ((++events & 0xFF) == 0 && watch == Watch.WRITE_ALONE) {
            capture.discard();
        }
    }

    @TearDown
    public void tearDown() throws Exception {
        if (machine.owner().count == 0) {
            throw new IllegalStateException("the machine did no work");
        }
        if (inspector != null) {
            Inspector.Stats s = inspector.stats();
            System.out.printf("%n[inspector] %,d events, %,d records collected, %,d dropped (%.1f%%), %,d frames sent to the page%n",
                    events, s.collected(), s.dropped(), 100.0 * s.dropped() / (s.collected() + s.dropped()), s.framesSent());
            page.close();
            inspector.close();
        }
        if (capture != null) {
            draining = false;
            if (drainer != null) {
                drainer.join();
            }
            if (watch == Watch.WRITE_ONLY) {
                System.out.printf("%n[capture] %,d events, %,d records read, %,d dropped (%.1f%%)%n", events, drained,
                        capture.dropped(), 100.0 * capture.dropped() / (drained + capture.dropped()));
            } else {
                System.out.printf("%n[capture] %,d events, %,d records dropped%n", events, capture.dropped());
            }
        }
    }
}
