package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not charts at all: malformed, truncated, oversized, deeply nested, with
 * duplicate keys, trailing content, numbers or keys too long to be real, or not files at all
 * (devices, pipes, directories). Each is refused with one problem at the exact place.
 */
class HostileFilesTest {

    static final String SMALL = """
            {
              "chart": "npc",
              "initial": "idle",
              "states": {"idle": {}}
            }
            """;

    @Test
    void aValidFileLoads() {
        assertThat(ChartLoader.of(Bot.components()).load("npc.json", SMALL).stateName(1)).isEqualTo("idle");
    }

    @Test
    void anEmptyFileIsNotAChart() {
        assertThat(Problems.of("  \n")).containsExactly(
                "npc.json:1:1: the file is empty; a chart file holds one JSON object");
    }

    @Test
    void aFileMustHoldAnObject() {
        assertThat(Problems.of("\n  [\"idle\"]")).containsExactly(
                "npc.json:2:3: a chart file holds one JSON object, not a list");
    }

    @Test
    void aTruncatedFileIsReportedWhereItEnds() {
        String truncated = SMALL.substring(0, SMALL.indexOf("{\"idle\""));
        assertThat(Problems.of(truncated)).containsExactly(
                "npc.json:4:13: the file ends before the JSON is complete: a `}` is missing for the object opened at 1:1");
    }

    @Test
    void malformedJsonIsReportedAtTheBadCharacter() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": idle
                }
                """)).containsExactly("npc.json:3:14: text is written in double quotes: \"idle\", not idle");
    }

    @Test
    void duplicateKeysAreRejectedAtTheSecondKey() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {
                    "idle": {},
                    "idle": {"kind": "final"}
                  }
                }
                """)).containsExactly("npc.json:6:5: duplicate key 'idle' (first at line 5, column 5)");
    }

    @Test
    void contentAfterTheChartIsRejected() {
        assertThat(Problems.of(SMALL + "}")).containsExactly(
                "npc.json:6:1: unexpected content after the end of the chart");
        assertThat(Problems.of(SMALL + "{\"chart\": \"second\"}")).containsExactly(
                "npc.json:6:1: unexpected content after the end of the chart");
    }

    @Test
    void deepNestingIsRefusedBeforeItCanExhaustTheStack() {
        String deep = "{\"chart\": \"npc\", \"states\": " + "[".repeat(100_000);
        assertThat(Problems.of(deep)).containsExactly("npc.json:1:91: the JSON nests deeper than 64 levels");
    }

    @Test
    void theDepthLimitCanBeChanged() {
        String nested = "{\"chart\": \"npc\", \"x\": [[[[]]]]}";
        assertThat(Problems.of(ChartLoader.of(Bot.components()).withLimits(1000, 4), nested)).containsExactly(
                "npc.json:1:26: the JSON nests deeper than 4 levels");
    }

    @Test
    void anOversizedTextIsRefusedUnread() {
        ChartLoader<Bot> loader = ChartLoader.of(Bot.components()).withLimits(64, 64);
        assertThat(Problems.of(loader, SMALL + " ".repeat(64))).containsExactly(
                "npc.json:1:1: the file has 132 bytes, more than the limit of 64");
    }

    @Test
    void anOversizedFileIsRefusedBeforeItIsRead(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.json");
        Files.write(huge, new byte[(int) ChartLoader.DEFAULT_MAX_BYTES + 1]);
        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> ChartLoader.of(Bot.components()).load(huge));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(
                huge + ":1:1: the file has 4194305 bytes, more than the limit of 4194304");
    }

    @Test
    void aFileThatIsNotUtf8IsRefused(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"chart\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> ChartLoader.of(Bot.components()).load(latin1));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(
                latin1 + ":1:1: the file is not UTF-8 text");
    }

    @Test
    void aFileIsReportedUnderThePathAsGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("npc.json");
        Files.writeString(file, "{\"chart\": 7, \"initial\": \"a\", \"states\": {\"a\": {}}}");
        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> ChartLoader.of(Bot.components()).load(file));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(
                file + ":1:11: \"chart\" must be a string, not 7");
    }

    @Test
    void aNumberWithTooManyDigitsIsNamedAsSuch() {
        String json = "{\"chart\": \"npc\", \"maxMicrosteps\": " + "9".repeat(1001) + "}";
        assertThat(Problems.of(json)).containsExactly("npc.json:1:35: a number has more than 1000 digits");
    }

    @Test
    void aKeyThatIsTooLongIsNamedAsSuch() {
        String json = "{\"chart\": \"npc\", \"" + "k".repeat(50_001) + "\": 1}";
        assertThat(Problems.of(json)).containsExactly("npc.json:1:18: a key is longer than 50000 characters");
    }

    @Test
    void aByteOrderMarkBeforeTheJsonIsSkipped(@TempDir Path dir) throws IOException {
        assertThat(ChartLoader.of(Bot.components()).load("npc.json", "\uFEFF" + SMALL).stateName(1)).isEqualTo("idle");
        Path file = dir.resolve("npc.json");
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] json = SMALL.getBytes(StandardCharsets.UTF_8);
        byte[] both = new byte[bom.length + json.length];
        System.arraycopy(bom, 0, both, 0, bom.length);
        System.arraycopy(json, 0, both, bom.length, json.length);
        Files.write(file, both);
        assertThat(ChartLoader.of(Bot.components()).load(file).stateName(1)).isEqualTo("idle");
    }

    @Test
    void aByteOrderMarkInsideTheJsonIsStillAnError() {
        assertThat(Problems.of("\uFEFF\uFEFF" + SMALL)).hasSize(1).first().asString()
                .isEqualTo("npc.json:1:1: a value is expected here (text in double quotes, a number, true, false, null,"
                        + " an object or a list), not the invisible character U+FEFF");
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aDeviceIsRefusedUnreadThoughItReportsNoSize() {
        // Files.size says 0 for /dev/zero, which never ends: reading it would exhaust the heap.
        Path zero = Path.of("/dev/zero");
        ChartFileException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> catchThrowableOfType(
                ChartFileException.class, () -> ChartLoader.of(Bot.components()).load(zero)));
        assertThat(e.problems()).extracting(Object::toString).containsExactly("/dev/zero:1:1: not a regular file");
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aNamedPipeIsRefusedWithoutWaitingForAWriter(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("chart.json");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo is available");
        // Opening a pipe blocks until something writes to it; the loader must not open it at all.
        ChartFileException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> catchThrowableOfType(
                ChartFileException.class, () -> ChartLoader.of(Bot.components()).load(fifo)));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(fifo + ":1:1: not a regular file");
    }

    @Test
    void aDirectoryIsNotAChartFile(@TempDir Path dir) {
        ChartFileException e = catchThrowableOfType(ChartFileException.class,
                () -> ChartLoader.of(Bot.components()).load(dir));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(dir + ":1:1: not a regular file");
    }

    @Test
    void aMissingFileIsAnIoErrorNotAProblemInTheFile(@TempDir Path dir) {
        Path missing = dir.resolve("missing.json");
        assertThatThrownBy(() -> ChartLoader.of(Bot.components()).load(missing)).isInstanceOf(NoSuchFileException.class);
    }
}
