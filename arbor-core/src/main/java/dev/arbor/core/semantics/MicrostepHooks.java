package dev.arbor.core.semantics;

import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
/**
 * The parts of a microstep around the user's actions: listener calls, configuration bits,
 * behaviour clocks, history records, failures. {@link FlatStep} calls them; {@code speed.Specializer}
 * strings them, with the user's actions, into the compiled code, looked up by name. Each is kept
 * under the JIT's limit for inlining at a rarely taken call site (35 bytes of bytecode): the common
 * case (no listener, no behaviours) inline, the rest in a method of its own.
 */
public final class MicrostepHooks {

    private MicrostepHooks() {
    }

    /** Before state {@code st}'s exit action: the listener, then its behaviours stop. */
    static void exiting(MachineCore m, int st) {
        MachineCore.Extras x = m.extras;
        if (x != null) {
            exitingNoted(m, x, st);
        }
    }

    private static void exitingNoted(MachineCore m, MachineCore.Extras x, int st) {
        if (x.listener != null) {
            x.listener.onExit(m.face(), st, m.stepCause());
        }
        MachineActivity<?> tk = x.tasks;
        if (tk != null && !tk.exitsQuietly()) {
            tk.exit(st);
        }
    }

    /** After state {@code st}'s exit action. */
    static void exited(MachineCore m, int st) {
        m.clearActive(st);
    }

    /** {@link #exited} for a state below 64, its bit given. */
    static void exitedLow(MachineCore m, long bit) {
        m.active0 &= ~bit;
    }

    /** Before state {@code st}'s entry action: it becomes active, then the listener hears of it. */
    static void entering(MachineCore m, int st) {
        m.setActive(st);
        if (m.extras != null) {
            enteringNoted(m, st);
        }
    }

    /** {@link #entering} for a state below 64, its bit given. */
    static void enteringLow(MachineCore m, int st, long bit) {
        m.active0 |= bit;
        if (m.extras != null) {
            enteringNoted(m, st);
        }
    }

    private static void enteringNoted(MachineCore m, int st) {
        MachineListener l = m.extras.listener;
        if (l != null) {
            l.onEntry(m.face(), st, m.stepCause());
        }
    }

    /**
     * Whether no listener and no behaviour or plan needs to hear of this step's exits: the quiet
     * path. Clocks of timers alone start on entry, which both paths do.
     */
    static boolean quiet(MachineCore m) {
        MachineCore.Extras x = m.extras;
        return x == null || x.quiet();
    }

    /**
     * {@link #quiet}, or a listener that takes a compiled microstep in one call
     * ({@link MachineListener#takesMicrosteps}): the quiet path after {@link #microstepTaken}.
     */
    static boolean summarised(MachineCore m) {
        MachineCore.Extras x = m.extras;
        return x == null || x.summarised();
    }

    /** Before the first exit of a compiled microstep on the quiet path: a listener hears of it whole. */
    static void microstepTaken(MachineCore m, int leaf, int t, Object event) {
        MachineCore.Extras x = m.extras;
        if (x != null && x.listener != null) {
            x.listener.onMicrostep(m.face(), leaf, t, event, m.stepCause());
        }
    }

    /** {@link #entering} on the quiet path, for a state below 64: only its bit. */
    static void enteredQuiet(MachineCore m, long bit) {
        m.active0 |= bit;
    }

    /** {@link #entering} on the quiet path. */
    static void enteredQuiet(MachineCore m, int st) {
        m.setActive(st);
    }

    /** After the entry action of a state with behaviours or timers: its clock starts. */
    static void behaviorsEntered(MachineCore m, int st) {
        m.tasks().enter(st);
    }

    /** Between the exits and the action of transition {@code t}. */
    static void transitionTaken(MachineCore m, int t, Object event) {
        MachineCore.Extras x = m.extras;
        if (x != null && x.listener != null) {
            transitionNoted(m, x.listener, t, event);
        }
    }

    private static void transitionNoted(MachineCore m, MachineListener l, int t, Object event) {
        l.onTransition(m.face(), t, event, m.stepCause());
    }

    /** Before the action of an internal (targetless) transition from {@code source}. */
    static void internalTaken(MachineCore m, int source, Object event) {
        MachineCore.Extras x = m.extras;
        if (x != null && x.listener != null) {
            internalNoted(m, x.listener, source, event);
        }
    }

    private static void internalNoted(MachineCore m, MachineListener l, int source, Object event) {
        l.onInternal(m.face(), source, event, m.stepCause());
    }

    /**
     * Before the first exit of a step that changes the configuration: what {@link Machine#revert}
     * returns to.
     */
    static void savePreviousConfiguration(MachineCore m) {
        m.savePrevious();
    }

    /** Before state {@code st} (which has history children) is left: each history records. */
    static void recordHistory(MachineCore m, int st) {
        ScxmlStep.recordHistoryOf(m, m.chart.compiled, st);
    }

    /** After final state {@code st} is entered: its parent's completion, or the machine halts. */
    static void finalEntered(MachineCore m, int st) {
        ScxmlStep.completed(m, m.chart.compiled, st);
    }

    /** An action of state (or transition source) {@code st} threw. */
    static void actionFailed(MachineCore m, Throwable e, int st) {
        RunToCompletion.reportError(m, st, e);
    }

    /** A guard of a transition from {@code st} threw: reported, and false. */
    static boolean guardFailed(MachineCore m, Throwable e, int st) {
        RunToCompletion.reportError(m, st, e);
        return false;
    }

    /** A transition the specialized code does not take itself (plans, large histories): the interpreter's. */
    static boolean executeGeneral(MachineCore m, int t, Object event) {
        RunToCompletion.execute(m, m.chart.compiled, t, event);
        return true;
    }
}
