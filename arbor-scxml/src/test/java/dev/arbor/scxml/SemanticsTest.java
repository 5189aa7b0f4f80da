package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.StateKind;
import org.junit.jupiter.api.Test;

/** How SCXML maps onto the Arbor chart and engine, each checked by the trace a document logs. */
class SemanticsTest {

    @Test
    void statesAreChartStatesKeyedByTheirIds() {
        ScxmlDocument doc = Docs.load("initial=\"p\"", "<parallel id=\"p\"><state id=\"r1\"/><state id=\"r2\"/>"
                + "<transition event=\"x\" target=\"f\"/></parallel><final id=\"f\"/>");
        var chart = doc.chart();
        assertThat(chart.kind(chart.stateId("p"))).isEqualTo(StateKind.PARALLEL);
        assertThat(chart.kind(chart.stateId("f"))).isEqualTo(StateKind.FINAL);
        ScxmlSession s = doc.newSession();
        s.start();
        assertThat(s.activeStates()).containsExactly("p", "r1", "r2");
    }

    @Test
    void exitsRunInnermostFirstThenTransitionContentThenEntriesOutermostFirst() {
        Docs.Run run = Docs.Run.of("", "<state id=\"a\"><onexit><log expr=\"'exit a'\"/></onexit>"
                + "<state id=\"a1\"><onexit><log expr=\"'exit a1'\"/></onexit>"
                + "<transition event=\"go\" target=\"b1\"><log expr=\"'transition'\"/></transition></state></state>"
                + "<state id=\"b\"><onentry><log expr=\"'enter b'\"/></onentry>"
                + "<state id=\"b1\"><onentry><log expr=\"'enter b1'\"/></onentry></state></state>");
        run.session().fire("go");
        assertThat(run.log()).containsExactly("exit a1", "exit a", "transition", "enter b", "enter b1");
    }

    @Test
    void anInternalTransitionDoesNotExitItsSourceAnExternalOneDoes() {
        String body = "<state id=\"s\"><onexit><log expr=\"'exit s'\"/></onexit><onentry><log expr=\"'enter s'\"/></onentry>"
                + "<transition event=\"in\" type=\"internal\" target=\"s2\"/>"
                + "<transition event=\"ex\" type=\"external\" target=\"s2\"/>"
                + "<state id=\"s1\"/><state id=\"s2\"/></state>";
        Docs.Run internal = Docs.Run.of("", body);
        internal.session().fire("in");
        assertThat(internal.log()).containsExactly("enter s");

        Docs.Run external = Docs.Run.of("", body);
        external.session().fire("ex");
        assertThat(external.log()).containsExactly("enter s", "exit s", "enter s");
    }

