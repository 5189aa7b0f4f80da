package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.BEHAVIORS_ENTERED;
import static dev.arbor.core.speed.SemanticsHooks.CASE;
import static dev.arbor.core.speed.SemanticsHooks.ENTERED_QUIET;
import static dev.arbor.core.speed.SemanticsHooks.ENTERED_QUIET_LOW;
import static dev.arbor.core.speed.SemanticsHooks.ENTERING;
import static dev.arbor.core.speed.SemanticsHooks.ENTERING_LOW;
import static dev.arbor.core.speed.SemanticsHooks.EXECUTE_GENERAL;
import static dev.arbor.core.speed.SemanticsHooks.EXITED;
import static dev.arbor.core.speed.SemanticsHooks.EXITED_LOW;
import static dev.arbor.core.speed.SemanticsHooks.EXITING;
import static dev.arbor.core.speed.SemanticsHooks.FINAL_ENTERED;
import static dev.arbor.core.speed.SemanticsHooks.HISTORY_CASE;
import static dev.arbor.core.speed.SemanticsHooks.INTERNAL_TAKEN;
import static dev.arbor.core.speed.SemanticsHooks.MICROSTEP_TAKEN;
import static dev.arbor.core.speed.SemanticsHooks.QUIET;
import static dev.arbor.core.speed.SemanticsHooks.RECORD_HISTORY;
import static dev.arbor.core.speed.SemanticsHooks.SAVE_PREVIOUS;
import static dev.arbor.core.speed.SemanticsHooks.SUMMARISED;
import static dev.arbor.core.speed.SemanticsHooks.TRANSITION_TAKEN;
import static dev.arbor.core.speed.SemanticsHooks.UNRECORDABLE;
import static dev.arbor.core.speed.Steps.addAction;
import static dev.arbor.core.speed.Steps.bothWays;
import static dev.arbor.core.speed.Steps.handled;
import static dev.arbor.core.speed.Steps.pair;
import static dev.arbor.core.speed.Steps.sequence;
import static dev.arbor.core.speed.Steps.withState;
import static dev.arbor.core.speed.Steps.withTransition;
import static java.lang.invoke.MethodHandles.constant;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.foldArguments;
import static java.lang.invoke.MethodHandles.insertArguments;
import static java.lang.invoke.MethodType.methodType;

import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.FlatStep;
import dev.arbor.core.semantics.MicrostepHooks;
import dev.arbor.core.speed.Steps.SizedHandle;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles a chart's transitions into microsteps, one per (active leaf, transition): the exits up
 * to the transition's domain, its action, the entries of its precomputed path, each engine step a
 * call to the same {@link MicrostepHooks} method the interpreter uses and each user function
 * bound in as a constant, in a quiet variant and a full one that the machine chooses between at
 * the start of the step. Each microstep is made once per chart, as are the steps of each state's
 * exit and entry that microsteps share; the cases of {@link Specializer}, {@link RegionCases} and
 * {@link HandlerCases} call them.
 *
 * <p>A transition to a history state is compiled as its entries down to the history's parent,
 * then a switch on what the history recorded ({@link FlatStep#historyCase}), one case of constant
 * entries per state it can record and one for "recorded nothing". A history with more than
 * {@link #MAX_INLINED_HISTORY_CASES} cases, or whose microstep would be longer than
 * {@link Specializer#CASE_BUDGET} steps, is left to the interpreter's flat microstep, which reads
 * the same precomputed entries; so is whatever the precomputed paths cannot express (plans,
 * history that leads to another history), by the interpreter's general microstep. Which
 * transitions were left to the interpreter is noted ({@link #leftToInterpreter()}).
 */
final class Microsteps {

    /**
     * The most cases of a history state (states it can record, plus "recorded nothing") compiled
     * into a transition to it: each case is a copy of its entries, in both variants.
     */
    static final int MAX_INLINED_HISTORY_CASES = 64;

    private final CompiledChart c;
    private final Map<Long, SizedHandle> effects = new HashMap<>();
    /** The steps of single states' exits and entries, by {@link #exit} and {@link #entry}. */
    private final Map<Long, List<MethodHandle>> parts = new HashMap<>();
    /** The transitions whose effects call the interpreter. */
    private final BitSet leftToInterpreter = new BitSet();

    Microsteps(CompiledChart c) {
        this.c = c;
    }

    /** Whether transition {@code t} is left to the interpreter ({@link #interpreted}). */
    boolean leftToInterpreter(int t) {
        return leftToInterpreter.get(t);
    }

    /** The transitions left to the interpreter, in order. */
    int[] leftToInterpreter() {
        return leftToInterpreter.stream().toArray();
    }

    /** Transition {@code t} taken from active leaf {@code leaf}: always true. */
    SizedHandle effect(int leaf, int t) {
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
        if (h >= 0 && both.steps() > Specializer.CASE_BUDGET) {
            return interpreted(t); // a history's cases multiply its entries: too long for one case
        }
        return both;
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
    SizedHandle microstep(int leaf, int t, int d, int keptInitial, int[] entryPath, boolean quiet, boolean whole) {
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
    SizedHandle historySwitch(int h, boolean parentEntered, boolean quiet) {
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
    void addExits(List<MethodHandle> steps, int leaf, int base, boolean quiet) {
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
    void addEntries(List<MethodHandle> steps, int[] path, boolean quiet) {
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
}
