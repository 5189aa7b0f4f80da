package dev.arbor.core.reference;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.Condition;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.HistoryType;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.TransitionBuilder;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.List;

/**
 * A chart {@link RandomCharts} generates, as the tests of other modules take it: the reference
 * model reduced to what a chart analysis models, built as an Arbor chart whose effects are the
 * caller's components, and run by the {@link ReferenceInterpreter} with the guards written in
 * Java decided by the caller. It is the differential test's chart (same seed, same tree, same
 * transitions and ids) with these differences:
 *
 * <ul>
 *   <li>Guards on the owner's booleans, and the condition of a {@code when} without a guard, are
 *       written in Java and ask the owner, a {@link Decider} ({@code d -> d.guard(id)}); the
 *       reference asks its decider in their place ({@link RefTransition#decided}). A guard that
 *       reads both an owner boolean and {@code gold} is the decider's as a whole. A guard on
 *       {@code gold} alone is {@link Components#goldAtLeast} (arbor-io's {@code Compare}).</li>
 *   <li>Entry and exit effects are the caller's components, in the order {@link Env#apply} runs
 *       them: raise, set gold, add to gold, roll the die. What they did to the owner's booleans,
 *       their events sent to the machine itself ({@code fire} from an action) and their failures
 *       are left out: no component does them. The die is a coin ({@link #variables()}), whose
 *       draws are the decider's in the reference. The raise budget is unlimited: a chart that
 *       raises forever livelocks, on both sides, at {@code maxMicrosteps}.</li>
 *   <li>A tick of the reference runs to completion a second time, after the update actions, as
 *       Arbor's general tick does (ReferenceInterpreter's {@code update}); with guards that read the
 *       configuration it finds nothing there, and a decider is told ({@link Decider#settlesAgain}).</li>
 *   <li>Transition and initial actions are left out: the Java builder takes them as
 *       {@code MachineAction} and {@code StateAction}, which only a chart file adapts a built-in
 *       component to (so that an analysis still knows it); here they would be Java.</li>
 *   <li>The chart keeps at most {@code deferLimit} deferred events, and the reference applies the
 *       same limit ({@link RefChart#deferLimit}).</li>
 * </ul>
 */
public final class GeneratedChart {

    /**
     * Decides what the chart leaves to Java: the owner of the Arbor chart's machines, and the
     * reference's source of guard outcomes and draws.
     */
    public interface Decider {
        /**
         * The outcome of the guard of a transition that {@link #decided} says is the decider's.
         *
         * @param transition the transition's id (the same in the Arbor chart and the reference)
         * @return whether it holds
         */
        boolean guard(int transition);

        /**
         * A draw of the die (the reference's; an Arbor machine draws from its own generator).
         *
         * @param bound the number of its values (its range starts at 0: {@link #variables()})
         * @return a value from 0 to {@code bound - 1}
         */
        int draw(int bound);

        /**
         * Told when a tick runs to completion a second time, after its update actions (which
         * generated charts lack): with nothing run since the first, Arbor's ticks skip it on some
         * paths (a chart whose ticks only run timers), so its guards may be tested here and not
         * there.
         */
        default void settlesAgain() {
        }
    }

    /**
     * The components the chart's effects and {@code gold} guards are made of (arbor-io's built-in
     * {@code Raise}, {@code Set}, {@code Add}, {@code Random} and {@code Compare}, bound to
     * {@link #variables()}).
     */
    public interface Components {
        /**
         * An action that raises an event.
         *
         * @param event the event
         * @return the action
         */
        MachineStateAction<Decider> raise(String event);

        /**
         * An action that sets {@code gold}.
         *
         * @param value its new value
         * @return the action
         */
        MachineStateAction<Decider> setGold(int value);

        /**
         * An action that adds to {@code gold}, clamped to its range.
         *
         * @param amount the amount, negative to take away
         * @param state  the name of the state it runs in
         * @return the action
         */
        MachineStateAction<Decider> addGold(int amount, String state);

        /**
         * An action that sets {@code die} to a value drawn from its range.
         *
         * @return the action
         */
        MachineStateAction<Decider> rollDie();

