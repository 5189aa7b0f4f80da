package dev.arbor.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/tutorial.md} cannot rot: each of its code blocks is a region of this package's
 * sources, which the other tests compile and run, or a file they load or compare with (see
 * {@link TutorialBlocks} for the rules).
 */
class TutorialIsCompiledTest {

    private static final Path ROOT = root();
    private static final String DOC = "docs/tutorial.md";
    private static final Path SOURCES = ROOT.resolve("arbor-cli/src/test/java/dev/arbor/tutorial");
    private static final Path RESOURCES = ROOT.resolve("arbor-cli/src/test/resources/dev/arbor/tutorial");

    @Test
    void everyBlockOfTheTutorialIsCodeTheTestsRunOrOutputTheyCompare() {
        List<String> problems = new ArrayList<>();
        List<TutorialBlocks.Block> blocks = TutorialBlocks.blocks(DOC, lines(ROOT.resolve(DOC)), problems);
        problems.addAll(TutorialBlocks.check(DOC, blocks, sources(problems)));

        assertThat(problems).as("problems of %s", DOC).isEmpty();
        assertThat(blocks).extracting(TutorialBlocks.Block::language).contains("java", "json", "text", "xml");
    }

    @Test
    void theTutorialIsLinkedFromTheReadme() {
        assertThat(String.join("\n", lines(ROOT.resolve("README.md")))).contains("(docs/tutorial.md)");
    }

    // ---------------------------------------------------------------- the check itself

    private static final TutorialBlocks.Sources SMALL = new TutorialBlocks.Sources(
            List.of(new TutorialBlocks.Region("hello", "Hello.java", 3, List.of(
                    "        int a = 1;",
                    "        int b = a + 1;"))),
            Map.of("chart.json", List.of("{", "  \"chart\": \"x\"", "}")),
            Map.of("out.txt", List.of("enter A", "exit A")),
            Set.of("arbor-bom", "arbor-core"), "1.0");

    @Test
    void aBlockEqualToItsRegionPassesWhateverItsIndentation() {
        List<String> md = List.of("Text.", "", "```java", "int a = 1;", "int b = a + 1;", "```");

        assertThat(check(md)).isEmpty();
    }

    @Test
    void aBlockThatDiffersIsNamedByItsLineAndFirstLineWithTheFirstDifference() {
        List<String> md = List.of("# T", "", "```java", "int a = 1;", "int b = a + 2;", "```");

        assertThat(check(md)).containsExactly("t.md:3: the java block that starts `int a = 1;` differs from the "
                + "nearest region, tutorial:hello (Hello.java:3), at the block's line 2: the tutorial has "
                + "`int b = a + 2;`, the source has `int b = a + 1;`",
                "tutorial:hello (Hello.java:3) is marked but no java block of t.md shows it");
    }

    @Test
    void aBlockInNoRegionAtAllIsReported() {
        List<String> md = List.of("```java", "int a = 1;", "int b = a + 1;", "```", "```java", "launch();", "```");

        assertThat(check(md)).containsExactly(
                "t.md:5: the java block that starts `launch();` is in no marked region of the tutorial's test sources");
    }

    @Test
    void jsonAndTextBlocksMustBeRunsOfLinesOfTheResources() {
        List<String> md = List.of("```java", "int a = 1;", "int b = a + 1;", "```",
                "```json", "  \"chart\": \"x\"", "}", "```",
                "```text", "exit A", "enter A", "```");

        assertThat(check(md)).containsExactly("t.md:9: the text block that starts `exit A` is not a run of lines "
                + "of any of the tutorial's text resources [out.txt]");
    }

    @Test
    void aPomSnippetMustNameModulesOfTheBomAtTheProjectsVersion() {
        List<String> md = List.of("```java", "int a = 1;", "int b = a + 1;", "```", "```xml",
                "<dependency>", "  <groupId>dev.arbor</groupId>", "  <artifactId>arbor-nope</artifactId>",
                "  <version>0.9</version>", "</dependency>", "```");

        assertThat(check(md)).containsExactly(
                "t.md:5: the xml block that starts `<dependency>` names the artifact 'arbor-nope', which arbor-bom "
                        + "does not list: [arbor-bom, arbor-core]",
                "t.md:5: the xml block that starts `<dependency>` names the version '0.9'; the project is at 1.0");
    }

    @Test
    void unlabelledAndUnknownBlocksAreRefusedAndShellIsExempt() {
        List<String> md = List.of("```java", "int a = 1;", "int b = a + 1;", "```",
                "```", "what is this?", "```", "```python", "print(1)", "```", "```sh", "./arbor demo guard", "```");

        assertThat(check(md)).containsExactly(
                "t.md:5: the unlabelled block that starts `what is this?` has no language: label it java, json, "
                        + "text, xml or sh so that it is checked",
                "t.md:8: the python block that starts `print(1)` has language 'python': label it java, json, "
                        + "text, xml or sh so that it is checked");
    }

    @Test
    void markersThatDoNotPairUpAreReported() {
        List<String> problems = new ArrayList<>();
        TutorialBlocks.regions("A.java", List.of("// end", "// tutorial:a", "x();"), problems);

        assertThat(problems).containsExactly("A.java:1: '// end' closes no '// tutorial:NAME' region",
                "A.java:2: region tutorial:a is never closed by '// end'");
    }

    @Test
    void anUnclosedFenceIsReported() {
        List<String> problems = new ArrayList<>();
        TutorialBlocks.blocks("t.md", List.of("text", "```java", "x();"), problems);

        assertThat(problems).containsExactly("t.md:2: the block is never closed");
    }

    private static List<String> check(List<String> md) {
        List<String> problems = new ArrayList<>();
        problems.addAll(TutorialBlocks.check("t.md", TutorialBlocks.blocks("t.md", md, problems), SMALL));
        return problems;
    }

    // ---------------------------------------------------------------- the real sources

    private static TutorialBlocks.Sources sources(List<String> problems) {
        List<TutorialBlocks.Region> regions = new ArrayList<>();
        for (Path java : files(SOURCES, ".java")) {
            regions.addAll(TutorialBlocks.regions(ROOT.relativize(java).toString(), lines(java), problems));
        }
        return new TutorialBlocks.Sources(regions, byName(files(RESOURCES, ".json")), byName(files(RESOURCES, ".txt")),
                bomModules(), projectVersion());
    }

    private static Map<String, List<String>> byName(List<Path> files) {
        Map<String, List<String>> m = new TreeMap<>();
        files.forEach(f -> m.put(f.getFileName().toString(), lines(f)));
        return m;
    }

    private static Set<String> bomModules() {
        Set<String> modules = new LinkedHashSet<>();
        Matcher m = Pattern.compile("<artifactId>(arbor-[a-z-]+)</artifactId>")
                .matcher(String.join("\n", lines(ROOT.resolve("arbor-bom/pom.xml"))));
        while (m.find()) {
            modules.add(m.group(1));
        }
        return modules;
    }

    private static String projectVersion() {
        Matcher m = Pattern.compile("<artifactId>arbor-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(String.join("\n", lines(ROOT.resolve("pom.xml"))));
        assertThat(m.find()).as("the parent's version in pom.xml").isTrue();
        return m.group(1);
    }

    private static List<Path> files(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository's root: the first directory up from here that holds arbor-bom/pom.xml. */
    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("arbor-bom/pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no arbor-bom/pom.xml above " + Path.of("").toAbsolutePath());
    }
}
