package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The session API: start, events in, the virtual clock, the final state and the log. */
class SessionTest {

    static final String DOOR = "<state id=\"closed\"><transition event=\"open\" target=\"opened\"/></state>"
            + "<state id=\"opened\"><onentry><log label=\"door\" expr=\"'opened'\"/></onentry>"
            + "<transition event=\"close\" target=\"closed\"/><transition event=\"leave\" target=\"gone\"/></state>"
            + "<final id=\"gone\"/>";

    @Test
    void eventsMoveTheSessionAndLogLinesReachTheConsumer() {
        Docs.Run run = Docs.Run.of("", DOOR);
        run.session().start();
        assertThat(run.session().activeStates()).containsExactly("closed");

        run.session().fire("open");
        assertThat(run.session().activeStates()).containsExactly("opened");
        assertThat(run.log()).containsExactly("door: opened");

        run.session().fire("leave");
        assertThat(run.session().isHalted()).isTrue();
        assertThat(run.session().finalState()).isEqualTo("gone");
    }

    @Test
    void aDelayedSendWaitsForTheVirtualClock() {
        Docs.Run run = Docs.Run.of("", "<state id=\"wait\"><onentry><send event=\"ring\" delay=\"2s\"/></onentry>"
                + "<transition event=\"ring\" target=\"done\"><log expr=\"'rang'\"/></transition></state><final id=\"done\"/>");
        ScxmlSession s = run.session();
        s.start();
        s.advanceTime(1999);
        assertThat(s.isIn("wait")).isTrue();
        assertThat(s.now()).isEqualTo(1999);

        s.advanceTime(1);
        assertThat(s.finalState()).isEqualTo("done");
        assertThat(run.log()).containsExactly("rang");
    }

    @Test
    void runToCompletionJumpsTheClockToEachDelayedEventInTurn() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><onentry><send event=\"late\" delay=\"10s\"/>"
                + "<send event=\"early\" delay=\"1s\"/></onentry>"
                + "<transition event=\"early\" target=\"b\"/></state>"
                + "<state id=\"b\"><transition event=\"late\" target=\"end\"/></state><final id=\"end\"/>");
        assertThat(run.session().runToCompletion()).isTrue();
        assertThat(run.session().now()).isEqualTo(10_000);
        assertThat(run.session().finalState()).isEqualTo("end");
    }

    @Test
    void aCancelledSendIsNeverDelivered() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><onentry><send id=\"t\" event=\"boom\" delay=\"1s\"/>"
                + "<send event=\"ok\" delay=\"2s\"/><cancel sendid=\"t\"/></onentry>"
                + "<transition event=\"boom\" target=\"fail\"/><transition event=\"ok\" target=\"pass\"/></state>"
                + "<final id=\"pass\"/><final id=\"fail\"/>");
        run.session().runToCompletion();
        assertThat(run.session().finalState()).isEqualTo("pass");
    }

    @Test
    void externalEventDataIsSeenAsEventData() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><transition event=\"hit\" cond=\"_event.data.damage &gt; 10\" target=\"dead\">"
                + "<log label=\"damage\" expr=\"_event.data.damage\"/></transition></state><final id=\"dead\"/>");
        run.session().fire(ScxmlEvent.external("hit", Map.of("damage", 5)));
        assertThat(run.session().isHalted()).isFalse();
        run.session().fire(ScxmlEvent.external("hit", Map.of("damage", 12)));
        assertThat(run.session().finalState()).isEqualTo("dead");
        assertThat(run.log()).containsExactly("damage: 12");
    }

    @Test
    void aHaltedSessionIgnoresLaterEvents() {
        Docs.Run run = Docs.Run.of("", DOOR);
        run.session().fire("open");
        run.session().fire("leave");
        run.session().fire("close");
        assertThat(run.session().finalState()).isEqualTo("gone");
        assertThat(run.session().isHalted()).isTrue();
    }

    @Test
    void sessionsOfOneDocumentShareTheChartAndNothingElse() {
        ScxmlDocument doc = Docs.load("", "<datamodel><data id=\"n\" expr=\"0\"/></datamodel>"
                + "<state id=\"a\"><transition event=\"inc\"><assign location=\"n\" expr=\"n + 1\"/></transition>"
                + "<transition event=\"check\" cond=\"n === 2\" target=\"two\"/></state><final id=\"two\"/>");
        ScxmlSession first = doc.newSession();
        ScxmlSession second = doc.newSession();
        first.fire("inc");
        first.fire("inc");
        second.fire("inc");
        first.fire("check");
        second.fire("check");
        assertThat(first.document().chart()).isSameAs(second.document().chart());
        assertThat(first.finalState()).isEqualTo("two");
        assertThat(second.isHalted()).isFalse();
        assertThat(first.sessionId()).as("each tree numbers its sessions from 1").isEqualTo(second.sessionId());
    }

    @Test
    void aDelayTooLongToCountIsNeverDue() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><transition event=\"go\">"
                + "<send event=\"never\" delay=\"99999999999999999999d\"/></transition>"
                + "<transition event=\"never\" target=\"fail\"/></state><final id=\"fail\"/>");
        ScxmlSession s = run.session();
        s.advanceTime(10);
        s.fire("go");
        s.advanceTime(1_000_000);
        assertThat(s.activeStates()).containsExactly("a");
    }

    @Test
    void cancelCancelsDelayedSendsOnly() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><onentry><send id=\"now\" event=\"immediate\"/>"
                + "<cancel sendid=\"now\"/></onentry>"
                + "<transition event=\"immediate\" target=\"pass\"/></state><final id=\"pass\"/>");
        run.session().runToCompletion();
        assertThat(run.session().finalState()).isEqualTo("pass");
    }
}
