package dev.arbor.bench.peers;

import org.squirrelframework.foundation.fsm.AnonymousAction;
import org.squirrelframework.foundation.fsm.AnonymousCondition;
import org.squirrelframework.foundation.fsm.Condition;
import org.squirrelframework.foundation.fsm.StateMachineBuilder;
import org.squirrelframework.foundation.fsm.StateMachineBuilderFactory;
import org.squirrelframework.foundation.fsm.impl.AbstractStateMachine;

/**
 * squirrel-foundation 0.3.10: a typed {@code AbstractStateMachine} built once by a shared
 * {@code StateMachineBuilder} (each peer instance is one {@code newStateMachine}); hierarchy with
 * {@code defineSequentialStatesOn} (the first child is the initial one: s → s1 → s11, s2 → s21 →
 * s211); QP's local transitions declared {@code localTransition()} (squirrel keeps the source
 * active for a target inside it and, for a target that contains the source, keeps the target
 * active, exactly as QP), self-transitions {@code externalTransition()}, guards as
 * {@code Condition}s; the owner travels as squirrel's context argument of {@code fire}. Unhandled
 * events are reported by a transition-declined listener.
 *
 * <p>What differs (see PEERS.md):
 * <ul>
 *   <li><b>No initial-transition actions.</b> squirrel enters a composite's first child without
 *       an action of its own, and the machine's start has none either, so the trace has no
 *       {@code X-INIT} records (no {@code top-INIT}; {@code foo} is false from the start anyway).
 *       An entry action cannot stand in for it: squirrel passes it (from=null, to=the entered
 *       state), not the transition's target. Apart from the missing {@code -INIT} records the
 *       trace is Arbor's, step for step.</li>
 *   <li><b>Internal transitions of a superstate are declined</b> by 0.3.10 while a substate is
 *       active, so QHsmTst's three internal transitions on I (s-I, s1-I, s2-I, all declared on
 *       composites) are declared on the leaves they cover instead; the observable behaviour is
 *       the same.</li>
 * </ul>
 */
public final class SquirrelPeer implements QhsmPeer {

    /** squirrel's typed machine class; instances are made by the shared builder. */
    public static class Hsm extends AbstractStateMachine<Hsm, Q, Sig, QhsmOwner> {
        public Hsm() {}
    }

    /** An action that makes one record on the owner (squirrel passes the owner as the context). */
    static final class Rec extends AnonymousAction<Hsm, Q, Sig, QhsmOwner> {
        private final String record;

        Rec(String record) {
            this.record = record;
        }

        @Override
        public void execute(Q from, Q to, Sig event, QhsmOwner owner, Hsm machine) {
            owner.rec(record);
        }
    }

    static Condition<QhsmOwner> foo() {
        return new AnonymousCondition<>() {
            @Override
            public boolean isSatisfied(QhsmOwner owner) {
                return owner.foo;
            }

            @Override
            public String name() {
                return "foo";
            }
        };
    }

    static Condition<QhsmOwner> notFoo() {
        return new AnonymousCondition<>() {
            @Override
            public boolean isSatisfied(QhsmOwner owner) {
                return !owner.foo;
            }

            @Override
            public String name() {
                return "notFoo";
            }
        };
    }

    /** The definition, shared by every machine. */
    public static final StateMachineBuilder<Hsm, Q, Sig, QhsmOwner> BUILDER = builder();

