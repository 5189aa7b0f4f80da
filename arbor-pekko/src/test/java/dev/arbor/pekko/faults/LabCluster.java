package dev.arbor.pekko.faults;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The suite's nodes: a {@link FaultNode} process per namespace, started, paused, killed and started
 * again, each driven by lines on its standard input and answering on its standard output; what it
 * logs goes to a file per incarnation.
 */
final class LabCluster implements AutoCloseable {
    private final NetworkLab network;
    private final Path logs;
    private final int snapshotEvery;
    private final Proc[] nodes;

    /** A node's process: its incarnation, its input and the lines it answered. */
    private record Proc(Process process, int incarnation, PrintStream in, BlockingQueue<String> answers) {}

    LabCluster(NetworkLab network, int nodes, Path logs, int snapshotEvery) {
        this.network = network;
        this.logs = logs;
        this.snapshotEvery = snapshotEvery;
        this.nodes = new Proc[nodes + 1];
    }

    /** {@return how many nodes the cluster has} */
    int size() {
        return nodes.length - 1;
    }

    /**
     * Starts node {@code i} (again, after it died, as its next incarnation), and waits until it is
     * a member up with the entity type set up.
     *
     * @param i the node
     * @throws IOException when the process cannot start
     */
    void start(int i) throws IOException {
        int incarnation = nodes[i] == null ? 0 : nodes[i].incarnation() + 1;
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", NetworkLab.namespace(i),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx192m", "-Xss512k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=2",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-Dorg.slf4j.simpleLogger.showDateTime=true",
                // an entity's journal failure is in the history; its stack trace per entity would flood the log
                "-Dorg.slf4j.simpleLogger.log.dev.arbor.pekko.ArborEntity=off",
                "-cp", classPath(), FaultNode.class.getName(), String.valueOf(i), String.valueOf(incarnation),
                String.join(",", network.addresses()), LabDatabase.url("arbor"), String.valueOf(snapshotEvery)));
        Process p = new ProcessBuilder(command)
                .redirectError(logs.resolve("node" + i + "-" + incarnation + ".log").toFile())
                .start();
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    answers.add(line);
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        }, "node" + i + "-answers");
        reader.setDaemon(true);
        reader.start();
        nodes[i] = new Proc(p, incarnation, new PrintStream(p.getOutputStream(), true, StandardCharsets.UTF_8), answers);
        await(i, "up", 180);
    }

    /** The test's class path as surefire gives it (its own may be one manifest jar). */
    private static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** {@return node {@code i}'s current incarnation} */
    int incarnation(int i) {
        return nodes[i].incarnation();
    }

    /**
     * Tells node {@code i} a command.
     *
     * @param i       the node
     * @param command the line
     */
    void tell(int i, String command) {
        nodes[i].answers().clear(); // an answer to an earlier command that came too late
        nodes[i].in().println(command);
    }

    /**
     * Waits for node {@code i} to answer {@code expected}.
     *
     * @param i        the node
     * @param expected the answer's first word
     * @param seconds  how long to wait
     * @return the whole answer
     * @throws IllegalStateException when it dies or does not answer in time
     */
    String await(int i, String expected, int seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        try {
            while (System.nanoTime() < deadline) {
                String line = nodes[i].answers().poll(200, TimeUnit.MILLISECONDS);
                if (line != null && line.startsWith(expected)) {
                    return line;
                }
                if (line == null && !nodes[i].process().isAlive() && nodes[i].answers().isEmpty()) {
                    throw new IllegalStateException("node " + i + " exited (" + nodes[i].process().exitValue()
                            + ") before answering '" + expected + "'; see node" + i + "-" + incarnation(i) + ".log");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("node " + i + " did not answer '" + expected + "' within " + seconds + " s");
    }

    /** {@return whether node {@code i}'s process runs} */
    boolean alive(int i) {
        return nodes[i] != null && nodes[i].process().isAlive();
    }

    /** Kills node {@code i}'s process at once ({@code kill -9}). */
    void kill(int i) throws InterruptedException {
        nodes[i].process().destroyForcibly();
        nodes[i].process().waitFor(30, TimeUnit.SECONDS);
    }

    /** Stops node {@code i}'s process ({@code SIGSTOP}): it runs no instruction until {@link #resume}. */
    void pause(int i) {
        Shell.signal("STOP", nodes[i].process().pid());
    }

    /** Lets a paused node run on ({@code SIGCONT}). */
    void resume(int i) {
        Shell.signal("CONT", nodes[i].process().pid());
    }

    /**
     * Waits for node {@code i}'s process to end by itself (a node the split-brain resolver downed
     * shuts down).
     *
     * @return whether it ended in time
     */
    boolean awaitExit(int i, int seconds) throws InterruptedException {
        return nodes[i].process().waitFor(seconds, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        for (Proc p : nodes) {
            if (p != null && p.process().isAlive()) {
                p.process().destroyForcibly();
            }
        }
    }
}
