package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every evaluation has an instruction budget ({@link EcmaDataModel#MAX_INSTRUCTIONS}): a script
 * that would run forever stops with {@code error.execution} (SCXML 5.9: an error in a script
 * raises error.execution), on the calling thread, with no interrupt needed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScriptBudgetTest {

    private static Docs.Run stoppedOrDone(String onentry) {
        return Docs.Run.of("", "<state id=\"s\"><onentry>" + onentry + "<log expr=\"'not reached'\"/></onentry>"
                + "<transition event=\"error.execution\" target=\"stopped\">"
                + "<log expr=\"_event.data.reason\"/></transition>"
                + "<transition event=\"done\" target=\"done\"/></state>"
                + "<final id=\"stopped\"/><final id=\"done\"/>");
    }

    @Test
    void anEndlessLoopStopsWithErrorExecution() {
        Docs.Run run = stoppedOrDone("<script>while (true) {}</script>");
        run.session().start();
        assertThat(run.session().finalState()).isEqualTo("stopped");
        assertThat(run.log()).singleElement().asString().contains("instructions");
    }

    @Test
    void aLoopTooLongForTheBudgetStopsAndItsFinallyCannotResumeIt() {
        Docs.Run run = stoppedOrDone("<script>try { for (var i = 0; i &lt; 1e12; i++) {} } "
                + "finally { while (true) {} }</script>");
        run.session().start();
        assertThat(run.session().finalState()).isEqualTo("stopped");
    }

    @Test
    void anEndlessConditionIsFalseAndRaisesErrorExecution() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\">"
                + "<transition event=\"go\" cond=\"(function () { while (true) {} })()\" target=\"wrong\"/>"
                + "<transition event=\"error.execution\" target=\"stopped\"/></state>"
                + "<final id=\"wrong\"/><final id=\"stopped\"/>");
        run.session().fire("go");
        assertThat(run.session().finalState()).isEqualTo("stopped");
    }

    @Test
    void aCatastrophicRegularExpressionStops() {
        Docs.Run run = stoppedOrDone("<script>/^(a+)+$/.test('a'.repeat(40) + 'b')</script>");
        run.session().start();
        assertThat(run.session().finalState()).isEqualTo("stopped");
    }

    @Test
    void aLoopWithinTheBudgetRunsToItsEnd() {
        Docs.Run run = Docs.Run.of("", "<datamodel><data id=\"n\" expr=\"0\"/></datamodel>"
                + "<state id=\"s\"><onentry><script>for (var i = 0; i &lt; 100000; i++) { n++; }</script>"
                + "<log expr=\"n\"/><raise event=\"done\"/></onentry>"
                + "<transition event=\"done\" target=\"done\"/><transition event=\"error.*\" target=\"stopped\"/></state>"
                + "<final id=\"done\"/><final id=\"stopped\"/>");
        run.session().start();
        assertThat(run.log()).containsExactly("100000");
        assertThat(run.session().finalState()).isEqualTo("done");
    }
}
