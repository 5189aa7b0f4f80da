package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed, hostile and invalid documents are refused with a message that names file, line and column. */
class LoaderHardeningTest {

    @Test
    void aDoctypeIsRefusedSoNoEntityIsEverExpanded() {
        String laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>\n"
                + Docs.scxml("", "<final id=\"f\"><onentry><log expr=\"'&b;'\"/></onentry></final>");
        assertThatThrownBy(() -> ScxmlLoader.load(laughs, "laughs.scxml"))
                .isInstanceOf(ScxmlException.class)
                .hasMessageStartingWith("laughs.scxml:2:")
                .hasMessageContaining("DOCTYPE");
    }

    @Test
    void anExternalEntityIsNeverRead(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "top secret");
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n"
                + Docs.scxml("", "<final id=\"f\"><onentry><log expr=\"'&x;'\"/></onentry></final>");
        assertThatThrownBy(() -> ScxmlLoader.load(xxe, "xxe.scxml"))
                .isInstanceOf(ScxmlException.class)
                .hasMessageNotContaining("top secret");
    }

    @Test
    void malformedXmlIsReportedWhereItBreaks() {
        String broken = Docs.scxml("", "\n<state id=\"a\">\n  <transition target=\"a\">\n</state>");
        assertThatThrownBy(() -> ScxmlLoader.load(broken, "broken.scxml"))
                .isInstanceOfSatisfying(ScxmlException.class, e -> {
                    assertThat(e.file()).isEqualTo("broken.scxml");
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.column()).isPositive();
                });
    }

    @Test
    void nestingDeeperThanTheBoundIsRefused() {
        String deep = "<state>".repeat(XmlReader.MAX_DEPTH + 5) + "</state>".repeat(XmlReader.MAX_DEPTH + 5);
        assertThatThrownBy(() -> ScxmlLoader.load(Docs.scxml("", deep), "deep.scxml"))
                .isInstanceOf(ScxmlException.class)
                .hasMessageContaining("nested deeper than " + XmlReader.MAX_DEPTH);
    }

    @Test
    void aDocumentLargerThanTheBoundIsRefusedBeforeParsing() {
        byte[] huge = new byte[XmlReader.MAX_BYTES + 1];
        assertThatThrownBy(() -> ScxmlLoader.load(huge, "huge.scxml", null))
                .isInstanceOf(ScxmlException.class)
                .hasMessageContaining("too large");
    }

    @Test
    void theRootMustBeScxmlInTheScxmlNamespace() {
        assertThatThrownBy(() -> ScxmlLoader.load("<scxml><final id=\"f\"/></scxml>", "nons.scxml"))
                .isInstanceOf(ScxmlException.class)
                .hasMessageStartingWith("nons.scxml:1:")
                .hasMessageContaining("namespace");
    }

    @Test
    void anUnknownTargetIsNamedWithTheTransitionsPosition() {
        String doc = Docs.scxml("", "\n<state id=\"a\">\n  <transition event=\"go\" target=\"nowhere\"/>\n</state>");
        assertThatThrownBy(() -> ScxmlLoader.load(doc, "target.scxml"))
                .isInstanceOf(ScxmlException.class)
                .hasMessageStartingWith("target.scxml:3:")
                .hasMessageContaining("unknown target \"nowhere\"");
    }

    @Test
    void duplicateIdsAndUnknownDataModelsAreRefused() {
        assertThatThrownBy(() -> Docs.load("", "<state id=\"a\"/><final id=\"a\"/>"))
                .hasMessageContaining("duplicate state id \"a\"");
        assertThatThrownBy(() -> Docs.load("datamodel=\"xpath\"", "<final id=\"f\"/>"))
                .hasMessageContaining("unsupported datamodel \"xpath\"");
    }

    @Test
    void executableContentMustBeKnownAndComplete() {
        assertThatThrownBy(() -> Docs.load("", "<final id=\"f\"><onentry><raise/></onentry></final>"))
                .hasMessageContaining("<raise> needs the attribute event");
        assertThatThrownBy(() -> Docs.load("", "<final id=\"f\"><onentry><dance/></onentry></final>"))
                .hasMessageContaining("<dance> is not executable content");
    }

    @Test
    void srcIsReadRelativeToTheDocumentAndRefusedForStrings(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("value.json"), "{\"n\": 42}");
        Path file = dir.resolve("doc.scxml");
        Files.write(file, Docs.scxml("", "<datamodel><data id=\"v\" src=\"value.json\"/></datamodel>"
                + "<state id=\"s\"><transition cond=\"v.n === 42\" target=\"pass\"/></state><final id=\"pass\"/>")
                .getBytes(StandardCharsets.UTF_8));
        ScxmlSession session = ScxmlLoader.load(file).newSession();
        session.runToCompletion();
        assertThat(session.finalState()).isEqualTo("pass");

        assertThatThrownBy(() -> Docs.load("", "<datamodel><data id=\"v\" src=\"value.json\"/></datamodel><final id=\"f\"/>"))
                .hasMessageContaining("needs a document loaded from a file");
    }

    @Test
    void scriptsCannotReachJava() {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\"><onentry>"
                + "<log expr=\"typeof Packages + ' ' + typeof java + ' ' + typeof JavaAdapter\"/>"
                + "<script>java.lang.System.exit(3)</script></onentry>"
                + "<transition event=\"error.execution\" target=\"refused\"/></state><final id=\"refused\"/>");
        run.session().start();
        assertThat(run.log()).containsExactly("undefined undefined undefined");
        assertThat(run.session().finalState()).isEqualTo("refused");
    }

    @Test
    void aRunawayScriptEndsWithErrorExecutionWhenItsThreadIsInterrupted() throws Exception {
        Docs.Run run = Docs.Run.of("", "<state id=\"s\"><onentry><script>while (true) {}</script></onentry>"
                + "<transition event=\"error.execution\" target=\"stopped\"/></state><final id=\"stopped\"/>");
        Thread t = new Thread(run.session()::start, "runaway");
        t.start();
        Thread.sleep(100);
        t.interrupt();
        t.join(5_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(run.session().finalState()).isEqualTo("stopped");
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aDocumentOfManyCharacterReferencesIsReadInLinearTime() {
        String head = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"><final id=\"f\"><onentry><log expr=\"'";
        String tail = "'\"/></onentry></final></scxml>";
        int n = (XmlReader.MAX_BYTES - head.length() - tail.length()) / "&#65;".length();
        byte[] xml = (head + "&#65;".repeat(n) + tail).getBytes(StandardCharsets.UTF_8);
        assertThat(xml.length).isLessThanOrEqualTo(XmlReader.MAX_BYTES);
        El root = XmlReader.read(xml, "refs.scxml");
        El log = root.first("final").first("onentry").first("log");
        assertThat(log.attr("expr")).hasSize(n + 2);

        String body = head.replace("<log expr=\"'", "<log>") + "&#65;".repeat(n) + "</log></onentry></final></scxml>";
        El text = XmlReader.read(body.getBytes(StandardCharsets.UTF_8), "text.scxml");
        assertThat(text.first("final").first("onentry").first("log").text()).hasSize(n);
    }
}
