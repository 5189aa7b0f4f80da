package dev.arbor.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The results of {@code arbor test} as JUnit XML (the Ant/Surefire format CI servers read): one
 * {@code <testsuite name="arbor test">}, one {@code <testcase>} per scenario (its name the
 * scenario file, its class name the chart file), a {@code <failure>} for an expectation that did
 * not hold, an {@code <error>} for a machine that stopped or a scenario that could not run; a
 * failed scenario's trace in its {@code <system-out>}.
 */
final class JUnitReport {
    private static final String SUITE = "arbor test";

    private JUnitReport() {}

    /**
     * Writes the report.
     *
     * @param out     the file to write
     * @param results the scenarios' results, in the order they ran
     * @throws CliFailure when the file cannot be written
     */
    static void write(Path out, List<TestCommand.Result> results) {
        try (OutputStream stream = Files.newOutputStream(out)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(stream, StandardCharsets.UTF_8.name());
            write(xml, results);
            xml.close();
        } catch (IOException | XMLStreamException e) {
            throw new CliFailure(out + ": cannot be written (" + e.getMessage() + ")", e);
        }
    }

    private static void write(XMLStreamWriter xml, List<TestCommand.Result> results) throws XMLStreamException {
        long failures = results.stream().filter(r -> !r.passed() && !r.notRun() && r.outcome().failure().expectation()).count();
        long errors = results.stream().filter(r -> !r.passed()).count() - failures;
        long nanos = results.stream().mapToLong(TestCommand.Result::nanos).sum();
        xml.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuites");
        counts(xml, results.size(), failures, errors, nanos);
        xml.writeCharacters("\n  ");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", SUITE);
        counts(xml, results.size(), failures, errors, nanos);
        xml.writeAttribute("skipped", "0");
        for (TestCommand.Result r : results) {
            xml.writeCharacters("\n    ");
            testcase(xml, r);
        }
        xml.writeCharacters("\n  ");
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndDocument();
    }

    private static void counts(XMLStreamWriter xml, int tests, long failures, long errors, long nanos) throws XMLStreamException {
        xml.writeAttribute("tests", String.valueOf(tests));
        xml.writeAttribute("failures", String.valueOf(failures));
        xml.writeAttribute("errors", String.valueOf(errors));
        xml.writeAttribute("time", seconds(nanos));
    }

    private static void testcase(XMLStreamWriter xml, TestCommand.Result r) throws XMLStreamException {
        xml.writeStartElement("testcase");
        xml.writeAttribute("name", text(r.file().toString()));
        xml.writeAttribute("classname", text(String.valueOf(r.chart() == null ? r.file() : r.chart())));
        xml.writeAttribute("time", seconds(r.nanos()));
        if (!r.passed()) {
            xml.writeCharacters("\n      ");
            if (r.notRun()) {
                problem(xml, "error", "not run", r.problems().get(0), String.join("\n", r.problems()));
            } else {
                ScenarioRunner.Failure f = r.outcome().failure();
                problem(xml, f.expectation() ? "failure" : "error", f.expectation() ? "expectation" : "machine stopped",
                        f.message(), f.message() + "\n(" + TestCommand.stopped(r) + "; the steps after it were not run)");
                xml.writeCharacters("\n      ");
                xml.writeStartElement("system-out");
                xml.writeCharacters(text(r.outcome().trace()));
                xml.writeEndElement();
            }
            xml.writeCharacters("\n    ");
        }
        xml.writeEndElement();
    }

    private static void problem(XMLStreamWriter xml, String element, String type, String message, String body)
            throws XMLStreamException {
        xml.writeStartElement(element);
        xml.writeAttribute("message", text(message));
        xml.writeAttribute("type", type);
        xml.writeCharacters(text(body));
        xml.writeEndElement();
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    /**
     * A text XML 1.0 can hold: the characters it forbids (control characters but tab and line
     * breaks, lone surrogates) written as a {@code \\u} escape of four hex digits; the writer escapes the rest.
     */
    static String text(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            boolean pair = Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            boolean allowed = pair || ch == '\t' || ch == '\n' || ch == '\r'
                    || (ch >= 0x20 && ch <= 0xFFFD && !Character.isSurrogate(ch));
            if (!allowed && out == null) {
                out = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (out != null) {
                if (allowed) {
                    out.append(ch);
                    if (pair) {
                        out.append(s.charAt(i + 1));
                    }
                } else {
                    out.append(String.format("\\u%04x", (int) ch));
                }
            }
            if (pair) {
                i++;
            }
        }
        return out == null ? s : out.toString();
    }
}
