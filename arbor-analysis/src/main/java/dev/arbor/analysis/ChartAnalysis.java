package dev.arbor.analysis;

import dev.arbor.core.Chart;
import dev.arbor.core.StateKind;
import dev.arbor.net.codec.ChartNumbering;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Every configuration a chart can reach, and what that tells before the chart runs.
 *
 * <p>The analysis runs the chart's own engine: from each configuration found, it fires each event
 * the chart names and ticks once, and keeps each configuration the step leaves (a step that throws
 * its first error once it has run whole, under the {@code RETHROW} policy, leaves one too; a step
 * stopped as a livelock leaves none, but what it took and entered counts as taken and reached). A
 * configuration is the machine's whole state: active states, history, the clocks of timers up to
 * each timer's bound, deferred events, and the chart's variables. What it cannot know it explores every way
 * (a guard written in Java, or drawn by chance, is taken as holding and as failing; a random draw
 * takes every value; a behaviour finishes or not at each tick); what it does not model does
 * nothing (actions written in Java, telegrams to other agents). {@link #notModelled()} says which
 * parts of this chart are so; each {@link Finding} and {@link InputPath} says what it assumes.
 *
 * <p>It stops at the budget of {@link AnalysisOptions}; {@link #complete()} tells whether it did,
 * and {@link #stoppedBecause()} why. Charts whose states decide their transitions in code (state
 * handlers) are refused.
 */
public final class ChartAnalysis {

    private final Exploration x;
    private final List<Finding> findings;
    private final AnalysisOptions options;

    private ChartAnalysis(Chart<?> chart, AnalysisOptions options) {
        this.options = options;
        this.x = new Exploration(chart, options);
        if (options.target() != null && x.stateNamed(options.target()).isEmpty()) {
            throw new IllegalArgumentException("chart '" + chart.name() + "' has no state '" + options.target() + "'");
        }
        this.findings = Findings.of(x, options);
    }

    /**
     * Explores a chart with the default budget.
     *
     * @param chart the chart
     * @return the analysis
     * @throws IllegalArgumentException when the chart has state handlers
     */
    public static ChartAnalysis of(Chart<?> chart) {
        return of(chart, AnalysisOptions.DEFAULTS);
    }

    /**
     * Explores a chart.
     *
     * @param chart   the chart
     * @param options the budget and the inputs
     * @return the analysis
     * @throws IllegalArgumentException when the chart has state handlers, or the options name a
     *                                  target state the chart does not have
     */
    public static ChartAnalysis of(Chart<?> chart, AnalysisOptions options) {
        Objects.requireNonNull(chart, "chart");
        Objects.requireNonNull(options, "options");
        return new ChartAnalysis(chart, options);
    }

    /**
     * The chart analysed.
     *
     * @return the chart
     */
    public Chart<?> chart() {
        return x.original;
    }

    /**
     * The inputs offered in every configuration: the chart's named events (or those the options
     * give), then, when a transition or a deferral takes any event ({@code "*"}) and the options give
     * none, an event the chart does not name ({@code other}), which stands for every such event; then
     * the tick when the chart has timers, polled transitions or behaviours.
     *
     * @return the inputs
     */
    public List<Input> inputs() {
        return x.inputs;
    }

    /**
     * Whether every reachable configuration was explored.
     *
     * @return false when the budget stopped it
     */
    public boolean complete() {
        return x.stoppedBecause == null;
    }

    /**
     * Why the exploration stopped before the end, and how far it came.
     *
     * @return empty when it is complete
     */
    public Optional<String> stoppedBecause() {
        return x.stoppedBecause == null ? Optional.empty() : Optional.of(x.stoppedBecause + ": "
                + x.nodes.size() + " configurations found, " + x.successors.size() + " explored, in " + x.steps + " steps");
    }

    /**
     * The configurations found (whole states: active states, history, clocks, deferred events, variables).
     *
     * @return their number
     */
    public int configurations() {
        return x.nodes.size();
    }

    /**
     * The distinct sets of active states among the configurations found.
     *
     * @return their number
     */
    public int activeConfigurations() {
        Set<List<Integer>> distinct = new HashSet<>();
        for (int n = 0; n < x.nodes.size(); n++) {
            distinct.add(Arrays.stream(x.active(n)).boxed().toList());
        }
        return distinct.size();
    }

    /**
     * How many bits a snapshot's configuration needs: {@code ceil(log2)} of the reachable active
     * configurations, beside what the snapshot codec spends on any legal configuration of the
     * chart ({@code ChartNumbering.configurationBits()}).
     *
     * @return the two widths, reachable first; the codec's is -1 when the chart is beyond its numbering
     */
    public int[] configurationBits() {
        int codec;
        try {
            codec = new ChartNumbering(x.original).configurationBits();
        } catch (RuntimeException e) {
            codec = -1;
        }
        return new int[] {64 - Long.numberOfLeadingZeros(Math.max(0, activeConfigurations() - 1L)), codec};
    }

    /**
     * The steps run: each configuration explored, times each input, times each combination of
     * assumptions.
     *
     * @return their number
     */
    public long steps() {
        return x.steps;
    }

    /**
     * Everything found, dead states first, then dead transitions, traps, unreachable targets,
     * livelocks and failing steps, conflicts.
     *
     * @return the findings
     */
    public List<Finding> findings() {
        return findings;
    }

    /**
     * The parts of this chart the analysis does not model, and how it treats each, in words.
     *
     * @return one line per part; empty when it models the whole chart
     */
    public List<String> notModelled() {
        List<String> out = new ArrayList<>(x.twin.notModelledLines());
        out.add("the owner's data: no guard or action the analysis runs reads it");
        return out;
    }

    /**
     * Whether a state is active in some reachable configuration.
     *
     * @param state the state's id
     * @return true when some input sequence makes it active
     */
    public boolean reaches(int state) {
        return x.reached(state);
    }

    /**
     * Whether some reachable configuration takes a transition.
     *
     * @param transition the transition's id
     * @return true when some input sequence takes it
     */
    public boolean takes(int transition) {
        return x.taken(transition);
    }

    /**
     * Why a state is never active: its dead-state finding, or for a state inside a dead one (which
     * {@link #findings()} report once, at the outermost) a finding made from that one's.
     *
     * @param state the state's id
     * @return the finding; empty when some input sequence makes the state active, and for the root
     *         and history pseudo-states
     */
    public Optional<Finding> deadState(int state) {
        Chart<?> chart = x.original;
        Objects.checkIndex(state, chart.stateCount());
        StateKind kind = chart.kind(state);
        if (state == 0 || reaches(state) || kind == StateKind.SHALLOW_HISTORY || kind == StateKind.DEEP_HISTORY) {
            return Optional.empty();
        }
        int outer = state;
        for (int p = chart.parent(state); p > 0 && !reaches(p); p = chart.parent(p)) {
            outer = p;
        }
        Optional<Finding> own = finding(Finding.Kind.DEAD_STATE, outer, -1);
        if (outer == state) {
            return own;
        }
        return Optional.of(new Finding(Finding.Kind.DEAD_STATE, own.map(Finding::definite).orElse(false), state, -1, -1,
                "state '" + chart.stateName(state) + "' is never active: it is inside '" + chart.stateName(outer)
                        + "', which is never active", Optional.empty()));
    }

    /**
     * Why a declared transition is never taken: its dead-transition finding, or for a transition
     * whose source is never active (which {@link #findings()} report with the state) a finding
     * made from the state's.
     *
     * @param transition the transition's id
     * @return the finding; empty when some input sequence takes it, and for transitions not declared
     */
    public Optional<Finding> deadTransition(int transition) {
        Chart<?> chart = x.original;
        Objects.checkIndex(transition, chart.transitionCount());
        if (takes(transition) || !chart.transitionInfo(transition).mode().declared()) {
            return Optional.empty();
        }
        Optional<Finding> own = finding(Finding.Kind.DEAD_TRANSITION, -1, transition);
        int source = chart.transitionSource(transition);
        if (own.isPresent() || reaches(source)) {
            return own;
        }
        return Optional.of(new Finding(Finding.Kind.DEAD_TRANSITION, deadState(source).map(Finding::definite).orElse(false),
                source, transition, -1, "transition " + chart.describeTransition(transition) + " is never taken: its source '"
                        + chart.stateName(source) + "' is never active", Optional.empty()));
    }

    private Optional<Finding> finding(Finding.Kind kind, int state, int transition) {
        return findings.stream().filter(f -> f.kind() == kind && (transition >= 0 ? f.transition() == transition
                : f.state() == state)).findFirst();
    }

    /**
     * A shortest input sequence that makes a state active.
     *
     * @param state the state's name
     * @return the path, or empty when no input sequence reaches it
     * @throws IllegalArgumentException when the chart has no such state
     */
    public Optional<InputPath> shortestPathTo(String state) {
        int s = stateId(state);
        return x.reached(s) ? Optional.of(x.pathToState(s)) : Optional.empty();
    }

    /**
     * A shortest input sequence whose last step takes a transition (the start alone, without inputs,
     * for a transition the start takes).
     *
     * @param transition the transition's id
     * @return the path, or empty when no input sequence takes it
     */
    public Optional<InputPath> shortestPathTaking(int transition) {
        return x.taken(transition) ? Optional.of(x.pathTaking(transition)) : Optional.empty();
    }

    /** What a set of covering paths is to cover. */
    public enum Cover {
        /** Every reachable state active at some step. */
        STATES,
        /** Every transition that can be taken, taken at some step. */
        TRANSITIONS
    }

    /**
     * Input sequences that together make every reachable state active, or take every transition
     * that can be taken: a greedy set, longest targets first, each path a shortest one to its target,
     * so that most paths cover many targets on the way.
     *
     * @param cover what to cover
     * @return the paths, longest first
     */
    public List<InputPath> cover(Cover cover) {
        boolean states = cover == Cover.STATES;
        int targets = states ? x.original.stateCount() : x.original.transitionCount();
        List<Integer> aims = new ArrayList<>();
        for (int i = states ? 1 : 0; i < targets; i++) {
            if (states ? x.reached(i) : x.taken(i)) {
                aims.add(i);
            }
        }
        int[] depth = new int[targets];
        for (int i : aims) {
            depth[i] = states ? x.depthOfState(i) : x.depthOfTaking(i);
        }
        aims.sort(Comparator.comparingInt((Integer i) -> -depth[i]).thenComparingInt(i -> i));
        boolean[] covered = new boolean[targets];
        List<InputPath> paths = new ArrayList<>();
        for (int target : aims) {
            if (covered[target]) {
                continue;
            }
            InputPath p = states ? x.pathToState(target) : x.pathTaking(target);
            paths.add(p);
            List<Step> all = new ArrayList<>(p.steps());
            all.add(p.start());
            for (Step s : all) {
                if (states) {
                    s.entered().forEach(name -> covered[x.stateNamed(name).orElseThrow()] = true);
                } else {
                    s.transitions().forEach(t -> covered[t] = true);
                }
            }
        }
        return paths;
    }

    /**
     * The number of states (the root aside) and transitions declared, and how many of them the
     * exploration reached and took.
     *
     * @return {reachable states, states, transitions taken, declared transitions}
     */
    public int[] coverage() {
        int states = 0;
        int reached = 0;
        for (int s = 1; s < x.original.stateCount(); s++) {
            var kind = x.original.kind(s);
            if (kind != StateKind.SHALLOW_HISTORY && kind != StateKind.DEEP_HISTORY) {
                states++;
                reached += x.reached(s) ? 1 : 0;
            }
        }
        int transitions = 0;
        int taken = 0;
        for (int t = 0; t < x.original.transitionCount(); t++) {
            if (x.original.transitionInfo(t).mode().declared()) {
                transitions++;
                taken += x.taken(t) ? 1 : 0;
            }
        }
        return new int[] {reached, states, taken, transitions};
    }

    /**
     * The options it ran with.
     *
     * @return the options
     */
    public AnalysisOptions options() {
        return options;
    }

    private int stateId(String name) {
        return x.stateNamed(name).orElseThrow(() -> new IllegalArgumentException("chart '" + x.original.name()
                + "' has no state '" + name + "'"));
    }
}
