package dev.arbor.pekko.faults;

import dev.arbor.core.Machine;
import dev.arbor.pekko.Input;
import dev.arbor.pekko.faults.History.Outcome;
import dev.arbor.pekko.faults.History.Request;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Holds a scenario's recorded history against the journal and the entities' final states, entity
 * by entity. The properties, each an anomaly when it fails:
 *
 * <ul>
 *   <li>every acknowledged request is in its entity's journal exactly once, and a refused one is not
 *       in it; an unknown one is in it at most once; no row is of a request no client sent;</li>
 *   <li>in order: no row comes before the row of a request acknowledged before it was sent;</li>
 *   <li>no split brain: the entity's sequence numbers run 1, 2, 3 … without a gap or a repeat, and
 *       each writer (an incarnation of the entity) wrote one unbroken run of them, so that no
 *       incarnation wrote after another had taken over;</li>
 *   <li>the entity's final state equals a reference machine fed its journal.</li>
 * </ul>
 */
final class HistoryChecker {

    /**
     * One row of an entity's journal.
     *
     * @param sequenceNr its sequence number
     * @param writer     the id of the incarnation that wrote it
     * @param input      the input, as the journal's serializer reads it back
     */
    record Row(long sequenceNr, String writer, Input input) {}

    /**
     * An entity's state as the cluster answered it after the scenario.
     *
     * @param snapshot its snapshot bytes
     * @param inputs   how many inputs it took
     */
    record Status(byte[] snapshot, long inputs) {}

    /**
     * What a scenario came to.
     *
     * @param requests     requests sent
     * @param acknowledged acknowledged
     * @param failed       refused
     * @param unknown      neither, of which {@code applied} were found in the journal
     * @param applied      unknown requests found applied (once each)
     * @param entities     entities checked
     * @param anomalies    every property that failed, each naming its entity and request
     */
    record Verdict(int requests, int acknowledged, int failed, int unknown, int applied, int entities,
                   List<String> anomalies) {}

    private final Map<Long, Request> requests;
    private final List<String> anomalies = new ArrayList<>();
    private final Map<Long, String> seenIn = new HashMap<>();

    HistoryChecker(Map<Long, Request> requests) {
        this.requests = requests;
    }

    /**
     * Checks every entity of a scenario.
     *
     * @param journals the journal of every entity that has one, by entity id, in sequence order
     * @param statuses the final state of every entity of the scenario, by entity id
     * @return the verdict
     */
    Verdict check(Map<String, List<Row>> journals, Map<String, Status> statuses) {
        for (Map.Entry<String, Status> entity : statuses.entrySet()) {
            checkEntity(entity.getKey(), journals.getOrDefault(entity.getKey(), List.of()), entity.getValue());
        }
        journals.keySet().stream().filter(e -> !statuses.containsKey(e))
                .forEach(e -> anomalies.add(e + ": has a journal but was not queried"));
        int acknowledged = 0;
        int failed = 0;
        int unknown = 0;
        int applied = 0;
        for (Request r : requests.values()) {
            boolean journaled = seenIn.containsKey(r.id());
            switch (r.outcome()) {
                case ACKNOWLEDGED -> {
                    acknowledged++;
                    if (!journaled) {
                        anomalies.add(r.entity() + ": request " + r.id() + " was acknowledged but is not in the journal (lost)");
                    }
                }
                case FAILED -> {
                    failed++;
                    if (journaled) {
                        anomalies.add(r.entity() + ": request " + r.id() + " was refused but is in the journal");
                    }
                }
                case UNKNOWN -> {
                    unknown++;
                    applied += journaled ? 1 : 0;
                }
            }
        }
        return new Verdict(requests.size(), acknowledged, failed, unknown, applied, statuses.size(), List.copyOf(anomalies));
    }

    private void checkEntity(String entity, List<Row> rows, Status status) {
        Machine<Marks.Tally> reference = Marks.reference();
        Map<String, Long> writerLast = new HashMap<>();
        String writer = null;
        long latestInvoked = Long.MIN_VALUE; // of the requests of the rows so far
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row.sequenceNr() != i + 1) {
                anomalies.add(entity + ": sequence number " + row.sequenceNr() + " where " + (i + 1)
                        + " was due (a gap or a repeat)");
            }
            if (!row.writer().equals(writer)) {
                if (writerLast.containsKey(row.writer())) {
                    anomalies.add(entity + ": writer " + row.writer() + " wrote sequence number " + row.sequenceNr()
                            + " after writer " + writer + " had taken over at " + writerLast.get(writer)
                            + " (two incarnations at once)");
                }
                writer = row.writer();
            }
            writerLast.put(writer, row.sequenceNr());
            if (!(row.input() instanceof Input.Fired fired)) {
                anomalies.add(entity + ": sequence number " + row.sequenceNr() + " is not a fired event: " + row.input());
                continue;
            }
            Marks.Mark mark = decode(entity, row, fired);
            if (mark == null) {
                continue;
            }
            reference.fire(mark);
            Request request = requests.get(mark.request());
            String where = entity + " #" + row.sequenceNr();
            String earlier = seenIn.put(mark.request(), where);
            if (earlier != null) {
                anomalies.add(where + ": request " + mark.request() + " applied again (first at " + earlier + ")");
            }
            if (request == null) {
                anomalies.add(where + ": request " + mark.request() + " was sent by no client");
                continue;
            }
            if (!request.entity().equals(entity)) {
                anomalies.add(where + ": request " + mark.request() + " was sent to " + request.entity());
            }
            if (request.outcome() == Outcome.ACKNOWLEDGED && latestInvoked > request.completed()) {
                anomalies.add(where + ": request " + mark.request() + " comes after a request sent once it was"
                        + " acknowledged (out of order)");
            }
            latestInvoked = Math.max(latestInvoked, request.invoked());
        }
        byte[] expected = Marks.SNAPSHOTS.encode(reference);
        if (!Arrays.equals(expected, status.snapshot()) || status.inputs() != rows.size()) {
            anomalies.add(entity + ": its state (" + status.inputs() + " inputs) differs from the reference fed its"
                    + " journal (" + rows.size() + " inputs)");
        }
    }

    private Marks.Mark decode(String entity, Row row, Input.Fired fired) {
        try {
            return (Marks.Mark) Marks.EVENTS.read(new dev.arbor.net.codec.BitReader(fired.event()));
        } catch (Exception e) {
            anomalies.add(entity + ": sequence number " + row.sequenceNr() + " does not decode: " + e.getMessage());
            return null;
        }
    }
}
