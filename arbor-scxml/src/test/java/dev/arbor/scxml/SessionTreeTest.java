package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sessions that invoke sessions (SCXML 6.4, 6.5, C.1): what they share, and what an event from a child carries. */
class SessionTreeTest {

    private static final String CHILD = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">";

    @Test
    void dataSentToAnotherSessionIsACopyMadeWhenSent() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"obj\" expr=\"({n: 1})\"/></datamodel>"
                + "<state id=\"s\"><invoke id=\"kid\"><param name=\"p\" expr=\"obj\"/><content>" + CHILD
                + "<datamodel><data id=\"p\" expr=\"null\"/></datamodel>"
                + "<state id=\"c\"><onentry><assign location=\"p.n\" expr=\"2\"/>"
                + "<send target=\"#_parent\" event=\"data\"><param name=\"o\" expr=\"p\"/></send>"
                + "<assign location=\"p.n\" expr=\"3\"/></onentry></state></scxml></content></invoke>"
                + "<transition event=\"data\" target=\"end\"><log expr=\"obj.n + ' ' + _event.data.o.n\"/></transition></state>"
                + "<final id=\"end\"/>");
        run.session().runToCompletion();
        assertThat(run.log()).as("the parent's object, then the data as the child sent it").containsExactly("1 2");
    }

    @Test
    void dataASessionSendsItselfIsACopyMadeWhenSent() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"obj\" expr=\"({n: 1})\"/></datamodel>"
                + "<state id=\"s\"><onentry>"
                + "<send event=\"later\" delay=\"1s\"><param name=\"o\" expr=\"obj\"/></send>"
                + "<send event=\"now\" target=\"#_internal\"><param name=\"o\" expr=\"obj\"/></send>"
                + "<assign location=\"obj.n\" expr=\"2\"/></onentry>"
                + "<transition event=\"now\"><log expr=\"obj.n + ' ' + _event.data.o.n\"/></transition>"
                + "<transition event=\"later\" target=\"end\"><log expr=\"obj.n + ' ' + _event.data.o.n\"/></transition></state>"
                + "<final id=\"end\"/>");
        run.session().runToCompletion();
        assertThat(run.log()).as("the variable now, then the data as it was sent").containsExactly("2 1", "2 1");
    }

    @Test
    void aChildWritingToItsParentBySessionIdIsStillItsInvocationAndFinalizeRuns() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"finalized\" expr=\"null\"/></datamodel>"
                + "<state id=\"s\"><invoke id=\"kid\"><param name=\"parentId\" expr=\"_sessionid\"/>"
                + "<finalize><assign location=\"finalized\" expr=\"_event.invokeid\"/></finalize><content>" + CHILD
                + "<datamodel><data id=\"parentId\"/></datamodel>"
                + "<state id=\"c\"><onentry><send targetexpr=\"'#_scxml_' + parentId\" event=\"hello\"/></onentry></state>"
                + "</scxml></content></invoke>"
                + "<transition event=\"hello\" target=\"end\"><log expr=\"_event.invokeid + ' ' + finalized\"/></transition></state>"
                + "<final id=\"end\"/>");
        run.session().runToCompletion();
        assertThat(run.log()).containsExactly("kid kid");
    }

    @Test
    void anErrorInFinalizeIsProcessedAfterTheEventThatRanIt() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s1\"><invoke id=\"kid\">"
                + "<finalize><assign location=\"nowhere.x\" expr=\"1\"/></finalize><content>" + CHILD
                + "<state id=\"c\"><onentry><send target=\"#_parent\" event=\"childEvent\"/></onentry></state>"
                + "</scxml></content></invoke>"
                + "<transition event=\"childEvent\" target=\"s2\"/><transition event=\"error.execution\" target=\"early\"/></state>"
                + "<state id=\"s2\"><transition event=\"error.execution\" target=\"pass\"/></state>"
                + "<final id=\"early\"/><final id=\"pass\"/>");
        run.session().runToCompletion();
        assertThat(run.session().finalState()).isEqualTo("pass");
    }

    @Test
    void sessionIdsAreNumberedWithinEachTreeSoRunsRepeat() {
        String body = "<state id=\"s\"><onentry><log expr=\"_sessionid\"/></onentry><invoke id=\"kid\"><content>" + CHILD
                + "<final id=\"f\"><onentry><log expr=\"_sessionid\"/></onentry></final></scxml></content></invoke>"
                + "<transition event=\"done.invoke.kid\" target=\"end\"/></state><final id=\"end\"/>";
        ScxmlDocument doc = Docs.load("", body);
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        doc.newSession(first::add).runToCompletion();
        doc.newSession(second::add).runToCompletion();
        assertThat(first).containsExactly("arbor-1", "arbor-2");
        assertThat(second).isEqualTo(first);
    }
}
