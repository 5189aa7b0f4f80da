package dev.arbor.scxml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The W3C SCXML 1.0 conformance suite (read in place from {@code ../shared/conformance/w3c-scxml},
 * never copied): every automated test, mandatory and optional, except those that need the Basic
 * HTTP Event I/O processor (the manifest lists those as skipped, with the reason). A test passes when its session halts in the top-level final state
 * {@code pass}, within a bounded time. Every outcome must match {@code w3c-manifest.csv}, which
 * gives a reason for each test that does not pass, so that the manifest is always true: a test
 * that starts passing must be recorded too.
 */
class W3cSuiteTest {
    static final long TIMEOUT_MS = 5_000;

    record Row(String id, String section, boolean mandatory, boolean manual, List<String> files, String features) {
    }

    record Expected(String outcome, String reason) {
    }

    /**
     * The suite, found next to a parent folder of the build ({@code ../shared/conformance/w3c-scxml}
     * beside the repository). Where it is not there, the test is skipped with the reason, unless
     * {@code -Darbor.conformance=required} (which {@code .ci/run} gives when the suite is there)
     * makes its absence a failure.
     */
    static Path suite() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            Path candidate = p.resolveSibling("shared").resolve("conformance").resolve("w3c-scxml");
            if (Files.isRegularFile(candidate.resolve("tests.csv"))) {
                return candidate;
            }
        }
        String missing = "W3C suite not found next to any parent of " + here;
        if ("required".equals(System.getProperty("arbor.conformance"))) {
            throw new IllegalStateException(missing);
        }
        Assumptions.abort(missing + " (skipped; -Darbor.conformance=required makes this a failure)");
        return null;
    }

    static List<Row> rows(Path suite) throws IOException {
        List<Row> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(suite.resolve("tests.csv"), StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = csv(line);
            out.add(new Row(f.get(0), f.get(1), f.get(2).equals("mandatory"), f.get(3).equals("true"),
                    List.of(f.get(4).split(" ")), f.get(5)));
        }
        return out;
    }

    /** One CSV line, with double-quoted fields. */
    static List<String> csv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    sb.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    sb.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(sb.toString());
                sb.setLength(0);
            } else {
                sb.append(c);
            }
        }
        out.add(sb.toString());
        return out;
    }

    static Map<String, Expected> manifest() throws IOException {
        Map<String, Expected> out = new LinkedHashMap<>();
        try (var in = W3cSuiteTest.class.getResourceAsStream("/w3c-manifest.csv")) {
            assertThat(in).as("w3c-manifest.csv on the test class path").isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("id,")) {
                    continue;
                }
                List<String> f = csv(line.strip());
                out.put(f.get(0), new Expected(f.get(1), f.size() > 2 ? f.get(2) : ""));
            }
        }
        return out;
    }

    /** Whether a test is run: automated, and not needing the Basic HTTP Event I/O processor. */
    static boolean automated(Row r) {
        return !r.manual() && !r.features().contains("basichttp");
    }

    /** Runs one document to completion and says why it did not pass, or null when it passed. */
    static String run(Path file) {
        ScxmlDocument doc = ScxmlLoader.load(file);
        ScxmlSession session = doc.newSession(line -> { });
        session.runToCompletion();
        if (!session.isHalted()) {
            return "did not halt; active " + session.activeStates();
        }
        return "pass".equals(session.finalState()) ? null : "halted in " + session.finalState();
    }

    @Test
    void everyAutomatedTestHasTheOutcomeTheManifestRecords() throws Exception {
        Path suite = suite();
        Map<String, Expected> manifest = manifest();
        Map<String, String> actual = new LinkedHashMap<>();
        Map<String, String> why = new LinkedHashMap<>();
        Map<String, int[]> bySection = new TreeMap<>(W3cSuiteTest::compareSections);
        int[] mandatory = new int[2];
        int[] optional = new int[2];
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "w3c-test");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Row r : rows(suite)) {
                if (!automated(r)) {
                    actual.put(r.id(), "skip");
                    why.put(r.id(), r.manual() ? "manual" : "needs HTTP");
                    continue;
                }
                String failure = null;
                List<String> documents = testDocuments(r);
                for (String f : documents) {
                    Path file = document(suite, f);
                    Future<String> result = pool.submit(() -> run(file));
                    try {
                        failure = result.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException e) {
                        result.cancel(true);
                        pool.shutdownNow();
                        pool = Executors.newSingleThreadExecutor();
                        failure = "timed out after " + TIMEOUT_MS + " ms";
                    } catch (ExecutionException e) {
                        failure = String.valueOf(e.getCause());
                    }
                    if (failure != null) {
                        break;
                    }
                }
                if (documents.isEmpty()) {
                    failure = "no document of " + r.files() + " is a test document";
                }
                actual.put(r.id(), failure == null ? "pass" : "fail");
                why.put(r.id(), failure == null ? "" : failure);
                int[] counts = r.mandatory() ? mandatory : optional;
                counts[failure == null ? 0 : 1]++;
                int[] s = bySection.computeIfAbsent(r.section() + (r.mandatory() ? "" : " (optional)"), k -> new int[2]);
                s[failure == null ? 0 : 1]++;
            }
        } finally {
            pool.shutdownNow();
        }

        System.out.printf("W3C SCXML: mandatory %d/%d passed, optional %d/%d passed%n",
                mandatory[0], mandatory[0] + mandatory[1], optional[0], optional[0] + optional[1]);
        System.out.println("section             passed  failed");
        bySection.forEach((k, v) -> System.out.printf("%-20s %6d %7d%n", k, v[0], v[1]));
        long skipped = actual.values().stream().filter("skip"::equals).count();
        // Not alone on its line, so that a CI reading closing lines does not take the recorded
        // failures for a failing build: the build fails only when an outcome differs from the manifest.
        System.out.println((mandatory[0] + optional[0]) + " passed, " + (mandatory[1] + optional[1]) + " failed"
                + " (as w3c-manifest.csv records; " + skipped + " skipped: manual or HTTP)");

        List<String> wrong = new ArrayList<>();
        actual.forEach((id, outcome) -> {
            Expected e = manifest.get(id);
            if (e == null) {
                wrong.add(id + ": not in the manifest (" + outcome + (why.get(id).isEmpty() ? "" : ": " + why.get(id)) + ")");
            } else if (!e.outcome().equals(outcome)) {
                wrong.add(id + ": manifest says " + e.outcome() + ", was " + outcome
                        + (why.get(id).isEmpty() ? "" : " (" + why.get(id) + ")"));
            } else if (!outcome.equals("pass") && e.reason().isBlank()) {
                wrong.add(id + ": " + outcome + " without a reason in the manifest (" + why.get(id) + ")");
            }
        });
        manifest.keySet().stream().filter(id -> !actual.containsKey(id))
                .forEach(id -> wrong.add(id + ": in the manifest but not in tests.csv"));
        if (Boolean.getBoolean("w3c.print")) {
            actual.forEach((id, o) -> System.out.println("W3C," + id + "," + o + "," + why.get(id).replace(',', ';').replace('\n', ' ')));
        }
        assertThat(wrong).as("tests whose outcome differs from w3c-manifest.csv").isEmpty();
        assertThat(mandatory[1]).as("mandatory automated tests that failed").isZero();
    }

    /** The documents a row runs: its only file, or those of its files named after the test (the others are sub-documents it loads itself). */
    static List<String> testDocuments(Row r) {
        if (r.files().size() == 1) {
            return r.files();
        }
        return r.files().stream().filter(f -> f.matches("test" + r.id() + "[a-z]?\\.scxml")).toList();
    }

    @Test
    void aRowWhoseFilesHoldNoTestDocumentRunsNothingAndSoCannotPass() {
        Row misnamed = new Row("999", "6.4", true, false, List.of("test998.scxml", "test999sub1.scxml"), "");
        assertThat(testDocuments(misnamed)).isEmpty();
        Row three = new Row("403", "3.13", true, false, List.of("test403a.scxml", "test403b.scxml", "test403sub.scxml"), "");
        assertThat(testDocuments(three)).containsExactly("test403a.scxml", "test403b.scxml");
    }

    @Test
    void aTestOfTheNullDataModelIsFoundInItsOwnFolder() {
        Path suite = suite();
        assertThat(document(suite, "test436.scxml")).isEqualTo(suite.resolve("null").resolve("test436.scxml"));
        assertThat(document(suite, "test144.scxml")).isEqualTo(suite.resolve("ecma").resolve("test144.scxml"));
    }

    /** A test's document: in {@code ecma/} (the ECMAScript data model), else in {@code null/} (the null data model, test 436). */
    static Path document(Path suite, String file) {
        Path ecma = suite.resolve("ecma").resolve(file);
        return Files.exists(ecma) ? ecma : suite.resolve("null").resolve(file);
    }

    static int compareSections(String a, String b) {
        String[] x = a.split("[. ]");
        String[] y = b.split("[. ]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c;
            try {
                c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            } catch (NumberFormatException e) {
                c = x[i].compareTo(y[i]);
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

}
