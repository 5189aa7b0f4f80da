package dev.arbor.core.reference;

import dev.arbor.core.Chart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Greedy reduction of a failing (chart, variables, events) case: drops events, transitions,
 * actions, guards and unreferenced states, and collapses unreferenced subtrees, for as long as
 * Arbor and the reference still disagree. Used only to print a small reproduction on failure.
 */
final class Shrinker {

    record Case(RefChart chart, boolean[] vars, List<String> events) {}

    private final ReferenceInterpreter.HistoryDomain historyDomain;
    private int attempts;

    Shrinker(ReferenceInterpreter.HistoryDomain historyDomain) {
        this.historyDomain = historyDomain;
    }

    /** The failure text of a case, or null when both sides agree (or Arbor rejects the chart). */
    String failure(Case c) {
        attempts++;
        Chart<Env> arbor;
        try {
            arbor = RandomCharts.toArbor(c.chart(), DifferentialTest.MAX_MICROSTEPS);
        } catch (RuntimeException e) {
            return null;
        }
        return DifferentialTest.runSequence(c.chart(), arbor, c.vars(), c.events(), historyDomain).failure();
    }

    Case shrink(Case start) {
        Case best = start;
        boolean progress = true;
        while (progress && attempts < 20_000) {
            progress = false;
            // Events: drop one at a time, from the end.
            for (int i = best.events().size() - 1; i >= 0; i--) {
                List<String> ev = new ArrayList<>(best.events());
                ev.remove(i);
                Case c = new Case(best.chart(), best.vars(), ev);
                if (failure(c) != null) {
                    best = c;
                    progress = true;
                }
            }
            // Variables: prefer false.
            for (int v = 0; v < best.vars().length; v++) {
                if (best.vars()[v]) {
                    boolean[] vars = best.vars().clone();
                    vars[v] = false;
                    Case c = new Case(best.chart(), vars, best.events());
                    if (failure(c) != null) {
                        best = c;
                        progress = true;
                    }
                }
            }
            // Transitions: remove, then simplify.
            for (int i = best.chart().transitions.size() - 1; i >= 0; i--) {
                for (int op = 0; op < 5; op++) {
                    RefChart copy = best.chart().copy();
                    RefTransition t = copy.transitions.get(i);
                    boolean changed = switch (op) {
                        case 0 -> t.source.transitions.remove(t);
                        case 1 -> {
                            boolean had = t.guardVar >= 0 && t.event != null;
                            if (had) {
                                t.guardVar = -1;
                            }
                            yield had;
                        }
                        case 2 -> {
                            boolean had = t.actions.size() > 1;
                            while (t.actions.size() > 1) {
                                t.actions.remove(t.actions.size() - 1);
                            }
                            yield had;
                        }
                        case 3 -> simplify(t.actions, 0);
                        default -> {
                            boolean had = t.local;
                            t.local = false;
                            yield had;
                        }
                    };
                    if (changed) {
                        copy.renumber();
                        Case c = new Case(copy, best.vars(), best.events());
                        if (failure(c) != null) {
                            best = c;
                            progress = true;
                            if (op == 0) {
                                break;
                            }
                        }
                    }
                }
            }
            // State actions.
            for (int i = best.chart().states.size() - 1; i >= 0; i--) {
                for (int op = 0; op < 6; op++) {
                    RefChart copy = best.chart().copy();
                    RefState s = copy.states.get(i);
                    boolean changed = switch (op) {
                        case 0 -> clear(s.onEntry);
                        case 1 -> clear(s.onExit);
                        case 2 -> clear(s.initialAction);
                        case 3 -> simplify(s.onEntry, 0);
                        case 4 -> simplify(s.onExit, 0);
                        default -> simplify(s.initialAction, 0);
                    };
                    if (changed) {
                        Case c = new Case(copy, best.vars(), best.events());
                        if (failure(c) != null) {
                            best = c;
                            progress = true;
                        }
                    }
                }
            }
            // States: remove unreferenced subtrees, collapse unreferenced insides.
            for (int i = best.chart().states.size() - 1; i >= 1; i--) {
                for (int op = 0; op < 2; op++) {
                    if (i >= best.chart().states.size()) {
                        break;
                    }
                    RefChart copy = best.chart().copy();
                    RefState s = copy.states.get(i);
                    boolean changed = op == 0 ? removeState(copy, s) : collapse(copy, s);
                    if (changed) {
                        copy.renumber();
                        Case c = new Case(copy, best.vars(), best.events());
                        if (failure(c) != null) {
                            best = c;
                            progress = true;
                            break;
                        }
                    }
                }
            }
        }
        return best;
    }

    private static boolean clear(List<Effect> effects) {
        boolean had = !effects.isEmpty();
        effects.clear();
        return had;
    }

    /** Turns the effect at {@code index} into a plain log record. */
    private static boolean simplify(List<Effect> effects, int index) {
        if (effects.size() <= index) {
            return false;
        }
        Effect e = effects.get(index);
        if (e.setVar() < 0 && e.raise() == null && !e.fail()) {
            return false;
        }
        if (e.fail()) {
            effects.set(index, e.withoutFailure());
        } else if (e.raise() != null) {
            effects.set(index, e.withoutEvent());
        } else {
            effects.set(index, Effect.log(e.log()));
        }
        return true;
    }

    /** States of the subtree of {@code s} (s included). */
    private static Set<RefState> subtree(RefChart chart, RefState s) {
        Set<RefState> out = Collections.newSetFromMap(new IdentityHashMap<>());
        for (RefState x : chart.states) {
            if (x == s || x.isDescendantOf(s)) {
                out.add(x);
            }
        }
        return out;
    }

    /** Whether anything outside {@code inside} refers to a state of {@code targets} (initial, history default, target, done). */
    private static boolean referencedFromOutside(RefChart chart, Set<RefState> targets, Set<RefState> inside,
            RefState ignoreInitialOf) {
        for (RefState x : chart.states) {
            if (inside.contains(x)) {
                continue;
            }
            if (x != ignoreInitialOf) {
                for (RefState i : x.initial) {
                    if (targets.contains(i)) {
                        return true;
                    }
                }
            }
            for (RefTransition t : x.transitions) {
                if (t.doneOf != null && targets.contains(t.doneOf)) {
                    return true;
                }
                for (RefState y : t.targets) {
                    if (targets.contains(y)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean removeState(RefChart chart, RefState s) {
        RefState p = s.parent;
        if (!s.isHistory() && p.childStates().size() < 2) {
            return false;
        }
        Set<RefState> sub = subtree(chart, s);
        if (referencedFromOutside(chart, sub, sub, null)) {
            return false;
        }
        p.children.remove(s);
        return true;
    }

    private static boolean collapse(RefChart chart, RefState s) {
        if (s.kind != RefState.Kind.COMPOUND && s.kind != RefState.Kind.PARALLEL) {
            return false;
        }
        Set<RefState> sub = subtree(chart, s);
        Set<RefState> inner = subtree(chart, s);
        inner.remove(s);
        // s's own transitions are outside "inner": they must not target its descendants.
        if (referencedFromOutside(chart, inner, inner, s)) {
            return false;
        }
        s.children.clear();
        s.initial.clear();
        s.initialAction.clear();
        s.kind = RefState.Kind.ATOMIC;
        return sub.size() > 1;
    }
}
