package dev.arbor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/tutorial.md} and {@code docs/recipes.md} cannot drift from the projects the build
 * compiles and runs ({@code docs/tutorial/}, {@code docs/recipes/}, modules of the root reactor whose
 * tests check what each program prints): every block of a page is a file of its project or a region
 * of one, byte for byte, and every file a reader writes is shown ({@link ShownFiles} has the rules).
 * The projects' poms are the poms a reader would write: checked here against the root's versions.
 */
class DocsShowTheirProjectsTest {

    private static final Path ROOT = root();

    @Test
    void theTutorialShowsEveryFileOfItsProject() {
        List<ShownFiles.Block> blocks = assertShows("docs/tutorial.md", "docs/tutorial");

        assertThat(blocks).extracting(ShownFiles.Block::language).contains("java", "json", "xml", "text", "sh");
    }

    @Test
    void theRecipesPageShowsEveryFileOfItsProject() {
        List<ShownFiles.Block> blocks = assertShows("docs/recipes.md", "docs/recipes");

        assertThat(blocks).extracting(ShownFiles.Block::language).contains("java", "text");
    }

    @Test
    void aCharacterChangedInABlockOfTheTutorialIsFound() {
        List<String> page = new ArrayList<>(lines(ROOT.resolve("docs/tutorial.md")));
        int chart = page.indexOf("            patrol.on(Call.NOISE).target(Post.INVESTIGATE);");
        assertThat(chart).as("the chart's NOISE line in the tutorial").isPositive();
        page.set(chart, page.get(chart).replace("INVESTIGATE", "ASSIST"));

        List<String> problems = problems("docs/tutorial.md", page, "docs/tutorial");

        assertThat(problems).singleElement().asString()
                .startsWith("docs/tutorial.md:")
                .contains("differs from src/main/java/com/example/watchman/WatchmanChart.java",
                        "the page has `            patrol.on(Call.NOISE).target(Post.ASSIST);`");
    }

    @Test
    void theProjectsImportTheBomAtTheProjectsVersionAndHaveNoParent() {
        String version = element(text(ROOT.resolve("pom.xml")), "<artifactId>arbor-parent</artifactId>\\s*<version>([^<]+)</version>");
        Set<String> bomModules = artifacts(text(ROOT.resolve("arbor-bom/pom.xml")));
        for (String project : List.of("docs/tutorial", "docs/recipes")) {
            String pom = text(ROOT.resolve(project).resolve("pom.xml"));

            assertThat(pom).as(project).doesNotContain("<parent>").contains("<groupId>com.example</groupId>",
                    "<maven.compiler.release>17</maven.compiler.release>");
            assertThat(element(pom, "<arbor.version>([^<]+)</arbor.version>")).as(project + "'s arbor.version").isEqualTo(version);
            assertThat(artifacts(pom)).as(project + "'s Arbor artifacts").isNotEmpty().isSubsetOf(bomModules);
        }
    }

    @Test
    void theProjectsPinThePluginsAndJUnitAtTheRootsVersions() {
        String root = text(ROOT.resolve("pom.xml"));
        Map<String, String> rootVersions = versions(root);
        rootVersions.put("junit-bom", element(root, "<junit.version>([^<]+)</junit.version>"));
        for (String project : List.of("docs/tutorial", "docs/recipes")) {
            String pom = text(ROOT.resolve(project).resolve("pom.xml"));
            Map<String, String> pinned = versions(pom);
            pinned.remove(element(pom, "<groupId>com.example</groupId>\\s*<artifactId>([^<]+)</artifactId>"));  // its own

            assertThat(pinned).as(project + "'s pinned versions").isNotEmpty();
            pinned.forEach((artifact, v) -> assertThat(v).as(project + ": " + artifact).isEqualTo(rootVersions.get(artifact)));
        }
    }

    @Test
    void theRootBuildsTheProjectsAndTheBomDoesNotListThem() {
        String root = text(ROOT.resolve("pom.xml"));

        assertThat(root).contains("<module>docs/tutorial</module>", "<module>docs/recipes</module>");
        assertThat(text(ROOT.resolve("arbor-bom/pom.xml"))).doesNotContain("com.example", "watchman", "recipes");
    }

    @Test
    void theReadmeAndTheTutorialLeadToThePages() {
        String readme = text(ROOT.resolve("README.md"));
        String newcomers = readme.substring(readme.indexOf("New to Arbor?"));
        newcomers = newcomers.substring(0, newcomers.indexOf("\n\n"));
        String tutorial = text(ROOT.resolve("docs/tutorial.md"));

        assertThat(newcomers).contains("(docs/tutorial.md)", "(docs/recipes.md)");
        assertThat(tutorial.substring(tutorial.indexOf("## Where next"))).contains("(recipes.md)");
    }

    // ---------------------------------------------------------------- the pages and their projects

    /** Checks a page against its project and returns its blocks. */
    private static List<ShownFiles.Block> assertShows(String doc, String project) {
        List<String> problems = new ArrayList<>();
        List<ShownFiles.Block> blocks = ShownFiles.blocks(doc, lines(ROOT.resolve(doc)), problems);
        problems.addAll(check(doc, blocks, project));

        assertThat(problems).as("problems of %s against %s", doc, project).isEmpty();
        return blocks;
    }

    private static List<String> problems(String doc, List<String> page, String project) {
        List<String> problems = new ArrayList<>();
        List<ShownFiles.Block> blocks = ShownFiles.blocks(doc, page, problems);
        problems.addAll(check(doc, blocks, project));
        return problems;
    }

    private static List<String> check(String doc, List<ShownFiles.Block> blocks, String project) {
        Map<String, List<String>> files = files(ROOT.resolve(project));
        Set<String> mustShow = files.keySet().stream().filter(p -> !p.startsWith("src/test/"))
                .collect(Collectors.toCollection(TreeSet::new));
        return ShownFiles.check(doc, blocks, files, mustShow);
    }

    /** A project's files, by path relative to it with '/' between names; its build output left out. */
    private static Map<String, List<String>> files(Path project) {
        try (Stream<Path> walk = Files.walk(project)) {
            Map<String, List<String>> files = new TreeMap<>();
            walk.filter(Files::isRegularFile)
                    .filter(f -> !project.relativize(f).startsWith("target"))
                    .forEach(f -> files.put(project.relativize(f).toString().replace('\\', '/'), lines(f)));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern ARBOR_ARTIFACT = Pattern.compile("<artifactId>(arbor-[a-z-]+)</artifactId>");
    private static final Pattern PINNED = Pattern.compile("<artifactId>([a-z-]+)</artifactId>\\s*<version>([^<$]+)</version>");

    private static Set<String> artifacts(String pom) {
        Set<String> artifacts = new TreeSet<>();
        Matcher m = ARBOR_ARTIFACT.matcher(pom);
        while (m.find()) {
            artifacts.add(m.group(1));
        }
        return artifacts;
    }

    /** The versions a pom writes out by artifact (not those given by a property). */
    private static Map<String, String> versions(String pom) {
        Map<String, String> versions = new LinkedHashMap<>();
        Matcher m = PINNED.matcher(pom);
        while (m.find()) {
            versions.put(m.group(1), m.group(2));
        }
        return versions;
    }

    private static String element(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("%s in the pom", regex).isTrue();
        return m.group(1);
    }

    private static String text(Path file) {
        return String.join("\n", lines(file));
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
