package dev.arbor.core.semantics;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Machine;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.TransitionTable;

/**
 * The component HSM's runtime: when each state with behaviours was entered (in ticks), which have
 * finished in their current activation, and the stack of pending plan steps and saved
 * configurations. Doubles as the {@link Activity} handed to behaviours.
 */
public final class MachineActivity<C> implements Activity<C> {
    private final Machine<C> machine;
    public long ticks;
    public final long[] enteredAt;
    final long[] finished;
    /** Timers that fired while their source stayed active, by transition id; cleared when the source is entered. */
    final long[] timersFired;
    /**
     * No active timer is due before this tick: a lower bound on when the next one is, so that a
     * tick of a chart whose ticks only run timers is one comparison until then ({@code
     * Ticks.noTimerDue}). Entering a state with timers lowers it; exits leave it low (a bound
     * still); 0, as after a restore, says nothing.
     */
    long quietUntil;
    int current;
    int[] planContainer = new int[4];
    int[] planStep = new int[4];
    long[][] planConfig = new long[4][];
    int planSize;
    /** Whether any state of the chart has behaviours (else the clocks are only timers'), read here on the quiet path's every step. */
    private final boolean behaves;

    MachineActivity(Machine<C> machine) {
        this.machine = machine;
        CompiledChart c = machine.chart.compiled;
        enteredAt = new long[c.stateCount];
        finished = new long[c.words];
        timersFired = new long[(c.transitionCount + 63) >>> 6];
        behaves = c.hasBehaviors;
    }

    /** Whether {@link #exit} has nothing to do: no behaviours to stop, no plan to abandon. */
    boolean exitsQuietly() {
        return !behaves && planSize == 0;
    }

    @Override
    public Machine<C> machine() {
        return machine;
    }

    @Override
    public Object state() {
        return machine.chart.compiled.states.key[current];
    }

    @Override
    public long ticks() {
        return ticks - enteredAt[current];
    }

    @Override
    public void finish() {
        if (!Bits.isSet(finished, current)) {
            Bits.set(finished, current);
            machine.step().internal.add(machine.chart.doneEvents[current]);
        }
    }

    @SuppressWarnings("unchecked")
    private Behavior<C>[] behaviorsOf(int st) {
        return (Behavior<C>[]) machine.chart.compiled.states.behaviors[st];
    }

    void enter(int st) {
        enteredAt[st] = ticks;
        finished[st >>> 6] &= ~(1L << st);
        CompiledChart c = machine.chart.compiled;
        if (c.ticks.maxAfter[st] > 0) {
            TransitionTable tr = c.transitions;
            for (int t : c.triggers.polledTransitions[st]) {
                if (tr.timerOnce[t]) {
                    timersFired[t >>> 6] &= ~(1L << t);
                }
                if (tr.after[t] > 0) {
                    quietUntil = Math.min(quietUntil, ticks + tr.after[t]);
                }
            }
        }
        for (Behavior<C> b : behaviorsOf(st)) {
            current = st;
            try {
                b.onEnter(machine.owner(), this);
            } catch (Throwable e) {
                RunToCompletion.reportError(machine, st, e);
            }
        }
    }

    /** Starts ({@code enter}) or stops one behaviour of a state that stays active: a behaviour changed by {@link Machine#moveTo}. */
    void restartBehavior(int st, int at, boolean enter) {
        current = st;
        try {
            if (enter) {
                behaviorsOf(st)[at].onEnter(machine.owner(), this);
            } else {
                behaviorsOf(st)[at].onExit(machine.owner(), this);
            }
        } catch (Throwable e) {
            RunToCompletion.reportError(machine, st, e);
        }
    }

    void update(int st) {
        for (Behavior<C> b : behaviorsOf(st)) {
            current = st;
            try {
                b.onUpdate(machine.owner(), this);
                current = st;
                if (!Bits.isSet(finished, st) && b.isFinished(machine.owner(), this)) {
                    finish();
                }
            } catch (Throwable e) {
                RunToCompletion.reportError(machine, st, e);
            }
        }
    }

    void exit(int st) {
        if (machine.chart.compiled.states.behaviors[st].length > 0) {
            for (Behavior<C> b : behaviorsOf(st)) {
                current = st;
                try {
                    b.onExit(machine.owner(), this);
                } catch (Throwable e) {
                    RunToCompletion.reportError(machine, st, e);
                }
            }
        }
        for (int i = planSize - 1; i >= 0; i--) {
            if (planContainer[i] == st && !resumedLater(i, st)) {
                removePlanEntry(i); // the plan's container is left for good: the plan is abandoned
            }
        }
    }

    /** Whether a saved configuration above entry i will make {@code container} active again. */
    private boolean resumedLater(int i, int container) {
        for (int j = i + 1; j < planSize; j++) {
            if (planStep[j] < 0 && Bits.isSet(planConfig[j], container)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Pushes what follows transition t: the configuration it interrupts (kept while its domain
     * stays active), then the later plan steps, last first (kept while the steps' container
     * stays active). {@code configuration} is null unless t resumes what it interrupts.
     */
    void pushPlan(int t, int domain, long[] configuration) {
        CompiledChart c = machine.chart.compiled;
        if (c.transitions.resume[t]) {
            add(domain, -1, configuration);
        }
        int[] plan = c.transitions.plan[t];
        for (int k = plan.length - 1; k >= 0; k--) {
            add(c.transitions.planContainer[t], plan[k], null);
        }
    }

    void add(int container, int step, long[] config) {
        if (planSize == planContainer.length) {
            planContainer = java.util.Arrays.copyOf(planContainer, planSize * 2);
            planStep = java.util.Arrays.copyOf(planStep, planSize * 2);
            planConfig = java.util.Arrays.copyOf(planConfig, planSize * 2);
        }
        planContainer[planSize] = container;
        planStep[planSize] = step;
        planConfig[planSize++] = config;
    }

    void removePlanEntry(int i) {
        System.arraycopy(planContainer, i + 1, planContainer, i, planSize - i - 1);
        System.arraycopy(planStep, i + 1, planStep, i, planSize - i - 1);
        System.arraycopy(planConfig, i + 1, planConfig, i, planSize - i - 1);
        planConfig[--planSize] = null;
    }
}
