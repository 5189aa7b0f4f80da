package dev.arbor.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.arbor.core.Chart;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateKind;
import dev.arbor.core.Variable;
import dev.arbor.core.reference.GeneratedChart;
import dev.arbor.io.BuiltIn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The analysis held to the reference interpreter on generated charts: arbor-core's differential
 * test's charts ({@link GeneratedChart}: the same seeds and trees, reduced to what the analysis
 * models, their effects arbor-io's built-in components, their guards on the owner's booleans Java
 * that the test decides), each analysed over the events the reference fires and the tick.
 *
 * <p>What is checked, per chart:
 * <ul>
 *   <li><b>Paths.</b> Every path the analysis gives ({@code cover(STATES)}, {@code cover(TRANSITIONS)},
 *       {@code shortestPathTo} each reached state, {@code shortestPathTaking} each transition taken,
 *       each finding's witness) replays from the start on the reference interpreter and on a fresh
 *       Arbor machine of the substituted chart ({@link PathReplay}), with the guards written in Java
 *       and the draws forced to the path's assumptions, in the order the path lists them
 *       ({@link Forced}: each guard a run tests must be the next one assumed, and every assumption
 *       must be met). After every step the runs must have the path's active states and the states
 *       it entered, and, on the reference, take the path's transitions; the two runs must end each
 *       step alike (settled, livelock, failed). A path to a state must enter it in its last step;
 *       a path taking a transition must take it in its last step.</li>
 *   <li><b>Dead states and transitions</b> (of a complete analysis): never entered, never active and
 *       never taken on the reference in random input sequences. Half the sequences decide every
 *       guard and draw at random, which a definite finding must withstand; half decide as the
 *       analysis explores (at random up to its limit of assumptions in a step, then guards fail),
 *       which every finding must withstand ({@link Random}).</li>
 *   <li><b>Traps:</b> from the witness's configuration, random inputs leave the active states and the
 *       variables as they are (or livelock, which stops a machine where it is).</li>
 *   <li><b>Unreachable targets:</b> from the witness's configuration, random walks never end a step
 *       in the target (a final state: never halt). The target is a final child of the root where
 *       the chart has one, else a state drawn from the chart's seed.</li>
 *   <li><b>Livelocks and failing steps</b> that are definite: the witness's last step livelocks
 *       (fails) on the reference too.</li>
 *   <li><b>Conflicts:</b> the witness ends in a configuration where the two transitions' source is
 *       active.</li>
 * </ul>
 * Traps and unreachable targets are walked with guards at random when the finding is definite, as
 * the analysis explores otherwise.
 *
 * <p>A failure names the chart's seed (rerun it alone with {@code -Darbor.analysis.seed=SEED}, or
 * {@code flatSeed} for a flat chart), and prints the chart, the path and the analysis's findings.
 * System properties: {@code arbor.analysis.charts} (default 60, about half a minute; the
 * differential test's 1,000 with the profile {@code -Pfull-analysis-check}),
 * {@code arbor.analysis.sequences} (random sequences in all, for the dead states and
 * transitions: 100 a chart by default, 100,000 in the full run) and {@code arbor.analysis.base}
 * (the first seed; the differential test's by default).
 *
 * <p>The limits are smaller than the defaults, for time: 25 microsteps before a livelock (the
 * generated charts raise events without a budget, and many loop), 5 assumptions a step, 3 seconds
 * and 30,000 configurations a chart (a few charts stop there: their paths are checked, and their
 * findings about every configuration are not).
 */
class AnalysisAgainstReferenceTest {

    static final int CHARTS = Integer.getInteger("arbor.analysis.charts", 60);
    static final int SEQUENCES = Integer.getInteger("arbor.analysis.sequences", 100 * CHARTS);
    static final long BASE = Long.getLong("arbor.analysis.base", GeneratedChart.DIFFERENTIAL_BASE);
    static final int SEQUENCE_LENGTH = 20;
    /** Walks from each trap and each configuration that cannot reach the target, and their length. */
    static final int WALKS = 20;
    static final int WALK_LENGTH = 12;
    /** Small, so that the configurations with deferred events stay few, and overflows happen. */
    static final int DEFER_LIMIT = 2;
    static final int MAX_MICROSTEPS = 25;
    static final AnalysisOptions OPTIONS = new AnalysisOptions(30_000, Duration.ofSeconds(3), 5,
            List.copyOf(GeneratedChart.events()), null);

    /** arbor-io's built-in components, bound to the generated charts' variables. */
    static final GeneratedChart.Components BUILT_INS = new GeneratedChart.Components() {
        private final List<Variable> vars = GeneratedChart.variables();

        @Override
        public MachineStateAction<GeneratedChart.Decider> raise(String event) {
            return new BuiltIn.Raise<>(event);
        }

        @Override
        public MachineStateAction<GeneratedChart.Decider> setGold(int value) {
            return new BuiltIn.SetVariable<>("gold", IntNode.valueOf(value), vars);
        }

        @Override
        public MachineStateAction<GeneratedChart.Decider> addGold(int amount, String state) {
            return new BuiltIn.Add<>("gold", amount, state, vars);
        }

        @Override
        public MachineStateAction<GeneratedChart.Decider> rollDie() {
            return new BuiltIn.RandomValue<>("die", vars);
        }

        @Override
        public MachineCondition<GeneratedChart.Decider> goldAtLeast(int value) {
            return new BuiltIn.Compare<>("gold", ">=", IntNode.valueOf(value), vars);
        }
    };

    /**
     * Guards and draws at random, and the inputs. {@link #free} decides every guard and draw at
     * random: what Java guards may do, over which a definite finding holds. {@link #capped}
     * decides as the analysis explores: at random up to {@code limit} decisions in a step, then
     * guards fail and draws give 0, and the reference's second run of a tick (which Arbor skips on
     * some paths) fails them all: over that, every finding of a complete analysis holds.
     */
    static final class Random implements GeneratedChart.Decider {
        private final SplittableRandom r;
        private final int limit;
        private int made;

        private Random(SplittableRandom r, int limit) {
            this.r = r;
            this.limit = limit;
        }

        static Random free(SplittableRandom r) {
            return new Random(r, Integer.MAX_VALUE);
        }

        static Random capped(SplittableRandom r, int limit) {
            return new Random(r, limit);
        }

        boolean capped() {
            return limit != Integer.MAX_VALUE;
        }

        @Override
        public boolean guard(int transition) {
            return made++ < limit && r.nextBoolean();
        }

        @Override
        public int draw(int bound) {
            return made++ < limit ? r.nextInt(bound) : 0;
        }

        @Override
        public void settlesAgain() {
            if (capped()) {
                made = limit;
            }
        }

        /** The next input, at random; a step begins. */
        Input input(List<Input> inputs) {
            made = 0;
            return inputs.get(r.nextInt(inputs.size()));
        }

        /** How a failure names it. */
        String words() {
            return capped() ? "guards at random, as the analysis explores them (up to " + limit + " a step)"
                    : "guards at random";
        }
    }

    /** What the run counted, printed at the end. */
    static final class Stats {
        int charts;
        int complete;
        long configurations;
        int paths;
        long stepsReplayed;
        int sequences;
        long sequenceSteps;
        int walks;
        /** Where the time went, in ms: analysing, replaying paths, random sequences, walks. */
        final long[] ms = new long[4];
        final Map<Finding.Kind, Integer> findings = new EnumMap<>(Finding.Kind.class);
        final Map<String, Integer> checked = new LinkedHashMap<>();
        final List<String> failures = new ArrayList<>();

        void checked(String what) {
            checked.merge(what, 1, Integer::sum);
        }
    }

    @Test
    void everyPathAndFindingHoldsOnTheReference() {
        long started = System.nanoTime();
        Stats stats = new Stats();
        Long only = Long.getLong("arbor.analysis.seed");
        Long onlyFlat = Long.getLong("arbor.analysis.flatSeed");
        if (only != null || onlyFlat != null) {
            check(only != null ? only : onlyFlat, only == null, Integer.getInteger("arbor.analysis.sequences", 100), stats);
        } else {
            for (int i = 0; i < CHARTS; i++) {
                // the sequences spread evenly over the charts; every fourth chart is flat (rich in history)
                int sequences = (int) ((long) SEQUENCES * (i + 1) / CHARTS - (long) SEQUENCES * i / CHARTS);
                check(GeneratedChart.seed(BASE, i), i % 4 == 3, sequences, stats);
            }
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("AnalysisAgainstReferenceTest: %d charts (%d explored completely, %,d configurations), "
                        + "%d paths replayed (%,d steps, on the reference and on Arbor), %,d random sequences (%,d steps), "
                        + "%,d walks from traps and unreachable targets, %d ms%n", stats.charts, stats.complete,
                stats.configurations, stats.paths, stats.stepsReplayed, stats.sequences, stats.sequenceSteps, stats.walks, ms);
        System.out.printf("  ms analysing %,d, replaying paths %,d, random sequences %,d, walks %,d%n", stats.ms[0],
                stats.ms[1], stats.ms[2], stats.ms[3]);
        System.out.println("  findings: " + stats.findings);
        System.out.println("  checked:  " + stats.checked);
        assertThat(stats.failures).as(stats.failures.size() + " failures:\n"
                + stats.failures.stream().map(f -> f.lines().findFirst().orElse("")).reduce("", (a, b) -> a + b + "\n")
                + "\nthe first in full:\n" + stats.failures.stream().limit(3).reduce("", (a, b) -> a + "\n" + b)).isEmpty();
        if (only == null && onlyFlat == null && CHARTS >= 50) { // of the default run or larger
            // not a measure of the analysis (the time limit stops a few, more on a slow machine), but
            // of what this test checks: findings over every configuration only where it is complete
            assertThat(stats.complete).as("charts explored completely").isGreaterThan(stats.charts * 3 / 4);
            assertThat(stats.sequences).as("random sequences").isEqualTo(SEQUENCES);
            // the generated charts keep giving every kind of finding to check
            assertThat(stats.checked.keySet().stream().map(k -> k.replace(" (possible)", ""))).contains("dead state",
                    "dead transition", "trap", "cannot reach", "livelock", "step fails", "conflict");
        }
    }

    private static void check(long seed, boolean flat, int sequences, Stats stats) {
        GeneratedChart g = GeneratedChart.generate(seed, flat, BUILT_INS, DEFER_LIMIT, MAX_MICROSTEPS);
        Chart<GeneratedChart.Decider> chart = g.chart();
        String target = target(chart, seed);
        long t0 = System.nanoTime();
        ChartAnalysis a;
        try {
            a = ChartAnalysis.of(chart, OPTIONS.withTarget(target));
        } catch (RuntimeException e) {
            java.io.StringWriter trace = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(trace));
            stats.failures.add("chart seed " + seed + (flat ? " (flat)" : "") + ": the analysis threw (reproduce with "
                    + "-Darbor.analysis." + (flat ? "flatSeed=" : "seed=") + seed + ")\n" + trace + "chart:\n" + g.dump());
            return;
        }
        long t1 = System.nanoTime();
        stats.charts++;
        stats.configurations += a.configurations();
        if (a.complete()) {
            stats.complete++;
        }
        a.findings().forEach(f -> stats.findings.merge(f.kind(), 1, Integer::sum));
        Context cx = new Context(g, a, new PathReplay.OnArbor(chart, a.options().maxAssumptions()), seed, flat, target,
                stats);

        paths(cx);
        long t2 = System.nanoTime();
        deadStatesAndTransitions(cx, sequences);
        long t3 = System.nanoTime();
        for (Finding f : a.findings()) {
            switch (f.kind()) {
                case TRAP -> trap(cx, f);
                case CANNOT_REACH -> cannotReach(cx, f);
                case LIVELOCK, STEP_FAILS -> failing(cx, f);
                case CONFLICT -> conflict(cx, f);
                default -> { }
            }
        }
        long t4 = System.nanoTime();
        stats.ms[0] += (t1 - t0) / 1_000_000;
        stats.ms[1] += (t2 - t1) / 1_000_000;
        stats.ms[2] += (t3 - t2) / 1_000_000;
        stats.ms[3] += (t4 - t3) / 1_000_000;
    }

    /** What a check needs, and how a failure names the chart. */
    record Context(GeneratedChart g, ChartAnalysis a, PathReplay.OnArbor arbor, long seed, boolean flat, String target,
                   Stats stats) {
        Chart<GeneratedChart.Decider> chart() {
            return g.chart();
        }

        void fail(String what, InputPath path, List<String> problems) {
            StringBuilder b = new StringBuilder();
            b.append("chart seed ").append(seed).append(flat ? " (flat)" : "").append(": ").append(what)
                    .append(" (reproduce with -Darbor.analysis.").append(flat ? "flatSeed=" : "seed=").append(seed)
                    .append(")\n");
            problems.forEach(p -> b.append("  ").append(p).append('\n'));
            if (path != null) {
                b.append("path: ").append(path).append('\n');
                b.append("  start -> ").append(path.start()).append('\n');
                for (Step s : path.steps()) {
                    b.append("  ").append(s).append("; took ").append(s.transitions()).append(", entered ")
                            .append(s.entered()).append('\n');
                }
            }
            b.append("analysis target: ").append(target == null ? "a final state" : target).append("; findings:\n");
            a.findings().forEach(f -> b.append("  ").append(f).append('\n'));
            b.append("chart:\n").append(g.dump());
            stats.failures.add(b.toString());
        }
    }

    /** A final child of the root where the chart has one (the analysis's own target), else a state drawn from the seed. */
    private static String target(Chart<?> chart, long seed) {
        for (int c : chart.children(0)) {
            if (chart.kind(c) == StateKind.FINAL) {
                return null;
            }
        }
        List<String> states = new ArrayList<>();
        for (int s = 1; s < chart.stateCount(); s++) {
            if (chart.kind(s) != StateKind.SHALLOW_HISTORY && chart.kind(s) != StateKind.DEEP_HISTORY) {
                states.add(chart.stateName(s));
            }
        }
        return states.get(new SplittableRandom(seed ^ 0x7A26E7L).nextInt(states.size()));
    }

    // ---------------------------------------------------------------- paths

    private static void paths(Context cx) {
        ChartAnalysis a = cx.a();
        Chart<?> chart = cx.chart();
        for (InputPath p : a.cover(ChartAnalysis.Cover.STATES)) {
            replay(cx, "cover(STATES) path", p);
        }
        for (InputPath p : a.cover(ChartAnalysis.Cover.TRANSITIONS)) {
            replay(cx, "cover(TRANSITIONS) path", p);
        }
        for (int s = 1; s < chart.stateCount(); s++) {
            String name = chart.stateName(s);
            if (!a.reaches(s) || chart.kind(s) == StateKind.SHALLOW_HISTORY || chart.kind(s) == StateKind.DEEP_HISTORY) {
                continue;
            }
            InputPath p = a.shortestPathTo(name).orElseThrow();
            Step last = p.steps().isEmpty() ? p.start() : p.steps().get(p.steps().size() - 1);
            if (!last.entered().contains(name)) {
                cx.fail("shortestPathTo(" + name + ") does not enter it in its last step", p, List.of());
            }
            replay(cx, "shortestPathTo(" + name + ")", p);
        }
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (!a.takes(t)) {
                continue;
            }
            InputPath p = a.shortestPathTaking(t).orElseThrow();
            Step last = p.steps().isEmpty() ? p.start() : p.steps().get(p.steps().size() - 1);
            if (!last.transitions().contains(t)) {
                cx.fail("shortestPathTaking(" + chart.describeTransition(t) + ") does not take it in its last step", p,
                        List.of());
            }
            replay(cx, "shortestPathTaking(" + chart.describeTransition(t) + ")", p);
        }
        for (Finding f : a.findings()) {
            f.witness().ifPresent(p -> replay(cx, "the witness of " + f, p));
        }
    }

    /** Replays a path on the reference and on Arbor; the reference's run at its end (null when it failed). */
    private static PathReplay.OnReference replay(Context cx, String what, InputPath p) {
        cx.stats().paths++;
        cx.stats().stepsReplayed += 1 + p.steps().size();
        int limit = cx.a().options().maxAssumptions();
        PathReplay.OnReference r = PathReplay.onReference(cx.g(), p, limit);
        if (!r.problems.isEmpty()) {
            cx.fail(what + ": the reference does not follow it", p, r.problems);
            return null;
        }
        List<String> onArbor = cx.arbor().replay(p);
        if (!onArbor.isEmpty()) {
            cx.fail(what + ": a fresh Arbor machine does not follow it", p, onArbor);
            return null;
        }
        if (!r.outcomes.equals(cx.arbor().outcomes)) {
            cx.fail(what + ": the steps end otherwise on the reference and on Arbor", p, List.of("reference "
                    + r.outcomes + ", Arbor " + cx.arbor().outcomes));
            return null;
        }
        return r;
    }

    // ---------------------------------------------------------------- dead states and transitions

    /**
     * Random sequences on the reference: half under {@link Random#free} guards, which must never
     * enter, make active or take what a definite finding says is dead; half under
     * {@link Random#capped} ones, which must not for any finding of a complete analysis.
     */
    private static void deadStatesAndTransitions(Context cx, int sequences) {
        Chart<?> chart = cx.chart();
        List<Set<String>> deadStates = List.of(new HashSet<>(), new HashSet<>()); // definite, all
        List<Set<Integer>> deadTransitions = List.of(new HashSet<>(), new HashSet<>());
        for (Finding f : cx.a().findings()) {
            if (!cx.a().complete()) {
                break;
            }
            if (f.kind() == Finding.Kind.DEAD_STATE) {
                for (int s = 0; s < chart.stateCount(); s++) {
                    if (s == f.state() || isDescendant(chart, s, f.state())) {
                        for (int k = f.definite() ? 0 : 1; k < 2; k++) {
                            deadStates.get(k).add(chart.stateName(s)); // "nor the states inside it"
                        }
                    }
                }
                cx.stats().checked("dead state" + (f.definite() ? "" : " (possible)"));
            } else if (f.kind() == Finding.Kind.DEAD_TRANSITION) {
                for (int k = f.definite() ? 0 : 1; k < 2; k++) {
                    deadTransitions.get(k).add(f.transition());
                }
                cx.stats().checked("dead transition" + (f.definite() ? "" : " (possible)"));
            }
        }
        SplittableRandom r = new SplittableRandom(cx.seed() ^ 0xDEADL);
        List<Input> inputs = cx.a().inputs();
        int limit = cx.a().options().maxAssumptions();
        for (int q = 0; q < sequences; q++) {
            boolean capped = q % 2 == 1;
            Random decider = capped ? Random.capped(r.split(), limit) : Random.free(r.split());
            Set<String> dead = deadStates.get(capped ? 1 : 0);
            Set<Integer> deadTaken = deadTransitions.get(capped ? 1 : 0);
            GeneratedChart.Run run = cx.g().reference(decider);
            List<String> done = new ArrayList<>();
            PathReplay.Outcome o = PathReplay.outcome(run.start());
            cx.stats().sequences++;
            for (int k = 0; ; k++) {
                cx.stats().sequenceSteps++;
                if (o == PathReplay.Outcome.LIVELOCK) {
                    break; // the machine is done for
                }
                List<String> seen = new ArrayList<>(run.entered());
                seen.addAll(run.active());
                seen.retainAll(dead);
                List<Integer> taken = new ArrayList<>(run.taken());
                taken.retainAll(deadTaken);
                if (!seen.isEmpty() || !taken.isEmpty()) {
                    List<String> names = taken.stream().map(chart::describeTransition).toList();
                    cx.fail("reported dead, yet " + (seen.isEmpty() ? "" : "entered or active: " + seen + " ")
                            + (taken.isEmpty() ? "" : "taken: " + names), null, List.of("random sequence " + q
                            + ", after start; " + String.join("; ", done) + " (" + decider.words() + "): active "
                            + run.active() + ", records of the last input " + run.trace()));
                    return;
                }
                if (k == SEQUENCE_LENGTH) {
                    break;
                }
                Input in = decider.input(inputs);
                done.add(in.toString());
                o = PathReplay.outcome(in.isTick() ? run.update() : run.fire(in.event().toString()));
            }
        }
    }

    private static boolean isDescendant(Chart<?> chart, int d, int a) {
        for (int p = chart.parent(d); p >= 0; p = chart.parent(p)) {
            if (p == a) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- traps and unreachable targets

    private static void trap(Context cx, Finding f) {
        InputPath w = f.witness().orElseThrow();
        cx.stats().checked("trap" + (f.definite() ? "" : " (possible)"));
        int limit = cx.a().options().maxAssumptions();
        SplittableRandom r = new SplittableRandom(cx.seed() ^ 0x7EA9L);
        for (int walk = 0; walk < WALKS; walk++) {
            PathReplay.OnReference at = PathReplay.onReference(cx.g(), w, cx.a().options().maxAssumptions());
            if (at.last == PathReplay.Outcome.LIVELOCK || !at.problems.isEmpty()) {
                return; // the witness's replay is checked with the paths
            }
            List<String> active = at.run.active();
            List<Integer> variables = at.run.variables();
            Random decider = f.definite() ? Random.free(r.split()) : Random.capped(r.split(), limit);
            List<String> done = new ArrayList<>();
            cx.stats().walks++;
            for (int k = 0; k < WALK_LENGTH; k++) {
                Input in = decider.input(cx.a().inputs());
                done.add(in.toString());
                PathReplay.Outcome o = at.input(in, decider);
                if (o == PathReplay.Outcome.LIVELOCK) {
                    break; // the machine is done for, as the analysis reports (a livelock): it has not left the trap
                }
                if (!at.run.active().equals(active) || !at.run.variables().equals(variables)) {
                    cx.fail("a trap is left: " + f, w, List.of("after the witness, " + String.join("; ", done)
                            + " (" + decider.words() + "): " + o + ", active " + at.run.active() + ", variables "
                            + at.run.variables() + " (were " + active + ", " + variables + "); records of the last input "
                            + at.run.trace()));
                    return;
                }
            }
        }
    }

    private static void cannotReach(Context cx, Finding f) {
        InputPath w = f.witness().orElseThrow();
        cx.stats().checked("cannot reach" + (f.definite() ? "" : " (possible)"));
        int limit = cx.a().options().maxAssumptions();
        SplittableRandom r = new SplittableRandom(cx.seed() ^ 0xC0DEL);
        for (int walk = 0; walk < WALKS; walk++) {
            PathReplay.OnReference at = PathReplay.onReference(cx.g(), w, cx.a().options().maxAssumptions());
            if (at.last == PathReplay.Outcome.LIVELOCK || !at.problems.isEmpty()) {
                return; // the witness's replay is checked with the paths
            }
            Random decider = f.definite() ? Random.free(r.split()) : Random.capped(r.split(), limit);
            List<String> done = new ArrayList<>();
            cx.stats().walks++;
            for (int k = 0; k < WALK_LENGTH; k++) {
                Input in = decider.input(cx.a().inputs());
                done.add(in.toString());
                PathReplay.Outcome o = at.input(in, decider);
                if (o == PathReplay.Outcome.LIVELOCK) {
                    break;
                }
                boolean reached = cx.target() == null ? at.run.halted() : at.run.active().contains(cx.target());
                if (reached) {
                    cx.fail("the target " + (cx.target() == null ? "(a final state)" : cx.target())
                            + " is reached, yet reported out of reach: " + f, w, List.of("after the witness, "
                            + String.join("; ", done) + " (" + decider.words() + "): active " + at.run.active()));
                    return;
                }
            }
        }
    }

    // ---------------------------------------------------------------- livelocks, failing steps, conflicts

    private static void failing(Context cx, Finding f) {
        if (!f.definite() || f.witness().isEmpty()) {
            return;
        }
        cx.stats().checked(f.kind().words());
        InputPath w = f.witness().get();
        PathReplay.OnReference r = PathReplay.onReference(cx.g(), w, cx.a().options().maxAssumptions());
        PathReplay.Outcome expected = f.kind() == Finding.Kind.LIVELOCK ? PathReplay.Outcome.LIVELOCK
                : PathReplay.Outcome.FAILED;
        if (r.problems.isEmpty() && r.last != expected) {
            cx.fail("the witness's last step is " + r.last + " on the reference, not " + expected + ": " + f, w, List.of());
        }
    }

    private static void conflict(Context cx, Finding f) {
        InputPath w = f.witness().orElseThrow();
        cx.stats().checked("conflict");
        Chart<?> chart = cx.chart();
        String source = chart.stateName(f.state());
        if (chart.transitionSource(f.transition()) != f.state() || chart.transitionSource(f.other()) != f.state()
                || f.state() != 0 && !w.end().contains(source)) {
            cx.fail("a conflict whose transitions are not of its state, or whose witness does not end in it: " + f, w,
                    List.of());
        }
    }
}
