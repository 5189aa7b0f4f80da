package dev.arbor.core.reference;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** A whole reference chart: the tree, its states in document order, its transitions, and how many variables guards read. */
final class RefChart {
    final long seed;
    final RefState root;
    final List<RefState> states = new ArrayList<>();
    final List<RefTransition> transitions = new ArrayList<>();
    final int varCount;
    /** ErrorPolicy.RAISE_ERROR_EVENT (else RETHROW). */
    boolean raiseErrorEvents;
    /** The most events kept deferred (Arbor's deferLimit); unbounded in the differential test. */
    int deferLimit = Integer.MAX_VALUE;

    RefChart(long seed, RefState root, int varCount) {
        this.seed = seed;
        this.root = root;
        this.varCount = varCount;
        renumber();
    }

    /** Recomputes document order (preorder) and depth. */
    void renumber() {
        states.clear();
        preorder(root, 0);
        transitions.clear();
        for (RefState s : states) {
            transitions.addAll(s.transitions);
        }
    }

    private void preorder(RefState s, int depth) {
        s.order = states.size();
        s.depth = depth;
        states.add(s);
        for (RefState c : s.children) {
            preorder(c, depth + 1);
        }
    }

    /** A deep copy (the shrinker edits copies). */
    RefChart copy() {
        Map<RefState, RefState> map = new IdentityHashMap<>();
        RefState newRoot = copyTree(root, null, map);
        for (RefState old : states) {
            RefState n = map.get(old);
            for (RefState i : old.initial) {
                n.initial.add(map.get(i));
            }
            n.initialDeclared = old.initialDeclared;
            n.onEntry.addAll(old.onEntry);
            n.onExit.addAll(old.onExit);
            n.initialAction.addAll(old.initialAction);
            n.defers.addAll(old.defers);
            for (RefTransition t : old.transitions) {
                RefTransition c = new RefTransition(t.id, n, t.event, t.doneOf == null ? null : map.get(t.doneOf));
                c.guardVar = t.guardVar;
                c.guardNegated = t.guardNegated;
                c.goldAtLeast = t.goldAtLeast;
                c.decided = t.decided;
                for (RefState x : t.targets) {
                    c.targets.add(map.get(x));
                }
                c.local = t.local;
                c.actions.addAll(t.actions);
                c.polled = t.polled;
                c.after = t.after;
                n.transitions.add(c);
            }
        }
        RefChart copy = new RefChart(seed, newRoot, varCount);
        copy.raiseErrorEvents = raiseErrorEvents;
        copy.deferLimit = deferLimit;
        return copy;
    }

    private static RefState copyTree(RefState s, RefState parent, Map<RefState, RefState> map) {
        RefState n = new RefState(s.name, s.kind, parent);
        map.put(s, n);
        for (RefState c : s.children) {
            copyTree(c, n, map);
        }
        return n;
    }

    RefState state(String name) {
        for (RefState s : states) {
            if (s.name.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** A readable dump: the tree with kinds, initial targets, actions and transitions. */
    String dump() {
        StringBuilder b = new StringBuilder();
        b.append("error policy: ").append(raiseErrorEvents ? "RAISE_ERROR_EVENT" : "RETHROW").append('\n');
        if (deferLimit != Integer.MAX_VALUE) {
            b.append("defer limit: ").append(deferLimit).append('\n');
        }
        dump(root, "", b);
        return b.toString();
    }

    private void dump(RefState s, String indent, StringBuilder b) {
        b.append(indent).append(s.name).append(" [").append(s.kind).append(']');
        if (!s.initial.isEmpty()) {
            b.append(s.isHistory() ? " default=" : " initial=").append(s.initial);
            if (!s.initialDeclared) {
                b.append("(implicit)");
            }
        }
        if (!s.onEntry.isEmpty()) {
            b.append(" entry=").append(s.onEntry);
        }
        if (!s.onExit.isEmpty()) {
            b.append(" exit=").append(s.onExit);
        }
        if (!s.defers.isEmpty()) {
            b.append(" defers=").append(s.defers);
        }
        if (!s.initialAction.isEmpty()) {
            b.append(" initialAction=").append(s.initialAction);
        }
        b.append('\n');
        for (RefTransition t : s.transitions) {
            b.append(indent).append("    ").append(t.describe()).append('\n');
        }
        for (RefState c : s.children) {
            dump(c, indent + "  ", b);
        }
    }
}
