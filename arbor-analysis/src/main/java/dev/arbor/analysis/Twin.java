package dev.arbor.analysis;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Substitution;
import dev.arbor.core.Variable;
import dev.arbor.io.BuiltIn;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The chart as the analysis runs it: a {@link Chart#substituted} copy in which what the analysis
 * models runs as it is (the built-in components that only read and write the machine), what it
 * cannot know is decided by the {@link Oracle} (guards written in Java or drawn by chance, random
 * draws, whether a behaviour has finished), and what it does not model does nothing (actions
 * written in Java, telegrams to other agents). Nothing runs while a configuration is put back
 * ({@link Cause#RESTORE}): the analysis moves between configurations, not through them. Every
 * guard tested is recorded, with its outcome, for the reasons of dead transitions.
 */
final class Twin {

    final Chart<Object> chart;
    final Oracle oracle;
    /** What is not modelled: per kind of part, in words, where it is (each once). */
    final Map<String, Set<String>> notModelled = new LinkedHashMap<>();
    /** Per transition: whether its guard is decided by the oracle. */
    final boolean[] assumedGuard;
    /** Per transition: bit 0 when its guard was tested false, bit 1 when true. */
    final byte[] guardOutcomes;
    /** The transitions whose guard held in the current run of a step, in order. */
    final java.util.List<Integer> held = new java.util.ArrayList<>();
    /** Per transition: its guard as built, or null. */
    final Object[] guards;
    /** Whether an action left out could have changed the machine itself (raised, set a variable, moved it). */
    boolean machineActionsLeftOut;

    @SuppressWarnings("unchecked")
    Twin(Chart<?> original, Oracle oracle) {
        Chart<Object> source = (Chart<Object>) original;
        this.oracle = oracle;
        this.assumedGuard = new boolean[source.transitionCount()];
        this.guardOutcomes = new byte[source.transitionCount()];
        this.guards = new Object[source.transitionCount()];
        for (int s = 0; s < source.stateCount(); s++) {
            if (source.stateInfo(s).hasHandler()) {
                throw new IllegalArgumentException("chart '" + source.name() + "': state '" + source.stateName(s)
                        + "' decides its transitions in code (a state handler), which the analysis cannot see; "
                        + "it analyses charts whose transitions are declared");
            }
        }
        this.chart = source.substituted(new Substitution<>() {
            @Override
            public MachineGuard<Object, Object> guard(int t, Object g) {
                return guardOf(source, t, g);
            }

            @Override
            public MachineAction<Object, Object> action(Site site, int id, Object a) {
                return actionOf(source, site, id, a);
            }

            @Override
            public Behavior<Object> behavior(int state, Behavior<Object> b) {
                note(BEHAVIOURS, source.stateName(state));
                return new Finishing(state);
            }
        });
    }

    private MachineGuard<Object, Object> guardOf(Chart<Object> source, int t, Object g) {
        guards[t] = g;
        if (BuiltIn.isExact(g)) {
            return (m, o, e) -> {
                return tested(t, Substitution.test(g, m, o, e));
            };
        }
        assumedGuard[t] = true;
        note(GUARDS, label(g) + " of " + source.describeTransition(t));
        return (m, o, e) -> {
            return tested(t, oracle.choose(Assumption.Kind.GUARD, t, 2) == 1);
        };
    }

    private MachineAction<Object, Object> actionOf(Chart<Object> source, Substitution.Site site, int id, Object a) {
        if (BuiltIn.isExact(a)) {
            return (m, o, e) -> {
                if (m.cause() != Cause.RESTORE) {
                    Substitution.run(a, m, o, e);
                }
            };
        }
        Optional<String> drawn = BuiltIn.drawnVariable(a);
        if (drawn.isPresent()) {
            int v = source.variableId(drawn.get());
            Variable var = source.variables().get(v);
            return (m, o, e) -> {
                if (m.cause() != Cause.RESTORE) {
                    int arity = var.max() - var.min() + 1;
                    m.variables().setValue(v, var.min() + oracle.choose(Assumption.Kind.DRAWN, v, arity));
                }
            };
        }
        String where = site == Substitution.Site.TRANSITION ? source.describeTransition(id)
                : site.name().toLowerCase(java.util.Locale.ROOT) + " of " + source.stateName(id);
        note(BuiltIn.isSend(a) ? SENDS : ACTIONS, label(a) + " in " + where);
        if ((a instanceof MachineAction || a instanceof MachineStateAction) && !BuiltIn.isSend(a)) {
            machineActionsLeftOut = true;
            note(MACHINE_ACTIONS, label(a) + " in " + where);
        }
        return (m, o, e) -> { };
    }

    private boolean tested(int t, boolean holds) {
        guardOutcomes[t] |= (byte) (holds ? 2 : 1);
        if (holds) {
            held.add(t);
        }
        return holds;
    }

    static final String GUARDS = "guards written in Java or drawn by chance are taken both ways";
    static final String ACTIONS = "actions written in Java do nothing here: what they do to the owner is not modelled";
    static final String MACHINE_ACTIONS = "actions written in Java that take the machine: were one to raise an event, set a "
            + "variable or move the machine, what only it reaches would be reported dead";
    static final String SENDS = "telegrams sent to other agents (Send) are not modelled";
    static final String BEHAVIOURS = "behaviours do nothing here, and are taken as finished and as not at every tick";

    private void note(String kind, String where) {
        notModelled.computeIfAbsent(kind, k -> new LinkedHashSet<>()).add(where);
    }

    /** The lines {@code ChartAnalysis.notModelled} gives: each kind of part, with up to three places. */
    List<String> notModelledLines() {
        List<String> out = new java.util.ArrayList<>();
        notModelled.forEach((kind, where) -> {
            List<String> some = where.stream().limit(3).toList();
            out.add(kind + " (" + String.join("; ", some) + (where.size() > 3 ? "; and " + (where.size() - 3) + " more" : "")
                    + ")");
        });
        return out;
    }

    /** A function as a designer knows it: its label, or "a lambda" for Java's synthetic names. */
    static String label(Object f) {
        String s = String.valueOf(f);
        return s.contains("$$Lambda") ? "a lambda" : "\"" + s + "\"";
    }

    /** A behaviour that does nothing and has finished when the oracle says so. */
    private final class Finishing implements Behavior<Object> {
        private final int state;

        Finishing(int state) {
            this.state = state;
        }

        @Override
        public boolean isFinished(Object owner, Activity<Object> activity) {
            return oracle.choose(Assumption.Kind.FINISHED, state, 2) == 1;
        }
    }
}