        /**
         * A condition that holds when {@code gold >= value}.
         *
         * @param value the least value
         * @return a {@link MachineCondition} that is also a {@code MachineGuard<Decider, Object>}
         */
        MachineCondition<Decider> goldAtLeast(int value);
    }

    /** What one input did on the reference. */
    public enum Outcome {
        /** The step ran to completion. */
        SETTLED,
        /** It did not settle within {@code maxMicrosteps} (nor its recalls). */
        LIVELOCK,
        /** It settled, and then threw the first error of the step (RETHROW policy: a deferral beyond the limit). */
        FAILED
    }

    private final RefChart ref;
    private final Chart<Decider> chart;
    private final int maxMicrosteps;

    private GeneratedChart(RefChart ref, Chart<Decider> chart, int maxMicrosteps) {
        this.ref = ref;
        this.chart = chart;
        this.maxMicrosteps = maxMicrosteps;
    }

    /**
     * The events the differential test fires; the chart's triggers are made of them.
     *
     * @return {@code a, b, c, d, a.x}
     */
    public static List<String> events() {
        return List.of(RandomCharts.EVENTS);
    }

    /**
     * The variables every generated chart declares, in the order of their ids: {@code gold}, an
     * int from 0 to 7 starting at 3, and {@code die}, here a coin (0 or 1, where the differential
     * test's has six faces), so that an analysis takes two values at each roll and not six.
     *
     * @return the variables
     */
    public static List<Variable> variables() {
        return List.of(Variable.integer("gold", 0, Env.GOLD_MAX, Env.GOLD_INITIAL), Variable.integer("die", 0, DIE_MAX, 0));
    }

    private static final int DIE_MAX = 1;

    /** The differential test's first seed: {@code seed(DIFFERENTIAL_BASE, i)} is its chart number i. */
    public static final long DIFFERENTIAL_BASE = 0x5EED_A4B0_2025L;

    /**
     * The seed of chart number {@code index} of a run from {@code base}, as the differential test
     * numbers its charts.
     *
     * @param base  the run's first seed, such as {@link #DIFFERENTIAL_BASE}
     * @param index from 0
     * @return the seed
     */
    public static long seed(long base, int index) {
        return RandomCharts.chartSeed(base, index);
    }

    /**
     * Generates a chart.
     *
     * @param seed          the differential test's chart seed
     * @param flat          a chart without parallel states, rich in history ({@link RandomCharts#generateFlat})
     * @param components    what the effects and {@code gold} guards are made of
     * @param deferLimit    the most events kept deferred
     * @param maxMicrosteps the livelock bound, on both sides
     * @return the chart
     */
    public static GeneratedChart generate(long seed, boolean flat, Components components, int deferLimit,
                                          int maxMicrosteps) {
        RefChart ref = (flat ? RandomCharts.generateFlat(seed) : RandomCharts.generate(seed)).copy();
        ref.deferLimit = deferLimit;
        for (RefState s : ref.states) {
            modelled(s.onEntry);
            modelled(s.onExit);
            s.initialAction.clear();
            for (RefTransition t : s.transitions) {
                t.actions.clear();
                t.decided = t.guardVar >= 0 || t.polled && t.after == 0 && t.goldAtLeast < 0;
            }
        }
        ChartBuilder<Decider> b = Chart.<Decider>builder((flat ? "flat-" : "random-") + seed)
                .variable(variables().get(0))
                .variable(variables().get(1))
                .drawsRandom()
                .allowUnreachable()
                .unknownEvents(UnknownEvents.IGNORE) // random inputs name events a chart may not know: unhandled, as in the reference
                .errorPolicy(ref.raiseErrorEvents ? ErrorPolicy.RAISE_ERROR_EVENT : ErrorPolicy.RETHROW)
                .maxMicrosteps(maxMicrosteps)
                .deferLimit(deferLimit);
        declare(b, ref.root, components);
        Chart<Decider> chart = b.build();
        for (RefTransition t : ref.transitions) {
            if (!chart.stateName(chart.transitionSource(t.id)).equals(t.source.name)) {
                throw new IllegalStateException("chart seed " + seed + ": transition " + t.id + " is "
                        + chart.describeTransition(t.id) + " in Arbor, " + t.describe() + " in the reference");
            }
        }
        return new GeneratedChart(ref, chart, maxMicrosteps);
    }

