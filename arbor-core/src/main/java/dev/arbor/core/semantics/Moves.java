package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.model.CompiledChart;

/**
 * Programmatic moves ({@link Machine#goTo}, {@link Machine#revert}, {@link Machine#push},
 * {@link Machine#pop}) and plans (the component HSM): each is made a microstep of {@link ScxmlStep}, its
 * domain and targets computed as for a declared transition. Asked from inside a step, a move waits
 * in the step's queue until the microstep ends.
 */
public final class Moves {

    // The kinds of move, as the step's queue of moves holds them.
    public static final int GOTO = 0;
    public static final int REVERT = 1;
    public static final int PUSH = 2;
    public static final int POP = 3;

    private Moves() {
    }

    /**
     * A move asked from outside a step runs now, to completion; from inside, it waits for the
     * microstep to end.
     */
    public static void requestMove(MachineCore m, int kind, int target) {
        if (m.isBusy()) {
            m.step().moves.add(kind, target);
            return;
        }
        if (m.status() != MachineCore.RUNNING) {
            if (m.status() == MachineCore.NEW) {
                throw RunToCompletion.notStarted(m, switch (kind) {
                    case GOTO -> "goTo(" + m.chart.compiled.states.name[target] + ")";
                    case PUSH -> "push(" + m.chart.compiled.states.name[target] + ")";
                    case REVERT -> "revert()";
                    default -> "pop()";
                });
            }
            return; // halted or stopped: ignored
        }
        RunToCompletion.beginStep(m, Cause.NORMAL);
        boolean completed = false;
        try {
            applyMove(m, m.step(), kind, target);
            RunToCompletion.runToCompletion(m);
            RunToCompletion.drainExternal(m);
            completed = true;
        } finally {
            RunToCompletion.endStep(m, completed);
        }
    }

    /** Applies one programmatic move as a microstep, with paths computed by the same code as declared transitions. */
    static void applyMove(MachineCore m, Scratch s, int kind, int target) {
        CompiledChart c = m.chart.compiled;
        s.selCount = 0;
        if (kind == GOTO || kind == PUSH) {
            if (kind == PUSH) {
                if ((m.extras == null ? 0 : m.extras.stackDepth) == c.pushLimit) {
                    RunToCompletion.reportError(m, 0, new IllegalStateException("push(): machine '" + c.name + "' already keeps "
                            + c.pushLimit + " pushed configurations (its pushLimit)"));
                    return;
                }
                pushConfiguration(m);
            }
            goTo(m, s, target, c.moveTransition);
        } else if (kind == REVERT) {
            if (m.previous0 == 0) {
                RunToCompletion.reportError(m, 0, new IllegalStateException("revert(): machine '" + c.name
                        + "' has no previous configuration"));
                return;
            }
            s.goal[0] = m.previous0;
            for (int w = 1; w < s.goal.length; w++) {
                s.goal[w] = m.extras.previousMore[w - 1];
            }
            moveToConfiguration(m, s, s.goal, c.moveTransition);
        } else {
            MachineCore.Extras x = m.extras;
            if (x == null || x.stackDepth == 0) {
                RunToCompletion.reportError(m, 0, new IllegalStateException("pop(): machine '" + c.name + "' has nothing pushed"));
                return;
            }
            moveToConfiguration(m, s, x.stack[--x.stackDepth], c.moveTransition);
        }
    }

    /** An external move to {@code target} from the nearest active leaf, reported as transition {@code via}. */
    static void goTo(MachineCore m, Scratch s, int target, int via) {
        CompiledChart c = m.chart.compiled;
        s.oneTarget[0] = target;
        int domain = c.domainOf(nearestActiveLeaf(m, c, target), s.oneTarget, 1, false);
        ScxmlStep.select(s, via, domain, target);
        ScxmlStep.microstep(m, s, null);
    }

    /** Saves the configuration for {@link Machine#pop}. */
    private static void pushConfiguration(MachineCore m) {
        MachineCore.Extras x = m.extras();
        if (x.stack == null) {
            x.stack = new long[4][];
        } else if (x.stackDepth == x.stack.length) {
            x.stack = java.util.Arrays.copyOf(x.stack, x.stack.length * 2);
        }
        if (x.stack[x.stackDepth] == null) {
            x.stack[x.stackDepth] = new long[m.chart.compiled.words];
        }
        m.copyActive(x.stack[x.stackDepth++]);
    }

    /** Moves to a saved configuration: only what differs moves; the domain is the LCCA of the leaves that change. */
    private static void moveToConfiguration(MachineCore m, Scratch s, long[] goal, int via) {
        CompiledChart c = m.chart.compiled;
        s.selCount = 0;
        int changed = 0;
        for (int st = 0; st < c.stateCount; st++) {
            if (Bits.isLeaf(c, st) && m.isActive(st) != Bits.isSet(goal, st)) {
                s.dynTargets[changed++] = st;
            }
        }
        if (changed == 0) {
            return;
        }
        int anc = c.leastCommonCompoundAncestor(s.dynTargets[0], s.dynTargets, changed);
        int domain = anc < 0 ? CompiledChart.DOMAIN_STAYS_ACTIVE : anc;
        int base = domain & ~CompiledChart.DOMAIN_STAYS_ACTIVE;
        s.dynCount = 0;
        for (int st = base + 1; st < c.states.end[base]; st++) {
            if (Bits.isLeaf(c, st) && Bits.isSet(goal, st)) {
                s.dynTargets[s.dynCount++] = st;
            }
        }
        ScxmlStep.select(s, via, domain, ScxmlStep.MULTI_TARGET);
        ScxmlStep.microstep(m, s, null);
    }

    /** The active leaf whose common ancestor with {@code target} is deepest (document order breaks ties). */
    private static int nearestActiveLeaf(MachineCore m, CompiledChart c, int target) {
        int best = 0;
        int bestDepth = -1;
        for (int st = 0; st < c.stateCount; st++) {
            if (Bits.isLeaf(c, st) && m.isActive(st)) {
                int anc = st;
                while (anc != target && !c.isDescendant(target, anc)) {
                    anc = c.states.parent[anc];
                }
                if (c.states.depth[anc] > bestDepth) {
                    best = st;
                    bestDepth = c.states.depth[anc];
                }
            }
        }
        return best;
    }

    /** Moves on to the next step of the innermost plan whose container holds the finished state. */
    static boolean continuePlan(MachineCore m, Scratch s, int finished) {
        CompiledChart c = m.chart.compiled;
        MachineActivity<?> t = m.extras.tasks;
        for (int i = t.planSize - 1; i >= 0; i--) {
            int container = t.planContainer[i];
            if ((finished == container || c.isDescendant(finished, container)) && m.isActive(container)) {
                if (finished == container) {
                    return false; // the container itself finished: its plan no longer applies
                }
                int step = t.planStep[i];
                long[] config = t.planConfig[i];
                t.removePlanEntry(i);
                s.selCount = 0;
                if (step >= 0) {
                    goTo(m, s, step, c.planMove(container, finished, step));
                } else {
                    moveToConfiguration(m, s, config, c.planMove(container, finished, -1));
                }
                return true;
            }
        }
        return false;
    }
}
