package dev.arbor.core.reference;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.Condition;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.HistoryType;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.TransitionBuilder;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded generator of random valid charts, built twice: as a reference model ({@link #generate})
 * and as an Arbor {@link Chart} ({@link #toArbor}).
 *
 * <p>Charts have depth up to {@link #MAX_DEPTH} below the root and fan-out up to 3: atomic,
 * compound, parallel and final states, shallow and deep history (with and without declared
 * defaults), initial targets that are sometimes deeper descendants or several states in the
 * regions of a parallel descendant; transitions on the events {@link #EVENTS} (single
 * descriptors, descriptor lists, {@code "*"}, the prefix {@code "done"}), eventless ones,
 * completion ({@code onDone}) ones of the source or of another state, guards on {@link #VARS} boolean variables, targetless ones,
 * targets that are history states, the root, an ancestor or a descendant of the source, or two
 * states in different regions of a parallel state; LOCAL and EXTERNAL kinds; actions that log,
 * set variables, raise internal events, send external ones ({@code fire} from an action) and
 * throw (under either error policy); since issue 12, polled transitions ({@code when} and
 * {@code after(1..4)} timers, tested by ticks) and states that defer an event or {@code "*"}.
 *
 * <p>{@link #generateFlat} makes charts without parallel states, which Arbor runs on its flat
 * path and specializes, with more history states and more transitions that target them.
 *
 * <p>Every eventless transition is guarded by a variable that its own action clears; re-arming
 * effects are budgeted (see {@link Effect}). The only remaining way not to settle is a loop of
 * completion transitions; those are detected on both sides by the microstep bound.
 */
final class RandomCharts {

    /** The events fired, raised and declared. {@code "a"} also matches {@code "a.x"} (SCXML descriptor prefixes). */
    static final String[] EVENTS = {"a", "b", "c", "d", "a.x"};
    static final int VARS = 3;
    static final int MAX_DEPTH = 4;
    static final int MAX_STATES = 24;
    static final int MAX_TRANSITIONS = 30;

    private RandomCharts() {}

    // ================================================================ generation

    /** The seed of chart number {@code index} of a run from {@code base}: well spread (SplitMix64's finaliser). */
    static long chartSeed(long base, int index) {
        long z = base + index * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    static RefChart generate(long seed) {
        return new Gen(seed, false).run();
    }

    /** A chart without parallel states (so without multi-target transitions), rich in history. */
    static RefChart generateFlat(long seed) {
        return new Gen(seed, true).run();
    }

    private static final class Gen {
        final long seed;
        final SplittableRandom r;
        /**
         * The draws for designer variables (Add and Random effects, Compare guards): a stream of
         * its own, so that a seed's chart keeps the shape it had before they were generated.
         */
        final SplittableRandom v;
        /** No parallel states; twice the history states, and a fifth of targeted transitions aimed at one. */
        final boolean flat;
        int names;
        int stateCount = 1;
        int transitionCount;
        RefChart chart;

        Gen(long seed, boolean flat) {
            this.seed = seed;
            this.r = new SplittableRandom(seed);
            this.v = new SplittableRandom(seed * 31 + 7);
            this.flat = flat;
        }

        boolean chance(int percent) {
            return r.nextInt(100) < percent;
        }

        <T> T pick(List<T> list) {
            return list.get(r.nextInt(list.size()));
        }

        RefChart run() {
            RefState root = new RefState("root", RefState.Kind.COMPOUND, null);
            boolean raiseErrors = chance(50);
            int top = 1 + r.nextInt(3);
            for (int i = 0; i < top; i++) {
                addChild(root, 1);
            }
            maybeAddHistory(root, 5);
            chart = new RefChart(seed, root, VARS);
            chart.raiseErrorEvents = raiseErrors;
            for (RefState s : chart.states) {
                if (s.kind == RefState.Kind.COMPOUND) {
                    chooseInitial(s);
                }
            }
            for (RefState s : chart.states) {
                if (s.isHistory()) {
                    chooseHistoryDefault(s);
                }
            }
            for (RefState s : chart.states) {
                if (s.isHistory()) {
                    continue;
                }
                if (chance(30)) {
                    s.onEntry.add(effect("en:" + s.name));
                }
                if (s != chart.root && chance(30)) {
                    s.onExit.add(effect("ex:" + s.name));
                }
                if (s.kind == RefState.Kind.COMPOUND && chance(25)) {
                    s.initialAction.add(effect("in:" + s.name));
                }
                if (chance(15)) {
                    s.defers.add(chance(15) ? "*" : pick(List.of(EVENTS))); // issue 12: deferral
                }
                if (s.kind != RefState.Kind.FINAL) {
                    int n = r.nextInt(100);
                    int count = n < 30 ? 0 : n < 65 ? 1 : n < 88 ? 2 : 3;
                    for (int i = 0; i < count && transitionCount < MAX_TRANSITIONS; i++) {
                        addTransition(s);
                    }
                }
            }
            chart.renumber();
            return chart;
        }

        String newName(String prefix) {
            return prefix + (++names);
        }

        void addChild(RefState parent, int depth) {
            stateCount++;
            boolean room = depth < MAX_DEPTH && stateCount < MAX_STATES;
            RefState.Kind kind;
            if (parent.kind == RefState.Kind.PARALLEL) {
                // A region: usually compound.
                kind = room && chance(80) ? RefState.Kind.COMPOUND : RefState.Kind.ATOMIC;
            } else {
                int roll = r.nextInt(100);
                if (!room) {
                    kind = roll < 85 ? RefState.Kind.ATOMIC : RefState.Kind.FINAL;
                } else if (roll < 33) {
                    kind = RefState.Kind.ATOMIC;
                } else if (roll < 60) {
                    kind = RefState.Kind.COMPOUND;
                } else if (roll < 78) {
                    kind = flat ? RefState.Kind.COMPOUND : RefState.Kind.PARALLEL;
                } else if (roll < 90) {
                    kind = RefState.Kind.FINAL;
                } else {
                    kind = RefState.Kind.ATOMIC;
                }
                // A final child of the root halts the machine: keep it rare.
                if (kind == RefState.Kind.FINAL && parent.parent == null && !chance(25)) {
                    kind = RefState.Kind.ATOMIC;
                }
            }
            RefState s = new RefState(newName("s"), kind, parent);
            if (kind == RefState.Kind.COMPOUND) {
                int n = 1 + r.nextInt(3);
                for (int i = 0; i < n; i++) {
                    addChild(s, depth + 1);
                }
                maybeAddHistory(s, 25);
            } else if (kind == RefState.Kind.PARALLEL) {
                int n = 2 + r.nextInt(2);
                for (int i = 0; i < n; i++) {
                    addChild(s, depth + 1);
                }
                maybeAddHistory(s, 15);
            }
        }

        void maybeAddHistory(RefState s, int percent) {
            if (!chance(flat ? 2 * percent : percent)) {
                return;
            }
            RefState.Kind kind = chance(50) ? RefState.Kind.SHALLOW_HISTORY : RefState.Kind.DEEP_HISTORY;
            RefState h = new RefState(newName("h"), kind, s);
            // Put it at a random position among its siblings (document order must not matter).
            s.children.remove(h);
            s.children.add(r.nextInt(s.children.size() + 1), h);
        }

        List<RefState> properDescendants(RefState s, boolean includeHistory) {
            List<RefState> out = new ArrayList<>();
            for (RefState x : chart.states) {
                if (x.isDescendantOf(s) && (includeHistory || !x.isHistory())) {
                    out.add(x);
                }
            }
            return out;
        }

        List<RefState> descendantsOrSelf(RefState s, boolean includeHistory) {
            List<RefState> out = new ArrayList<>();
            out.add(s);
            out.addAll(properDescendants(s, includeHistory));
            return out;
        }

        /** Two states in two different regions of a parallel state that is a proper descendant of {@code scope} (or anywhere, for null). */
        List<RefState> twoRegionTargets(RefState scope, boolean includeHistory) {
            List<RefState> parallels = new ArrayList<>();
            for (RefState x : chart.states) {
                if (x.kind == RefState.Kind.PARALLEL && (scope == null || x.isDescendantOf(scope))) {
                    parallels.add(x);
                }
            }
            if (parallels.isEmpty()) {
                return null;
            }
            RefState p = pick(parallels);
            List<RefState> regions = new ArrayList<>(p.childStates());
            int i = r.nextInt(regions.size());
            int j = r.nextInt(regions.size() - 1);
            if (j >= i) {
                j++;
            }
            int lo = Math.min(i, j);
            int hi = Math.max(i, j);
            List<RefState> out = new ArrayList<>();
            out.add(pick(descendantsOrSelf(regions.get(lo), includeHistory)));
            out.add(pick(descendantsOrSelf(regions.get(hi), includeHistory)));
            return out;
        }

        void chooseInitial(RefState s) {
            List<RefState> kids = s.childStates();
            int roll = r.nextInt(100);
            List<RefState> multi = roll < 10 ? twoRegionTargets(s, false) : null;
            if (multi != null) {
                s.initial.addAll(multi);
            } else if (roll < 35) {
                s.initial.add(pick(properDescendants(s, false)));
            } else {
                s.initial.add(pick(kids));
            }
            // A single child may be left implicit: Arbor then enters it.
            s.initialDeclared = !(kids.size() == 1 && s.initial.size() == 1 && s.initial.get(0) == kids.get(0)
                    && chance(50));
        }

        void chooseHistoryDefault(RefState h) {
            RefState p = h.parent;
            if (chance(50)) {
                h.initialDeclared = true;
                if (p.kind == RefState.Kind.PARALLEL || chance(70)) {
                    h.initial.add(pick(properDescendants(p, false)));
                } else {
                    List<RefState> multi = twoRegionTargets(p, false);
                    h.initial.addAll(multi != null ? multi : List.of(pick(p.childStates())));
                }
            } else {
                // Arbor: a history without declared defaults enters what entering its parent would.
                h.initialDeclared = false;
                if (p.kind == RefState.Kind.PARALLEL) {
                    h.initial.addAll(p.childStates());
                } else {
                    h.initial.addAll(p.initial);
                }
            }
        }

        Effect effect(String log) {
            Effect e = plainEffect(log);
            int set = v.nextInt(100) < 10 ? v.nextInt(Env.GOLD_MAX + 1) : -1;
            int amount = v.nextInt(100) < 25 ? (v.nextBoolean() ? 1 : -1) * (1 + v.nextInt(2)) : 0;
            return e.withDesignerVariables(set, amount, v.nextInt(100) < 15);
        }

        Effect plainEffect(String log) {
            int roll = r.nextInt(100);
            if (roll < 50) {
                return Effect.log(log);
            } else if (roll < 55) {
                return new Effect(log, -1, false, null, false, true);
            } else if (roll < 75) {
                return new Effect(log, r.nextInt(VARS), chance(50), null, false, chance(8));
            } else if (roll < 92) {
                return new Effect(log, -1, false, pick(List.of(EVENTS)), chance(25), chance(8));
            } else {
                return new Effect(log, r.nextInt(VARS), chance(50), pick(List.of(EVENTS)), chance(25), chance(8));
            }
        }

        void addTransition(RefState s) {
            int id = transitionCount++;
            boolean container = s.kind == RefState.Kind.COMPOUND || s.kind == RefState.Kind.PARALLEL;
            int roll = r.nextInt(100);
            String event;
            RefState doneOf = null;
            if (roll < 12) {
                event = null;
            } else if (container && roll < 26) {
                doneOf = s;
                event = "done.state." + s.name;
            } else if (roll < 30) {
                // The completion of another state: usually a descendant, sometimes anywhere.
                List<RefState> candidates = new ArrayList<>();
                for (RefState d : chance(70) ? properDescendants(s, false) : chart.states) {
                    if (d.kind == RefState.Kind.COMPOUND || d.kind == RefState.Kind.PARALLEL) {
                        candidates.add(d);
                    }
                }
                if (candidates.isEmpty()) {
                    event = pick(List.of(EVENTS));
                } else {
                    doneOf = pick(candidates);
                    event = "done.state." + doneOf.name;
                }
            } else if (roll < 33) {
                event = "*"; // every event, completion events included
            } else if (roll < 36) {
                event = "done"; // a descriptor prefix: every completion event
            } else if (roll < 38) {
                event = "error"; // error.execution, raised for failing actions (RAISE_ERROR_EVENT)
            } else if (roll < 42) {
                event = pick(List.of(EVENTS)) + " " + pick(List.of(EVENTS)); // a list of descriptors
            } else {
                event = pick(List.of(EVENTS));
            }
            RefTransition t = new RefTransition(id, s, event, doneOf);
            if (event == null && chance(50)) {
                t.polled = true; // issue 12: tested by ticks, a timer or a when
                t.after = chance(60) ? 1 + r.nextInt(4) : 0;
            }
            // Eventless transitions, and most of those that completion events trigger, are guarded
            // by a variable their own action clears: they cannot fire forever.
            boolean selfClearing = event == null
                    || ((doneOf != null || event.equals("*") || event.equals("done") || event.equals("error"))
                        && chance(60));
            if (selfClearing) {
                t.guardVar = r.nextInt(VARS);
            } else if (chance(45)) {
                t.guardVar = r.nextInt(VARS);
                t.guardNegated = chance(50);
            }
            if (v.nextInt(100) < 25) {
                t.goldAtLeast = v.nextInt(Env.GOLD_MAX + 1);
            }
            chooseTargets(t);
            String log = "t" + id;
            if (selfClearing) {
                t.actions.add(new Effect(log, t.guardVar, false, null, false, false));
                if (chance(30)) {
                    t.actions.add(effect(log + "'"));
                }
            } else {
                t.actions.add(chance(45) ? effect(log) : Effect.log(log));
            }
            s.transitions.add(t);
        }

        void chooseTargets(RefTransition t) {
            RefState s = t.source;
            t.local = chance(40);
            int roll = r.nextInt(100);
            List<RefState> all = new ArrayList<>(chart.states.subList(1, chart.states.size()));
            if (roll < 12) {
                return; // targetless
            }
            if (flat && chance(20)) {
                List<RefState> histories = new ArrayList<>();
                for (RefState x : all) {
                    if (x.isHistory()) {
                        histories.add(x);
                    }
                }
                if (!histories.isEmpty()) {
                    t.targets.add(pick(histories));
                    return;
                }
            }
            if (roll < 17) {
                t.targets.add(chart.root);
                return;
            }
            if (roll < 27) {
                List<RefState> two = twoRegionTargets(null, true);
                if (two != null) {
                    t.targets.addAll(two);
                    return;
                }
            }
            if (roll < 40 && s != chart.root) {
                List<RefState> ancestors = new ArrayList<>();
                for (RefState a = s.parent; a != null; a = a.parent) {
                    ancestors.add(a);
                }
                t.targets.add(pick(ancestors));
                t.local = chance(75);
                return;
            }
            if (roll < 52 && (s.kind == RefState.Kind.COMPOUND || s.kind == RefState.Kind.PARALLEL)) {
                t.targets.add(pick(properDescendants(s, true)));
                t.local = chance(60);
                return;
            }
            if (roll < 57) {
                t.targets.add(s);
                return;
            }
            t.targets.add(pick(all));
        }
    }

    // ================================================================ the same chart in Arbor

    static Chart<Env> toArbor(RefChart chart, int maxMicrosteps) {
        ChartBuilder<Env> b = Chart.<Env>builder("random-" + chart.seed)
                .variable(Variable.integer("gold", 0, Env.GOLD_MAX, Env.GOLD_INITIAL))
                .variable(Variable.integer("die", 0, Env.DIE_FACES - 1, 0))
                .drawsRandom()
                .allowUnreachable()
                .unknownEvents(UnknownEvents.IGNORE) // random inputs name events a chart may not know: unhandled, as in the reference
                .errorPolicy(chart.raiseErrorEvents ? ErrorPolicy.RAISE_ERROR_EVENT : ErrorPolicy.RETHROW)
                .maxMicrosteps(maxMicrosteps)
                .deferLimit(10_000); // never reached here: overflow is DeferralTest's
        declare(b, chart.root);
        return b.build();
    }

    /** The Arbor keys of these states: their names, and {@link Chart#ROOT} for the root. */
    static Object[] names(List<RefState> states) {
        Object[] out = new Object[states.size()];
        for (int i = 0; i < out.length; i++) {
            RefState s = states.get(i);
            out[i] = s.parent == null ? Chart.ROOT : s.name;
        }
        return out;
    }

    /** Declares everything of {@code s} on its own builder {@code b}. */
    private static void declare(StateBuilder<Env> b, RefState s) {
        if (s.kind == RefState.Kind.COMPOUND && s.initialDeclared) {
            b.initial(names(s.initial));
        }
        for (Effect e : s.initialAction) {
            // initialAction takes the owner only: raise through the owner's machine.
            b.initialAction((StateAction<Env>) env -> env.apply(e, env.machine::raise, env.machine::fire));
        }
        for (Effect e : s.onEntry) {
            b.onEntry((MachineStateAction<Env>) (m, env) -> env.apply(e, m::raise, m::fire));
        }
        for (Effect e : s.onExit) {
            b.onExit((MachineStateAction<Env>) (m, env) -> env.apply(e, m::raise, m::fire));
        }
        for (RefTransition t : s.transitions) {
            declare(b, t);
        }
        for (String d : s.defers) {
            b.defer(d);
        }
        for (RefState c : s.children) {
            switch (c.kind) {
                case ATOMIC, COMPOUND -> b.state(c.name, cb -> declare(cb, c));
                case PARALLEL -> b.parallel(c.name, cb -> declare(cb, c));
                case FINAL -> b.finalState(c.name, cb -> declare(cb, c));
                case SHALLOW_HISTORY, DEEP_HISTORY -> b.history(c.name,
                        c.kind == RefState.Kind.DEEP_HISTORY ? HistoryType.DEEP : HistoryType.SHALLOW,
                        c.initialDeclared ? names(c.initial) : new Object[0]);
            }
        }
    }

    private static void declare(StateBuilder<Env> b, RefTransition t) {
        TransitionBuilder<Env, ?> tb;
        if (t.polled) {
            tb = t.after > 0 ? b.after(t.after) : b.when(env -> true); // the guard, if any, replaces the condition
        } else if (t.event == null) {
            tb = b.always();
        } else if (t.doneOf == t.source) {
            tb = b.onDone();
        } else if (t.doneOf != null) {
            tb = b.onDone(names(List.of(t.doneOf))[0]);
        } else {
            tb = b.on(t.event);
        }
        complete(tb, t);
    }

    private static <E> void complete(TransitionBuilder<Env, E> tb, RefTransition t) {
        int v = t.guardVar;
        boolean neg = t.guardNegated;
        int gold = t.goldAtLeast;
        if (gold >= 0) { // reads the machine's designer variable, as the built-in Compare does
            tb.guard((MachineGuard<Env, E>) (m, env, e) -> (v < 0 || env.vars[v] != neg)
                    && m.variables().value(Env.GOLD) >= gold);
        } else if (v >= 0) {
            tb.guard((Condition<Env>) env -> env.vars[v] != neg);
        }
        for (Effect e : t.actions) {
            tb.action((MachineAction<Env, E>) (m, env, ev) -> env.apply(e, m::raise, m::fire));
        }
        if (!t.targets.isEmpty()) {
            tb.target(names(t.targets));
            if (t.local) {
                tb.local();
            } else {
                tb.external();
            }
        }
    }
}
