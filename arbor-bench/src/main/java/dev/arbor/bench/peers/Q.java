package dev.arbor.bench.peers;

/**
 * QHsmTst's states (seed 003): {@code s} contains {@code s1} (containing {@code s11}) and
 * {@code s2} (containing {@code s21}, containing {@code s211}).
 */
public enum Q {
    S(null), S1(S), S11(S1), S2(S), S21(S2), S211(S21);

    /** The parent state; null for {@code s}, whose parent is the chart's root. */
    public final Q parent;
    /** The state's name as the trace spells it: {@code "s211"}. */
    public final String id;
    public final String entry;
    public final String exit;
    public final String init;

    Q(Q parent) {
        this.parent = parent;
        this.id = name().toLowerCase(java.util.Locale.ROOT);
        this.entry = id + "-ENTRY";
        this.exit = id + "-EXIT";
        this.init = id + "-INIT";
    }

    /** 1 for {@code s}, 2 for its children, and so on. */
    public int depth() {
        return parent == null ? 1 : parent.depth() + 1;
    }

    /** Whether this state is {@code other} or lies inside it. */
    public boolean isWithin(Q other) {
        for (Q q = this; q != null; q = q.parent) {
            if (q == other) {
                return true;
            }
        }
        return false;
    }
}
