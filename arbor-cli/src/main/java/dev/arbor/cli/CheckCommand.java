package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.analysis.AnalysisOptions;
import dev.arbor.analysis.Assumption;
import dev.arbor.analysis.ChartAnalysis;
import dev.arbor.analysis.Finding;
import dev.arbor.analysis.InputPath;
import dev.arbor.analysis.Step;
import dev.arbor.core.Chart;
import dev.arbor.io.ChartPositions;
import dev.arbor.io.ChartPositions.Position;
import dev.arbor.net.codec.ChartNumbering;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code arbor check FILE}: explores every configuration the chart can reach
 * ({@link ChartAnalysis}) and prints what it finds, each finding at the {@code FILE:LINE:COL} of
 * the transition or state it is about, with the inputs that show it; then a summary of the
 * exploration.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Explores every configuration a chart can reach and reports what is wrong:",
                "dead states and transitions, traps, states it cannot get back to, livelocks,",
                "conflicts, failing steps. Prints each finding as FILE:LINE:COL: KIND: message",
                "with the inputs that show it, then a summary. A finding marked (possible)",
                "rests on what the analysis does not model (a guard written in Java, say).",
                "Exit 0 when there is no definite finding (with --strict: no finding, and the",
                "exploration complete), 1 otherwise, and for a file that does not load."})
