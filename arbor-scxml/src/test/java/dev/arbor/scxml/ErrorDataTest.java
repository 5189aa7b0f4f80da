package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code error.execution} and {@code error.communication} carry data that names the failing
 * element — {@code tagname}, {@code line}, {@code column} — and the {@code reason}, so that a
 * document author can find the fault (issue 12). Each document logs what its error event says.
 * The position is where the XML parser reports the element: the end of its start tag, as for the
 * loader's own errors.
 */
class ErrorDataTest {

    /** Logs "event tagname line:column" and whether a reason is given, for every error event. */
    static final String REPORT = "<transition event=\"error\">"
            + "<log expr=\"_event.name + ' ' + _event.data.tagname + ' ' + _event.data.line + ':' + _event.data.column"
            + " + ' ' + (typeof _event.data.reason)\"/></transition>";

    @Test
    void anExecutableElementThatFailsIsNamedWithItsPlace() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", "<state id=\"s\">\n"
                + "<onentry>\n"
                + "  <log expr=\"'first'\"/>\n"
                + "  <assign location=\"nowhere.at.all\" expr=\"1\"/>\n"
                + "  <log expr=\"'not reached'\"/>\n"
                + "</onentry>\n"
                + REPORT + "</state>");
        run.session().start();
        assertThat(run.log()).containsExactly("first", "error.execution assign 4:47 string");
    }

    @Test
    void nestedContentNamesTheInnermostElement() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", "<state id=\"s\">\n"
                + "<onentry><if cond=\"true\">\n"
                + "    <log expr=\"undefinedFunction()\"/>\n"
                + "</if></onentry>\n"
                + REPORT + "</state>");
        run.session().start();
        assertThat(run.log()).containsExactly("error.execution log 3:38 string");
    }

    @Test
    void aTransitionWhoseCondFailsIsNamed() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", "<state id=\"s\">\n"
                + "  <transition event=\"go\" cond=\"no.such.thing\" target=\"t\"/>\n"
                + REPORT + "</state><state id=\"t\"/>");
        run.session().start();
        run.session().fire("go");
        assertThat(run.log()).containsExactly("error.execution transition 2:59 string");
    }

    @Test
    void aSendToNoSuchSessionIsACommunicationErrorNamingTheSend() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", "<state id=\"s\">\n"
                + "<onentry>\n"
                + "  <send event=\"hello\" target=\"#_scxml_nobody\"/>\n"
                + "</onentry>\n"
                + REPORT + "</state>");
        run.session().start();
        assertThat(run.log()).containsExactly("error.communication send 3:48 string");
    }

    @Test
    void aDataElementWhoseValueFailsIsNamed() {
        Docs.Run run = Docs.Run.of("datamodel=\"ecmascript\"", "\n<datamodel>\n"
                + "  <data id=\"x\" expr=\"broken(\"/>\n"
                + "</datamodel>\n<state id=\"s\">" + REPORT + "</state>");
        run.session().start();
        assertThat(run.log()).containsExactly("error.execution data 3:32 string");
    }
}