    static StateMachineBuilder<Hsm, Q, Sig, QhsmOwner> builder() {
        StateMachineBuilder<Hsm, Q, Sig, QhsmOwner> b =
                StateMachineBuilderFactory.create(Hsm.class, Q.class, Sig.class, QhsmOwner.class);
        b.defineSequentialStatesOn(Q.S, Q.S1, Q.S2);
        b.defineSequentialStatesOn(Q.S1, Q.S11);
        b.defineSequentialStatesOn(Q.S2, Q.S21);
        b.defineSequentialStatesOn(Q.S21, Q.S211);
        for (Q q : Q.values()) {
            b.onEntry(q).perform(new Rec(q.entry));
            b.onExit(q).perform(new Rec(q.exit));
        }
        b.localTransition().from(Q.S).to(Q.S11).on(Sig.E).perform(new Rec("s-E"));

        b.externalTransition().from(Q.S1).to(Q.S1).on(Sig.A).perform(new Rec("s1-A"));
        b.localTransition().from(Q.S1).to(Q.S11).on(Sig.B).perform(new Rec("s1-B"));
        b.externalTransition().from(Q.S1).to(Q.S2).on(Sig.C).perform(new Rec("s1-C"));
        b.localTransition().from(Q.S1).to(Q.S).on(Sig.D).when(notFoo()).perform(new AnonymousAction<>() {
            @Override
            public void execute(Q from, Q to, Sig event, QhsmOwner o, Hsm machine) {
                o.foo = true;
                o.rec("s1-D");
            }
        });
        b.externalTransition().from(Q.S1).to(Q.S211).on(Sig.F).perform(new Rec("s1-F"));
        // QHsmTst's three internal transitions on I (s1-I; s2-I [!foo]; s-I [foo]) are declared on the
        // leaves they cover: squirrel 0.3.10 declines an internal transition of a superstate while a
        // substate is active. In s11, s1-I always handles I, so s's never applies there.
        b.internalTransition().within(Q.S11).on(Sig.I).perform(new Rec("s1-I"));
        b.internalTransition().within(Q.S211).on(Sig.I).when(notFoo()).perform(new AnonymousAction<>() {
            @Override
            public void execute(Q from, Q to, Sig event, QhsmOwner o, Hsm machine) {
                o.foo = true;
                o.rec("s2-I");
            }
        });
        b.internalTransition().within(Q.S211).on(Sig.I).when(foo()).perform(new AnonymousAction<>() {
            @Override
            public void execute(Q from, Q to, Sig event, QhsmOwner o, Hsm machine) {
                o.foo = false;
                o.rec("s-I");
            }
        });

        b.localTransition().from(Q.S11).to(Q.S1).on(Sig.D).when(foo()).perform(new AnonymousAction<>() {
            @Override
            public void execute(Q from, Q to, Sig event, QhsmOwner o, Hsm machine) {
                o.foo = false;
                o.rec("s11-D");
            }
        });
        b.externalTransition().from(Q.S11).to(Q.S211).on(Sig.G).perform(new Rec("s11-G"));
        b.localTransition().from(Q.S11).to(Q.S).on(Sig.H).perform(new Rec("s11-H"));

        b.externalTransition().from(Q.S2).to(Q.S1).on(Sig.C).perform(new Rec("s2-C"));
        b.externalTransition().from(Q.S2).to(Q.S11).on(Sig.F).perform(new Rec("s2-F"));

        b.externalTransition().from(Q.S21).to(Q.S21).on(Sig.A).perform(new Rec("s21-A"));
        b.localTransition().from(Q.S21).to(Q.S211).on(Sig.B).perform(new Rec("s21-B"));
        b.externalTransition().from(Q.S21).to(Q.S1).on(Sig.G).perform(new Rec("s21-G"));

        b.localTransition().from(Q.S211).to(Q.S21).on(Sig.D).perform(new Rec("s211-D"));
        b.localTransition().from(Q.S211).to(Q.S).on(Sig.H).perform(new Rec("s211-H"));
        return b;
    }

    private final QhsmOwner owner;
    private final Hsm machine;

    public SquirrelPeer(QhsmOwner owner) {
        this.owner = owner;
        this.machine = BUILDER.newStateMachine(Q.S2);
        machine.addTransitionDeclinedListener(event -> owner.rec(event.getCause().unhandledRecord()));
    }

    @Override
    public void start() {
        machine.start(owner);
    }

    @Override
    public void fire(Sig signal) {
        machine.fire(signal, owner);
    }

    @Override
    public QhsmOwner owner() {
        return owner;
    }

    @Override
    public Q leaf() {
        return machine.getCurrentState();
    }
}
