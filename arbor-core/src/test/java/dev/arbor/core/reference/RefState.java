package dev.arbor.core.reference;

import java.util.ArrayList;
import java.util.List;

/** A state of the reference model: a plain tree node, independent of Arbor's compiler. */
final class RefState {

    enum Kind { ATOMIC, COMPOUND, PARALLEL, FINAL, SHALLOW_HISTORY, DEEP_HISTORY }

    final String name;
    Kind kind; // not final: the shrinker collapses subtrees
    final RefState parent;
    /** Children in document order, history pseudo-states included. */
    final List<RefState> children = new ArrayList<>();
    /**
     * Compound: the targets of the initial transition. History: the default targets, already
     * resolved (Arbor's rule for a history declared without defaults: its parent's initial
     * targets, or every region of a parallel parent).
     */
    final List<RefState> initial = new ArrayList<>();
    /** Whether {@link #initial} is declared explicitly in the Arbor chart (else Arbor's default applies). */
    boolean initialDeclared;
    final List<Effect> onEntry = new ArrayList<>();
    final List<Effect> onExit = new ArrayList<>();
    /** The actions of the initial transition (compound states only). */
    final List<Effect> initialAction = new ArrayList<>();
    /** Transitions in declaration order. */
    final List<RefTransition> transitions = new ArrayList<>();
    /** Event descriptors this state defers ({@code "*"}: every event). */
    final List<String> defers = new ArrayList<>();
    /** Position in document order (preorder, root = 0, history pseudo-states included). */
    int order;
    int depth;

    RefState(String name, Kind kind, RefState parent) {
        this.name = name;
        this.kind = kind;
        this.parent = parent;
        if (parent != null) {
            parent.children.add(this);
            depth = parent.depth + 1;
        }
    }

    boolean isHistory() {
        return kind == Kind.SHALLOW_HISTORY || kind == Kind.DEEP_HISTORY;
    }

    /** SCXML isAtomicState: no child state, parallel or final elements. */
    boolean isAtomic() {
        return kind == Kind.ATOMIC || kind == Kind.FINAL;
    }

    /** SCXML getChildStates: the children that are states (not history pseudo-states). */
    List<RefState> childStates() {
        List<RefState> out = new ArrayList<>();
        for (RefState c : children) {
            if (!c.isHistory()) {
                out.add(c);
            }
        }
        return out;
    }

    List<RefState> historyChildren() {
        List<RefState> out = new ArrayList<>();
        for (RefState c : children) {
            if (c.isHistory()) {
                out.add(c);
            }
        }
        return out;
    }

    /** Whether this state is a proper descendant of {@code other}. */
    boolean isDescendantOf(RefState other) {
        for (RefState p = parent; p != null; p = p.parent) {
            if (p == other) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return name;
    }
}
