package dev.arbor.core.speed;

import dev.arbor.core.Machine;
import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;
import dev.arbor.core.semantics.FlatStep;
import dev.arbor.core.semantics.HandlerRequest;
import dev.arbor.core.semantics.HandlerStep;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.MicrostepHooks;
import dev.arbor.core.semantics.RegionStep;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.Ticks;
import static java.lang.invoke.MethodHandles.catchException;
import static java.lang.invoke.MethodHandles.constant;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.foldArguments;
import static java.lang.invoke.MethodHandles.guardWithTest;
import static java.lang.invoke.MethodHandles.insertArguments;
import static java.lang.invoke.MethodHandles.permuteArguments;
import static java.lang.invoke.MethodType.methodType;

import dev.arbor.core.model.UserAction;
import dev.arbor.core.model.UserGuard;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.EventSets;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles a chart's event dispatch into method handles (a chart without parallel states here;
 * one with regions in the region cases below): for each (active leaf, event set) pair, the
 * candidate transitions innermost first, each a guard test around its precomputed microstep —
 * exits, transition action, entries — with every user function bound in as a constant and every
 * engine step a call to the same {@link MicrostepHooks} method the interpreter uses;
 * and, for charts without behaviours or eventless transitions, each leaf's tick: its polled
 * conditions, then its update actions.
 *
 * <p>Why: the interpreter calls every user action from one call site, which the JIT sees as
 * megamorphic (tens of lambda classes), so it can inline none of them; those calls were about
 * 70% of an event's time. Behind a constant handle each action has a call site of its own.
 *
 * <p>Handler states ({@link StateHandler}) are asked in the same chain, after their state's
 * declared transitions: each handler's {@code onEvent} from a call site of its own, its reply an
 * int the chain switches on. A requested transition is taken by a call from the case into a table
 * of compiled microsteps, one per (active leaf, handler state, target), in chunks of their own:
 * nested inside the case, the handler calls and the microstep together went past the JIT's
 * inlining depth. (Noting the request on the machine and looking the microstep up after the case
 * returned was slower, by up to 14 % on QHsmTst in handler style.) Events no declared trigger names (a handler
 * chart's usual events) have a column of cases of their own, whatever their kind.
 *
 * <p>A transition to a history state is compiled as its entries down to the history's parent,
 * then a switch on what the history recorded ({@link FlatStep#historyCase}), one case of constant
 * entries per state it can record and one for "recorded nothing". A history with more than
 * {@link #MAX_INLINED_HISTORY_CASES} cases, or whose microstep would be longer than
 * {@link #CASE_BUDGET} steps, is left to the interpreter's flat microstep, which reads the same
 * precomputed entries.
 *
 * <p>Semantics are the interpreter's, step for step (the test suite runs both ways); whatever
 * the precomputed paths cannot express (plans, history that leads to another history) calls the
 * interpreter's general microstep for that transition.
 */
public final class Specializer {

    /** Charts with more (state, event set) pairs than this stay interpreted. */
    static final int MAX_CASES = 1 << 16;
    /**
     * Steps (engine hooks, actions, guards, both variants of a microstep) a case may take where
     * something smaller can serve instead: a case of two regions' leaves (else the regions select
     * one by one) and a transition through history (else the interpreter's microstep). C1 compiles
     * each case as one method ({@link ChunkClassFile}); when cases of QHsmTst were compiled
     * together, C1 ran out of virtual registers above about 260 steps, and the code then stayed in
     * limited-profile code and never reached C2, at 5 to 15 times the cost.
     */
    static final int CASE_BUDGET = 200;
    /**
     * Handler transitions (active leaf, handler state, requested target) compiled at most; a
     * chart with more takes its handlers' requests by the interpreter's flat microstep (the
     * handlers are still called from call sites of their own).
     */
    public static final int MAX_HANDLER_MOVES = 1 << 13;
    /**
     * The most cases of a history state (states it can record, plus "recorded nothing") compiled
     * into a transition to it: each case is a copy of its entries, in both variants.
     */
    static final int MAX_INLINED_HISTORY_CASES = 64;

    /** {@code (Machine, Object owner, Object event)boolean}: every case, and every effect. */
    private static final MethodType CASE = methodType(boolean.class, MachineCore.class, Object.class, Object.class);
    private static final MethodHandle HANDLED = dropArguments(constant(boolean.class, true), 0, CASE.parameterList());
    private static final MethodHandle UNHANDLED = dropArguments(constant(boolean.class, false), 0, CASE.parameterList());

    private static final MethodHandle EXITING;
    private static final MethodHandle EXITED;
    private static final MethodHandle EXITED_LOW;
    private static final MethodHandle ENTERING;
    private static final MethodHandle ENTERING_LOW;
    private static final MethodHandle QUIET;
    private static final MethodHandle SUMMARISED;
    private static final MethodHandle MICROSTEP_TAKEN;
    private static final MethodHandle ENTERED_QUIET;
    private static final MethodHandle ENTERED_QUIET_LOW;
    private static final MethodHandle BEHAVIORS_ENTERED;
    private static final MethodHandle FINAL_ENTERED;
    private static final MethodHandle RECORD_HISTORY;
    private static final MethodHandle SAVE_PREVIOUS;
    private static final MethodHandle TRANSITION_TAKEN;
    private static final MethodHandle INTERNAL_TAKEN;
    private static final MethodHandle ACTION_FAILED;
    private static final MethodHandle GUARD_FAILED;
    private static final MethodHandle EXECUTE_GENERAL;
    private static final MethodHandle HISTORY_CASE;
    /** The switch on a history record's fallback: never taken, as records are checked where they come from (StateCheck). */
    private static final MethodHandle UNRECORDABLE;
    private static final MethodHandle TICK_FIRED;
    private static final MethodHandle TICK_ONWARD;
    private static final MethodHandle TICK_QUIET;
    private static final MethodHandle TICK_SETTLE;
    private static final MethodHandle HANDLER_ON_EVENT;
    private static final MethodHandle HANDLER_REQUEST;
    private static final MethodHandle HANDLER_REPLY;
    private static final MethodHandle HANDLER_FAILED;
    private static final MethodHandle HANDLER_REPLIED;
    /** {@code (Chunks, int, Machine, Object, Object)boolean}: a table's cases, run from another table's case. */
    private static final MethodHandle CHUNKS_RUN;
    /** {@code (int, int)int}: a handler's reply as the key of its move in a row of moves. */
    private static final MethodHandle MOVE_KEY;
    private static final MethodHandle IS_UNHANDLED;
    private static final MethodHandle PICKED;
    private static final MethodHandle IS_HANDLED;

    /**
     * A full-privilege lookup in the semantics' package, which this module's own code may take
     * ({@code privateLookupIn} within one module): the hooks the cases call are the semantics'
     * package-private methods, and each chunk is defined there as a hidden class, so that its
     * code reads the machine's configuration as the semantics does.
     */
    static final MethodHandles.Lookup SEMANTICS;

    static {
        try {
            SEMANTICS = MethodHandles.privateLookupIn(SpecializedDispatch.class, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static {
        MethodHandles.Lookup l = SEMANTICS;
        try {
            MethodType ofState = methodType(void.class, int.class);
            MethodType ofTransition = methodType(void.class, int.class, Object.class);
            EXITING = hook(l, MicrostepHooks.class, NamedMembers.EXITING, ofState);
            EXITED = hook(l, MicrostepHooks.class, NamedMembers.EXITED, ofState);
            ENTERING = hook(l, MicrostepHooks.class, NamedMembers.ENTERING, ofState);
            EXITED_LOW = hook(l, MicrostepHooks.class, NamedMembers.EXITED_LOW, methodType(void.class, long.class));
            ENTERING_LOW = hook(l, MicrostepHooks.class, NamedMembers.ENTERING_LOW, methodType(void.class, int.class, long.class));
            QUIET = hook(l, MicrostepHooks.class, NamedMembers.QUIET, methodType(boolean.class));
            SUMMARISED = hook(l, MicrostepHooks.class, NamedMembers.SUMMARISED, methodType(boolean.class));
            MICROSTEP_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.MICROSTEP_TAKEN, methodType(void.class, int.class, int.class, Object.class));
            ENTERED_QUIET = hook(l, MicrostepHooks.class, NamedMembers.ENTERED_QUIET, ofState);
            ENTERED_QUIET_LOW = hook(l, MicrostepHooks.class, NamedMembers.ENTERED_QUIET, methodType(void.class, long.class));
            BEHAVIORS_ENTERED = hook(l, MicrostepHooks.class, NamedMembers.BEHAVIORS_ENTERED, ofState);
            FINAL_ENTERED = hook(l, MicrostepHooks.class, NamedMembers.FINAL_ENTERED, ofState);
            RECORD_HISTORY = hook(l, MicrostepHooks.class, NamedMembers.RECORD_HISTORY, ofState);
            SAVE_PREVIOUS = hook(l, MicrostepHooks.class, NamedMembers.SAVE_PREVIOUS_CONFIGURATION, methodType(void.class));
            TRANSITION_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.TRANSITION_TAKEN, ofTransition);
            INTERNAL_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.INTERNAL_TAKEN, ofTransition);
            ACTION_FAILED = hook(l, MicrostepHooks.class, NamedMembers.ACTION_FAILED, methodType(void.class, Throwable.class, int.class));
            GUARD_FAILED = hook(l, MicrostepHooks.class, NamedMembers.GUARD_FAILED, methodType(boolean.class, Throwable.class, int.class));
            EXECUTE_GENERAL = hook(l, MicrostepHooks.class, NamedMembers.EXECUTE_GENERAL, methodType(boolean.class, int.class, Object.class));
            HISTORY_CASE = hook(l, FlatStep.class, NamedMembers.HISTORY_CASE, methodType(int.class, int.class));
            UNRECORDABLE = dropArguments(MethodHandles.throwException(void.class, IllegalStateException.class)
                    .bindTo(new IllegalStateException("a history record names a state the history cannot record")),
                    0, int.class, MachineCore.class, Object.class, Object.class);
            TICK_FIRED = hook(l, Ticks.class, NamedMembers.TICK_FIRED, ofState);
            TICK_ONWARD = hook(l, Ticks.class, NamedMembers.TICK_ONWARD, methodType(void.class));
            TICK_QUIET = hook(l, Ticks.class, NamedMembers.TICK_QUIET, methodType(boolean.class));
            TICK_SETTLE = hook(l, Ticks.class, NamedMembers.TICK_SETTLE, methodType(void.class));
            HANDLER_ON_EVENT = l.findVirtual(StateHandler.class, NamedMembers.ON_EVENT,
                    methodType(Reply.class, Object.class, Object.class, Transitions.class));
            HANDLER_REQUEST = hook(l, HandlerStep.class, NamedMembers.REQUEST, methodType(HandlerRequest.class));
            HANDLER_REPLY = hook(l, HandlerStep.class, NamedMembers.REPLY_OF,
                    methodType(int.class, Reply.class, HandlerRequest.class, int.class));
            HANDLER_FAILED = hook(l, HandlerStep.class, NamedMembers.FAILED, methodType(int.class, Throwable.class, int.class));
            PICKED = hook(l, RegionStep.class, NamedMembers.PICKED, methodType(boolean.class, int.class));
            IS_UNHANDLED = MethodHandles.lookup().findStatic(Specializer.class, NamedMembers.IS_UNHANDLED, methodType(boolean.class, int.class));
            IS_HANDLED = MethodHandles.lookup().findStatic(Specializer.class, NamedMembers.IS_HANDLED, methodType(boolean.class, int.class));
            HANDLER_REPLIED = hook(l, HandlerStep.class, NamedMembers.REPLIED, methodType(boolean.class, int.class, int.class, Object.class));
            CHUNKS_RUN = l.findVirtual(SpecializedDispatch.Chunks.class, NamedMembers.RUN_FROM_CASE, CASE.insertParameterTypes(0, int.class));
            MOVE_KEY = MethodHandles.lookup().findStatic(Specializer.class, NamedMembers.MOVE_KEY, methodType(int.class, int.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A handle and the number of steps it inlines. */
    private record SizedHandle(MethodHandle handle, int steps) {}

    private final CompiledChart c;
    private final Map<Long, SizedHandle> effects = new HashMap<>();
    /** The steps of single states' exits and entries, by {@link #exit} and {@link #entry}. */
    private final Map<Long, List<MethodHandle>> parts = new HashMap<>();
    /** The transitions whose effects call the interpreter. */
    private final BitSet leftToInterpreter = new BitSet();
    /**
     * By {@link #pair}{@code (leaf, st)}: the transitions handler state {@code st} may ask for from
     * active leaf {@code leaf}, {@code (reply, Machine, owner, event)boolean}; null when the
     * chart has too many to compile.
     */
    private Map<Long, MethodHandle> handlerMoves;

    private Specializer(CompiledChart c) {
        this.c = c;
    }

    /**
     * The chart's specialized dispatch, or null when it cannot have one (neither flat nor with
     * regions, or too large): the interpreter then serves it.
     */
    static SpecializedDispatch specialize(CompiledChart c) {
        List<int[]> sets = c.events.eventSetsSoFar();
        if (!c.flat && !c.regions || (sets.isEmpty() && c.ticks.polled == null && !c.hasHandlers)
                || (long) c.stateCount * (sets.size() + 1) > MAX_CASES
                || c.regions && (long) c.stateCount * c.transitionCount > MAX_CASES * 16L) {
            return null;
        }
        try {
            return new Specializer(c).build(sets);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot specialize chart '" + c.name + "'", e);
        }
    }

    /**
     * One case per (state, event set) pair, key {@code state * sets + set}, in chunks of at most
     * {@link ChunkClassFile#MAX_KEYS} keys, each chunk a hidden class of its own.
     */
    private SpecializedDispatch build(List<int[]> sets) throws Throwable {
        List<int[]> columns = new ArrayList<>(sets);
        int others = -1;
        if (c.hasHandlers) {
            others = columns.size();
            columns.add(EventSets.wildcardOnlySet());
            handlerMoves = handlerMoves();
        }
        int keys = c.stateCount * columns.size();
        SizedHandle[] cases = new SizedHandle[keys];
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int set = 0; set < columns.size() && isLeaf(leaf); set++) {
                cases[leaf * columns.size() + set] = candidates(leaf, columns.get(set), false);
            }
        }
        int caseCount = 0;
        for (SizedHandle p : cases) {
            caseCount += p == null ? 0 : 1;
        }
        // one word of leaves, one chunk, a route C2 compiles
        boolean routed = c.words == 1 && keys <= ChunkClassFile.MAX_KEYS && ChunkClassFile.routeFits(caseCount, columns.size());
        SpecializedDispatch.Chunks events = chunked(cases, routed ? new ChunkClassFile.Routes(columns.size(), !c.regions) : null);
        if (c.regions) {
            return regions(sets, events);
        }
        return new SpecializedDispatch(c, sets.size(), others, events, ticks(), null, leftToInterpreter.stream().toArray());
    }

    /**
     * A chart with parallel regions. SCXML selects from every active atomic state before it takes
     * anything, so the cases above (selection and microstep together, as in a flat chart) serve an
     * event only when one active leaf alone has candidates for it, which the machine tells from a
     * mask of such leaves per event set; a transition that leaves a region then takes the general
     * microstep. Otherwise cases that only select run for each active leaf with candidates, and
     * the machine takes what they selected: one transition that changes one region only by the
     * microstep compiled here for each (leaf, transition), others by the interpreter. A tick's
     * polled or timed transition that changes one region takes the compiled microstep too.
     */
    private SpecializedDispatch regions(List<int[]> sets, SpecializedDispatch.Chunks direct) throws Throwable {
        SizedHandle[] selecting = new SizedHandle[c.stateCount * sets.size()];
        long[] candidateLeaves = new long[sets.size() * c.words];
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int set = 0; set < sets.size() && isLeaf(leaf); set++) {
                selecting[leaf * sets.size() + set] = candidates(leaf, sets.get(set), true);
                if (selecting[leaf * sets.size() + set] != null) {
                    candidateLeaves[set * c.words + (leaf >>> 6)] |= 1L << leaf;
                }
            }
        }
        int m = c.transitionCount;
        int[] keys = new int[c.stateCount * m];
        int[] partKeys = new int[c.stateCount * m];
        java.util.Arrays.fill(keys, -1);
        java.util.Arrays.fill(partKeys, -1);
        List<SizedHandle> effects = new ArrayList<>();
        List<SizedHandle> parts = new ArrayList<>();
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int st = leaf; st >= 0 && isLeaf(leaf); st = c.states.parent[st]) {
                for (int[] transitions : new int[][] {c.triggers.eventTransitions[st], c.triggers.polledTransitions[st]}) {
                    for (int t : transitions) {
                        if (c.inOneRegion(t)) {
                            keys[leaf * m + t] = effects.size();
                            effects.add(effect(leaf, t));
                            if (!leftToInterpreter.get(t) && transitions == c.triggers.eventTransitions[st]) { // polled ones fire one by one
                                partKeys[leaf * m + t] = parts.size();
                                parts.addAll(List.of(regionParts(leaf, t)));
                            }
                        }
                    }
                }
            }
        }
        return new SpecializedDispatch(c, sets.size(), -1, direct, null,
                new SpecializedDispatch.Regions(candidateLeaves, chunked(selecting), chunked(effects.toArray(new SizedHandle[0])), keys,
                        parts.isEmpty() ? null : chunked(parts.toArray(new SizedHandle[0])), partKeys, pairs(sets, candidateLeaves)),
                leftToInterpreter.stream().toArray());
    }

    /** A region transition's steps in three quiet parts, and the steps its history switch counts besides. */
    private record RegionTransitionParts(List<MethodHandle> exits, List<MethodHandle> action, List<MethodHandle> entries, int cases) {}

    /**
     * Transition {@code t} from active leaf {@code leaf}, changing one region only, in three
     * quiet parts for a step that takes one such transition in each of several regions
     * ({@code RegionStep}), which runs every region's exits, then every action, then every
     * region's entries: its history records and exits up to its domain (a region's records read
     * that region's states alone, so they may follow another region's exits); its action; the
     * kept domain's initial action and its entries.
     */
    private RegionTransitionParts parts(int leaf, int t) {
        List<MethodHandle> exits = new ArrayList<>();
        List<MethodHandle> action = new ArrayList<>();
        List<MethodHandle> entries = new ArrayList<>();
        addAction(action, c.transitions.action[t], c.transitions.source[t], true);
        int d = c.transitions.domain[t];
        int cases = 0;
        if (d != CompiledChart.NO_DOMAIN) {
            addExits(exits, leaf, d & ~CompiledChart.DOMAIN_STAYS_ACTIVE, true);
            if (c.paths.keptInitial[t] >= 0) {
                addAction(entries, c.states.initialAction[c.paths.keptInitial[t]], c.paths.keptInitial[t], false);
            }
            int h = c.paths.historyTarget[t];
            if (h < 0) {
                addEntries(entries, c.paths.entry[t], true);
            } else {
                addEntries(entries, c.paths.historyPrefix[t], true);
                SizedHandle restore = historySwitch(h, c.paths.historyPrefix[t].length > 0, true);
                entries.add(restore.handle());
                cases = restore.steps() - 1;
            }
        }
        return new RegionTransitionParts(exits, action, entries, cases);
    }

    private SizedHandle[] regionParts(int leaf, int t) {
        RegionTransitionParts p = parts(leaf, t);
        SizedHandle in = handled(p.entries());
        return new SizedHandle[] {handled(p.exits()), handled(p.action()), new SizedHandle(in.handle(), in.steps() + p.cases())};
    }

    /**
     * The cases of two active leaves of different regions that both have candidates for an
     * event of one set (see {@link #pair}), by set and by the leaves' ranks among the set's
     * candidate leaves; null when the chart has none. Only for charts of at most 64 states.
     */
    private SpecializedDispatch.Pairs pairs(List<int[]> sets, long[] candidateLeaves) throws Throwable {
        if (c.words != 1 || c.hasPlans) {
            return null;
        }
        int[][] keys = new int[sets.size()][];
        List<SizedHandle> cases = new ArrayList<>();
        for (int set = 0; set < sets.size(); set++) {
            long mask = candidateLeaves[set];
            int k = Long.bitCount(mask);
            int ra = 0;
            for (long as = mask; as != 0; as &= as - 1, ra++) {
                int a = Long.numberOfTrailingZeros(as);
                int rb = ra + 1;
                for (long bs = as & (as - 1); bs != 0; bs &= bs - 1, rb++) {
                    int b = Long.numberOfTrailingZeros(bs);
                    SizedHandle pair = orthogonal(a, b) ? pair(a, b, sets.get(set)) : null;
                    if (pair != null) {
                        if (keys[set] == null) {
                            keys[set] = new int[k * k];
                            java.util.Arrays.fill(keys[set], -1);
                        }
                        keys[set][ra * k + rb] = cases.size();
                        cases.add(pair);
                    }
                }
            }
        }
        return cases.isEmpty() ? null : new SpecializedDispatch.Pairs(keys, chunked(cases.toArray(new SizedHandle[0])));
    }

    /** Whether two states lie in different regions of a parallel state (their nearest common ancestor is parallel). */
    private boolean orthogonal(int a, int b) {
        int anc = a;
        while (anc != b && !c.isDescendant(b, anc)) {
            anc = c.states.parent[anc];
        }
        return c.states.kind[anc] == CompiledChart.PARALLEL;
    }

    /**
     * Leaves {@code a} and {@code b} (in document order, in different regions) both active, with
     * candidates for an event of {@code set}: one case that selects in {@code a}'s region, then
     * in {@code b}'s (guards from call sites of their own, in that order), and takes what was
     * selected: one transition by its microstep, two by one quiet microstep in SCXML's order
     * (b's exits, a's, both actions, a's entries, b's); false when neither selects. Null when a
     * candidate leaves its region, is left to the interpreter or belongs to an ancestor both
     * leaves share, or the case is longer than {@link #CASE_BUDGET} steps: the machine then
     * selects region by region.
     */
    private SizedHandle pair(int a, int b, int[] set) {
        List<Integer> fromA = selectionOrder(a, set);
        List<Integer> fromB = selectionOrder(b, set);
        for (List<Integer> list : List.of(fromA, fromB)) {
            for (int t : list) {
                if (!c.inOneRegion(t) || leftToInterpreter.get(t) || fromA.contains(t) && fromB.contains(t)) {
                    return null; // leaves its region, is the interpreter's, or is a shared ancestor's (selected once)
                }
            }
        }
        int[] steps = {0};
        MethodHandle tree = choose(a, fromA, ta -> choose(b, fromB, tb -> taken(a, ta, b, tb, steps), steps), steps);
        return steps[0] > CASE_BUDGET ? null : new SizedHandle(tree, steps[0]);
    }

    /**
     * The transitions an event of {@code set} may select from active leaf {@code leaf}, in the
     * order their guards are tested (innermost state first, then document order), up to the
     * first without a guard.
     */
    private List<Integer> selectionOrder(int leaf, int[] set) {
        List<Integer> order = new ArrayList<>();
        for (int st = leaf; st >= 0; st = c.states.parent[st]) {
            for (int t : c.candidates(st, set)) {
                order.add(t);
                if (c.transitions.guard[t] == null) {
                    return order;
                }
            }
        }
        return order;
    }

    /** A chain of guard tests over {@code order}, each outcome (or -1, none) continued by {@code then}. */
    private MethodHandle choose(int leaf, List<Integer> order, java.util.function.IntFunction<MethodHandle> then, int[] steps) {
        MethodHandle chain = order.isEmpty() || c.transitions.guard[order.get(order.size() - 1)] != null ? then.apply(-1) : null;
        for (int k = order.size() - 1; k >= 0; k--) {
            int t = order.get(k);
            UserGuard g = c.transitions.guard[t];
            MethodHandle take = then.apply(t);
            if (g == null) {
                chain = take;
            } else {
                chain = guardWithTest(caught(UserCodeHandles.handle(g), GUARD_FAILED, c.transitions.source[t]), take, chain);
                steps[0]++;
            }
        }
        return chain;
    }

    /** What leaves {@code a} and {@code b} selected ({@code -1}: nothing), taken. */
    private MethodHandle taken(int a, int ta, int b, int tb, int[] steps) {
        if (ta < 0 || tb < 0) {
            SizedHandle one = ta >= 0 ? effect(a, ta) : tb >= 0 ? effect(b, tb) : null;
            steps[0] += one == null ? 1 : one.steps();
            return one == null ? UNHANDLED : one.handle();
        }
        RegionTransitionParts pa = parts(a, ta);
        RegionTransitionParts pb = parts(b, tb);
        List<MethodHandle> all = new ArrayList<>();
        if (c.transitions.domain[ta] != CompiledChart.NO_DOMAIN || c.transitions.domain[tb] != CompiledChart.NO_DOMAIN) {
            all.add(dropArguments(SAVE_PREVIOUS, 1, Object.class, Object.class));
        }
        all.addAll(pb.exits());
        all.addAll(pa.exits());
        all.addAll(pa.action());
        all.addAll(pb.action());
        all.addAll(pa.entries());
        all.addAll(pb.entries());
        SizedHandle both = handled(all);
        steps[0] += both.steps() + pa.cases() + pb.cases();
        return both.handle();
    }

    /**
     * Consecutive cases cut into chunks of {@link ChunkClassFile#MAX_KEYS} keys, each a hidden
     * class; a key without a case (null) takes nothing, and an empty table has no chunk.
     */
    private static SpecializedDispatch.Chunks chunked(SizedHandle[] cases) throws Throwable {
        return chunked(cases, null);
    }

    /**
     * {@link #chunked(SizedHandle[])}; with {@code routes}, for cases that fit one chunk, that chunk
     * has a route for each event set ({@link SpecializedDispatch#route}).
     */
    private static SpecializedDispatch.Chunks chunked(SizedHandle[] cases, ChunkClassFile.Routes routes) throws Throwable {
        int keys = cases.length;
        SpecializedDispatch.Chunk[] chunkOf = new SpecializedDispatch.Chunk[keys];
        int[] chunkBase = new int[keys];
        List<SpecializedDispatch.Chunk> chunks = new ArrayList<>();
        for (int from = 0; from < keys; from += ChunkClassFile.MAX_KEYS) {
            int to = Math.min(keys, from + ChunkClassFile.MAX_KEYS);
            boolean[] hasCase = new boolean[to - from];
            List<MethodHandle> handles = new ArrayList<>();
            for (int k = from; k < to; k++) {
                hasCase[k - from] = cases[k] != null;
                if (hasCase[k - from]) {
                    handles.add(cases[k].handle());
                }
                chunkBase[k] = from;
            }
            SpecializedDispatch.Chunk chunk = chunk(ChunkClassFile.of(hasCase, keys == to - from ? routes : null),
                    handles.toArray(new MethodHandle[0]));
            java.util.Arrays.fill(chunkOf, from, to, chunk);
            chunks.add(chunk);
        }
        return new SpecializedDispatch.Chunks(chunkOf, chunkBase, chunks.toArray(new SpecializedDispatch.Chunk[0]),
                routes != null && chunks.size() == 1);
    }


    /**
     * The ticks of a flat chart without behaviours or eventless transitions, one case a state
     * (non-leaves unused); null when the chart has none. From a leaf: its polled
     * conditions in order, the first that holds fired (the machine finishes that tick); when none
     * holds and nothing waits to settle, the update actions root to leaf, inline.
     */
    private SpecializedDispatch.Chunks ticks() throws Throwable {
        if (c.ticks.polled == null || c.hasEventless) {
            return null; // eventless transitions may change the configuration between polling and updates
        }
        MethodHandle onward = dropArguments(TICK_ONWARD, 1, Object.class, Object.class);
        SizedHandle[] cases = new SizedHandle[c.stateCount];
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            if (!isLeaf(leaf)) {
                continue;
            }
            List<MethodHandle> updates = new ArrayList<>();
            for (int i = 0; i < c.ticks.updates[leaf].length; i++) {
                addAction(updates, c.states.updateAction[c.ticks.updates[leaf][i]], c.ticks.updates[leaf][i], false);
            }
            updates.add(dropArguments(TICK_SETTLE, 1, Object.class, Object.class));
            SizedHandle quiet = handled(updates);
            MethodHandle chain = guardWithTest(dropArguments(TICK_QUIET, 1, Object.class, Object.class), quiet.handle(),
                    handled(List.of(onward)).handle());
            int steps = quiet.steps() + 2;
            int[] polled = c.ticks.polled[leaf];
            for (int i = polled.length - 1; i >= 0; i--) {
                MethodHandle fire = handled(List.of(withState(TICK_FIRED, polled[i]))).handle();
                UserGuard g = c.transitions.guard[polled[i]];
                chain = g == null ? fire : guardWithTest(caught(UserCodeHandles.handle(g), GUARD_FAILED, c.transitions.source[polled[i]]), fire, chain);
                steps += 2;
            }
            cases[leaf] = new SizedHandle(chain, steps);
        }
        return chunked(cases);
    }

    /**
     * A chunk: a hidden class that calls, as constants, the cases of those of its keys that have
     * one ({@code hasCase}), each {@code (Machine, Object, Object)boolean}, in key order.
     */
    static SpecializedDispatch.Chunk chunk(boolean[] hasCase, MethodHandle[] cases) throws Throwable {
        return chunk(ChunkClassFile.of(hasCase), cases);
    }

    /** A chunk of the class file {@code classFile}, written by {@link ChunkClassFile}, with {@code cases} its class data. */
    static SpecializedDispatch.Chunk chunk(byte[] classFile, MethodHandle[] cases) throws Throwable {
        MethodHandles.Lookup hidden = SEMANTICS.defineHiddenClassWithClassData(classFile, cases, true);
        return (SpecializedDispatch.Chunk) hidden.findConstructor(hidden.lookupClass(), methodType(void.class)).invoke();
    }

    /**
     * What an event of this set may do from this leaf, innermost state first: each state's
     * declared transitions as a chain of guard tests, then its handler; null for nothing. With
     * {@code selectOnly}, the transition that holds is only noted on the machine.
     */
    private SizedHandle candidates(int leaf, int[] set, boolean selectOnly) {
        List<Integer> states = new ArrayList<>(); // innermost first
        for (int st = leaf; st >= 0; st = c.states.parent[st]) {
            states.add(st);
        }
        MethodHandle chain = null;
        int steps = 0;
        for (int i = states.size() - 1; i >= 0; i--) {
            int st = states.get(i);
            if (c.hasHandlers && c.states.handler[st] != null) {
                SizedHandle ask = askHandler(leaf, st, chain == null ? UNHANDLED : chain);
                chain = ask.handle();
                steps += ask.steps();
            }
            int[] declared = c.candidates(st, set);
            for (int k = declared.length - 1; k >= 0; k--) {
                int t = declared[k];
                SizedHandle take = selectOnly ? new SizedHandle(dropArguments(insertArguments(PICKED, 1, t), 1, Object.class, Object.class), 1)
                        : effect(leaf, t);
                UserGuard g = c.transitions.guard[t];
                if (g == null) {
                    chain = take.handle();
                    steps = take.steps();
                } else {
                    MethodHandle test = caught(UserCodeHandles.handle(g), GUARD_FAILED, c.transitions.source[t]);
                    chain = guardWithTest(test, take.handle(), chain == null ? UNHANDLED : chain);
                    steps += 1 + take.steps();
                }
            }
        }
        return chain == null ? null : new SizedHandle(chain, steps);
    }

    // ---------------------------------------------------------------- handler states

    /**
     * Handler state {@code st} asked from active leaf {@code leaf}: its {@code onEvent} called
     * from a call site of its own, then a switch on the reply: unhandled goes on to {@code rest}
     * (the states outside it), handled is an internal step, and a transition is taken by a call
     * to its compiled microstep ({@link #handlerMoves}), or by the interpreter's flat microstep
     * in a chart with too many to compile.
     */
    private SizedHandle askHandler(int leaf, int st, MethodHandle rest) {
        MethodHandle onEvent = HANDLER_ON_EVENT.bindTo(c.states.handler[st]) // (owner, event, to)Reply
                .asType(methodType(Reply.class, Object.class, Object.class, HandlerRequest.class));
        MethodHandle asked = permuteArguments(dropArguments(onEvent, 0, MachineCore.class), // (to, Machine, owner, event)Reply
                methodType(Reply.class, HandlerRequest.class, MachineCore.class, Object.class, Object.class), 1, 2, 3, 0);
        // replyOf(Machine, asked(to, Machine, owner, event), to), the request read once
        MethodHandle reply = MethodHandles.collectArguments(insertArguments(HANDLER_REPLY, 3, st), 1, asked);
        reply = permuteArguments(reply, methodType(int.class, HandlerRequest.class, MachineCore.class, Object.class, Object.class),
                1, 0, 1, 2, 3, 0);
        reply = foldArguments(reply, 0, HANDLER_REQUEST); // (Machine, owner, event)int
        reply = caught(reply, HANDLER_FAILED, st);

        MethodHandle handled = handled(List.of(withTransition(INTERNAL_TAKEN, st))).handle();
        MethodHandle transition = handlerMoves != null ? handlerMoves.get(pair(leaf, st))
                : permuteArguments(insertArguments(HANDLER_REPLIED, 1, st), // the interpreter's
                        methodType(boolean.class, int.class, MachineCore.class, Object.class, Object.class), 1, 0, 3);
        MethodHandle dispatch = guardWithTest(dropArguments(IS_UNHANDLED, 1, CASE.parameterList()), // (reply, Machine, owner, event)boolean
                dropArguments(rest, 0, int.class),
                guardWithTest(dropArguments(IS_HANDLED, 1, CASE.parameterList()), dropArguments(handled, 0, int.class), transition));
        // (Machine, reply, owner, event) as the switch's (reply, Machine, owner, event)
        return new SizedHandle(foldArguments(dispatch, 0, reply), 4);
    }

    /** A hook of the engine's tiers: a static method whose first parameter is the machine, of the given type after it. */
    private static MethodHandle hook(MethodHandles.Lookup l, Class<?> tier, String name, MethodType type)
            throws ReflectiveOperationException {
        return l.findStatic(tier, name, type.insertParameterTypes(0, MachineCore.class));
    }

    private static boolean isUnhandled(int reply) {
        return reply == HandlerStep.UNHANDLED;
    }

    private static boolean isHandled(int reply) {
        return reply == HandlerStep.HANDLED;
    }

    /**
     * Every transition a handler can ask for, compiled: one table, a row for each leaf and each
     * handler state active with it, in the row the microstep to each target; and for each row,
     * the call into the table with the key a reply names, through
     * {@link SpecializedDispatch.Chunks#runFromCase}. Null when the chart has more than
     * {@link #MAX_HANDLER_MOVES}.
     */
    private Map<Long, MethodHandle> handlerMoves() throws Throwable {
        int n = c.stateCount;
        List<int[]> owners = new ArrayList<>(); // (leaf, state) pairs
        for (int leaf = 0; leaf < n; leaf++) {
            for (int st = leaf; st >= 0 && isLeaf(leaf); st = c.states.parent[st]) {
                if (c.states.handler[st] != null) {
                    owners.add(new int[] {leaf, st});
                }
            }
        }
        if ((long) owners.size() * n > MAX_HANDLER_MOVES) {
            return null;
        }
        SizedHandle[] pieces = new SizedHandle[owners.size() * n];
        for (int row = 0; row < owners.size(); row++) {
            for (int target = 0; target < n; target++) {
                pieces[row * n + target] = handlerMove(owners.get(row)[0], owners.get(row)[1], target);
            }
        }
        MethodHandle run = CHUNKS_RUN.bindTo(chunked(pieces)); // (key, Machine, owner, event)boolean
        Map<Long, MethodHandle> byLeafAndState = new HashMap<>();
        for (int row = 0; row < owners.size(); row++) {
            byLeafAndState.put(pair(owners.get(row)[0], owners.get(row)[1]),
                    MethodHandles.filterArguments(run, 0, insertArguments(MOVE_KEY, 0, row * n)));
        }
        return byLeafAndState;
    }

    /** Two ids (a leaf and a state or transition) as one map key. */
    private static long pair(int leaf, int id) {
        return ((long) leaf << 32) | id;
    }

    /** The key of the move a handler's reply {@code TARGET + target} asks for, in the row of moves from {@code row} on. */
    private static int moveKey(int row, int reply) {
        return row + reply - HandlerStep.TARGET;
    }

    /** Handler state {@code st}'s request for {@code target}, taken from active leaf {@code leaf}. */
    private SizedHandle handlerMove(int leaf, int st, int target) {
        CompiledChart.HandlerMove move = c.handlerMove(st, target);
        int t = c.transitions.ofHandler[st];
        if (move.entryPath() == null || c.hasPlans) {
            MethodHandle general = insertArguments(HANDLER_REPLIED, 1, st, HandlerStep.TARGET + target);
            return new SizedHandle(dropArguments(general, 1, Object.class), 1);
        }
        return bothWays(QUIET, microstep(leaf, t, move.domain(), move.keptInitial(), move.entryPath(), true, false),
                microstep(leaf, t, move.domain(), move.keptInitial(), move.entryPath(), false, false));
    }

    /** Transition {@code t} taken from active leaf {@code leaf}: always true. */
    private SizedHandle effect(int leaf, int t) {
        return effects.computeIfAbsent(pair(leaf, t), k -> buildEffect(leaf, t));
    }

    /**
     * The transition's microstep twice over: quiet, for a machine with no listener and no
     * behaviour clocks (the state bits and the user's actions only), and in full, with every
     * hook; the machine says which at the start of the step (listeners added during a step are
     * attached when it ends, so the choice holds for the whole step). A microstep whose exits
     * and entries are fixed also takes the quiet way for a listener that hears it in one call
     * ({@link MachineListener#takesMicrosteps}): one hook ahead of the quiet steps tells it.
     */
    private SizedHandle buildEffect(int leaf, int t) {
        int h = c.paths.historyTarget[t];
        boolean compiled = c.paths.precomputed[t] || c.regions && c.inOneRegion(t) && !c.hasPlans;
        if (!compiled || (h >= 0 && c.paths.historyEntries[h].length > MAX_INLINED_HISTORY_CASES)) {
            return interpreted(t);
        }
        int d = c.transitions.domain[t];
        if (d == CompiledChart.NO_DOMAIN) {
            return bothWays(QUIET, internal(t, true), internal(t, false));
        }
        boolean whole = h < 0; // entries through history depend on the machine: reported one by one
        SizedHandle both = bothWays(whole ? SUMMARISED : QUIET, microstep(leaf, t, d, c.paths.keptInitial[t], c.paths.entry[t], true, whole),
                microstep(leaf, t, d, c.paths.keptInitial[t], c.paths.entry[t], false, false));
        if (h >= 0 && both.steps() > CASE_BUDGET) {
            return interpreted(t); // a history's cases multiply its entries: too long for one case
        }
        return both;
    }

    /** A microstep quiet and in full, the machine choosing at the start of the step by {@code quietTest}. */
    private static SizedHandle bothWays(MethodHandle quietTest, SizedHandle quiet, SizedHandle full) {
        MethodHandle which = dropArguments(quietTest, 1, Object.class, Object.class);
        // Both count: C2 compiles only the branch taken, but C1 compiles both.
        return new SizedHandle(guardWithTest(which, quiet.handle(), full.handle()), 1 + quiet.steps() + full.steps());
    }

    /** Transition {@code t} left to the interpreter: its flat microstep when it has one, else the general one. */
    private SizedHandle interpreted(int t) {
        leftToInterpreter.set(t);
        return new SizedHandle(dropArguments(insertArguments(EXECUTE_GENERAL, 1, t), 1, Object.class), 1);
    }

    /** An internal (targetless) transition: its action only. */
    private SizedHandle internal(int t, boolean quiet) {
        List<MethodHandle> steps = new ArrayList<>();
        int source = c.transitions.source[t];
        if (!quiet) {
            steps.add(withTransition(INTERNAL_TAKEN, source));
        }
        addAction(steps, c.transitions.action[t], source, true);
        return handled(steps);
    }

    /**
     * Transition {@code t} from active leaf {@code leaf} with domain {@code d}: the exits up to
     * the domain, the action, the kept domain's initial action, then the entries of
     * {@code entryPath}, or, for a transition to a history state, through what it recorded.
     * When {@code whole}, a listener hears of it first, in one call.
     */
    private SizedHandle microstep(int leaf, int t, int d, int keptInitial, int[] entryPath, boolean quiet, boolean whole) {
        List<MethodHandle> steps = new ArrayList<>();
        int count = 0;
        int source = c.transitions.source[t];
        int base = d & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        // One flat list of steps, folded as one balanced tree: nesting a tree per state would cost
        // the JIT levels of inlining depth.
        if (whole) {
            steps.add(dropArguments(insertArguments(MICROSTEP_TAKEN, 1, leaf, t), 1, Object.class));
        }
        steps.add(dropArguments(SAVE_PREVIOUS, 1, Object.class, Object.class));
        addExits(steps, leaf, base, quiet);
        if (!quiet) {
            steps.add(withTransition(TRANSITION_TAKEN, t));
        }
        addAction(steps, c.transitions.action[t], source, true);
        if (keptInitial >= 0) {
            addAction(steps, c.states.initialAction[keptInitial], keptInitial, false);
        }
        int h = c.paths.historyTarget[t];
        if (h < 0) {
            addEntries(steps, entryPath, quiet);
        } else {
            addEntries(steps, c.paths.historyPrefix[t], quiet);
            SizedHandle restore = historySwitch(h, c.paths.historyPrefix[t].length > 0, quiet);
            steps.add(restore.handle());
            count += restore.steps() - 1; // the switch counts as its cases
        }
        SizedHandle all = handled(steps);
        return new SizedHandle(all.handle(), all.steps() + count);
    }

    /**
     * Entering through history state {@code h} once its parent is active: a switch on what the
     * machine recorded in h, read after this step's exits (which may just have recorded it),
     * each case its precomputed entries. When h recorded nothing and this step entered its
     * parent, h's default action runs first, as in the interpreter.
     */
    private SizedHandle historySwitch(int h, boolean parentEntered, boolean quiet) {
        int[][] paths = c.paths.historyEntries[h];
        MethodHandle[] cases = new MethodHandle[paths.length];
        int steps = 1;
        for (int k = 0; k < paths.length; k++) {
            List<MethodHandle> entries = new ArrayList<>();
            if (k == 0 && parentEntered) {
                addAction(entries, c.states.initialAction[h], h, false);
            }
            addEntries(entries, paths[k], quiet);
            MethodHandle all = entries.isEmpty() ? dropArguments(constant(Object.class, null).asType(methodType(void.class)), 0,
                    CASE.parameterList()) : sequence(entries, 0, entries.size());
            cases[k] = dropArguments(all, 0, int.class);
            steps += entries.size();
        }
        MethodHandle recorded = dropArguments(insertArguments(HISTORY_CASE, 1, h), 1, Object.class, Object.class);
        return new SizedHandle(foldArguments(MethodHandles.tableSwitch(UNRECORDABLE, cases), recorded), steps);
    }

    /** Adds the history records, then the exits, of every state from active leaf {@code leaf} up to, not including, {@code base}. */
    private void addExits(List<MethodHandle> steps, int leaf, int base, boolean quiet) {
        int[] path = c.exitPath(leaf, base); // what Chart.microstepExits reports
        if (c.hasHistory) {
            for (int st : path) {
                if (c.states.historyChildren[st].length > 0) {
                    steps.add(withState(RECORD_HISTORY, st));
                }
            }
        }
        for (int st : path) {
            steps.addAll(exit(st, quiet));
        }
    }

    /** Adds the entries of a precomputed path ({@code ~s}: s's initial action follows its entry). */
    private void addEntries(List<MethodHandle> steps, int[] path, boolean quiet) {
        for (int e : path) {
            steps.addAll(entry(e, quiet));
        }
    }

    /** The steps of a state's exit, each {@code (Machine, owner, event)void}, made once per chart and shared by every microstep that exits it. */
    private List<MethodHandle> exit(int st, boolean quiet) {
        return parts.computeIfAbsent(((long) st << 2) | (quiet ? 1 : 0), k -> {
            List<MethodHandle> steps = new ArrayList<>();
            if (!quiet) {
                steps.add(withState(EXITING, st));
            }
            addAction(steps, c.states.exitAction[st], st, false);
            steps.add(st < 64 ? dropArguments(insertArguments(EXITED_LOW, 1, 1L << st), 1, Object.class, Object.class)
                    : withState(EXITED, st));
            return steps;
        });
    }

    /** The steps of entry path element {@code e} ({@code ~s}: s, then its initial action), made once per chart like {@link #exit}. */
    private List<MethodHandle> entry(int e, boolean quiet) {
        return parts.computeIfAbsent(((long) e << 2) | (quiet ? 3 : 2), k -> {
            int st = e < 0 ? ~e : e;
            List<MethodHandle> steps = new ArrayList<>();
            if (quiet) {
                steps.add(st < 64 ? dropArguments(insertArguments(ENTERED_QUIET_LOW, 1, 1L << st), 1, Object.class, Object.class)
                        : withState(ENTERED_QUIET, st));
            } else {
                steps.add(st < 64 ? dropArguments(insertArguments(ENTERING_LOW, 1, st, 1L << st), 1, Object.class, Object.class)
                        : withState(ENTERING, st));
            }
            addAction(steps, c.states.entryAction[st], st, false);
            if (c.ticks.clocked[st]) {
                steps.add(withState(BEHAVIORS_ENTERED, st));
            }
            if (e < 0) {
                addAction(steps, c.states.initialAction[st], st, false);
            }
            if (c.states.kind[st] == CompiledChart.FINAL) {
                steps.add(withState(FINAL_ENTERED, st));
            }
            return steps;
        });
    }

    /** A user action, its failure reported against {@code state}; state actions see no event, as in the interpreter. */
    private static void addAction(List<MethodHandle> steps, UserAction a, int state, boolean withEvent) {
        if (a == null) {
            return;
        }
        MethodHandle h = UserCodeHandles.handle(a);
        if (!withEvent) {
            h = dropArguments(insertArguments(h, 2, (Object) null), 2, Object.class);
        }
        steps.add(caught(h, ACTION_FAILED, state));
    }

    /** {@code h}, with what it throws handed to the machine's {@code failed(Throwable, state)}. */
    private static MethodHandle caught(MethodHandle h, MethodHandle failed, int state) {
        MethodHandle handler = insertArguments(failed, 2, state); // (Machine, Throwable)R
        handler = dropArguments(handler, 2, Object.class, Object.class); // (Machine, Throwable, owner, event)R
        MethodType type = h.type().insertParameterTypes(0, Throwable.class);
        return catchException(h, Throwable.class, permuteArguments(handler, type, 1, 0, 2, 3));
    }

    private static MethodHandle withState(MethodHandle hook, int st) {
        return dropArguments(insertArguments(hook, 1, st), 1, Object.class, Object.class);
    }

    /** A hook of (id, event): {@code (Machine, owner, event)}. */
    private static MethodHandle withTransition(MethodHandle hook, int id) {
        return dropArguments(insertArguments(hook, 1, id), 1, Object.class);
    }

    /** The steps in order, then true. Folded as a balanced tree so that nesting stays shallow. */
    private static SizedHandle handled(List<MethodHandle> steps) {
        MethodHandle all = steps.isEmpty() ? HANDLED : foldArguments(HANDLED, sequence(steps, 0, steps.size()));
        return new SizedHandle(all, steps.size() + 1);
    }

    private static MethodHandle sequence(List<MethodHandle> steps, int from, int to) {
        if (to - from == 1) {
            return steps.get(from);
        }
        int mid = (from + to) >>> 1;
        return foldArguments(sequence(steps, mid, to), sequence(steps, from, mid));
    }

    private boolean isLeaf(int st) {
        return c.states.kind[st] == CompiledChart.ATOMIC || c.states.kind[st] == CompiledChart.FINAL;
    }
}
