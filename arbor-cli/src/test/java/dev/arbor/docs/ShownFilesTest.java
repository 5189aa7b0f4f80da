package dev.arbor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The check of {@link ShownFiles} itself, on a small project: what it accepts and each thing it refuses. */
class ShownFilesTest {

    /** A project of two files: one with regions that cover it, one shown whole; and an output. */
    private static final Map<String, List<String>> PROJECT = Map.of(
            "src/Hello.java", List.of(
                    "// region head",
                    "class Hello {",
                    "    // endregion",
                    "",
                    "    // region body",
                    "    int a = 1;",
                    "    // endregion",
                    "// region tail",
                    "}",
                    "// endregion"),
            "src/Name.java", List.of(
                    "// region all",
                    "enum Name { A, B }",
                    "// endregion"),
            "expected/out.txt", List.of("enter A", "exit A"));
    private static final Set<String> MUST_SHOW = Set.of("src/Hello.java", "src/Name.java");

    /** A page that shows all of it. */
    private static List<String> page() {
        return new ArrayList<>(List.of(
                "Write `Hello.java`:",
                "",
                "<!-- show: src/Hello.java#head -->",
                "```java",
                "class Hello {",
                "```",
                "",
                "`Hello.java` holds a number:",
                "<!-- show: src/Hello.java#body -->",
                "```java",
                "    int a = 1;",
                "```",
                "and ends (`Hello.java`):",
                "<!-- show: src/Hello.java#tail -->",
                "```java",
                "}",
                "```",
                "Then `Name.java`, whole:",
                "<!-- show: src/Name.java -->",
                "```java",
                "enum Name { A, B }",
                "```",
                "Run it:",
                "```sh",
                "java Hello",
                "```",
                "It prints:",
                "<!-- show: expected/out.txt -->",
                "```text",
                "enter A",
                "exit A",
                "```"));
    }

    private static List<String> check(List<String> page) {
        List<String> problems = new ArrayList<>();
        problems.addAll(ShownFiles.check("t.md", ShownFiles.blocks("t.md", page, problems), PROJECT, MUST_SHOW));
        return problems;
    }

    @Test
    void aPageThatShowsEveryFileWholeOrByRegionsPasses() {
        assertThat(check(page())).isEmpty();
    }

    @Test
    void aBlockThatDiffersByOneCharacterIsNamedWithItsFirstDifference() {
        List<String> page = page();
        page.set(page.indexOf("enum Name { A, B }"), "enum Name { A, C }");

        assertThat(check(page)).containsExactly("t.md:20: the java block that starts `enum Name { A, C }` "
                + "differs from src/Name.java at the block's line 1: the page has "
                + "`enum Name { A, C }`, the file has `enum Name { A, B }`");
    }

    @Test
    void aRegionIsComparedWithItsIndentation() {
        List<String> page = page();
        page.set(page.indexOf("    int a = 1;"), "int a = 1;");

        assertThat(check(page)).containsExactly("t.md:10: the java block that starts `int a = 1;` differs from "
                + "src/Hello.java#body (line 5) at the block's line 1: the page has `int a = 1;`, the file has "
                + "`    int a = 1;`");
    }

    @Test
    void aBlockWithALineMoreOrLessThanItsFileDiffers() {
        List<String> page = page();
        page.add(page.indexOf("exit A") + 1, "exit root");

        assertThat(check(page)).containsExactly("t.md:29: the text block that starts `enter A` differs from "
                + "expected/out.txt at the block's line 3: the page has `exit root`, the file has nothing more");
    }

    @Test
    void aFileShownNeitherWholeNorByRegionsIsReported() {
        List<String> page = page();
        int name = page.indexOf("<!-- show: src/Name.java -->");
        page.subList(name - 1, name + 4).clear();

        assertThat(check(page)).containsExactly("src/Name.java is not shown by t.md, whole or by regions",
                "src/Name.java#all (line 1) is marked but t.md does not show it");
    }

