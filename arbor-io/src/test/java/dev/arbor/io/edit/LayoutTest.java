package dev.arbor.io.edit;

import static dev.arbor.io.edit.Edits.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * New JSON is written in the file's own style: its indent unit (two or four spaces, a tab), its
 * line endings, its spacing after colons and commas, and one line where the file keeps things on one.
 */
class LayoutTest {

    private static final ChartEdit[] EDITS = {
        new ChartEdit.AddState("open", "ajar"),
        new ChartEdit.AddTransition("ajar", object("{\"event\": \"push\", \"target\": \"closed\"}")),
    };

    private static String edit(String fileName, String text) {
        ChartDocument d = ChartDocument.of(fileName, text);
        for (ChartEdit e : EDITS) {
            d = d.apply(e);
        }
        return d.text();
    }

    @Test
    void aFourSpaceFileGetsFourSpaces() {
        assertThat(edit("door.json", """
                {
                    "chart": "door",
                    "states": {
                        "closed": {},
                        "open": {
                            "onEntry": {"use": "Log", "text": "opens"}
                        }
                    }
                }
                """)).isEqualTo("""
                {
                    "chart": "door",
                    "states": {
                        "closed": {},
                        "open": {
                            "onEntry": {"use": "Log", "text": "opens"},
                            "states": {
                                "ajar": {
                                    "transitions": [
                                        {"event": "push", "target": "closed"}
                                    ]
                                }
                            }
                        }
                    }
                }
                """);
    }

    @Test
    void aTabbedFileGetsTabs() {
        String before = "{\n\t\"chart\": \"door\",\n\t\"states\": {\n\t\t\"closed\": {},\n\t\t\"open\": {}\n\t}\n}\n";
        assertThat(edit("door.json", before)).isEqualTo("{\n\t\"chart\": \"door\",\n\t\"states\": {\n\t\t\"closed\": {},\n"
                + "\t\t\"open\": {\n\t\t\t\"states\": {\n\t\t\t\t\"ajar\": {\n\t\t\t\t\t\"transitions\": [\n"
                + "\t\t\t\t\t\t{\"event\": \"push\", \"target\": \"closed\"}\n\t\t\t\t\t]\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}\n");
    }

    @Test
    void windowsLineEndingsStayWindowsLineEndings() {
        String before = "{\r\n  \"chart\": \"door\",\r\n  \"states\": {\r\n    \"closed\": {},\r\n    \"open\": {}\r\n  }\r\n}\r\n";
        String after = edit("door.json", before);
        assertThat(after.replace("\r\n", "")).doesNotContain("\n");
        assertThat(after).isEqualTo("{\r\n  \"chart\": \"door\",\r\n  \"states\": {\r\n    \"closed\": {},\r\n"
                + "    \"open\": {\r\n      \"states\": {\r\n        \"ajar\": {\r\n          \"transitions\": [\r\n"
                + "            {\"event\": \"push\", \"target\": \"closed\"}\r\n          ]\r\n        }\r\n      }\r\n    }\r\n  }\r\n}\r\n");
    }

    @Test
    void aChartOnOneLineStaysOnOneLineInItsOwnSpacing() {
        assertThat(edit("door.json", "{\"chart\":\"door\",\"states\":{\"closed\":{},\"open\":{}}}"))
                .isEqualTo("{\"chart\":\"door\",\"states\":{\"closed\":{},\"open\":{\"states\":{\"ajar\":{\"transitions\":"
                        + "[{\"event\":\"push\",\"target\":\"closed\"}]}}}}}");
    }

    @Test
    void aByteOrderMarkStaysInFront() {
        String before = "\uFEFF{\n  \"chart\": \"door\",\n  \"states\": {\n    \"open\": {}\n  }\n}\n";
        assertThat(ChartDocument.of("door.json", before).apply(new ChartEdit.AddState("", "shut")).text())
                .isEqualTo("\uFEFF{\n  \"chart\": \"door\",\n  \"states\": {\n    \"open\": {},\n    \"shut\": {}\n  }\n}\n");
    }

    @Test
    void aBlankFileBecomesAChartNamedAfterTheFileAtItsFirstEdit() {
        ChartDocument blank = ChartDocument.of("charts/new-npc.json", " \n");
        assertThat(blank.text()).isEqualTo(" \n");
        assertThat(blank.outline().chart()).isEqualTo("new-npc");
        assertThat(blank.outline().states()).isEmpty();
        assertThat(blank.apply(new ChartEdit.AddState("", "idle")).text()).isEqualTo("""
                {
                  "chart": "new-npc",
                  "states": {
                    "idle": {}
                  }
                }
                """);
        assertThat(blank.apply(new ChartEdit.SetChartKey("allowUnreachable", null)).text())
                .as("even an edit that changes nothing writes the new chart").isEqualTo(ChartDocument.newChart("new-npc.json"));
    }

    @Test
    void shortListsOfNamesStayOnOneLineAndLongOnesAreLaidOutOverLines() {
        ChartDocument d = ChartDocument.of("door.json", "{\n  \"chart\": \"door\",\n  \"states\": {\n    \"open\": {}\n  }\n}\n");
        String shortList = d.apply(new ChartEdit.SetStateKey("open", "defer", Edits.json("[\"knock\", \"ring\"]"))).text();
        assertThat(shortList).contains("\n    \"open\": {\n      \"defer\": [\"knock\", \"ring\"]\n    }\n");
        StringBuilder names = new StringBuilder("[");
        for (int i = 0; i < 12; i++) {
            names.append(i > 0 ? ", " : "").append("\"visitor_").append(i).append('"');
        }
        String longList = d.apply(new ChartEdit.SetStateKey("open", "defer", Edits.json(names + "]"))).text();
        assertThat(longList).contains("\n      \"defer\": [\n        \"visitor_0\",\n        \"visitor_1\",\n")
                .contains("\n        \"visitor_11\"\n      ]\n    }\n");
    }
}
