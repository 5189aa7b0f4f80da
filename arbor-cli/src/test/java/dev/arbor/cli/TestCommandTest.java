package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code arbor test}: PASS and FAIL lines, exit codes, directories, and the JUnit XML read back. */
class TestCommandTest {

    @TempDir
    Path dir;

    /** The scenarios of the test resources: {@code broken/typo}, {@code shop/dawn}, {@code shop/haggle}, {@code shop/late}. */
    static Path scenarios() {
        try {
            return Path.of(TestCommandTest.class.getResource("/scenarios").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    @Test
    void passingScenariosArePassAndExitZero() {
        Path dawn = scenarios().resolve("shop/dawn.scenario");
        Path haggle = scenarios().resolve("shop/haggle.scenario");
        Cli r = Cli.run("test", dawn.toString(), haggle.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.outLines()).containsExactly(
                "PASS " + dawn + " (7 steps)",
                "PASS " + haggle + " (10 steps)",
                "2 scenarios: 2 passed, 0 failed");
    }

    @Test
    void coverageSaysWhatTheScenariosReachedAndTookAndWhatIsLeft() throws IOException {
        Path door = Path.of("../docs/examples/door.json").toAbsolutePath().normalize();
        Path opens = write("opens.scenario", "chart " + door, "open", "expect opened");
        Path knocks = write("knocks.scenario", "chart " + door, "knock", "expect closed");
        Cli r = Cli.run("test", "--coverage", opens.toString(), knocks.toString());
        assertThat(r.exit()).isZero();
        String out = String.join("\n", r.outLines());
        assertThat(out).contains("coverage of " + door + ":");
        // closed and opened of closed, opened, broken; open and knock of open, knock, close, kick
        assertThat(out).contains("states 2/3").contains("transitions 2/4");
        assertThat(out).contains("broken").contains("opened \"kick\" -> broken");
    }

    @Test
    void aFailedExpectationStopsTheScenarioAndNamesItsLineTheStatesAndExitsOne() {
        Path late = scenarios().resolve("shop/late.scenario");
        Cli r = Cli.run("test", late.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(
                "FAIL " + late + " (stopped at step 5 of 7)",
                late + ":8: expected open/haggling active; the machine is in open/idle",
                "1 scenario: 0 passed, 1 failed");
    }

    @Test
    void aDirectoryRunsEveryScenarioUnderItInNameOrder() {
        Path root = scenarios();
        Path typo = root.resolve("broken/typo.scenario");
        Path late = root.resolve("shop/late.scenario");
        Cli r = Cli.run("test", root.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(
                "FAIL " + typo + " (not run)",
                typo + ":4: unknown step 'tik'; did you mean 'tick'?",
                typo + ":5: chart 'shop' has no state 'open/hagling'; did you mean 'open/haggling'?",
                "PASS " + root.resolve("shop/dawn.scenario") + " (7 steps)",
                "PASS " + root.resolve("shop/haggle.scenario") + " (10 steps)",
                "FAIL " + late + " (stopped at step 5 of 7)",
                late + ":8: expected open/haggling active; the machine is in open/idle",
                "4 scenarios: 2 passed, 2 failed");
    }

    @Test
    void namesTheChartDoesNotHaveAreReportedWithTheNearestOne() throws IOException {
        Path chart = Cli.chart("shop.json");
        Path file = write("names.scenario",
                "chart " + chart,
                "dawn",
                "offr",
                "event offr",
                "expect hagling",
                "expect open/idel",
                "expect gold == 3",
                "set mood calm");
        Cli r = Cli.run("test", file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(
                "FAIL " + file + " (not run)",
                file + ":3: no transition of chart 'shop' takes event 'offr'; did you mean 'offer'? (to fire it all the same: event offr)",
                file + ":5: chart 'shop' has no state 'hagling'; did you mean 'haggling'?",
                file + ":6: chart 'shop' has no state 'open/idel'; did you mean 'open/idle'?",
                file + ":7: chart 'shop' has no variable 'gold' (it declares none)",
                file + ":8: chart 'shop' has no variable 'mood' (it declares none)",
                "1 scenario: 0 passed, 1 failed");
    }

    @Test
    void expectLogLooksAfterTheLineThePreviousOneMatchedAndListsWhatWasWritten() throws IOException {
        Path file = write("logs.scenario",
                "chart " + Cli.chart("shop.json"),
                "expect log \"shutters down\"",
                "dawn",
                "expect log \"welcome\"",
                "expect log \"shutters up\"");
        Cli r = Cli.run("test", file.toString());
        assertThat(r.outLines()).containsExactly(
                "FAIL " + file + " (stopped at step 4 of 4)",
                file + ":5: expected a log line containing \"shutters up\" after \"greeting: welcome!\" (matched at line 4); "
                        + "no line was written after it; the machine is in open/greeting",
                "1 scenario: 0 passed, 1 failed");
        Path first = write("first.scenario", "chart " + Cli.chart("shop.json"), "dawn", "expect log \"good bye\"");
        assertThat(Cli.run("test", first.toString()).outLines()).contains(first + ":3: expected a log line containing "
                + "\"good bye\" since the start; the lines: \"closed: shutters down\", \"open: shutters up\", "
                + "\"greeting: welcome!\"; the machine is in open/greeting");
    }

    @Test
    void aHaltedMachineTakesNoMoreEventsAndTicksButIsStillChecked() throws IOException {
        Path file = write("door.scenario", "chart " + Cli.chart("door.json").toAbsolutePath(),
                "open", "kick", "close", "tick 3", "expect broken", "expect opened");
        Cli r = Cli.run("test", file.toString());
        assertThat(r.outLines()).containsExactly(
                "FAIL " + file + " (stopped at step 6 of 6)",
                file + ":7: expected opened active; the machine is in broken (halted)",
                "1 scenario: 0 passed, 1 failed");
    }

    @Test
    void aMachineThatStopsFailsTheScenarioAtItsStep() throws IOException {
        Path file = write("failing.scenario", "chart " + Cli.chart("failing.json"), "poke", "expect angry");
        Cli r = Cli.run("test", "--components", "failing", file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines()).containsExactly(
                "FAIL " + file + " (stopped at step 1 of 2)",
                file + ":2: the machine stopped: ouch",
                "1 scenario: 0 passed, 1 failed");
    }

    @Test
    void aChartWithProblemsIsNotRunAndItsProblemsArePrinted() throws IOException {
        Path broken = Cli.chart("broken.json");
        Path file = write("broken.scenario", "chart " + broken, "go");
        Cli r = Cli.run("test", file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.outLines().get(0)).isEqualTo("FAIL " + file + " (not run)");
        assertThat(r.outLines().subList(1, r.outLines().size() - 1)).isNotEmpty()
                .allSatisfy(line -> assertThat(line).startsWith(broken + ":"));
    }

    @Test
    void aMissingPathOrADirectoryWithoutScenariosFails() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Cli r = Cli.run("test", empty.toString(), dir.resolve("none.scenario").toString(),
                scenarios().resolve("shop/dawn.scenario").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(
                "arbor: " + empty + ": no .scenario files",
                "arbor: " + dir.resolve("none.scenario") + ": no such file or directory");
        assertThat(r.outLines()).endsWith("1 scenario: 1 passed, 0 failed");
    }

    @Test
    void junitXmlHasATestcaseForEveryScenarioWithItsFailure() throws Exception {
        Path xml = dir.resolve("reports/arbor.xml");
        Files.createDirectories(xml.getParent());
        Path root = scenarios();
        Cli r = Cli.run("test", root.toString(), "--junit", xml.toString());
        assertThat(r.exit()).isEqualTo(1);

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = (Element) doc.getDocumentElement().getElementsByTagName("testsuite").item(0);
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("testsuites");
        assertThat(suite.getAttribute("name")).isEqualTo("arbor test");
        assertThat(suite.getAttribute("tests")).isEqualTo("4");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getAttribute("errors")).isEqualTo("1");

        NodeList cases = suite.getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        List<String> classNames = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            names.add(((Element) cases.item(i)).getAttribute("name"));
            classNames.add(((Element) cases.item(i)).getAttribute("classname"));
        }
        assertThat(names).containsExactly(root.resolve("broken/typo.scenario").toString(),
                root.resolve("shop/dawn.scenario").toString(), root.resolve("shop/haggle.scenario").toString(),
                root.resolve("shop/late.scenario").toString());
        assertThat(classNames).containsOnly(root.resolve("../charts/shop.json").normalize().toString());

        Element typo = (Element) cases.item(0);
        Element error = (Element) typo.getElementsByTagName("error").item(0);
        assertThat(error.getAttribute("message"))
                .isEqualTo(root.resolve("broken/typo.scenario") + ":4: unknown step 'tik'; did you mean 'tick'?");
        assertThat(error.getTextContent()).contains(":5: chart 'shop' has no state 'open/hagling'");

        assertThat(((Element) cases.item(1)).getElementsByTagName("failure").getLength()).isZero();
        assertThat(((Element) cases.item(1)).getElementsByTagName("error").getLength()).isZero();

        Element late = (Element) cases.item(3);
        Element failure = (Element) late.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message"))
                .isEqualTo(root.resolve("shop/late.scenario") + ":8: expected open/haggling active; the machine is in open/idle");
        assertThat(failure.getAttribute("type")).isEqualTo("expectation");
        assertThat(failure.getTextContent()).endsWith("(stopped at step 5 of 7; the steps after it were not run)");
        assertThat(late.getElementsByTagName("system-out").item(0).getTextContent())
                .as("the trace of the run").startsWith("enter closed\n").contains("transition haggling after 3 ticks -> idle\n");
    }

    @Test
    void junitXmlHoldsTextThatXmlCannotWriteAsItIs() throws Exception {
        Path file = Files.writeString(dir.resolve("bell.scenario"),
                "chart " + Cli.chart("door.json").toAbsolutePath() + "\nexpect log \"bell\u0007<&>\"\n");
        Path xml = dir.resolve("out.xml");
        assertThat(Cli.run("test", file.toString(), "--junit", xml.toString()).exit()).isEqualTo(1);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element failure = (Element) doc.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).contains("\"bell\\u0007<&>\"");
    }

    @Test
    void aReportThatCannotBeWrittenIsOneLine() {
        Path xml = dir.resolve("no/such/dir/out.xml");
        Cli r = Cli.run("test", scenarios().resolve("shop/dawn.scenario").toString(), "--junit", xml.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().startsWith("arbor: " + xml + ": cannot be written (");
    }
}
