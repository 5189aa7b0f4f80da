package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.Variables;
import dev.arbor.core.model.CompiledChart;
import java.util.Objects;

/**
 * A machine's whole state, out ({@link #snapshotInto}) and back in ({@link #restore}), through a
 * reusable {@link MachineStateBuffer}: checked whole before anything changes, applied into the
 * machine's own arrays so that restoring the same kind of state again allocates nothing.
 */
public final class Snapshots {

    private Snapshots() {
    }

    /** {@link Machine#snapshotInto}: the configuration, then everything else the machine holds. */
    public static void snapshotInto(MachineCore m, MachineStateBuffer into) {
        CompiledChart c = checkBuffer(m, into);
        into.clear();
        m.copyActive(into.active.bits);
        for (int h : into.historyStates) {
            for (int j = 1, count = m.recordedCount(c, h); j <= count; j++) {
                into.history[h].add(m.recorded(c, h, j));
            }
        }
        into.halted = m.status() == MachineCore.HALTED;
        if (m.previous0 != 0) {
            long[] previous = into.previous.bits;
            previous[0] = m.previous0;
            if (c.words > 1) {
                System.arraycopy(m.extras.previousMore, 0, previous, 1, c.words - 1);
            }
        }
        Variables vars = m.variablesMade();
        if (vars != null) {
            vars.copyInto(into.variables);
            into.random = vars.randomState();
        }
        MachineCore.Extras x = m.extras;
        if (x == null) {
            return;
        }
        for (int i = 0; i < x.stackDepth; i++) {
            System.arraycopy(x.stack[i], 0, into.addPushed().bits, 0, c.words);
        }
        MachineActivity<?> tk = x.tasks;
        if (tk != null) {
            for (int i = 0; i < tk.planSize; i++) {
                if (tk.planStep[i] >= 0) {
                    into.addPlanStep(tk.planContainer[i], tk.planStep[i]);
                } else {
                    System.arraycopy(tk.planConfig[i], 0, into.addPlanResume(tk.planContainer[i]).bits, 0, c.words);
                }
            }
            for (int st = 0; st < c.stateCount; st++) {
                if (c.ticks.clocked[st] && m.isActive(st)) {
                    long ticks = tk.ticks - tk.enteredAt[st];
                    boolean behaves = c.states.behaviors[st].length > 0;
                    // Timers only ask whether their ticks have passed: past the largest, every clock does the same.
                    into.setClock(st, behaves ? ticks : Math.min(ticks, c.ticks.maxAfter[st]));
                    if (behaves && Bits.isSet(tk.finished, st)) {
                        Bits.set(into.finished, st);
                    }
                }
            }
            for (int w = 0; w < tk.timersFired.length; w++) {
                for (long bits = tk.timersFired[w]; bits != 0; bits &= bits - 1) {
                    int t = (w << 6) + Long.numberOfTrailingZeros(bits);
                    if (c.transitions.timerOnce[t] && m.isActive(c.transitions.source[t])) {
                        Bits.set(into.firedTimers, t);
                    }
                }
            }
        }
        for (int i = 0; i < x.deferredCount; i++) {
            into.defer(x.deferred[i]);
        }
    }

    /** {@link Machine#restore(MachineStateBuffer, Cause)}: checked whole, then the configuration's changes, then the rest. */
    public static void restore(MachineCore m, MachineStateBuffer state, Cause cause) {
        Objects.requireNonNull(cause, "cause");
        CompiledChart c = checkBuffer(m, state);
        checkNotStepping(m);
        String problem = StateCheck.problem(c, state);
        if (problem != null) {
            throw new IllegalArgumentException("not a state of chart '" + c.name + "': " + problem);
        }
        long[] goal = state.active.bits;
        RunToCompletion.beginStep(m, cause);
        boolean completed = false;
        try {
            // Word by word, only the states that change: exits innermost (highest id) first, then entries outermost first.
            for (int w = c.words - 1; w >= 0; w--) {
                for (long leaving = m.word(w) & ~goal[w]; leaving != 0; leaving &= ~Long.highestOneBit(leaving)) {
                    FlatStep.exitState(m, c, (w << 6) + 63 - Long.numberOfLeadingZeros(leaving));
                }
            }
            for (int w = 0; w < c.words; w++) {
                for (long coming = goal[w] & ~m.word(w); coming != 0; coming &= coming - 1) {
                    FlatStep.enterState(m, c, (w << 6) + Long.numberOfTrailingZeros(coming));
                }
            }
            restoreRest(m, c, state);
            m.setStatus(state.halted ? MachineCore.HALTED : MachineCore.RUNNING);
            completed = true;
        } finally {
            RunToCompletion.endStep(m, completed);
        }
    }

    /** The machine's compiled chart, when the buffer was made for its chart. */
    private static CompiledChart checkBuffer(MachineCore m, MachineStateBuffer state) {
        Objects.requireNonNull(state, "state");
        if (state.chart() != m.chart) {
            throw new IllegalArgumentException("a state buffer of chart '" + state.chart().name()
                    + "' given to a machine of chart '" + m.chart.compiled.name + "'");
        }
        return m.chart.compiled;
    }

    /** A state cannot be put back from inside a step. */
    public static void checkNotStepping(MachineCore m) {
        if (m.isBusy()) {
            throw new IllegalStateException("restore() called from inside a step of machine '" + m.chart.compiled.name + "'");
        }
    }

