package dev.arbor.bench.peers;

import dev.arbor.core.Chart;
import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;

/**
 * Arbor in QP's style (workload 7): QHsmTst as state objects whose {@code onEvent} decides in code
 * ({@link Chart#handlers}), as seed 003's handler version and QP's own {@code QHsmTst} are written.
 * Same records, same trace as {@link ArborPeer} (PeerEquivalenceTest); what differs is that the
 * engine cannot see the transitions, so it asks each state's handler in turn, leaf to root. The
 * handlers are fields of their own so that {@link HandlerSwitchPeer} (handler style with no engine,
 * workload 7's floor) asks the very same objects.
 */
public final class ArborHandlersPeer extends ArborMachinePeer {

    public ArborHandlersPeer(QhsmOwner owner) {
        super(CHART, owner);
    }

    /** A state that records its entry and exit, as every QHsmTst state does. */
    private abstract static class Recorded implements StateHandler<QhsmOwner> {
        private final String entry;
        private final String exit;

        Recorded(String name) {
            this.entry = name + "-ENTRY";
            this.exit = name + "-EXIT";
        }

        @Override
        public void onEntry(QhsmOwner h) {
            h.rec(entry);
        }

        @Override
        public void onExit(QhsmOwner h) {
            h.rec(exit);
        }

        static Reply go(QhsmOwner h, Transitions to, String record, Q target) {
            h.rec(record);
            return to.state(target);
        }
    }

    /** State s: I when foo, E. */
    static final StateHandler<QhsmOwner> S_HANDLER = new Recorded("s") {
        @Override
        public void onInitial(QhsmOwner h) {
            h.rec("s-INIT");
        }

        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            if (e == Sig.I && h.foo) {
                h.foo = false;
                h.rec("s-I");
                return Reply.HANDLED;
            }
            return e == Sig.E ? go(h, to, "s-E", Q.S11) : Reply.UNHANDLED;
        }
    };

    /** State s1: A to F, and I. */
    static final StateHandler<QhsmOwner> S1_HANDLER = new Recorded("s1") {
        @Override
        public void onInitial(QhsmOwner h) {
            h.rec("s1-INIT");
        }

        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            switch ((Sig) e) {
                case A: return go(h, to, "s1-A", Q.S1);
                case B: return go(h, to, "s1-B", Q.S11);
                case C: return go(h, to, "s1-C", Q.S2);
                case D:
                    if (!h.foo) {
                        h.foo = true;
                        return go(h, to, "s1-D", Q.S);
                    }
                    return Reply.UNHANDLED;
                case F: return go(h, to, "s1-F", Q.S211);
                case I:
                    h.rec("s1-I");
                    return Reply.HANDLED;
                default: return Reply.UNHANDLED;
            }
        }
    };

    /** State s11: D when foo, G, H. */
    static final StateHandler<QhsmOwner> S11_HANDLER = new Recorded("s11") {
        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            switch ((Sig) e) {
                case D:
                    if (h.foo) {
                        h.foo = false;
                        return go(h, to, "s11-D", Q.S1);
                    }
                    return Reply.UNHANDLED;
                case G: return go(h, to, "s11-G", Q.S211);
                case H: return go(h, to, "s11-H", Q.S);
                default: return Reply.UNHANDLED;
            }
        }
    };

    /** State s2: C, F, and I when not foo. */
    static final StateHandler<QhsmOwner> S2_HANDLER = new Recorded("s2") {
        @Override
        public void onInitial(QhsmOwner h) {
            h.rec("s2-INIT");
        }

        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            switch ((Sig) e) {
                case C: return go(h, to, "s2-C", Q.S1);
                case F: return go(h, to, "s2-F", Q.S11);
                case I:
                    if (!h.foo) {
                        h.foo = true;
                        h.rec("s2-I");
                        return Reply.HANDLED;
                    }
                    return Reply.UNHANDLED;
                default: return Reply.UNHANDLED;
            }
        }
    };

    /** State s21: A, B, G. */
    static final StateHandler<QhsmOwner> S21_HANDLER = new Recorded("s21") {
        @Override
        public void onInitial(QhsmOwner h) {
            h.rec("s21-INIT");
        }

        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            switch ((Sig) e) {
                case A: return go(h, to, "s21-A", Q.S21);
                case B: return go(h, to, "s21-B", Q.S211);
                case G: return go(h, to, "s21-G", Q.S1);
                default: return Reply.UNHANDLED;
            }
        }
    };

    /** State s211: D, H. */
    static final StateHandler<QhsmOwner> S211_HANDLER = new Recorded("s211") {
        @Override
        public Reply onEvent(QhsmOwner h, Object e, Transitions to) {
            switch ((Sig) e) {
                case D: return go(h, to, "s211-D", Q.S21);
                case H: return go(h, to, "s211-H", Q.S);
                default: return Reply.UNHANDLED;
            }
        }
    };

    /** The compiled chart, shared by every machine (after the handlers: static fields start in this order). */
    public static final Chart<QhsmOwner> CHART = chart();

    static Chart<QhsmOwner> chart() {
        return Chart.<QhsmOwner>handlers("qhsmtst-handlers")
                .initial(Q.S2)
                .initialAction(h -> { h.foo = false; h.rec("top-INIT"); })
                .onUnhandled((h, e) -> h.rec(((Sig) e).unhandledRecord()))
                .state(Q.S, Chart.ROOT, S_HANDLER)
                .initial(Q.S, Q.S11)
                .state(Q.S1, Q.S, S1_HANDLER)
                .initial(Q.S1, Q.S11)
                .state(Q.S11, Q.S1, S11_HANDLER)
                .state(Q.S2, Q.S, S2_HANDLER)
                .initial(Q.S2, Q.S211)
                .state(Q.S21, Q.S2, S21_HANDLER)
                .initial(Q.S21, Q.S211)
                .state(Q.S211, Q.S21, S211_HANDLER)
                .build();
    }
}
