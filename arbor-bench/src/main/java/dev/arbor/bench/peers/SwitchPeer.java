package dev.arbor.bench.peers;

/**
 * The floor: QHsmTst written by hand as nested {@code switch} statements, one method per state,
 * the way an embedded programmer would write it without a framework. The event bubbles from the
 * active leaf outwards by {@code ||}; each transition's exits, action, entries and initial
 * descent are spelled out. Same semantics as Arbor (QP's local transitions, exit → action →
 * entry), same trace; nothing is allocated.
 */
public final class SwitchPeer implements QhsmPeer {

    private static final int S = 0;
    private static final int S1 = 1;
    private static final int S11 = 2;
    private static final int S2 = 3;
    private static final int S21 = 4;
    private static final int S211 = 5;
    private static final int[] PARENT = {-1, S, S1, S, S2, S21};
    private static final String[] EXIT = {"s-EXIT", "s1-EXIT", "s11-EXIT", "s2-EXIT", "s21-EXIT", "s211-EXIT"};
    private static final Q[] STATES = {Q.S, Q.S1, Q.S11, Q.S2, Q.S21, Q.S211};

    private final QhsmOwner o;
    /** The active leaf: always s11 or s211 in this chart, since every composite has an initial child. */
    private int leaf;

    public SwitchPeer(QhsmOwner owner) {
        this.o = owner;
    }

    @Override
    public void start() {
        o.foo = false;
        o.rec("top-INIT");
        o.rec("s-ENTRY");
        o.rec("s2-ENTRY");
        initS2();
    }

    @Override
    public void fire(Sig e) {
        boolean handled = leaf == S11
                ? s11(e) || s1(e) || s(e)
                : s211(e) || s21(e) || s2(e) || s(e);
        if (!handled) {
            o.rec(e.unhandledRecord());
        }
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }

    @Override
    public Q leaf() {
        return STATES[leaf];
    }

    /** Exits the active states below {@code domain}, innermost first. */
    private void exitTo(int domain) {
        for (int st = leaf; st != domain; st = PARENT[st]) {
            o.rec(EXIT[st]);
        }
    }

    private void initS() {
        o.rec("s-INIT");
        o.rec("s1-ENTRY");
        o.rec("s11-ENTRY");
        leaf = S11;
    }

    private void initS1() {
        o.rec("s1-INIT");
        o.rec("s11-ENTRY");
        leaf = S11;
    }

    private void initS2() {
        o.rec("s2-INIT");
        o.rec("s21-ENTRY");
        o.rec("s211-ENTRY");
        leaf = S211;
    }

    private void initS21() {
        o.rec("s21-INIT");
        o.rec("s211-ENTRY");
        leaf = S211;
    }

    private boolean s(Sig e) {
        switch (e) {
            case I:
                if (!o.foo) {
                    return false;
                }
                o.foo = false;
                o.rec("s-I");
                return true;
            case E:
                exitTo(S);
                o.rec("s-E");
                o.rec("s1-ENTRY");
                o.rec("s11-ENTRY");
                leaf = S11;
                return true;
            default:
                return false;
        }
    }

    private boolean s1(Sig e) {
        switch (e) {
            case A:
                exitTo(S);
                o.rec("s1-A");
                o.rec("s1-ENTRY");
                initS1();
                return true;
            case B:
                exitTo(S1);
                o.rec("s1-B");
                o.rec("s11-ENTRY");
                leaf = S11;
                return true;
            case C:
                exitTo(S);
                o.rec("s1-C");
                o.rec("s2-ENTRY");
                initS2();
                return true;
            case D:
                if (o.foo) {
                    return false;
                }
                exitTo(S);
                o.foo = true;
                o.rec("s1-D");
                initS();
                return true;
            case F:
                exitTo(S);
                o.rec("s1-F");
                o.rec("s2-ENTRY");
                o.rec("s21-ENTRY");
                o.rec("s211-ENTRY");
                leaf = S211;
                return true;
            case I:
                o.rec("s1-I");
                return true;
            default:
                return false;
        }
    }

    private boolean s11(Sig e) {
        switch (e) {
            case D:
                if (!o.foo) {
                    return false;
                }
                exitTo(S1);
                o.foo = false;
                o.rec("s11-D");
                initS1();
                return true;
            case G:
                exitTo(S);
                o.rec("s11-G");
                o.rec("s2-ENTRY");
                o.rec("s21-ENTRY");
                o.rec("s211-ENTRY");
                leaf = S211;
                return true;
            case H:
                exitTo(S);
                o.rec("s11-H");
                initS();
                return true;
            default:
                return false;
        }
    }

    private boolean s2(Sig e) {
        switch (e) {
            case C:
                exitTo(S);
                o.rec("s2-C");
                o.rec("s1-ENTRY");
                initS1();
                return true;
            case F:
                exitTo(S);
                o.rec("s2-F");
                o.rec("s1-ENTRY");
                o.rec("s11-ENTRY");
                leaf = S11;
                return true;
            case I:
                if (o.foo) {
                    return false;
                }
                o.foo = true;
                o.rec("s2-I");
                return true;
            default:
                return false;
        }
    }

    private boolean s21(Sig e) {
        switch (e) {
            case A:
                exitTo(S2);
                o.rec("s21-A");
                o.rec("s21-ENTRY");
                initS21();
                return true;
            case B:
                exitTo(S21);
                o.rec("s21-B");
                o.rec("s211-ENTRY");
                leaf = S211;
                return true;
            case G:
                exitTo(S);
                o.rec("s21-G");
                o.rec("s1-ENTRY");
                initS1();
                return true;
            default:
                return false;
        }
    }

    private boolean s211(Sig e) {
        switch (e) {
            case D:
                exitTo(S21);
                o.rec("s211-D");
                initS21();
                return true;
            case H:
                exitTo(S);
                o.rec("s211-H");
                initS();
                return true;
            default:
                return false;
        }
    }
}