    /** An effect as the components do it: its raise (not a send), gold and die; no boolean, no failure. */
    private static void modelled(List<Effect> effects) {
        effects.replaceAll(e -> new Effect(e.log(), -1, false, e.external() ? null : e.raise(), false, false, e.setGold(),
                e.addGold(), e.roll()));
    }

    /**
     * The chart's seed.
     *
     * @return the differential test's chart seed it was generated from
     */
    public long seed() {
        return ref.seed;
    }

    /**
     * The Arbor chart.
     *
     * @return the chart, whose machines take a {@link Decider} as owner
     */
    public Chart<Decider> chart() {
        return chart;
    }

    /**
     * Whether a transition's guard is written in Java and asks the {@link Decider}.
     *
     * @param transition the transition's id
     * @return true for the decider's guards
     */
    public boolean decided(int transition) {
        return transition < ref.transitions.size() && ref.transitions.get(transition).decided;
    }

    /**
     * The reference model, as the differential test prints a chart.
     *
     * @return the tree with its kinds, initial targets, effects and transitions
     */
    public String dump() {
        return ref.dump();
    }

    /**
     * A reference interpreter of the chart, not started.
     *
     * @param decider decides its guards written in Java and its draws
     * @return the run
     */
    public Run reference(Decider decider) {
        return new Run(decider);
    }

    /** The reference interpreter running the chart, one input at a time. */
    public final class Run {
        private final Env env = new Env(new boolean[RandomCharts.VARS]);
        private final ReferenceInterpreter interpreter;
        private int from;

        private Run(Decider decider) {
            env.decider = new Decider() {
                @Override
                public boolean guard(int transition) {
                    return decider.guard(transition);
                }

                @Override
                public int draw(int bound) {
                    return decider.draw(DIE_MAX + 1); // the coin, not the differential test's die
                }

                @Override
                public void settlesAgain() {
                    decider.settlesAgain();
                }
            };
            interpreter = new ReferenceInterpreter(ref, env, maxMicrosteps,
                    ReferenceInterpreter.HistoryDomain.ARBOR_DECLARED_TARGETS);
        }

        /**
         * Starts the machine: {@code start()}.
         *
         * @return what it did
         */
        public Outcome start() {
            return step(interpreter::start);
        }

        /**
         * One event: {@code fire(event)}.
         *
         * @param event the event
         * @return what it did
         */
        public Outcome fire(String event) {
            return step(() -> interpreter.fire(event));
        }

        /**
         * One tick: {@code update()}.
         *
         * @return what it did
         */
        public Outcome update() {
            return step(interpreter::update);
        }

        private Outcome step(Runnable input) {
            from = env.trace.size();
            interpreter.taken.clear();
            env.budget = Integer.MAX_VALUE;
            try {
                input.run();
                return Outcome.SETTLED;
            } catch (ReferenceInterpreter.Livelock e) {
                return Outcome.LIVELOCK;
            } catch (ReferenceInterpreter.Overflow e) {
                return Outcome.FAILED;
            }
        }

        /**
         * The active states, in document order, the root aside.
         *
         * @return their names
         */
        public List<String> active() {
            List<String> out = new ArrayList<>();
            for (RefState s : interpreter.configuration()) {
                if (s != ref.root) {
                    out.add(s.name);
                }
            }
            return out;
        }

        /**
         * The states the last input entered, in order (some may have been left again), the root aside.
         *
         * @return their names
         */
        public List<String> entered() {
            List<String> out = new ArrayList<>();
            for (String r : trace()) {
                if (r.startsWith("+") && !r.equals("+" + ref.root.name)) {
                    out.add(r.substring(1));
                }
            }
            return out;
        }