    /**
     * What a restored state holds besides its configuration; nothing of it calls user code. The
     * machine's arrays are reused, so that restoring the same kind of state again allocates nothing.
     */
    private static void restoreRest(MachineCore m, CompiledChart c, MachineStateBuffer state) {
        if (c.variables.length > 0 || state.random != Variables.DEFAULT_SEED
                || m.variablesMade() != null) {
            m.face().variables().restore(state.variables, state.random);
        }
        MachineCore.Extras x = m.extras;
        if (c.hasHistory && ((x != null && x.history != null) || anyRecord(state))) {
            MachineCore.Extras ex = m.extras();
            if (ex.history == null) {
                ex.history = new int[c.paths.historySlotsSize];
            }
            for (int h : state.historyStates) {
                int at = c.paths.historyOffset[h];
                MachineStateBuffer.StateSet rec = state.history[h];
                int count = 0;
                for (int st = rec.next(0); st >= 0; st = rec.next(st + 1)) {
                    ex.history[at + 1 + count++] = st;
                }
                ex.history[at] = count;
            }
        }
        long[] previous = state.previous.bits;
        m.previous0 = previous[0]; // 0, "none", exactly when the set is empty: a configuration holds the root
        if (c.words > 1 && (m.previous0 != 0 || (x != null && x.previousMore != null))) {
            MachineCore.Extras ex = m.extras();
            if (ex.previousMore == null) {
                ex.previousMore = new long[c.words - 1];
            }
            System.arraycopy(previous, 1, ex.previousMore, 0, c.words - 1);
        }
        int depth = state.pushedCount;
        if (depth > 0 || (x != null && x.stackDepth > 0)) {
            MachineCore.Extras ex = m.extras();
            if (ex.stack == null || ex.stack.length < depth) {
                ex.stack = java.util.Arrays.copyOf(ex.stack == null ? new long[0][] : ex.stack, Math.max(4, depth));
            }
            for (int i = 0; i < depth; i++) {
                if (ex.stack[i] == null) {
                    ex.stack[i] = new long[c.words];
                }
                System.arraycopy(state.pushed[i].bits, 0, ex.stack[i], 0, c.words);
            }
            ex.stackDepth = depth;
        }
        boolean clocked = false;
        for (int w = 0; w < c.words; w++) {
            for (long bits = m.word(w); bits != 0; bits &= bits - 1) { // the active states only
                clocked |= c.ticks.clocked[(w << 6) + Long.numberOfTrailingZeros(bits)];
            }
        }
        x = m.extras;
        if (clocked || state.planCount > 0 || (x != null && x.tasks != null)) {
            MachineActivity<?> tk = m.tasks();
            for (int st = 0; st < c.stateCount; st++) {
                if (c.ticks.clocked[st] && m.isActive(st)) {
                    tk.enteredAt[st] = tk.ticks - state.clocks[st];
                }
            }
            System.arraycopy(state.finished, 0, tk.finished, 0, c.words);
            System.arraycopy(state.firedTimers, 0, tk.timersFired, 0, tk.timersFired.length);
            tk.quietUntil = 0; // the clocks moved: the next tick looks at every timer
            restorePlans(m, c, tk, state);
        }
        int deferred = state.deferredCount;
        if (deferred > 0 || (x != null && x.deferredCount > 0)) {
            MachineCore.Extras ex = m.extras();
            if (ex.deferred == null || ex.deferred.length < deferred) {
                ex.deferred = new Object[Math.max(4, deferred)];
            }
            System.arraycopy(state.deferred, 0, ex.deferred, 0, deferred);
            java.util.Arrays.fill(ex.deferred, deferred, Math.max(deferred, ex.deferredCount), null);
            ex.deferredCount = deferred;
        }
    }

    /**
     * Replaces the plan entries in place. The arrays of saved configurations are reused — those
     * the entries held, and those kept past the last entry by earlier restores — so that restoring
     * plans allocates nothing once the machine has held as many.
     */
    private static void restorePlans(MachineCore m, CompiledChart c, MachineActivity<?> tk, MachineStateBuffer state) {
        int entries = state.planCount;
        if (tk.planContainer.length < entries) {
            tk.planContainer = java.util.Arrays.copyOf(tk.planContainer, entries);
            tk.planStep = java.util.Arrays.copyOf(tk.planStep, entries);
            tk.planConfig = java.util.Arrays.copyOf(tk.planConfig, entries);
        }
        long[][] saved = tk.planConfig;
        for (int i = 0; i < entries; i++) {
            if (state.planStep[i] < 0 && saved[i] == null) {
                saved[i] = takeSpare(saved, i, state);
                if (saved[i] == null) {
                    saved[i] = new long[c.words];
                }
            }
        }
        for (int i = 0; i < entries; i++) {
            tk.planContainer[i] = state.planContainer[i];
            tk.planStep[i] = state.planStep[i];
            if (state.planStep[i] < 0) {
                System.arraycopy(state.planConfiguration[i].bits, 0, saved[i], 0, c.words);
            } else if (saved[i] != null) { // a step saves nothing: its array goes past the last entry, if there is room
                int free = entries;
                while (free < saved.length && saved[free] != null) {
                    free++;
                }
                if (free < saved.length) {
                    saved[free] = saved[i];
                }
                saved[i] = null;
            }
        }
        tk.planSize = entries;
    }

    /** An array of saved entry {@code i} may take: one held where no saved configuration will be (then taken from there), or null. */
    private static long[] takeSpare(long[][] saved, int i, MachineStateBuffer state) {
        for (int j = 0; j < saved.length; j++) {
            if (j != i && saved[j] != null && (j >= state.planCount || state.planStep[j] >= 0)) {
                long[] spare = saved[j];
                saved[j] = null;
                return spare;
            }
        }
        return null;
    }

    private static boolean anyRecord(MachineStateBuffer state) {
        for (int h : state.historyStates) {
            if (!state.history[h].isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
