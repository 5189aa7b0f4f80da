package dev.arbor.bench.peers;

import com.github.oxo42.stateless4j.StateMachine;
import com.github.oxo42.stateless4j.StateMachineConfig;

/**
 * stateless4j 2.6.0: states with {@code substateOf}, guarded {@code permitIf}, internal
 * transitions ({@code permitInternal}), transition actions ({@code permit(trigger, dest, action)},
 * run between the exits and the entries, as in Arbor) and an unhandled-trigger hook.
 *
 * <p>What it cannot express, and what the trace shows instead (see PEERS.md):
 * <ul>
 *   <li><b>No initial transitions.</b> A machine is always in one state, and a transition's
 *       destination is that state; there is no "enter s1, then its initial child". Every
 *       transition that targets a composite state in QHsmTst is therefore retargeted to the leaf
 *       its initial transitions lead to (s1 → s11, s2 → s211, s21 → s211, s → s11), and no
 *       {@code X-INIT} record is ever made.</li>
 *   <li><b>Exits and entries are computed from the active leaf to the destination leaf</b>, not
 *       from the transition's source state: the states left are those containing the leaf but not
 *       the destination, the states entered those containing the destination but not the leaf.
 *       When the leaf is also the destination (s1-A, s11-D, s11-H, s21-A, s211-D in QHsmTst) the
 *       transition is a re-entry of the leaf alone, declared with {@code permitReentry}
 *       ({@code permit} refuses a state's own id as destination). So a self-transition on a
 *       composite (s1-A, s21-A) and a transition to an ancestor (s1-D, s11-D, s11-H, s211-D,
 *       s211-H) exit and re-enter fewer states than QP.</li>
 *   <li>The chart's initial transition is the transition of a start trigger from an extra
 *       {@code ROOT} state (which has no actions) to s211, so that the entries of s, s2, s21 and
 *       s211 run and the top-level initial action runs as its action.</li>
 * </ul>
 * Guards, bubbling of unhandled and guard-failed events to the superstate, internal transitions
 * and the exit → action → entry order are the same as Arbor's. The configuration is built per
 * owner (stateless4j's actions take no context argument, so they capture the owner).
 */
public final class Stateless4jPeer implements QhsmPeer {

    /** stateless4j's states: QHsmTst's, plus the root the start trigger leaves. */
    public enum St {
        ROOT(null), S(Q.S), S1(Q.S1), S11(Q.S11), S2(Q.S2), S21(Q.S21), S211(Q.S211);

        final Q q;

        St(Q q) {
            this.q = q;
        }
    }

    /** The trigger of the initial transition (stateless4j triggers are any objects). */
    public static final Object START = new Object() {
        @Override
        public String toString() {
            return "START";
        }
    };

    private final QhsmOwner o;
    private final StateMachine<St, Object> machine;

    public Stateless4jPeer(QhsmOwner owner) {
        this.o = owner;
        this.machine = new StateMachine<>(St.ROOT, config(owner));
        machine.onUnhandledTrigger((state, trigger) -> o.rec(((Sig) trigger).unhandledRecord()));
    }

    /** QHsmTst in stateless4j, with actions bound to one owner. */
    public static StateMachineConfig<St, Object> config(QhsmOwner o) {
        StateMachineConfig<St, Object> c = new StateMachineConfig<>();
        c.configure(St.ROOT)
                .permit(START, St.S211, () -> { o.foo = false; o.rec("top-INIT"); });
        c.configure(St.S)
                .onEntry(() -> o.rec("s-ENTRY"))
                .onExit(() -> o.rec("s-EXIT"))
                .permitInternalIf(Sig.I, () -> o.foo, () -> { o.foo = false; o.rec("s-I"); })
                .permit(Sig.E, St.S11, () -> o.rec("s-E"));
        c.configure(St.S1).substateOf(St.S)
                .onEntry(() -> o.rec("s1-ENTRY"))
                .onExit(() -> o.rec("s1-EXIT"))
                .permit(Sig.A, St.S11, () -> o.rec("s1-A"))                  // QP: s1 (self), init s11
                .permit(Sig.B, St.S11, () -> o.rec("s1-B"))
                .permit(Sig.C, St.S211, () -> o.rec("s1-C"))                 // QP: s2, init s211
                .permitIf(Sig.D, St.S11, () -> !o.foo, () -> { o.foo = true; o.rec("s1-D"); }) // QP: s, init s11
                .permit(Sig.F, St.S211, () -> o.rec("s1-F"))
                .permitInternal(Sig.I, () -> o.rec("s1-I"));
        c.configure(St.S11).substateOf(St.S1)
                .onEntry(() -> o.rec("s11-ENTRY"))
                .onExit(() -> o.rec("s11-EXIT"))
                .permitReentryIf(Sig.D, () -> o.foo, () -> { o.foo = false; o.rec("s11-D"); }) // QP: s1, init s11
                .permit(Sig.G, St.S211, () -> o.rec("s11-G"))
                .permitReentry(Sig.H, () -> o.rec("s11-H"));                // QP: s, init s11
        c.configure(St.S2).substateOf(St.S)
                .onEntry(() -> o.rec("s2-ENTRY"))
                .onExit(() -> o.rec("s2-EXIT"))
                .permit(Sig.C, St.S11, () -> o.rec("s2-C"))                  // QP: s1, init s11
                .permit(Sig.F, St.S11, () -> o.rec("s2-F"))
                .permitInternalIf(Sig.I, () -> !o.foo, () -> { o.foo = true; o.rec("s2-I"); });
        c.configure(St.S21).substateOf(St.S2)
                .onEntry(() -> o.rec("s21-ENTRY"))
                .onExit(() -> o.rec("s21-EXIT"))
                .permit(Sig.A, St.S211, () -> o.rec("s21-A"))                // QP: s21 (self), init s211
                .permit(Sig.B, St.S211, () -> o.rec("s21-B"))
                .permit(Sig.G, St.S11, () -> o.rec("s21-G"));                // QP: s1, init s11
        c.configure(St.S211).substateOf(St.S21)
                .onEntry(() -> o.rec("s211-ENTRY"))
                .onExit(() -> o.rec("s211-EXIT"))
                .permitReentry(Sig.D, () -> o.rec("s211-D"))                // QP: s21, init s211
                .permit(Sig.H, St.S11, () -> o.rec("s211-H"));               // QP: s, init s11
        return c;
    }

    @Override
    public void start() {
        machine.fire(START);
    }

    @Override
    public void fire(Sig signal) {
        machine.fire(signal);
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }

    @Override
    public Q leaf() {
        return machine.getState().q;
    }
}
