package dev.arbor.pekko.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.pekko.Input;
import dev.arbor.pekko.faults.History.Outcome;
import dev.arbor.pekko.faults.History.Request;
import dev.arbor.pekko.faults.HistoryChecker.Row;
import dev.arbor.pekko.faults.HistoryChecker.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checker of the fault suite finds each anomaly it is there for, on a history and a journal
 * made by hand: a clean history passes, and each defect planted in it is named.
 */
class HistoryCheckerTest {
    private final Map<Long, Request> requests = new HashMap<>();
    private final Map<String, List<Row>> journals = new HashMap<>();
    private final Map<String, Status> statuses = new HashMap<>();

    /** A request sent at {@code invoked} and answered at {@code completed}. */
    private void sent(long id, String entity, long invoked, long completed, Outcome outcome) {
        requests.put(id, new Request(id, entity, invoked, completed, outcome));
    }

    /** Rows of an entity's journal, each {@code writer:request}, numbered from 1. */
    private void journal(String entity, String... rows) {
        List<Row> out = new ArrayList<>();
        for (String row : rows) {
            String[] w = row.split(":");
            out.add(new Row(out.size() + 1, w[0], fired(Long.parseLong(w[1]))));
        }
        journals.put(entity, out);
    }

    /** The entity's state as a machine fed these requests' marks would have it. */
    private void state(String entity, long... marks) {
        Machine<Marks.Tally> m = Marks.reference();
        for (long mark : marks) {
            m.fire(new Marks.Mark(mark));
        }
        statuses.put(entity, new Status(Marks.SNAPSHOTS.encode(m), marks.length));
    }

    private static Input fired(long request) {
        BitWriter out = new BitWriter();
        Marks.EVENTS.write(new Marks.Mark(request), out);
        return new Input.Fired(out.padToByte().toByteArray());
    }

    private List<String> anomalies() {
        return new HistoryChecker(requests).check(journals, statuses).anomalies();
    }

    /** Two entities: a has requests 1 then 2 (2 sent after 1 was acknowledged), b has 3 (unknown, applied). */
    private void aCleanRun() {
        sent(1, "a", 10, 20, Outcome.ACKNOWLEDGED);
        sent(2, "a", 30, 40, Outcome.ACKNOWLEDGED);
        sent(3, "b", 15, Long.MAX_VALUE, Outcome.UNKNOWN);
        sent(4, "b", 16, 17, Outcome.FAILED);
        journal("a", "w1:1", "w1:2");
        journal("b", "w2:3");
        state("a", 1, 2);
        state("b", 3);
    }

    @Test
    void aCleanRunHasNoAnomalyAndItsCountsAreTheHistorys() {
        aCleanRun();
        HistoryChecker.Verdict v = new HistoryChecker(requests).check(journals, statuses);
        assertThat(v.anomalies()).isEmpty();
        assertThat(List.of(v.requests(), v.acknowledged(), v.failed(), v.unknown(), v.applied(), v.entities()))
                .containsExactly(4, 2, 1, 1, 1, 2);
    }

    @Test
    void anAcknowledgedRequestMissingFromTheJournalIsLost() {
        aCleanRun();
        journal("a", "w1:1");
        state("a", 1);
        assertThat(anomalies()).containsExactly("a: request 2 was acknowledged but is not in the journal (lost)");
    }

    @Test
    void aRequestInTheJournalTwiceIsAppliedAgain() {
        aCleanRun();
        journal("a", "w1:1", "w1:2", "w1:2");
        state("a", 1, 2, 2);
        assertThat(anomalies()).containsExactly("a #3: request 2 applied again (first at a #2)");
    }

    @Test
    void aRequestBeforeOneAcknowledgedBeforeItWasSentIsOutOfOrder() {
        aCleanRun();
        journal("a", "w1:2", "w1:1");
        state("a", 2, 1);
        assertThat(anomalies()).containsExactly(
                "a #2: request 1 comes after a request sent once it was acknowledged (out of order)");
    }

    @Test
    void anIncarnationWritingAfterAnotherTookOverIsTwoAtOnce() {
        aCleanRun();
        sent(5, "a", 50, 60, Outcome.ACKNOWLEDGED);
        journal("a", "w1:1", "w2:2", "w1:5");
        state("a", 1, 2, 5);
        assertThat(anomalies()).containsExactly(
                "a: writer w1 wrote sequence number 3 after writer w2 had taken over at 2 (two incarnations at once)");
    }

    @Test
    void aGapInTheSequenceNumbersIsNamed() {
        aCleanRun();
        journals.put("a", List.of(new Row(1, "w1", fired(1)), new Row(3, "w1", fired(2))));
        assertThat(anomalies()).containsExactly("a: sequence number 3 where 2 was due (a gap or a repeat)");
    }

    @Test
    void aStateThatIsNotTheJournalsIsNamed() {
        aCleanRun();
        state("a", 2, 1); // the same marks, in another order: another digest
        assertThat(anomalies()).containsExactly(
                "a: its state (2 inputs) differs from the reference fed its journal (2 inputs)");
    }

    @Test
    void aRefusedRequestInTheJournalAndARowNoClientSentAreNamed() {
        aCleanRun();
        journal("b", "w2:3", "w2:4", "w2:99");
        state("b", 3, 4, 99);
        assertThat(anomalies()).containsExactlyInAnyOrder(
                "b #3: request 99 was sent by no client",
                "b: request 4 was refused but is in the journal");
    }
}
