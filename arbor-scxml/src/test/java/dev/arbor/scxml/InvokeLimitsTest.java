package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <invoke>} cannot recurse without end: documents that name each other through
 * {@code src} are refused when loaded, naming where; sessions that invoke themselves at run time
 * ({@code srcexpr}) stop at {@link ScxmlSession#MAX_INVOKE_DEPTH} levels or
 * {@link ScxmlSession#MAX_SESSIONS} sessions with {@code error.execution}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InvokeLimitsTest {

    private static Path write(Path dir, String name, String body) throws Exception {
        return Files.writeString(dir.resolve(name), Docs.scxml("", body));
    }

    @Test
    void aDocumentThatInvokesItselfBySrcIsRefusedWhereItDoes(@TempDir Path dir) throws Exception {
        Path self = write(dir, "self.scxml", "<state id=\"s\">\n<invoke src=\"self.scxml\"/></state>");
        assertThatThrownBy(() -> ScxmlLoader.load(self))
                .isInstanceOf(ScxmlException.class)
                .hasMessageMatching("(?s).*/self\\.scxml:2:\\d+: .*cycle: self.scxml -> self.scxml.*");
    }

    @Test
    void documentsThatInvokeEachOtherBySrcAreRefused(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.scxml", "<state id=\"s\"><invoke src=\"file:b.scxml\"/></state>");
        write(dir, "b.scxml", "<state id=\"s\">\n\n<invoke src=\"a.scxml\"/></state>");
        assertThatThrownBy(() -> ScxmlLoader.load(a))
                .isInstanceOf(ScxmlException.class)
                .hasMessageMatching("(?s).*/b\\.scxml:3:\\d+: .*cycle: a.scxml -> b.scxml -> a.scxml.*");
    }

    @Test
    void aChainOfDistinctDocumentsDeeperThanTheBoundIsRefused(@TempDir Path dir) throws Exception {
        int n = Loading.MAX_NESTING + 2;
        for (int i = 0; i < n; i++) {
            write(dir, "d" + i + ".scxml", i + 1 < n
                    ? "<state id=\"s\"><invoke src=\"d" + (i + 1) + ".scxml\"/></state>" : "<final id=\"f\"/>");
        }
        assertThatThrownBy(() -> ScxmlLoader.load(dir.resolve("d0.scxml")))
                .isInstanceOf(ScxmlException.class)
                .hasMessageContaining("deeper than " + Loading.MAX_NESTING);
    }

    @Test
    void aSessionThatInvokesItselfAtRunTimeStopsAtTheDepthBound(@TempDir Path dir) throws Exception {
        Path self = write(dir, "again.scxml", "<state id=\"s\"><invoke srcexpr=\"'again.scxml'\"/>"
                + "<transition event=\"error.execution\" target=\"capped\"><log expr=\"_event.data.reason\"/></transition>"
                + "<transition event=\"done.invoke\" target=\"unwound\"/></state>"
                + "<final id=\"capped\"/><final id=\"unwound\"/>");
        List<String> log = new ArrayList<>();
        ScxmlSession root = ScxmlLoader.load(self).newSession(log::add);
        assertThat(root.runToCompletion()).isTrue();
        assertThat(log).singleElement().asString().contains("deeper than " + ScxmlSession.MAX_INVOKE_DEPTH);
        assertThat(root.finalState()).isEqualTo("unwound");
    }

    @Test
    void sessionsThatMultiplyAtRunTimeStopAtTheSessionBound(@TempDir Path dir) throws Exception {
        Path fan = write(dir, "fan.scxml", "<parallel id=\"p\">"
                + "<state id=\"a\"><invoke srcexpr=\"'fan.scxml'\"/></state>"
                + "<state id=\"b\"><invoke srcexpr=\"'fan.scxml'\"/></state>"
                + "<state id=\"c\"><invoke srcexpr=\"'fan.scxml'\"/></state>"
                + "<transition event=\"error.execution\" cond=\"_event.data.reason.indexOf('sessions') &gt;= 0\" target=\"capped\">"
                + "<log expr=\"'capped'\"/></transition></parallel><final id=\"capped\"/>");
        List<String> log = new ArrayList<>();
        ScxmlSession root = ScxmlLoader.load(fan).newSession(log::add);
        root.runToCompletion();
        assertThat(log).contains("capped");
    }
}