final class CheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "A chart file (.json, .scxml).")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--can-reach", paramLabel = "STATE",
            description = "Report every configuration from which no input sequence reaches STATE (a name, or a path "
                    + "such as open/haggling; default: a final state, when the chart has a top-level one).")
    String canReach;

    @Option(names = "--strict", description = "Exit 1 on a possible finding too, and when the exploration stopped before the end.")
    boolean strict;

    @Mixin
    AnalysisBudget budget;

    @Mixin
    ComponentsOption components;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        AnalysisOptions options = budget.options().withTarget(canReach);
        Analysed a = Analysed.of(file, components.libraries, options, "--can-reach");
        a.warnings().forEach(main.err::println);
        ChartAnalysis analysis = a.analysis();
        List<Finding> findings = analysis.findings();
        if (json) {
            main.out.println(json(a));
        } else {
            findings.forEach(f -> text(a, f).forEach(main.out::println));
            summary(a).forEach(main.out::println);
        }
        main.out.flush();
        main.err.flush();
        long definite = findings.stream().filter(Finding::definite).count();
        boolean fails = definite > 0 || strict && (!findings.isEmpty() || !analysis.complete());
        return fails ? Main.FAILED : 0;
    }

    /** Where a finding is: its transition's place for a finding about a transition, else its state's. */
    static Optional<Position> position(ChartPositions places, Finding f) {
        Optional<Position> at = f.transition() >= 0 ? places.transition(f.transition()) : Optional.empty();
        return at.isPresent() ? at : f.state() >= 0 ? places.state(f.state()) : Optional.empty();
    }

    /** A finding's lines: {@code FILE:LINE:COL: KIND: message}, then its inputs and what they assume. */
    private static List<String> text(Analysed a, Finding f) {
        List<String> lines = new ArrayList<>();
        String where = position(a.places(), f).map(a.places()::where).orElse(a.places().file());
        lines.add(where + ": " + f.kind().words() + (f.definite() ? "" : " (possible)") + ": " + f.message());
        f.witness().ifPresent(w -> {
            lines.add("  inputs: " + w);
            lines.addAll(assumptions(w, "  "));
        });
        return lines;
    }

    /** What a path assumes, one line each: {@code assumes at input 3 (offer): guard … holds}. */
    static List<String> assumptions(InputPath path, String indent) {
        List<String> lines = new ArrayList<>();
        path.start().assumptions().forEach(x -> lines.add(indent + "assumes at the start: " + x));
        for (int i = 0; i < path.steps().size(); i++) {
            Step s = path.steps().get(i);
            for (Assumption x : s.assumptions()) {
                lines.add(indent + "assumes at input " + (i + 1) + " (" + s.input() + "): " + x);
            }
        }
        return lines;
    }

    /** The summary: the findings counted, then how far the exploration went and what it assumed. */
    private List<String> summary(Analysed a) {
        ChartAnalysis analysis = a.analysis();
        List<Finding> findings = analysis.findings();
        long definite = findings.stream().filter(Finding::definite).count();
        List<String> lines = new ArrayList<>();
        lines.add(file + ": " + (findings.isEmpty() ? "no findings"
                : findings.size() + (findings.size() == 1 ? " finding" : " findings") + ", " + definite + " definite"));
        int sets = analysis.activeConfigurations();
        lines.add("  configurations: " + analysis.configurations() + " found, " + sets + (sets == 1 ? " set" : " sets")
                + " of active states; " + analysis.stoppedBecause().map(why -> "incomplete: " + why).orElse("complete"));
        int[] c = analysis.coverage();
        lines.add("  states reached: " + c[0] + "/" + c[1] + "; transitions taken: " + c[2] + "/" + c[3]);
        lines.add("  bits: " + bits(analysis));
        analysis.notModelled().forEach(n -> lines.add("  assumes: " + n));
        return lines;
    }

    /**
     * What a snapshot's configuration needs beside what the codec spends: {@code a snapshot's
     * configuration needs 3 bits for the 5 reachable configurations; the codec spends 3 on the
     * chart's 5 legal ones}.
     */
    static String bits(ChartAnalysis analysis) {
        int[] bits = analysis.configurationBits();
        int reachable = analysis.activeConfigurations();
        String line = "a snapshot's configuration needs " + bits[0] + (bits[0] == 1 ? " bit" : " bits") + " for the "
                + reachable + " reachable " + (reachable == 1 ? "configuration" : "configurations");
        long legal = legalConfigurations(analysis.chart());
        return line + (bits[1] < 0 || legal < 0 ? "; the codec cannot number this chart"
                : "; the codec spends " + bits[1] + " on the chart's " + legal + " legal " + (legal == 1 ? "one" : "ones"));
    }

    private static long legalConfigurations(Chart<?> chart) {
        try {
            return new ChartNumbering(chart).configurations();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The whole report as one JSON document. */
    private String json(Analysed a) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ChartAnalysis analysis = a.analysis();
        Chart<?> chart = a.chart();
        ObjectNode root = mapper.createObjectNode();
        root.put("file", file.toString());
        root.put("chart", chart.name());
        ArrayNode findings = root.putArray("findings");
        for (Finding f : analysis.findings()) {
            ObjectNode n = findings.addObject();
            Optional<Position> at = position(a.places(), f);
            n.put("file", a.places().file());
            if (at.isPresent()) {
                n.put("line", at.get().line());
                n.put("column", at.get().column());
            } else {
                n.putNull("line");
                n.putNull("column");
            }
            n.put("kind", f.kind().name().toLowerCase(Locale.ROOT));
            n.put("definite", f.definite());
            putState(n, "state", chart, f.state());
            putTransition(n, "transition", chart, f.transition());
            putTransition(n, "other", chart, f.other());
            n.put("message", f.message());
            if (f.witness().isPresent()) {
                n.set("witness", path(mapper, f.witness().get()));
            } else {
                n.putNull("witness");
            }
        }
        ObjectNode summary = root.putObject("summary");
        summary.put("findings", analysis.findings().size());
        summary.put("definite", analysis.findings().stream().filter(Finding::definite).count());
        summary.put("configurations", analysis.configurations());
        summary.put("activeConfigurations", analysis.activeConfigurations());
        summary.put("complete", analysis.complete());
        summary.put("stoppedBecause", analysis.stoppedBecause().orElse(null));
        int[] c = analysis.coverage();
        summary.put("statesReached", c[0]);
        summary.put("states", c[1]);
        summary.put("transitionsTaken", c[2]);
        summary.put("transitions", c[3]);
        int[] bits = analysis.configurationBits();
        summary.put("reachableBits", bits[0]);
        summary.put("codecBits", bits[1]);
        summary.put("legalConfigurations", legalConfigurations(chart));
        ArrayNode notModelled = summary.putArray("notModelled");
        analysis.notModelled().forEach(notModelled::add);
        try {
            return mapper.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new CliFailure("the report could not be written as JSON (" + e.getMessage() + ")", e);
        }
    }

    private static void putState(ObjectNode n, String key, Chart<?> chart, int state) {
        if (state >= 0) {
            n.put(key, chart.statePath(state));
        } else {
            n.putNull(key);
        }
    }

    private static void putTransition(ObjectNode n, String key, Chart<?> chart, int transition) {
        if (transition >= 0) {
            n.put(key, chart.describeTransition(transition));
        } else {
            n.putNull(key);
        }
    }

    /** A path as JSON: its inputs, and each step's assumptions and active states. */
    private static ObjectNode path(ObjectMapper mapper, InputPath path) {
        ObjectNode p = mapper.createObjectNode();
        ArrayNode inputs = p.putArray("inputs");
        path.steps().forEach(s -> inputs.add(s.input().toString()));
        ArrayNode steps = p.putArray("steps");
        List<Step> all = new ArrayList<>();
        all.add(path.start());
        all.addAll(path.steps());
        for (Step s : all) {
            ObjectNode step = steps.addObject();
            if (s.input() == null) {
                step.put("input", "start");
            } else {
                step.put("input", s.input().toString());
            }
            ArrayNode assumptions = step.putArray("assumptions");
            for (Assumption x : s.assumptions()) {
                ObjectNode an = assumptions.addObject();
                an.put("kind", x.kind().name().toLowerCase(Locale.ROOT));
                an.put("id", x.id());
                an.put("value", x.value());
                an.put("text", x.text());
            }
            ArrayNode active = step.putArray("active");
            s.active().forEach(active::add);
        }
        return p;
    }
}