    @Test
    void raisedEventsAreProcessedInOrderBeforeTheNextExternalOne() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\"><onentry><send event=\"ext\"/><raise event=\"one\"/><raise event=\"two\"/></onentry>"
                + "<transition event=\"*\"><log expr=\"_event.name + '/' + _event.type\"/></transition></state>");
        run.session().runToCompletion();
        assertThat(run.log()).containsExactly("one/internal", "two/internal", "ext/external");
    }

    @Test
    void eventDescriptorsMatchByPrefixOfTokens() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\">"
                + "<transition event=\"error.send\"><log expr=\"'send error: ' + _event.name\"/></transition>"
                + "<transition event=\"error\"><log expr=\"'other error: ' + _event.name\"/></transition>"
                + "<transition event=\"err\"><log expr=\"'never'\"/></transition></state>");
        run.session().fire("error.send.failed");
        run.session().fire("error.execution");
        run.session().fire("errors");
        assertThat(run.log()).containsExactly("send error: error.send.failed", "other error: error.execution");
    }

    @Test
    void aFailingExpressionStopsItsBlockAndRaisesErrorExecution() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\"><onentry><log expr=\"'before'\"/><log expr=\"nosuchvar.x\"/>"
                + "<log expr=\"'skipped'\"/></onentry><onentry><log expr=\"'next block'\"/></onentry>"
                + "<transition event=\"error.execution\" target=\"caught\"/></state><final id=\"caught\"/>");
        run.session().start();
        assertThat(run.log()).containsExactly("before", "next block");
        assertThat(run.session().finalState()).isEqualTo("caught");
    }

    @Test
    void doneDataTravelsWithTheDoneEvent() {
        Docs.Run run = Docs.Run.of("", "<state id=\"job\"><state id=\"work\"><transition event=\"finish\" target=\"end\"/></state>"
                + "<final id=\"end\"><donedata><param name=\"score\" expr=\"7\"/></donedata></final>"
                + "<transition event=\"done.state.job\" target=\"over\"><log label=\"score\" expr=\"_event.data.score\"/></transition></state>"
                + "<final id=\"over\"/>");
        run.session().fire("finish");
        assertThat(run.log()).containsExactly("score: 7");
        assertThat(run.session().finalState()).isEqualTo("over");
    }

    @Test
    void lateBindingAssignsAStatesDataWhenTheStateIsFirstEntered() {
        Docs.Run run = Docs.Run.of("binding=\"late\"", "<state id=\"a\"><onentry><log expr=\"typeof v\"/></onentry>"
                + "<transition event=\"go\" target=\"b\"/></state>"
                + "<state id=\"b\"><datamodel><data id=\"v\" expr=\"'bound'\"/></datamodel>"
                + "<onentry><log expr=\"v\"/></onentry></state>");
        run.session().fire("go");
        assertThat(run.log()).containsExactly("undefined", "bound");
    }

    @Test
    void foreachIteratesOverACopyOfTheArray() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"xs\" expr=\"[1, 2, 3]\"/></datamodel>"
                + "<state id=\"s\"><onentry><foreach array=\"xs\" item=\"x\" index=\"i\">"
                + "<assign location=\"xs\" expr=\"[]\"/><log expr=\"i + ':' + x\"/></foreach></onentry></state>");
        run.session().start();
        assertThat(run.log()).containsExactly("0:1", "1:2", "2:3");
    }

    @Test
    void anInvokedSessionTalksToItsParentAndEndsWithDoneInvoke() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\"><invoke id=\"kid\"><content>"
                + "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"><state id=\"k\">"
                + "<onentry><send target=\"#_parent\" event=\"hello\"/></onentry>"
                + "<transition event=\"bye\" target=\"kdone\"/></state><final id=\"kdone\"/></scxml></content></invoke>"
                + "<transition event=\"hello\"><log expr=\"'hello from ' + _event.invokeid\"/>"
                + "<send target=\"#_kid\" event=\"bye\"/></transition>"
                + "<transition event=\"done.invoke.kid\" target=\"end\"/></state><final id=\"end\"/>");
        run.session().runToCompletion();
        assertThat(run.log()).containsExactly("hello from kid");
        assertThat(run.session().finalState()).isEqualTo("end");
    }

    @Test
    void theNullDataModelKnowsOnlyIn() {
        Docs.Run run = Docs.Run.of("datamodel=\"null\" initial=\"p\"", "<parallel id=\"p\">"
                + "<state id=\"r1\"><state id=\"x\"><transition event=\"go\" target=\"y\"/></state><state id=\"y\"/></state>"
                + "<state id=\"r2\"><state id=\"wait\"><transition cond=\"In('y')\" target=\"seen\"/></state><state id=\"seen\"/></state>"
                + "</parallel>");
        run.session().start();
        assertThat(run.session().isIn("seen")).isFalse();
        run.session().fire("go");
        assertThat(run.session().isIn("seen")).isTrue();
    }

    @Test
    void xmlContentIsADomSubsetForScriptsAndXmlAgainWhenItIsInvoked() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"inv\"><items xmlns=\"\"><item n=\"a\"/><item n=\"b\">text</item></items></data></datamodel>"
                + "<state id=\"s\"><onentry>"
                + "<log expr=\"inv.getElementsByTagName('item').length\"/>"
                + "<log expr=\"inv.getElementsByTagName('item')[1].getAttribute('n') + ' ' + inv.documentElement.textContent\"/>"
                + "<log expr=\"inv.getElementsByTagName('item')[0].hasAttribute('missing')\"/>"
                + "</onentry></state>");
        run.session().start();
        assertThat(run.log()).containsExactly("2", "b text", "false");
    }

    @Test
    void theNullDataModelIgnoresDataElementsAndStartsWithoutError() {
        for (String binding : new String[] {"early", "late"}) {
            Docs.Run run = Docs.Run.of("datamodel=\"null\" binding=\"" + binding + "\"",
                    "<datamodel><data id=\"x\"/></datamodel>"
                    + "<state id=\"s\"><datamodel><data id=\"y\"/></datamodel><onentry><raise event=\"ready\"/></onentry>"
                    + "<transition event=\"error.*\" target=\"fail\"/><transition event=\"ready\" target=\"pass\"/></state>"
                    + "<final id=\"pass\"/><final id=\"fail\"/>");
            run.session().start();
            assertThat(run.session().finalState()).as(binding).isEqualTo("pass");
        }
    }

    @Test
    void aHistoryRequestLastsOneMacrostep() {
        Docs.Run run = Docs.Run.of("", "<state id=\"p\"><transition event=\"back\" type=\"internal\" target=\"h\"/>"
                + "<history id=\"h\"><transition target=\"b\"><log expr=\"'default'\"/></transition></history>"
                + "<state id=\"a\"><transition event=\"next\" target=\"b\"/></state><state id=\"b\"/></state>");
        ScxmlSession s = run.session();
        s.fire("next");
        s.fire("back");
        assertThat(s.pendingHistoryRequests()).isZero();
    }
}