    @Test
    void aLineInNoShownRegionIsReported() {
        List<String> page = page();
        int tail = page.indexOf("<!-- show: src/Hello.java#tail -->");
        page.subList(tail - 1, tail + 4).clear();

        assertThat(check(page)).containsExactly(
                "src/Hello.java:9: `}` is in no region t.md shows, and the file is not shown whole",
                "src/Hello.java#tail (line 8) is marked but t.md does not show it");
    }

    @Test
    void regionsShownOutOfTheirOrderAreReported() {
        List<String> page = page();
        int body = page.indexOf("<!-- show: src/Hello.java#body -->");
        List<String> bodyBlock = new ArrayList<>(page.subList(body - 1, body + 4));
        page.subList(body - 1, body + 4).clear();
        page.addAll(page.indexOf("Then `Name.java`, whole:"), bodyBlock);

        assertThat(check(page)).containsExactly(
                "src/Hello.java: t.md shows region tail before region body, which comes first in the file");
    }

    @Test
    void aBlockWithoutATagOrWithAWrongOneIsReported() {
        List<String> page = page();
        page.set(page.indexOf("<!-- show: src/Hello.java#tail -->"), "");
        page.set(page.indexOf("<!-- show: src/Name.java -->"), "<!-- show: src/Nom.java -->");
        page.set(page.indexOf("<!-- show: src/Hello.java#body -->"), "<!-- show: src/Hello.java#bodies -->");

        assertThat(check(page)).containsExactly(
                "t.md:10: the java block that starts `int a = 1;` shows region bodies of src/Hello.java, which has "
                        + "no such region",
                "t.md:15: the java block that starts `}` has no tag: put <!-- show: PATH --> or "
                        + "<!-- show: PATH#REGION --> on the line before its fence",
                "t.md:20: the java block that starts `enum Name { A, B }` shows src/Nom.java, which the project does "
                        + "not have",
                "src/Hello.java:6: `int a = 1;` is in no region t.md shows, and the file is not shown whole",
                "src/Name.java is not shown by t.md, whole or by regions",
                "src/Hello.java#body (line 5) is marked but t.md does not show it",
                "src/Hello.java#tail (line 8) is marked but t.md does not show it",
                "src/Name.java#all (line 1) is marked but t.md does not show it");
    }

    @Test
    void theTextBeforeABlockMustNameItsFile() {
        List<String> page = page();
        page.set(page.indexOf("Then `Name.java`, whole:"), "Then the names, whole:");

        assertThat(check(page)).containsExactly("t.md:20: the java block that starts `enum Name { A, B }` shows "
                + "src/Name.java, but the text before it does not name Name.java");
    }

    @Test
    void unlabelledBlocksAndOtherLanguagesAreRefusedAndShellIsExempt() {
        List<String> page = page();
        page.addAll(List.of("```", "what is this?", "```", "```python", "print(1)", "```"));

        assertThat(check(page)).containsExactly(
                "t.md:33: the unlabelled block that starts `what is this?` has no language: label it java, json, "
                        + "xml, text or sh",
                "t.md:36: the python block that starts `print(1)` has the language 'python': label it java, json, "
                        + "xml, text or sh");
    }

    @Test
    void markersThatDoNotPairUpOrRepeatANameAreReported() {
        List<String> problems = new ArrayList<>();
        ShownFiles.regions("A.java", List.of("// endregion", "// region a", "x();", "// endregion", "// region a",
                "y();", "// endregion", "// region b"), problems);

        assertThat(problems).containsExactly("A.java:1: '// endregion' closes no '// region NAME'",
                "A.java:8: region b is never closed by '// endregion'",
                "A.java:5: region a is marked twice (also line 2)");
    }

    @Test
    void anUnclosedFenceIsReported() {
        List<String> problems = new ArrayList<>();
        ShownFiles.blocks("t.md", List.of("text", "```java", "x();"), problems);

        assertThat(problems).containsExactly("t.md:2: the block is never closed");
    }
}
