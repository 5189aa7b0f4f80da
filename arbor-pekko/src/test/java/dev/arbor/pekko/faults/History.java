package dev.arbor.pekko.faults;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the clients of a scenario asked and were answered: one file per node incarnation, one line
 * per record, timed by {@link System#nanoTime()} (the host's monotonic clock, which every process
 * on it shares). A request is recorded before it is sent, so that a node killed with its requests
 * in flight leaves them recorded as sent and unanswered: unknown.
 */
final class History {

    /** How a request ended, as its client saw it. */
    enum Outcome {
        /** Acknowledged: journaled and applied; it must be in the journal exactly once. */
        ACKNOWLEDGED,
        /** Refused before it reached the journal: it must not be in it. */
        FAILED,
        /** Timed out, or its client died first: it may be in the journal, at most once. */
        UNKNOWN
    }

    /**
     * One request.
     *
     * @param id        its id, unique in the run (the node, its incarnation and a counter)
     * @param entity    the entity it was sent to
     * @param invoked   when it was sent
     * @param completed when its answer came (or its timeout); {@link Long#MAX_VALUE} when never
     * @param outcome   how it ended
     */
    record Request(long id, String entity, long invoked, long completed, Outcome outcome) {}

    /** Appends the records of one node incarnation's client, each line written through at once. */
    static final class Writer implements AutoCloseable {
        private final PrintStream out;

        Writer(Path file) throws IOException {
            out = new PrintStream(new BufferedOutputStream(new FileOutputStream(file.toFile())), true,
                    StandardCharsets.UTF_8);
        }

        synchronized void invoked(long request, String entity) {
            out.println("I " + request + " " + entity + " " + System.nanoTime());
        }

        synchronized void acknowledged(long request) {
            out.println("A " + request + " " + System.nanoTime());
        }

        synchronized void failed(long request, String reason) {
            out.println("F " + request + " " + System.nanoTime() + " " + reason.replace('\n', ' '));
        }

        synchronized void unknown(long request, String reason) {
            out.println("U " + request + " " + System.nanoTime() + " " + reason);
        }

        @Override
        public synchronized void close() {
            out.close();
        }
    }

    /**
     * Reads every history file of a scenario.
     *
     * @param files the files, one per node incarnation
     * @return the requests by id
     */
    static Map<Long, Request> read(List<Path> files) {
        Map<Long, String> entities = new HashMap<>();
        Map<Long, Long> invoked = new HashMap<>();
        Map<Long, long[]> ends = new HashMap<>();
        Map<Long, Outcome> outcomes = new HashMap<>();
        for (Path file : files) {
            try (Stream<String> lines = Files.lines(file)) {
                lines.forEach(line -> {
                    String[] w = line.split(" ", 5);
                    if (w.length < 3) {
                        return; // the last line of a killed process may be cut short
                    }
                    long id = Long.parseLong(w[1]);
                    switch (w[0]) {
                        case "I" -> {
                            if (w.length < 4) {
                                return;
                            }
                            entities.put(id, w[2]);
                            invoked.put(id, Long.parseLong(w[3]));
                        }
                        case "A" -> end(ends, outcomes, id, Long.parseLong(w[2]), Outcome.ACKNOWLEDGED);
                        case "F" -> end(ends, outcomes, id, Long.parseLong(w[2]), Outcome.FAILED);
                        case "U" -> end(ends, outcomes, id, Long.parseLong(w[2]), Outcome.UNKNOWN);
                        default -> throw new IllegalStateException(file + ": not a history line: " + line);
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Map<Long, Request> requests = new HashMap<>();
        invoked.forEach((id, at) -> {
            long[] end = ends.get(id);
            requests.put(id, new Request(id, entities.get(id), at, end == null ? Long.MAX_VALUE : end[0],
                    outcomes.getOrDefault(id, Outcome.UNKNOWN)));
        });
        return requests;
    }

    private static void end(Map<Long, long[]> ends, Map<Long, Outcome> outcomes, long id, long at, Outcome outcome) {
        ends.put(id, new long[] {at});
        outcomes.put(id, outcome);
    }

    private History() {}
}
