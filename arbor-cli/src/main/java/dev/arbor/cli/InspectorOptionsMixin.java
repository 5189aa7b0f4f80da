package dev.arbor.cli;

import dev.arbor.inspector.Inspector;
import dev.arbor.inspector.InspectorOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;

/** The options of the commands that serve the inspector: where it listens, how fast the game ticks, what it records. */
final class InspectorOptionsMixin {

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "The inspector's port (default: a free one; the URL is printed).")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}); another needs --allow-remote.")
    String host;

    @Option(names = "--allow-remote",
            description = "Allow an address other than loopback; every request then needs the token printed in the URL.")
    boolean allowRemote;

    @Option(names = "--allow-remote-controls",
            description = "Off loopback, let the page send events and pause the game too (off by default).")
    boolean allowRemoteControls;

    @Option(names = "--tick-rate", paramLabel = "N", defaultValue = "4",
            description = "Ticks a second (default: ${DEFAULT-VALUE}).")
    double tickRate;

    @Option(names = "--record", paramLabel = "FILE",
            description = "Also write the inspection stream to FILE, for `arbor inspect --replay FILE`.")
    Path record;

    @Option(names = "--stop-after", paramLabel = "TICKS", defaultValue = "0",
            description = "Stop after this many ticks (default: run until stopped with Ctrl-C).")
    long stopAfter;

    /** The inspector's options (quiet: the commands print the URL themselves). */
    InspectorOptions options() {
        if (port < 0 || port > 65535) {
            throw new CliFailure("--port must be 0 to 65535, not " + port);
        }
        InspectorOptions o = InspectorOptions.defaults().withHost(host).withPort(port);
        if (allowRemote) {
            o = o.allowingRemote();
        }
        if (allowRemoteControls) {
            o = o.allowingRemoteControls();
        }
        return o;
    }

    /** Starts an inspector (printing its URL on {@code out}) and, when asked, its recording. */
    Inspector start(java.io.PrintStream out) {
        return start(out, "Arbor inspector", java.util.function.UnaryOperator.identity());
    }

    /**
     * Starts an inspector with these options and {@code more} of a command's own (the studio's
     * file), printing {@code label: URL} on {@code out}; and, when asked, its recording.
     */
    Inspector start(java.io.PrintStream out, String label, java.util.function.UnaryOperator<InspectorOptions> more) {
        if (!(tickRate > 0 && tickRate <= 1000)) {
            throw new CliFailure("--tick-rate must be more than 0 and at most 1000, not " + tickRate);
        }
        if (stopAfter < 0) {
            throw new CliFailure("--stop-after must be 0 or more, not " + stopAfter);
        }
        try {
            Inspector inspector = Inspector.start(more.apply(options().quiet()));
            out.println(label + ": " + inspector.url());
            out.flush();
            if (record != null) {
                inspector.record(record);
            }
            return inspector;
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), e);
        } catch (IOException e) {
            throw new CliFailure("the inspector cannot start: " + e.getMessage(), e);
        }
    }

    /** Real time: sleeps until tick {@code t} is due, counted from {@code startNanos}. */
    void pace(long startNanos, long t) {
        long due = startNanos + (long) (t * TimeUnit.SECONDS.toNanos(1) / tickRate);
        long wait = due - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether tick {@code t} is past the --stop-after bound. */
    boolean over(long t) {
        return (stopAfter > 0 && t > stopAfter) || Thread.currentThread().isInterrupted();
    }
}
