package dev.arbor.bench.peers;

import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;

/**
 * The floor for workload 7: QHsmTst in QP's handler style with no engine at all. The very handler
 * objects of {@link ArborHandlersPeer} are asked by hand-written code, from the active leaf
 * outward, each from a call site of its own; each transition a handler asks for is written out
 * (exits, entries, initial descent) as {@link SwitchPeer} writes it. What this costs beyond the
 * switch is what handler style itself costs: the calls to the handlers, their replies through
 * {@link Transitions}, and the choice of the transition at run time rather than at compile time.
 * Same trace as Arbor's handler chart (the handler's record before the exits it causes).
 */
public final class HandlerSwitchPeer implements QhsmPeer {

    private static final StateHandler<QhsmOwner> S = ArborHandlersPeer.S_HANDLER;
    private static final StateHandler<QhsmOwner> S1 = ArborHandlersPeer.S1_HANDLER;
    private static final StateHandler<QhsmOwner> S11 = ArborHandlersPeer.S11_HANDLER;
    private static final StateHandler<QhsmOwner> S2 = ArborHandlersPeer.S2_HANDLER;
    private static final StateHandler<QhsmOwner> S21 = ArborHandlersPeer.S21_HANDLER;
    private static final StateHandler<QhsmOwner> S211 = ArborHandlersPeer.S211_HANDLER;

    private final QhsmOwner o;
    private final Target to = new Target();
    /** The active leaf: always s11 or s211, since every composite has an initial child. */
    private Q leaf;

    /** What a handler's {@code to.state(KEY)} asked for, reused for every event. */
    private static final class Target implements Transitions {
        Q state;

        @Override
        public Reply state(Object stateKey) {
            state = (Q) stateKey;
            return Reply.TRANSITION;
        }
    }

    public HandlerSwitchPeer(QhsmOwner owner) {
        this.o = owner;
    }

    @Override
    public void start() {
        o.foo = false;
        o.rec("top-INIT");
        S.onEntry(o);
        S2.onEntry(o);
        initS2();
    }

    @Override
    public void fire(Sig e) {
        boolean handled = leaf == Q.S11
                ? ask(S11, Q.S11, e) || ask(S1, Q.S1, e) || ask(S, Q.S, e)
                : ask(S211, Q.S211, e) || ask(S21, Q.S21, e) || ask(S2, Q.S2, e) || ask(S, Q.S, e);
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
        return leaf;
    }

    /** Asks state {@code st}'s handler; false when it passes the event on. Small, so inlined at each call. */
    private boolean ask(StateHandler<QhsmOwner> h, Q st, Sig e) {
        to.state = null;
        Reply r = h.onEvent(o, e, to);
        if (r == Reply.UNHANDLED) {
            return false;
        }
        if (r == Reply.TRANSITION) {
            transition(st, to.state);
        }
        return true;
    }

    /** The transition handler state {@code st} asked for, after its own record: exits, entries, initial descent. */
    private void transition(Q st, Q target) {
        switch (st) {
            case S -> { // E -> s11
                exitTo(Q.S);
                enterS1ThenS11();
            }
            case S1 -> {
                if (target == Q.S1) { // A
                    exitTo(Q.S);
                    S1.onEntry(o);
                    initS1();
                } else if (target == Q.S11) { // B
                    exitTo(Q.S1);
                    S11.onEntry(o);
                    leaf = Q.S11;
                } else if (target == Q.S2) { // C
                    exitTo(Q.S);
                    S2.onEntry(o);
                    initS2();
                } else if (target == Q.S) { // D
                    exitTo(Q.S);
                    initS();
                } else { // F -> s211
                    exitTo(Q.S);
                    enterS2ThenS211();
                }
            }
            case S11 -> {
                if (target == Q.S1) { // D
                    exitTo(Q.S1);
                    initS1();
                } else if (target == Q.S211) { // G
                    exitTo(Q.S);
                    enterS2ThenS211();
                } else { // H -> s
                    exitTo(Q.S);
                    initS();
                }
            }
            case S2 -> {
                if (target == Q.S1) { // C
                    exitTo(Q.S);
                    S1.onEntry(o);
                    initS1();
                } else { // F -> s11
                    exitTo(Q.S);
                    enterS1ThenS11();
                }
            }
            case S21 -> {
                if (target == Q.S21) { // A
                    exitTo(Q.S2);
                    S21.onEntry(o);
                    initS21();
                } else if (target == Q.S211) { // B
                    exitTo(Q.S21);
                    S211.onEntry(o);
                    leaf = Q.S211;
                } else { // G -> s1
                    exitTo(Q.S);
                    S1.onEntry(o);
                    initS1();
                }
            }
            case S211 -> {
                if (target == Q.S21) { // D
                    exitTo(Q.S21);
                    initS21();
                } else { // H -> s
                    exitTo(Q.S);
                    initS();
                }
            }
        }
    }

    /** Exits the active states below {@code domain}, innermost first; s itself is never exited in QHsmTst. */
    private void exitTo(Q domain) {
        if (leaf == Q.S11) {
            S11.onExit(o);
            if (domain != Q.S1) {
                S1.onExit(o);
            }
            return;
        }
        S211.onExit(o);
        if (domain == Q.S21) {
            return;
        }
        S21.onExit(o);
        if (domain != Q.S2) {
            S2.onExit(o);
        }
    }

    /** Entries from s down to s11, explicitly (no initial transition runs). */
    private void enterS1ThenS11() {
        S1.onEntry(o);
        S11.onEntry(o);
        leaf = Q.S11;
    }

    /** Entries from s down to s211, explicitly (no initial transition runs). */
    private void enterS2ThenS211() {
        S2.onEntry(o);
        S21.onEntry(o);
        S211.onEntry(o);
        leaf = Q.S211;
    }

    private void initS() {
        S.onInitial(o);
        enterS1ThenS11();
    }

    private void initS1() {
        S1.onInitial(o);
        S11.onEntry(o);
        leaf = Q.S11;
    }

    private void initS2() {
        S2.onInitial(o);
        S21.onEntry(o);
        S211.onEntry(o);
        leaf = Q.S211;
    }

    private void initS21() {
        S21.onInitial(o);
        S211.onEntry(o);
        leaf = Q.S211;
    }
}
