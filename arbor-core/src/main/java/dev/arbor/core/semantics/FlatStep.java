package dev.arbor.core.semantics;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.PathTable;
import dev.arbor.core.model.TransitionTable;

/**
 * The step of a chart without parallel states, which gives the same results as {@link ScxmlStep}
 * with none of its sets: one leaf is active, so the transition is the first enabled one from that
 * leaf outward ({@link #selectFlat}); the exits are the active chain from the leaf up to the
 * transition's domain; the entries follow a path the compiler precomputed
 * ({@code CompiledChart.paths.entry}), or for a history target the precomputed entries of what it
 * recorded. It allocates nothing and borrows no scratch. The compiled code ({@code speed.Specializer})
 * strings the same steps, through {@link MicrostepHooks}, into method handles.
 */
public final class FlatStep {

    private FlatStep() {
    }

    /** The interpreter's flat dispatch; a method of its own so that it stays out of a specialized chart's compiled code. */
    static void dispatchFlat(MachineCore m, CompiledChart c, Object event) {
        if (c.hasHandlers) {
            HandlerStep.dispatch(m, c, event);
            return;
        }
        int t = selectFlat(m, c, event);
        if (t < 0) {
            RunToCompletion.unhandled(m, event);
        } else {
            RunToCompletion.execute(m, c, t, event);
        }
    }

    /** The flat path: the one active leaf, then its ancestors, innermost first. */
    private static int selectFlat(MachineCore m, CompiledChart c, Object event) {
        int[] set = ScxmlStep.triggerSet(m, c, event);
        for (int st = m.highestActive(c); st >= 0; st = c.states.parent[st]) {
            int t = ScxmlStep.findTransition(m, c, st, set, event);
            if (t >= 0) {
                return t;
            }
        }
        return -1;
    }

    /**
     * One transition of a flat chart, by its precomputed path: the exits are the active chain from
     * the leaf up to the domain, the entries the compiler's list. Same order, callbacks and history
     * as {@link #microstep}.
     */
    static void microstepFlat(MachineCore m, CompiledChart c, int t, Object event) {
        TransitionTable tr = c.transitions;
        int d = tr.domain[t];
        if (d == CompiledChart.NO_DOMAIN) {
            MicrostepHooks.internalTaken(m, tr.source[t], event);
            RunToCompletion.runAction(m, tr.action[t], tr.source[t], event);
            return;
        }
        PathTable paths = c.paths;
        microstepFlat(m, c, t, d, paths.keptInitial[t], paths.entry[t], event);
    }

    /** A flat microstep of transition {@code t} with domain {@code d}, entering {@code entryPath} (declared or asked for by a handler). */
    static void microstepFlat(MachineCore m, CompiledChart c, int t, int d, int keptInitial, int[] entryPath, Object event) {
        int base = d & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        m.savePrevious();
        int leaf = m.highestActive(c);
        recordHistoryUpTo(m, c, leaf, base);
        exitUpTo(m, c, leaf, base);
        MicrostepHooks.transitionTaken(m, t, event);
        RunToCompletion.runAction(m, c.transitions.action[t], c.transitions.source[t], event);
        enterFlat(m, c, t, keptInitial, entryPath);
    }

    /** Records the history of every state from active leaf {@code leaf} up to, not including, {@code base}. */
    static void recordHistoryUpTo(MachineCore m, CompiledChart c, int leaf, int base) {
        if (c.hasHistory) {
            for (int st = leaf; st != base; st = c.states.parent[st]) {
                if (c.states.historyChildren[st].length > 0) {
                    ScxmlStep.recordHistoryOf(m, c, st);
                }
            }
        }
    }

    /** Exits every state from active leaf {@code leaf} up to, not including, {@code base}, innermost first. */
    static void exitUpTo(MachineCore m, CompiledChart c, int leaf, int base) {
        int[] parent = c.states.parent;
        for (int st = leaf; st != base; st = parent[st]) {
            exitState(m, c, st);
        }
    }

    /** The entries of flat transition {@code t}: the kept domain's initial action, then its path or its history's. */
    static void enterFlat(MachineCore m, CompiledChart c, int t, int keptInitial, int[] entryPath) {
        if (keptInitial >= 0) {
            RunToCompletion.runInitialAction(m, c, keptInitial);
        }
        int h = c.paths.historyTarget[t];
        if (h < 0) {
            enterPath(m, c, entryPath);
        } else {
            enterThroughHistory(m, c, t, h);
        }
    }

    /**
     * The entries of transition {@code t} to history state {@code h}: down to h's parent, then
     * the precomputed entries of what h holds now (the exits may just have recorded it). When h
     * recorded nothing, its default action runs after its parent's entry, if the parent was
     * entered, as in {@link #enterStates}.
     */
    private static void enterThroughHistory(MachineCore m, CompiledChart c, int t, int h) {
        int[] prefix = c.paths.historyPrefix[t];
        enterPath(m, c, prefix);
        int k = historyCase(m, h);
        if (k == 0 && prefix.length > 0) {
            RunToCompletion.runInitialAction(m, c, h);
        }
        enterPath(m, c, c.paths.historyEntries[h][k]);
    }

    /** Which of history {@code h}'s precomputed entries applies now ({@link CompiledChart#historyCase}). */
    static int historyCase(MachineCore m, int h) {
        CompiledChart c = m.chart.compiled;
        return c.historyCase(h, m.recordedCount(c, h) == 0 ? -1 : m.recorded(c, h, 1));
    }

    /** Enters a precomputed path; {@code ~s} marks a state whose initial action follows its entry. */
    static void enterPath(MachineCore m, CompiledChart c, int[] path) {
        byte[] kind = c.states.kind;
        for (int e : path) {
            int st = e < 0 ? ~e : e;
            enterState(m, c, st);
            if (e < 0) {
                RunToCompletion.runInitialAction(m, c, st);
            }
            if (kind[st] == CompiledChart.FINAL) {
                ScxmlStep.completed(m, c, st);
            }
        }
    }

    /** State {@code st}'s exit: the listener and behaviours, its exit action, its bit cleared. */
    static void exitState(MachineCore m, CompiledChart c, int st) {
        MicrostepHooks.exiting(m, st);
        RunToCompletion.runAction(m, c.states.exitAction[st], st, null);
        MicrostepHooks.exited(m, st);
    }

    /** State {@code st}'s entry: its bit set and the listener, its entry action, then its clock. */
    static void enterState(MachineCore m, CompiledChart c, int st) {
        MicrostepHooks.entering(m, st);
        RunToCompletion.runAction(m, c.states.entryAction[st], st, null);
        if (c.ticks.clocked[st]) {
            MicrostepHooks.behaviorsEntered(m, st);
        }
    }
}
