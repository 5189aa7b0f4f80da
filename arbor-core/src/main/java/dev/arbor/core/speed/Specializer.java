package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.GUARD_FAILED;
import static dev.arbor.core.speed.SemanticsHooks.PICKED;
import static dev.arbor.core.speed.SemanticsHooks.TICK_FIRED;
import static dev.arbor.core.speed.SemanticsHooks.TICK_ONWARD;
import static dev.arbor.core.speed.SemanticsHooks.TICK_QUIET;
import static dev.arbor.core.speed.SemanticsHooks.TICK_SETTLE;
import static dev.arbor.core.speed.SemanticsHooks.UNHANDLED;
import static dev.arbor.core.speed.Steps.addAction;
import static dev.arbor.core.speed.Steps.caught;
import static dev.arbor.core.speed.Steps.handled;
import static dev.arbor.core.speed.Steps.withState;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.guardWithTest;
import static java.lang.invoke.MethodHandles.insertArguments;

import dev.arbor.core.StateHandler;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.EventSets;
import dev.arbor.core.model.UserGuard;
import dev.arbor.core.semantics.MicrostepHooks;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.speed.Steps.SizedHandle;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles a chart's event dispatch into method handles (a chart with parallel states also by
 * {@link RegionCases}): for each (active leaf, event set) pair, the
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
 * <p>This class compiles the table of cases, one per (active leaf, event set), each case's chain
 * of candidates ({@link #candidates}), and the ticks. In a chart with handler states, events no
 * declared trigger names (a handler chart's usual events) have a column of cases of their own,
 * whatever their kind. The rest is done by the classes it calls:
 * {@link Microsteps} (each transition's microstep), {@link HandlerCases} (handler states,
 * {@link StateHandler}), {@link RegionCases} (charts with parallel states), {@link HiddenChunks}
 * (tables of cases as hidden classes, written by {@link ChunkClassFile}), with the steps of
 * {@link Steps} and the hooks of {@link SemanticsHooks}.
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

    private final CompiledChart c;
    private final Microsteps microsteps;
    /** The chart's handler states, compiled; null when it has none. */
    private HandlerCases handlers;

    private Specializer(CompiledChart c) {
        this.c = c;
        this.microsteps = new Microsteps(c);
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
            handlers = new HandlerCases(c, microsteps);
        }
        int keys = c.stateCount * columns.size();
        SizedHandle[] cases = new SizedHandle[keys];
        for (int leaf = 0; leaf < c.stateCount; leaf++) {
            for (int set = 0; set < columns.size() && isLeaf(c, leaf); set++) {
                cases[leaf * columns.size() + set] = candidates(leaf, columns.get(set), false);
            }
        }
        int caseCount = 0;
        for (SizedHandle p : cases) {
            caseCount += p == null ? 0 : 1;
        }
        // one word of leaves, one chunk, a route C2 compiles
        boolean routed = c.words == 1 && keys <= ChunkClassFile.MAX_KEYS && ChunkClassFile.routeFits(caseCount, columns.size());
        SpecializedDispatch.Chunks events = HiddenChunks.chunked(cases, routed ? new ChunkClassFile.Routes(columns.size(), !c.regions) : null);
        if (c.regions) {
            return new RegionCases(c, microsteps, this).regions(sets, events);
        }
        return new SpecializedDispatch(c, sets.size(), others, events, ticks(), null, microsteps.leftToInterpreter());
    }

    /**
     * What an event of this set may do from this leaf, innermost state first: each state's
     * declared transitions as a chain of guard tests, then its handler; null for nothing. With
     * {@code selectOnly}, the transition that holds is only noted on the machine.
     */
    SizedHandle candidates(int leaf, int[] set, boolean selectOnly) {
        List<Integer> states = new ArrayList<>(); // innermost first
        for (int st = leaf; st >= 0; st = c.states.parent[st]) {
            states.add(st);
        }
        MethodHandle chain = null;
        int steps = 0;
        for (int i = states.size() - 1; i >= 0; i--) {
            int st = states.get(i);
            if (c.hasHandlers && c.states.handler[st] != null) {
                SizedHandle ask = handlers.askHandler(leaf, st, chain == null ? UNHANDLED : chain);
                chain = ask.handle();
                steps += ask.steps();
            }
            int[] declared = c.candidates(st, set);
            for (int k = declared.length - 1; k >= 0; k--) {
                int t = declared[k];
                SizedHandle take = selectOnly ? new SizedHandle(dropArguments(insertArguments(PICKED, 1, t), 1, Object.class, Object.class), 1)
                        : microsteps.effect(leaf, t);
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
            if (!isLeaf(c, leaf)) {
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
        return HiddenChunks.chunked(cases);
    }

    /** Whether state {@code st} of chart {@code c} is a leaf: atomic or final, a state a case starts from. */
    static boolean isLeaf(CompiledChart c, int st) {
        return c.states.kind[st] == CompiledChart.ATOMIC || c.states.kind[st] == CompiledChart.FINAL;
    }
}
