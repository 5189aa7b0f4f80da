package dev.arbor.cli;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.Substitution;
import dev.arbor.io.BuiltIn;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The outcomes a scenario's {@code assume} steps force, as the {@link Substitution} its machine's
 * chart is made with ({@link Chart#substituted}): the guards, Random actions and behaviours that
 * some {@code assume} names are replaced by ones that give the assumed outcome while a step is
 * assumed, and run as written otherwise. Everything else is the chart's own.
 *
 * <p>Before an input, {@link #assume} queues outcomes; each test of a guard (each draw, each
 * question to a behaviour) takes the next one queued for it, and the last one taken answers any
 * further test in the step; {@link #stepDone} forgets them all.
 *
 * @param <C> the chart's owner type
 */
final class ForcedOutcomes<C> implements Substitution<C> {

    /** What an outcome is forced for. */
    enum Kind {
        /** A transition's guard: 1 holds, 0 fails. */
        GUARD,
        /** A state's behaviours: 1 finished, 0 not. */
        FINISHED,
        /** A variable a Random action draws: the raw value drawn. */
        DRAWN
    }

    private final Chart<C> chart;
    /** The ids some {@code assume} names, per kind: only those are replaced. */
    private final Map<Kind, Set<Integer>> named = new HashMap<>();
    /** The variables the chart's Random actions draw, as its substitution found them. */
    private final Set<Integer> randomVariables = new HashSet<>();
    private final Map<Long, ArrayDeque<Integer>> queued = new HashMap<>();
    private final Map<Long, Integer> last = new HashMap<>();

    ForcedOutcomes(Chart<C> chart) {
        this.chart = chart;
        for (Kind k : Kind.values()) {
            named.put(k, new HashSet<>());
        }
    }

    /** Says, before the chart is substituted, that some step will force an outcome for this id. */
    void name(Kind kind, int id) {
        named.get(kind).add(id);
    }

    /** Whether any {@code assume} names anything: else the chart runs as it is. */
    boolean any() {
        return named.values().stream().anyMatch(s -> !s.isEmpty());
    }

    /** Whether a Random action of the chart draws this variable (known once the chart is substituted). */
    boolean drawn(int variable) {
        return randomVariables.contains(variable);
    }

    /** Queues an outcome for the coming step. */
    void assume(Kind kind, int id, int value) {
        queued.computeIfAbsent(key(kind, id), k -> new ArrayDeque<>()).add(value);
    }

    /** After a step: the outcomes assumed for it are forgotten. */
    void stepDone() {
        queued.clear();
        last.clear();
    }

    /** The outcome forced for the next test, or null when none is assumed in this step. */
    private Integer next(Kind kind, int id) {
        long key = key(kind, id);
        ArrayDeque<Integer> q = queued.get(key);
        if (q != null && !q.isEmpty()) {
            last.put(key, q.peek());
            return q.poll();
        }
        return last.get(key);
    }

    private static long key(Kind kind, int id) {
        return ((long) kind.ordinal() << 32) | (id & 0xffffffffL);
    }

    @Override
    public MachineGuard<C, Object> guard(int transition, Object original) {
        if (!named.get(Kind.GUARD).contains(transition)) {
            return null;
        }
        return (m, owner, event) -> {
            Integer forced = next(Kind.GUARD, transition);
            return forced != null ? forced == 1 : Substitution.test(original, m, owner, event);
        };
    }

    @Override
    public MachineAction<C, Object> action(Site site, int id, Object original) {
        Optional<String> draws = BuiltIn.drawnVariable(original);
        if (draws.isEmpty()) {
            return null;
        }
        int variable = chart.variableId(draws.get());
        randomVariables.add(variable);
        if (!named.get(Kind.DRAWN).contains(variable)) {
            return null;
        }
        return (m, owner, event) -> {
            Integer forced = next(Kind.DRAWN, variable);
            if (forced != null) {
                m.variables().setValue(variable, forced);
            } else {
                Substitution.run(original, m, owner, event);
            }
        };
    }

    @Override
    public Behavior<C> behavior(int state, Behavior<C> original) {
        if (!named.get(Kind.FINISHED).contains(state)) {
            return null;
        }
        return new Behavior<>() {
            @Override
            public void onEnter(C owner, Activity<C> activity) {
                original.onEnter(owner, activity);
            }

            @Override
            public void onUpdate(C owner, Activity<C> activity) {
                original.onUpdate(owner, activity);
            }

            @Override
            public void onExit(C owner, Activity<C> activity) {
                original.onExit(owner, activity);
            }

            @Override
            public boolean isFinished(C owner, Activity<C> activity) {
                Integer forced = next(Kind.FINISHED, state);
                return forced != null ? forced == 1 : original.isFinished(owner, activity);
            }
        };
    }
}
