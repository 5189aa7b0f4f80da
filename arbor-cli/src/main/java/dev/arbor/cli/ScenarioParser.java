package dev.arbor.cli;

import dev.arbor.io.NearestName;
import dev.arbor.cli.Scenario.Comparison;
import dev.arbor.cli.Scenario.Step;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of scenarios ({@code .scenario} files) and of {@code arbor run --script} into
 * {@link Scenario.Step steps}, reporting every problem of a file in one pass. Syntax only: whether
 * the states, events and variables named exist is checked against the chart by
 * {@link ScenarioRunner#check}.
 *
 * <p>A line is words separated by white space; a word in double quotes may hold spaces
 * ({@code "go home"}, with the escapes {@code \"}, {@code \\}, {@code \n}, {@code \t}) and is never
 * taken for a keyword; a {@code #} that begins a word starts a comment to the end of the line.
 * The steps (docs/cli.md is the contract):
 *
 * <pre>
 * chart FILE               the chart under test (the first step only; relative to the scenario)
 * NAME | event NAME        fire an event
 * tick N                   run N ticks (update() calls), N from 1 to 1,000,000
 * set VAR VALUE            set a variable: true/false, a whole number, an enum's name
 * expect STATE             the state (a path from below the root, or a name) is active
 * expect not STATE         it is not
 * expect VAR OP VALUE      OP one of == != &lt; &lt;= &gt; &gt;=
 * expect log "TEXT"        a log line containing TEXT was written since the previous expect log matched
 * assume guard "T" holds   the guard of transition T (as the chart describes it) holds, or fails, in the next input
 * assume guard STATE transition N fails   the same, the transition named by its position in STATE (from 0)
 * assume STATE finished    the state's behaviours report finished (or: not finished) in the next input
 * assume VAR = VALUE       a Random action that sets VAR draws VALUE in the next input
 * start                    starts the machine (only after nothing but assume steps, which then apply to it)
 * </pre>
 */
final class ScenarioParser {

    /** The words that begin a step other than an event's name. */
    static final List<String> KEYWORDS = List.of("chart", "event", "tick", "set", "expect", "assume", "start");

    /** The most ticks one {@code tick} step runs: a typo of a few zeros must not hang a build. */
    static final int MAX_TICKS = 1_000_000;

    /** {@code gold==3} written as one word. */
    private static final Pattern JOINED_COMPARISON = Pattern.compile("([^=!<>]+)(==|!=|<=|>=|<|>)([^=!<>]+)");

    private static final String EXPECT_FORMS =
            "expect STATE, expect not STATE, expect VAR == VALUE or expect log \"TEXT\"";

    private static final String ASSUME_FORMS = "assume guard \"SOURCE EVENT -> TARGET\" holds, "
            + "assume guard STATE transition N fails, assume STATE finished, assume STATE not finished or assume VAR = VALUE";

    /** {@code roll=3} written as one word. */
    private static final Pattern JOINED_DRAW = Pattern.compile("([^=]+)=([^=]+)");

    /** One word of a line: its text (unquoted), whether it was quoted, and its column (1-based). */
    record Word(String text, boolean quoted, int column) {
        boolean is(String keyword) {
            return !quoted && text.equals(keyword);
        }
    }

    private ScenarioParser() {}

    /**
     * Reads a scenario file (UTF-8).
     *
     * @param file the file, named as messages should name it
     * @return its scenario, with every problem of its text ({@link Scenario#problems()})
     * @throws ScenarioException when the file cannot be read
     */
    static Scenario parse(Path file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new ScenarioException(List.of(file + ": not UTF-8 text"));
        } catch (NoSuchFileException e) {
            throw new ScenarioException(List.of(file + ": no such file"));
        } catch (IOException e) {
            throw new ScenarioException(List.of(file + ": cannot be read (" + e.getMessage() + ")"));
        }
        return parse(file, text);
    }

    /**
     * Reads a scenario from its text.
     *
     * @param file the file it comes from: messages name it, and its chart is found beside it
     * @param text the file's text
     * @return the scenario: the steps that could be read, and every problem of the text
     */
    static Scenario parse(Path file, String text) {
        List<Scenario.Problem> problems = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        Path chart = null;
        String[] lines = text.split("\r\n|\r|\n", -1);
        boolean chartLine = false;
        for (int n = 1; n <= lines.length; n++) {
            List<String> lineProblems = new ArrayList<>();
            List<Word> words = words(lines[n - 1], lineProblems);
            if (words != null && !words.isEmpty()) {
                if (words.get(0).is("chart") && !chartLine && steps.isEmpty()) {
                    chartLine = true;
                    chart = chartFile(file, words, lineProblems);
                } else {
                    Step step = step(n, words, lineProblems);
                    if (step != null) {
                        steps.add(step);
                    }
                }
            }
            int line = n;
            lineProblems.forEach(p -> problems.add(new Scenario.Problem(line, p)));
        }
        problems.addAll(sequence(steps));
        if (!chartLine) {
            chart = besideChart(file);
            if (chart == null) {
                problems.add(new Scenario.Problem(0, "no chart to test: write chart FILE as its first step, or name "
                        + "the scenario after a chart beside it (door.scenario for door.json)"));
            }
        }
        return new Scenario(file, chart, steps, problems);
    }

    /**
     * Reads {@code arbor run --script}: steps separated by {@code ;} (or line breaks), events and
     * ticks only; a step's {@link Step#line()} is its position.
     *
     * @param script the script
     * @return its steps
     * @throws ScenarioException every problem, each {@code --script step N: message}
     */
    static List<Step> parseScript(String script) {
        List<String> problems = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        List<String> parts = splitScript(script);
        for (int n = 1; n <= parts.size(); n++) {
            List<String> stepProblems = new ArrayList<>();
            List<Word> words = words(parts.get(n - 1), stepProblems);
            if (words != null && !words.isEmpty()) {
                Step step = step(n, words, stepProblems);
                if (step instanceof Scenario.Fire || step instanceof Scenario.Tick) {
                    steps.add(step);
                } else if (step != null) {
                    stepProblems.add("a script has events and ticks; '" + parts.get(n - 1).strip()
                            + "' is a step of a scenario file (arbor test)");
                }
            }
            int position = n;
            stepProblems.forEach(p -> problems.add("--script step " + position + ": " + p));
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return steps;
    }

    /** The script's steps: split at each {@code ;} or line break outside double quotes. */
    private static List<String> splitScript(String script) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < script.length(); i++) {
            char ch = script.charAt(i);
            if (quoted && ch == '\\' && i + 1 < script.length()) {
                part.append(ch).append(script.charAt(++i));
                continue;
            }
            if (ch == '"') {
                quoted = !quoted;
            }
            if (!quoted && (ch == ';' || ch == '\n' || ch == '\r')) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(ch);
            }
        }
        parts.add(part.toString());
        return parts;
    }

    /**
     * The problems of the steps' order: a {@code start} after a step other than {@code assume},
     * an {@code assume} that no event, tick or start follows.
     */
    private static List<Scenario.Problem> sequence(List<Step> steps) {
        List<Scenario.Problem> problems = new ArrayList<>();
        boolean onlyAssumed = true;
        Step pending = null; // the first assume not yet followed by an input
        for (Step step : steps) {
            if (step instanceof Scenario.Start && !onlyAssumed) {
                problems.add(new Scenario.Problem(step.line(), "start comes before every other step but assume "
                        + "(without it, the machine starts before the first step)"));
            }
            onlyAssumed &= step instanceof Scenario.Assume;
            if (step instanceof Scenario.Assume && pending == null) {
                pending = step;
            } else if (step instanceof Scenario.Start || step instanceof Scenario.Fire || step instanceof Scenario.Tick) {
                pending = null;
            }
        }
        if (pending != null) {
            problems.add(new Scenario.Problem(pending.line(), "assume applies to the next event, tick or start, and none follows"));
        }
        return problems;
    }

    /** A {@code chart FILE} line: the file, resolved against the scenario's directory. */
    private static Path chartFile(Path scenario, List<Word> words, List<String> problems) {
        if (words.size() != 2) {
            problems.add(words.size() == 1 ? "chart needs the chart file: chart FILE"
                    : "chart takes one file (put a path with spaces in double quotes)");
            return null;
        }
        Path given;
        try {
            given = Path.of(words.get(1).text());
        } catch (InvalidPathException e) {
            problems.add("'" + words.get(1).text() + "' is not a file name (" + e.getReason() + ")");
            return null;
        }
        Path chart = scenario.getParent() == null ? given : scenario.getParent().resolve(given);
        if (!Files.isRegularFile(chart)) {
            problems.add("no chart file " + words.get(1).text() + " (looked for " + chart.normalize() + ")");
            return null;
        }
        return chart.normalize();
    }

    /** The {@code .json} chart of the scenario's base name beside it, or null. */
    private static Path besideChart(Path scenario) {
        String name = scenario.getFileName().toString();
        int dot = name.lastIndexOf('.');
        Path chart = scenario.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".json").normalize();
        return Files.isRegularFile(chart) ? chart : null;
    }

    /** A line's step, or null (with a problem added) when it is not one. */
    private static Step step(int line, List<Word> words, List<String> problems) {
        Word first = words.get(0);
        List<Word> operands = words.subList(1, words.size());
        if (first.quoted() || !KEYWORDS.contains(first.text())) {
            if (words.size() == 1) {
                return new Scenario.Fire(line, first.text(), false);
            }
            if (first.quoted()) {
                problems.add("an event step is the event's name alone; " + words.size() + " words were given");
                return null;
            }
            String nearest = NearestName.among(first.text(), KEYWORDS);
            problems.add("unknown step '" + first.text() + "'" + (nearest != null ? "; did you mean '" + nearest + "'?"
                    : ": a step is an event's name alone (in double quotes when it has spaces), or begins with "
                    + String.join(", ", KEYWORDS.subList(1, KEYWORDS.size()))));
            return null;
        }
        switch (first.text()) {
            case "chart" -> problems.add("chart FILE must be the first step");
            case "event" -> {
                if (operands.size() == 1) {
                    return new Scenario.Fire(line, operands.get(0).text(), true);
                }
                problems.add("event takes one name: event NAME (put a name with spaces in double quotes)");
            }
            case "tick" -> {
                if (operands.size() != 1) {
                    problems.add("tick takes a number of ticks: tick N");
                    return null;
                }
                String n = operands.get(0).text();
                if (!n.matches("\\d{1,7}") || Integer.parseInt(n) < 1 || Integer.parseInt(n) > MAX_TICKS) {
                    problems.add("'" + n + "' is not a number of ticks: tick N, N a whole number from 1 to " + MAX_TICKS);
                    return null;
                }
                return new Scenario.Tick(line, Integer.parseInt(n));
            }
            case "set" -> {
                if (operands.size() == 2) {
                    return new Scenario.Set(line, operands.get(0).text(), operands.get(1).text());
                }
                problems.add("set takes a variable and its value: set VAR VALUE");
            }
            case "start" -> {
                if (operands.isEmpty()) {
                    return new Scenario.Start(line);
                }
                problems.add("start takes nothing: start");
            }
            case "assume" -> {
                return assumption(line, operands, problems);
            }
            default -> {
                return expectation(line, operands, problems);
            }
        }
        return null;
    }

    /** The operands of {@code expect}. */
    private static Step expectation(int line, List<Word> operands, List<String> problems) {
        if (operands.isEmpty()) {
            problems.add("expect needs what to check: " + EXPECT_FORMS);
            return null;
        }
        Word first = operands.get(0);
        if (first.is("log")) {
            if (operands.size() == 2) {
                return new Scenario.ExpectLog(line, operands.get(1).text());
            }
            problems.add(operands.size() == 1 ? "expect log needs the text to look for: expect log \"TEXT\""
                    : "expect log takes one text: put it in double quotes, expect log \"TEXT\"");
            return null;
        }
        if (first.is("not")) {
            if (operands.size() == 2) {
                return new Scenario.ExpectState(line, operands.get(1).text(), false);
            }
            problems.add("expect not takes one state: expect not STATE (put a name with spaces in double quotes)");
            return null;
        }
        if (operands.size() == 1) {
            Matcher joined = JOINED_COMPARISON.matcher(first.text());
            if (!first.quoted() && joined.matches()) {
                return new Scenario.ExpectVariable(line, joined.group(1), Comparison.of(joined.group(2)), joined.group(3));
            }
            return new Scenario.ExpectState(line, first.text(), true);
        }
        if (operands.size() == 3) {
            Word op = operands.get(1);
            Comparison comparison = op.quoted() ? null : Comparison.of(op.text());
            if (comparison != null) {
                return new Scenario.ExpectVariable(line, first.text(), comparison, operands.get(2).text());
            }
            if (!op.quoted() && op.text().matches("[=!<>]+")) {
                List<String> symbols = new ArrayList<>();
                for (Comparison c : Comparison.values()) {
                    symbols.add(c.symbol);
                }
                String reversed = new StringBuilder(op.text()).reverse().toString();
                String nearest = Comparison.of(reversed) != null ? reversed
                        : op.text().equals("<>") ? "!=" : NearestName.among(op.text(), symbols);
                problems.add("unknown comparison '" + op.text() + "'" + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                        + " (comparisons: " + String.join(" ", symbols) + ")");
                return null;
            }
        }
        problems.add("expect takes " + EXPECT_FORMS + " (put a name with spaces in double quotes)");
        return null;
    }

    /** The operands of {@code assume}. */
    private static Step assumption(int line, List<Word> operands, List<String> problems) {
        if (operands.isEmpty()) {
            problems.add("assume needs what to assume: " + ASSUME_FORMS);
            return null;
        }
        Word first = operands.get(0);
        if (first.is("guard")) {
            List<Word> rest = operands.subList(1, operands.size());
            boolean byPosition = rest.size() == 4 && rest.get(1).is("transition");
            if (rest.size() != 2 && !byPosition) {
                problems.add("assume guard takes the transition and the outcome: assume guard \"SOURCE EVENT -> TARGET\" "
                        + "holds, or assume guard STATE transition N fails (put a transition in double quotes)");
                return null;
            }
            Word outcome = rest.get(rest.size() - 1);
            if (!outcome.is("holds") && !outcome.is("fails")) {
                String nearest = outcome.quoted() ? null : NearestName.among(outcome.text(), List.of("holds", "fails"));
                problems.add("assume guard ends with holds or fails, not '" + outcome.text() + "'"
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?"));
                return null;
            }
            boolean holds = outcome.is("holds");
            if (!byPosition) {
                return new Scenario.AssumeGuard(line, rest.get(0).text(), null, -1, holds);
            }
            String n = rest.get(2).text();
            if (!n.matches("\\d{1,6}")) {
                problems.add("'" + n + "' is not a transition's position: assume guard STATE transition N, N counting "
                        + "the state's transitions from 0");
                return null;
            }
            return new Scenario.AssumeGuard(line, null, rest.get(0).text(), Integer.parseInt(n), holds);
        }
        if (operands.size() == 3 && operands.get(1).is("=")) {
            return new Scenario.AssumeDraw(line, first.text(), operands.get(2).text());
        }
        Matcher joined = JOINED_DRAW.matcher(first.text());
        if (operands.size() == 1 && !first.quoted() && joined.matches()) {
            return new Scenario.AssumeDraw(line, joined.group(1), joined.group(2));
        }
        if (operands.size() == 2 && operands.get(1).is("finished")) {
            return new Scenario.AssumeFinished(line, first.text(), true);
        }
        if (operands.size() == 3 && operands.get(1).is("not") && operands.get(2).is("finished")) {
            return new Scenario.AssumeFinished(line, first.text(), false);
        }
        problems.add("assume takes " + ASSUME_FORMS + " (put a name with spaces in double quotes)");
        return null;
    }

    /**
     * A line's words, up to a comment; null (with a problem added) when a quoted word is not
     * closed or holds an unknown escape.
     */
    static List<Word> words(String line, List<String> problems) {
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            char ch = line.charAt(i);
            if (Character.isWhitespace(ch)) {
                i++;
            } else if (ch == '#') {
                break;
            } else if (ch == '"') {
                int column = i + 1;
                StringBuilder text = new StringBuilder();
                i++;
                while (i < line.length() && line.charAt(i) != '"') {
                    char c = line.charAt(i);
                    if (c == '\\' && i + 1 < line.length()) {
                        char escaped = line.charAt(i + 1);
                        switch (escaped) {
                            case '"', '\\' -> text.append(escaped);
                            case 'n' -> text.append('\n');
                            case 't' -> text.append('\t');
                            default -> {
                                problems.add("unknown escape \\" + escaped + " at column " + (i + 1)
                                        + " (in double quotes: \\\" \\\\ \\n \\t)");
                                return null;
                            }
                        }
                        i += 2;
                    } else {
                        text.append(c);
                        i++;
                    }
                }
                if (i >= line.length()) {
                    problems.add("the text in double quotes opened at column " + column + " is not closed: a \" is missing");
                    return null;
                }
                i++;
                words.add(new Word(text.toString(), true, column));
            } else {
                int start = i;
                while (i < line.length() && !Character.isWhitespace(line.charAt(i)) && line.charAt(i) != '"') {
                    i++;
                }
                words.add(new Word(line.substring(start, i), false, start + 1));
            }
        }
        return words;
    }
}
