package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Done;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.Variable;
import dev.arbor.core.Variables;
import dev.arbor.core.model.CompiledChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Moving a running machine onto another chart (hot reload, {@link Machine#moveTo}): {@link Migration}
 * plans the whole move first; this applies it, as one step caused by {@link Cause#RELOAD}.
 */
public final class Reload {

    private Reload() {
    }

    /** {@link Machine#moveTo}: the move {@link Migration} plans, made. */
    public static <C> MigrationReport moveTo(MachineCore machine, ChartCore newChart) {
        Objects.requireNonNull(newChart, "newChart");
        if (machine.isBusy()) {
            throw new IllegalStateException("moveTo() called from inside a step of machine '" + machine.chart.compiled.name
                    + "': move a machine to another chart between steps, from the thread that runs it");
        }
        if (machine.status() == MachineCore.HALTED) {
            throw new IllegalStateException("machine '" + machine.chart.compiled.name
                    + "' has halted in a final state and ignores everything; it is not moved to chart '"
                    + newChart.compiled.name + "'");
        }
        ChartCore oldChart = machine.chart;
        CompiledChart from = oldChart.compiled;
        CompiledChart to = newChart.compiled;
        MachineCore.Extras x = machine.extras;
        Migration m = new Migration(from, to);
        m.mapHistory(x == null ? null : x.history);
        long[] now = new long[from.words];
        machine.copyActive(now);
        if (machine.status() == MachineCore.RUNNING) {
            m.planActive(now);
            m.planBehaviors(now);
        }
        m.mapPrevious(previousConfiguration(machine, from.words));
        if (x != null) {
            m.mapStack(x.stack, x.stackDepth);
        }
        MachineActivity<?> oldTasks = x == null ? null : x.tasks;
        if (oldTasks != null) {
            m.mapPlans(oldTasks.planContainer, oldTasks.planStep, oldTasks.planConfig, oldTasks.planSize);
        }
        long[] previous = m.previous;

        RunToCompletion.beginStep(machine, Cause.RELOAD);
        boolean completed = false;
        try {
            for (int st : m.exits) {
                FlatStep.exitState(machine, from, st);
            }
            MachineActivity<?> stopping = machine.extras == null ? null : machine.extras.tasks;
            for (int i = m.behaviorStates.length - 1; i >= 0 && stopping != null; i--) {
                for (int at : m.behaviorPositions[i]) {
                    if (at < from.states.behaviors[m.behaviorStates[i]].length) {
                        stopping.restartBehavior(m.behaviorStates[i], at, false); // the old chart's instance
                    }
                }
            }
            // What the old exit actions left in the step: events go on to the new chart; moves name old states.
            // A previous configuration wider than one word needs the extras for its high words.
            MachineCore.Extras ex = previous != null && to.words > 1 ? machine.extras() : machine.extras;
            Scratch held = ex == null ? null : ex.step;
            List<Object> raised = new ArrayList<>();
            List<Object> fired = new ArrayList<>();
            Throwable error = null;
            if (held != null) {
                drainInto(held.internal, raised, oldChart, m);
                drainInto(held.external, fired, oldChart, m);
                if (!held.moves.isEmpty()) {
                    m.cleared.add("moves asked by the old chart's exit actions");
                }
                error = held.firstError;
                ex.step = null;
                oldChart.scratch.get().release(held);
            }

            machine.chart = newChart;
            moveVariables(machine, from, to, m);
            machine.activeMore = to.words > 1 ? new long[to.words - 1] : null;
            machine.active0 = m.keep == null ? 0 : m.keep[0];
            for (int w = 1; m.keep != null && w < to.words; w++) {
                machine.activeMore[w - 1] = m.keep[w];
            }
            machine.previous0 = previous == null ? 0 : previous[0];
            if (ex != null) {
                ex.previousMore = previous != null && to.words > 1 ? java.util.Arrays.copyOfRange(previous, 1, to.words) : null;
                ex.history = m.history;
                ex.stack = m.stack;
                ex.stackDepth = m.stack == null ? 0 : m.stack.length;
                ex.tasks = null;
                ex.request = null; // it resolves the old chart's keys
                boolean keptClocked = false;
                for (int st = 0; m.keep != null && st < from.stateCount; st++) {
                    int n = m.map[st];
                    keptClocked |= n >= 0 && Migration.isSet(m.keep, n) && Bits.isSet(now, st) && to.ticks.clocked[n];
                }
                if (oldTasks != null || keptClocked) {
                    MachineActivity<?> t = machine.tasks();
                    t.ticks = oldTasks == null ? 0 : oldTasks.ticks;
                    int clocks = 0;
                    for (int st = 0; m.keep != null && st < from.stateCount; st++) {
                        int n = m.map[st];
                        if (n < 0 || !Migration.isSet(m.keep, n) || !Bits.isSet(now, st) || !to.ticks.clocked[n]) {
                            continue;
                        }
                        if (oldTasks == null || !from.ticks.clocked[st]) {
                            t.enteredAt[n] = t.ticks; // a kept state that gained a clock starts it now
                            continue;
                        }
                        t.enteredAt[n] = oldTasks.enteredAt[st];
                        if (Bits.isSet(oldTasks.finished, st)) {
                            Bits.set(t.finished, n);
                        }
                        carryFiredTimers(from, st, oldTasks.timersFired, to, n, t.timersFired);
                        clocks++;
                    }
                    for (int i = 0; oldTasks != null && i < m.plans; i++) {
                        t.add(m.planContainer[i], m.planStep[i], m.planConfig[i]);
                    }
                    if (clocks > 0) {
                        m.carried.add("clocks (behaviours, timers) of the kept states");
                    }
                }
            }

            for (int i = 0; i < m.behaviorStates.length; i++) {
                int st = m.map[m.behaviorStates[i]];
                for (int at : m.behaviorPositions[i]) {
                    if (at < to.states.behaviors[st].length) {
                        machine.tasks().restartBehavior(st, at, true);
                    }
                }
            }
            for (int st : m.keptInitial) {
                RunToCompletion.runInitialAction(machine, to, st);
                if (m.historyDefaultOf[st] >= 0) {
                    RunToCompletion.runInitialAction(machine, to, m.historyDefaultOf[st]);
                }
            }
            for (int st : m.enter) {
                FlatStep.enterState(machine, to, st);
                if (Bits.isSet(m.defaultEntry, st)) {
                    RunToCompletion.runInitialAction(machine, to, st);
                }
                if (m.historyDefaultOf[st] >= 0) {
                    RunToCompletion.runInitialAction(machine, to, m.historyDefaultOf[st]);
                }
                if (to.states.kind[st] == CompiledChart.FINAL) {
                    ScxmlStep.completed(machine, to, st);
                }
            }
            for (int st : m.becameFinal) {
                ScxmlStep.completed(machine, to, st); // a kept state that is final now completes as if it had just been entered
            }
            if (!raised.isEmpty() || !fired.isEmpty() || error != null) {
                Scratch s = machine.step();
                raised.forEach(s.internal::add);
                fired.forEach(s.external::add);
                if (error != null && s.firstError == null) {
                    s.firstError = error;
                } else if (error != null) {
                    s.firstError.addSuppressed(error);
                }
            }
            RunToCompletion.runToCompletion(machine);
            RunToCompletion.drainExternal(machine);
            completed = true;
        } finally {
            RunToCompletion.endStep(machine, completed);
        }
        return report(m);
    }

    /**
     * Which of a kept state's timers fired in its activation, carried to the new chart's timers of
     * that state at the same position (in due order) with the same ticks.
     */
    private static void carryFiredTimers(CompiledChart from, int st, long[] fired, CompiledChart to, int n, long[] into) {
        int[] oldPolled = from.triggers.polledTransitions[st];
        int[] newPolled = to.triggers.polledTransitions[n];
        int j = 0;
        for (int t : oldPolled) {
            if (from.transitions.after[t] == 0) {
                continue;
            }
            while (j < newPolled.length && to.transitions.after[newPolled[j]] == 0) {
                j++;
            }
            if (j == newPolled.length) {
                return;
            }
            int u = newPolled[j++];
            if (Bits.isSet(fired, t) && to.transitions.timerOnce[u] && to.transitions.after[u] == from.transitions.after[t]) {
                Bits.set(into, u);
            }
        }
    }

    /**
     * The designer variables onto the new chart's, by name: a value is kept when the variable is
     * still declared with the same type and the value is in its new range (an enum's by name);
     * otherwise the variable starts at its new initial value. Every change of a declaration is in
     * the report.
     */
    private static void moveVariables(MachineCore machine, CompiledChart from, CompiledChart to, Migration m) {
        Variables vars = machine.variablesMade();
        if (vars == null && to.variables.length == 0) {
            return;
        }
        Variable[] old = vars == null ? from.variables : vars.definitions();
        int[] raw = new int[to.variables.length];
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < to.variables.length; i++) {
            Variable now = to.variables[i];
            raw[i] = now.initial();
            Integer j = from.variableIds.get(now.name());
            if (j == null || vars == null) {
                m.carried.add("variable '" + now.name() + "' is new: it starts at " + now.show(now.initial()));
                continue;
            }
            Variable was = old[j];
            int value = vars.value(j);
            int mapped = was.type() != now.type() ? Integer.MIN_VALUE
                    : now.type() == Variable.Type.ENUM ? now.values().indexOf(was.values().get(value)) : value;
            boolean same = was.type() == now.type() && was.min() == now.min() && was.max() == now.max()
                    && was.values().equals(now.values());
            if (mapped != Integer.MIN_VALUE && now.holds(mapped)) {
                raw[i] = mapped;
                if (same) {
                    kept.add(now.name());
                } else {
                    m.carried.add("variable '" + now.name() + "' is now " + now.describe() + " (was " + was.describe()
                            + "); it keeps " + now.show(mapped));
                }
            } else {
                m.cleared.add("variable '" + now.name() + "' is now " + now.describe() + " (was " + was.describe()
                        + "); its value " + was.show(value) + " does not fit, so it starts again at " + now.show(now.initial()));
            }
        }
        for (Variable was : old) {
            if (!to.variableIds.containsKey(was.name()) && vars != null) {
                m.cleared.add("variable '" + was.name() + "' is no longer declared (it was " + was.show(vars.value(from.variableIds.get(was.name()))) + ")");
            }
        }
        if (!kept.isEmpty()) {
            m.carried.add("variables " + String.join(", ", kept));
        }
        if (vars == null) {
            machine.face().variables().moveTo(to.variables, raw);
        } else {
            vars.moveTo(to.variables, raw);
        }
    }

    /**
     * The configuration {@link Machine#revert} returns to, in {@code words} words, or null when
     * there is none.
     */
    private static long[] previousConfiguration(MachineCore machine, int words) {
        if (machine.previous0 == 0) {
            return null;
        }
        long[] saved = new long[words];
        saved[0] = machine.previous0;
        if (words > 1) {
            System.arraycopy(machine.extras.previousMore, 0, saved, 1, words - 1);
        }
        return saved;
    }

    private static void drainInto(EventQueue q, List<Object> out, ChartCore oldChart, Migration m) {
        for (Object e = q.poll(); e != null; e = q.poll()) {
            if (e instanceof Done d && d.chartToken == oldChart) {
                m.cleared.add("completion event " + d + " of the old chart");
            } else {
                out.add(e);
            }
        }
    }

    /** What the move did, as the report tools and logs read. */
    static MigrationReport report(Migration m) {
        List<String> kept = new ArrayList<>();
        List<String> entered = new ArrayList<>();
        for (int st = 1; m.keep != null && st < m.to.stateCount; st++) {
            if (Migration.isSet(m.keep, st)) {
                kept.add(m.newPath(st));
            }
        }
        for (int st : m.enter) {
            entered.add(m.newPath(st));
        }
        return new MigrationReport(m.from.name, m.to.name, kept, m.gone, entered, m.behaviorsRestarted, m.historyMapped,
                m.historyDropped, m.carried, m.cleared);
    }
}
