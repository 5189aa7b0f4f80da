package dev.arbor.tutorial;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check that keeps {@code docs/tutorial.md} true: every fenced block of the tutorial must be
 * code that tests compile and run, or output those tests compare with.
 *
 * <ul>
 *   <li>{@code java}: equal to a region of the tutorial's test sources, the lines between
 *       {@code // tutorial:NAME} and {@code // end} (markers themselves left out, nested regions
 *       allowed); and every region must be shown by some block;</li>
 *   <li>{@code json}: a run of lines of one of the tutorial's JSON resources (the chart files the
 *       tests load);</li>
 *   <li>{@code text}: a run of lines of one of the tutorial's text resources (the logs the tests
 *       compare with);</li>
 *   <li>{@code xml}: a dependency snippet whose group is {@code dev.arbor}, whose artifacts are
 *       modules the BOM names and whose versions are the project's;</li>
 *   <li>{@code sh}: shell commands, not checked (the tutorial says so).</li>
 * </ul>
 *
 * Blocks and regions are compared after trailing white space, leading and trailing blank lines and
 * the indentation common to all lines are removed. A problem names the block by its line in the
 * tutorial and its first line.
 */
final class TutorialBlocks {

    /** A fenced block of the tutorial: the line of its opening fence, its language and its lines. */
    record Block(int line, String language, List<String> lines) {
        String firstLine() {
            List<String> d = normalize(lines);
            return d.isEmpty() ? "" : d.get(0).strip();
        }
    }

    /** A marked region of a source file. */
    record Region(String name, String file, int line, List<String> lines) {
        String where() {
            return "tutorial:" + name + " (" + file + ":" + line + ")";
        }
    }