        /**
         * The transitions the last input took, in the order their content ran.
         *
         * @return their ids
         */
        public List<Integer> taken() {
            return List.copyOf(interpreter.taken);
        }

        /**
         * The reference's records of the last input (events, entries, exits, transitions, errors).
         *
         * @return the records
         */
        public List<String> trace() {
            return List.copyOf(env.trace.subList(from, env.trace.size()));
        }

        /**
         * Whether the machine has halted.
         *
         * @return true once a final child of the root was entered
         */
        public boolean halted() {
            return interpreter.isHalted();
        }

        /**
         * The designer variables.
         *
         * @return {@code gold} and {@code die}, as the machine's {@code variables()} list them
         */
        public List<Integer> variables() {
            return List.of(env.gold, env.die);
        }
    }

    // ---------------------------------------------------------------- the Arbor chart

    private static void declare(StateBuilder<Decider> b, RefState s, Components k) {
        if (s.kind == RefState.Kind.COMPOUND && s.initialDeclared) {
            b.initial(RandomCharts.names(s.initial));
        }
        String name = s.name;
        for (Effect e : s.onEntry) {
            actions(e, name, k).forEach(b::onEntry);
        }
        for (Effect e : s.onExit) {
            actions(e, name, k).forEach(b::onExit);
        }
        for (RefTransition t : s.transitions) {
            declare(b, t, k);
        }
        for (String d : s.defers) {
            b.defer(d);
        }
        for (RefState c : s.children) {
            switch (c.kind) {
                case ATOMIC, COMPOUND -> b.state(c.name, cb -> declare(cb, c, k));
                case PARALLEL -> b.parallel(c.name, cb -> declare(cb, c, k));
                case FINAL -> b.finalState(c.name, cb -> declare(cb, c, k));
                case SHALLOW_HISTORY, DEEP_HISTORY -> b.history(c.name,
                        c.kind == RefState.Kind.DEEP_HISTORY ? HistoryType.DEEP : HistoryType.SHALLOW,
                        c.initialDeclared ? RandomCharts.names(c.initial) : new Object[0]);
            }
        }
    }

    /** An effect's components, in the order {@link Env#apply} runs its parts. */
    private static List<MachineStateAction<Decider>> actions(Effect e, String state, Components k) {
        List<MachineStateAction<Decider>> out = new ArrayList<>();
        if (e.raise() != null) {
            out.add(k.raise(e.raise()));
        }
        if (e.setGold() >= 0) {
            out.add(k.setGold(e.setGold()));
        }
        if (e.addGold() != 0) {
            out.add(k.addGold(e.addGold(), state));
        }
        if (e.roll()) {
            out.add(k.rollDie());
        }
        return out;
    }

    private static void declare(StateBuilder<Decider> b, RefTransition t, Components k) {
        int id = t.id;
        Condition<Decider> decided = d -> d.guard(id);
        TransitionBuilder<Decider, ?> tb;
        if (t.polled && t.after == 0) {
            tb = t.decided ? b.when(decided) : b.when(k.goldAtLeast(t.goldAtLeast)); // the condition is the guard
        } else {
            if (t.polled) {
                tb = b.after(t.after);
            } else if (t.event == null) {
                tb = b.always();
            } else if (t.doneOf == t.source) {
                tb = b.onDone();
            } else if (t.doneOf != null) {
                tb = b.onDone(RandomCharts.names(List.of(t.doneOf))[0]);
            } else {
                tb = b.on(t.event);
            }
            if (t.decided) {
                tb.guard(decided);
            } else if (t.goldAtLeast >= 0) {
                guard(tb, k.goldAtLeast(t.goldAtLeast));
            }
        }
        if (!t.targets.isEmpty()) {
            tb.target(RandomCharts.names(t.targets));
            if (t.local) {
                tb.local();
            } else {
                tb.external();
            }
        }
    }

    /** A component that tests only the machine, as the guard of a transition of any event type. */
    @SuppressWarnings("unchecked")
    private static <E> void guard(TransitionBuilder<Decider, E> tb, MachineCondition<Decider> condition) {
        tb.guard((MachineGuard<Decider, E>) condition);
    }
}
