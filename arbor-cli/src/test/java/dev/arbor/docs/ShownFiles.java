package dev.arbor.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check that keeps a documentation page equal to the project it teaches ({@code docs/tutorial.md}
 * and {@code docs/tutorial/}, {@code docs/recipes.md} and {@code docs/recipes/}): a reader who copies
 * the page's blocks gets exactly the files the build compiled and ran.
 *
 * <ul>
 *   <li>Every fenced block but shell commands ({@code sh}) is preceded, on the line before its fence
 *       (blank lines between allowed), by a tag that says what it shows: {@code <!-- show: PATH -->}
 *       for a whole file of the project, {@code <!-- show: PATH#NAME -->} for a region of one.</li>
 *   <li>A whole file is shown as it is, less its region markers; a region is the lines between
 *       {@code // region NAME} and {@code // endregion}, less the markers of regions nested in it.
 *       Either must equal the block line for line, character for character, indentation included.</li>
 *   <li>The prose since the previous block names the file ({@code Village.java}), so that the reader
 *       knows where the block goes; outputs ({@code text} blocks) are exempt.</li>
 *   <li>Every file the reader writes (all of the project but {@code src/test/}) is shown: whole, or
 *       by regions that hold every line of it that is neither blank nor a marker, shown in the
 *       order they have in the file, so that the pieces copied in order are the file.</li>
 *   <li>Every region marked in the project is shown, or the file that holds it is; markers pair up.</li>
 * </ul>
 */
final class ShownFiles {

    /** A fenced block of a page: the line of its opening fence, its language, its tag and its lines. */
    record Block(int line, String language, String tag, String prose, List<String> lines) {
        String firstLine() {
            return lines.stream().filter(l -> !l.isBlank()).findFirst().map(String::strip).orElse("");
        }

        String where(String doc) {
            return doc + ":" + line + ": the " + (language.isEmpty() ? "unlabelled" : language)
                    + " block that starts `" + firstLine() + "`";
        }
    }

    /** A marked region of a file: its name, the lines of its markers (1-based) and what it holds. */
    record Region(String file, String name, int start, int end, List<String> lines) {
        String where() {
            return file + "#" + name + " (line " + start + ")";
        }
    }

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^`\\s]*).*$");
    private static final Pattern TAG = Pattern.compile("^\\s*<!--\\s*show:\\s*([^#\\s]+)(?:#([A-Za-z0-9-]+))?\\s*-->\\s*$");
    private static final Pattern REGION_START = Pattern.compile("^\\s*// region ([A-Za-z0-9-]+)\\s*$");
    private static final Pattern REGION_END = Pattern.compile("^\\s*// endregion\\s*$");
    private static final Set<String> LANGUAGES = Set.of("java", "json", "xml", "text");

    /** Whether a line of a source file is a region marker, which the page never shows. */
    static boolean isMarker(String line) {
        return REGION_START.matcher(line).matches() || REGION_END.matcher(line).matches();
    }

    /** The fenced blocks of a page, each with its tag and the prose since the block before; an unclosed fence is a problem. */
    static List<Block> blocks(String doc, List<String> markdown, List<String> problems) {
        List<Block> blocks = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        String tag = null;
        for (int i = 0; i < markdown.size(); i++) {
            String line = markdown.get(i);
            Matcher open = FENCE.matcher(line);
            if (!open.matches()) {
                Matcher t = TAG.matcher(line);
                if (t.matches()) {
                    tag = t.group(1) + (t.group(2) == null ? "" : "#" + t.group(2));
                } else if (!line.isBlank()) {
                    tag = null;
                    prose.append(line).append('\n');
                }
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            int start = i;
            List<String> lines = new ArrayList<>();
            boolean closed = false;
            for (i++; i < markdown.size(); i++) {
                String l = markdown.get(i);
                if (l.strip().startsWith(fence) && l.strip().chars().allMatch(c -> c == fence.charAt(0))) {
                    closed = true;
                    break;
                }
                lines.add(l.startsWith(indent) ? l.substring(indent.length()) : l.stripLeading());
            }
            if (!closed) {
                problems.add(doc + ":" + (start + 1) + ": the block is never closed");
            }
            blocks.add(new Block(start + 1, open.group(3), tag, prose.toString(), lines));
            prose.setLength(0);
            tag = null;
        }
        return blocks;
    }

    /** The marked regions of one file; markers that do not pair up, and names used twice, are problems. */
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
                    problems.add(file + ":" + (i + 1) + ": '// endregion' closes no '// region NAME'");
                    continue;
                }
                int last = open.size() - 1;
                regions.add(new Region(file, names.remove(last), starts.remove(last), i + 1, open.remove(last)));
            } else {
                for (List<String> lines : open) {
                    lines.add(line);
                }
            }
        }
        for (int k = 0; k < names.size(); k++) {
            problems.add(file + ":" + starts.get(k) + ": region " + names.get(k) + " is never closed by '// endregion'");
        }
        Map<String, Region> byName = new HashMap<>();
        for (Region r : regions) {
            Region before = byName.putIfAbsent(r.name(), r);
            if (before != null) {
                problems.add(file + ":" + r.start() + ": region " + r.name() + " is marked twice (also line "
                        + before.start() + ")");
            }
        }
        regions.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return regions;
    }

    /**
     * Every problem of a page against its project, in the page's order, then the project's.
     *
     * @param doc      the page's name, for messages
     * @param blocks   the page's blocks
     * @param files    the project's files by path relative to the project, as lines
     * @param mustShow the paths of the files the reader writes, which the page must show
     */
    static List<String> check(String doc, List<Block> blocks, Map<String, List<String>> files, Set<String> mustShow) {
        List<String> problems = new ArrayList<>();
        Map<String, List<Region>> regions = new TreeMap<>();
        files.forEach((path, lines) -> regions.put(path, regions(path, lines, problems)));
        Set<String> shownWhole = new TreeSet<>();
        Map<Region, Integer> shownRegions = new LinkedHashMap<>();  // region -> the index of the first block showing it
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            String at = block.where(doc);
            if (block.language().equals("sh")) {
                continue;  // commands, not files
            }
            if (!LANGUAGES.contains(block.language())) {
                problems.add(at + " has " + (block.language().isEmpty() ? "no language" : "the language '"
                        + block.language() + "'") + ": label it java, json, xml, text or sh");
                continue;
            }
            if (block.tag() == null) {
                problems.add(at + " has no tag: put <!-- show: PATH --> or <!-- show: PATH#REGION --> on the line "
                        + "before its fence");
                continue;
            }
            String[] tag = block.tag().split("#", 2);
            String path = tag[0];
            List<String> file = files.get(path);
            if (file == null) {
                problems.add(at + " shows " + path + ", which the project does not have");
                continue;
            }
            String fileName = path.substring(path.lastIndexOf('/') + 1);
            if (!block.language().equals("text") && !block.prose().contains(fileName)) {
                problems.add(at + " shows " + path + ", but the text before it does not name " + fileName);
            }
            List<String> shown;
            String what;
            if (tag.length == 1) {
                shown = file.stream().filter(l -> !isMarker(l)).toList();
                what = path;
                shownWhole.add(path);
            } else {
                Region region = regions.get(path).stream().filter(r -> r.name().equals(tag[1])).findFirst().orElse(null);
                if (region == null) {
                    problems.add(at + " shows region " + tag[1] + " of " + path + ", which has no such region");
                    continue;
                }
                shown = region.lines().stream().filter(l -> !isMarker(l)).toList();
                what = region.where();
                shownRegions.putIfAbsent(region, b);
            }
            String difference = difference(block.lines(), shown);
            if (difference != null) {
                problems.add(at + " differs from " + what + " " + difference);
            }
        }
        for (String path : new TreeSet<>(mustShow)) { // in a stable order, whatever the set
            if (!shownWhole.contains(path)) {
                covered(path, files.get(path), regions.get(path), shownRegions, doc, problems);
            }
        }
        regions.values().forEach(rs -> rs.stream()
                .filter(r -> !shownRegions.containsKey(r) && !shownWhole.contains(r.file()))
                .forEach(r -> problems.add(r.where() + " is marked but " + doc + " does not show it")));
        return problems;
    }

    /** Problems of a file shown by regions: a line they leave out, or regions shown out of their order. */
    private static void covered(String path, List<String> file, List<Region> regions, Map<Region, Integer> shown,
                                String doc, List<String> problems) {
        List<Region> shownHere = regions.stream().filter(shown::containsKey).toList();
        if (shownHere.isEmpty()) {
            problems.add(path + " is not shown by " + doc + ", whole or by regions");
            return;
        }
        for (int i = 0; i < file.size(); i++) {
            int line = i + 1;
            String text = file.get(i);
            if (!text.isBlank() && !isMarker(text)
                    && shownHere.stream().noneMatch(r -> r.start() < line && line < r.end())) {
                problems.add(path + ":" + line + ": `" + text.strip() + "` is in no region " + doc
                        + " shows, and the file is not shown whole");
                return;
            }
        }
        for (int k = 1; k < shownHere.size(); k++) {
            Region before = shownHere.get(k - 1);
            Region after = shownHere.get(k);
            if (shown.get(after) < shown.get(before)) {
                problems.add(path + ": " + doc + " shows region " + after.name() + " before region " + before.name()
                        + ", which comes first in the file");
            }
        }
    }

    /** Null when the block is the shown lines exactly; else where they first differ. */
    static String difference(List<String> block, List<String> shown) {
        int d = 0;
        while (d < block.size() && d < shown.size() && block.get(d).equals(shown.get(d))) {
            d++;
        }
        if (d == block.size() && d == shown.size()) {
            return null;
        }
        return "at the block's line " + (d + 1) + ": the page has " + quote(block, d) + ", the file has "
                + quote(shown, d);
    }

    private static String quote(List<String> lines, int i) {
        return i < lines.size() ? "`" + lines.get(i) + "`" : "nothing more";
    }

    private ShownFiles() {}
}