    /** Everything the blocks are checked against. */
    record Sources(List<Region> regions, Map<String, List<String>> json, Map<String, List<String>> text,
                   Set<String> modules, String version) {}

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^`\\s]*).*$");
    private static final Pattern REGION_START = Pattern.compile("^\\s*// tutorial:([A-Za-z0-9-]+)\\s*$");
    private static final Pattern REGION_END = Pattern.compile("^\\s*// end\\s*$");
    private static final Pattern XML_ELEMENT = Pattern.compile("<(groupId|artifactId|version)>([^<]*)</\\1>");

    /** The fenced blocks of a Markdown document; an unclosed fence is a problem. */
    static List<Block> blocks(String doc, List<String> markdown, List<String> problems) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < markdown.size(); i++) {
            Matcher open = FENCE.matcher(markdown.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            int start = i;
            List<String> lines = new ArrayList<>();
            boolean closed = false;
            for (i++; i < markdown.size(); i++) {
                String line = markdown.get(i);
                if (line.strip().startsWith(fence) && line.strip().chars().allMatch(c -> c == fence.charAt(0))) {
                    closed = true;
                    break;
                }
                lines.add(line.startsWith(indent) ? line.substring(indent.length()) : line.stripLeading());
            }
            if (!closed) {
                problems.add(doc + ":" + (start + 1) + ": the block is never closed");
            }
            blocks.add(new Block(start + 1, open.group(3), lines));
        }
        return blocks;
    }

    /** The marked regions of one source file; markers that do not pair up are problems. */
    static List<Region> regions(String file, List<String> source, List<String> problems) {
        List<Region> regions = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        List<List<String>> open = new ArrayList<>();
        for (int i = 0; i < source.size(); i++) {
            String line = source.get(i);
            Matcher start = REGION_START.matcher(line);
            if (start.matches()) {
                names.add(start.group(1));
                starts.add(i + 1);
                open.add(new ArrayList<>());
            } else if (REGION_END.matcher(line).matches()) {
                if (open.isEmpty()) {
                    problems.add(file + ":" + (i + 1) + ": '// end' closes no '// tutorial:NAME' region");
                    continue;
                }
                int last = open.size() - 1;
                regions.add(new Region(names.remove(last), file, starts.remove(last), open.remove(last)));
            } else {
                for (List<String> lines : open) {
                    lines.add(line);
                }
            }
        }
        for (int k = 0; k < names.size(); k++) {
            problems.add(file + ":" + starts.get(k) + ": region tutorial:" + names.get(k) + " is never closed by '// end'");
        }
        return regions;
    }

    /** Every problem of the tutorial's blocks against the sources, in the tutorial's order. */
    static List<String> check(String doc, List<Block> blocks, Sources sources) {
        List<String> problems = new ArrayList<>();
        Map<String, Region> byName = new HashMap<>();
        for (Region r : sources.regions()) {
            Region before = byName.putIfAbsent(r.name(), r);
            if (before != null) {
                problems.add(r.file() + ":" + r.line() + ": region tutorial:" + r.name() + " is marked twice (also "
                        + before.file() + ":" + before.line() + ")");
            }
        }
        Set<Region> shown = new HashSet<>();
        for (Block b : blocks) {
            String at = doc + ":" + b.line() + ": the " + (b.language().isEmpty() ? "unlabelled" : b.language())
                    + " block that starts `" + b.firstLine() + "`";
            List<String> lines = normalize(b.lines());
            switch (b.language()) {
                case "java" -> checkJava(at, lines, sources.regions(), shown, problems);
                case "json" -> checkRun(at, lines, sources.json(), "JSON resources", problems);
                case "text" -> checkRun(at, lines, sources.text(), "text resources", problems);
                case "xml" -> checkPom(at, lines, sources, problems);
                case "sh" -> { } // shell commands: exempt, as the tutorial says
                default -> problems.add(at + " has " + (b.language().isEmpty() ? "no language" : "language '"
                        + b.language() + "'") + ": label it java, json, text, xml or sh so that it is checked");
            }
        }
        for (Region r : sources.regions()) {
            if (!shown.contains(r)) {
                problems.add(r.where() + " is marked but no java block of " + doc + " shows it");
            }
        }
        return problems;
    }

    private static void checkJava(String at, List<String> lines, List<Region> regions, Set<Region> shown,
                                  List<String> problems) {
        Region nearest = null;
        int nearestScore = -1;
        for (Region r : regions) {
            List<String> region = normalize(r.lines());
            if (region.equals(lines)) {
                shown.add(r);
                return;
            }
            int score = common(region, lines);
            if (score > nearestScore) {
                nearest = r;
                nearestScore = score;
            }
        }
        if (nearest == null || nearestScore == 0) {
            problems.add(at + " is in no marked region of the tutorial's test sources");
            return;
        }
        List<String> region = normalize(nearest.lines());
        int d = 0;
        while (d < lines.size() && d < region.size() && lines.get(d).equals(region.get(d))) {
            d++;
        }
        problems.add(at + " differs from the nearest region, " + nearest.where() + ", at the block's line " + (d + 1)
                + ": the tutorial has " + quote(lines, d) + ", the source has " + quote(region, d));
    }

    private static void checkRun(String at, List<String> lines, Map<String, List<String>> files, String what,
                                 List<String> problems) {
        for (List<String> file : files.values()) {
            List<String> f = file.stream().map(String::stripTrailing).toList();
            for (int i = 0; i + lines.size() <= f.size(); i++) {
                if (normalize(f.subList(i, i + lines.size())).equals(lines)) {
                    return;
                }
            }
        }
        Set<String> known = new HashSet<>();
        files.values().forEach(f -> f.forEach(l -> known.add(l.strip())));
        String missing = lines.stream().filter(l -> !known.contains(l.strip())).findFirst()
                .map(l -> "; no file has the line `" + l.strip() + "`").orElse("");
        problems.add(at + " is not a run of lines of any of the tutorial's " + what + " " + files.keySet() + missing);
    }

    private static void checkPom(String at, List<String> lines, Sources sources, List<String> problems) {
        Matcher m = XML_ELEMENT.matcher(String.join("\n", lines));
        int artifacts = 0;
        while (m.find()) {
            String value = m.group(2).strip();
            switch (m.group(1)) {
                case "groupId" -> {
                    if (!value.equals("dev.arbor")) {
                        problems.add(at + " names the group '" + value + "'; Arbor's is dev.arbor");
                    }
                }
                case "artifactId" -> {
                    artifacts++;
                    if (!sources.modules().contains(value)) {
                        problems.add(at + " names the artifact '" + value + "', which arbor-bom does not list: "
                                + sources.modules().stream().sorted().toList());
                    }
                }
                default -> {
                    if (!value.equals(sources.version())) {
                        problems.add(at + " names the version '" + value + "'; the project is at " + sources.version());
                    }
                }
            }
        }
        if (artifacts == 0) {
            problems.add(at + " names no artifact: an xml block is a dependency snippet");
        }
    }

    /** Trailing white space, leading and trailing blank lines and the common indentation removed. */
    static List<String> normalize(List<String> lines) {
        List<String> out = new ArrayList<>(lines.stream().map(String::stripTrailing).toList());
        while (!out.isEmpty() && out.get(0).isEmpty()) {
            out.remove(0);
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        int indent = out.stream().filter(l -> !l.isEmpty())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        out.replaceAll(l -> l.isEmpty() ? l : l.substring(indent));
        return out;
    }

    private static int common(List<String> a, List<String> b) {
        Set<String> in = new HashSet<>();
        a.forEach(l -> in.add(l.strip()));
        return (int) b.stream().map(String::strip).filter(l -> !l.isEmpty() && in.contains(l)).count();
    }

    private static String quote(List<String> lines, int i) {
        return i < lines.size() ? "`" + lines.get(i).strip() + "`" : "nothing more";
    }

    private TutorialBlocks() {}
}
