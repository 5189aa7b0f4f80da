package dev.arbor.bench.peers;

import java.util.EnumMap;
import java.util.Map;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.action.Action;
import org.springframework.statemachine.config.StateMachineBuilder;
import org.springframework.statemachine.guard.Guard;
import reactor.core.publisher.Mono;

/**
 * Spring Statemachine 4.0.2, built without a Spring context by {@code StateMachineBuilder}, once
 * per peer instance and reused for every event. Hierarchy with {@code withStates().parent(..)}
 * (one region per composite), entry/exit actions on the states, region initial actions for QP's
 * {@code X-INIT}, {@code withLocal()} for QP's local transitions, {@code withExternal()} for
 * self-transitions, {@code withInternal()} for the internal ones, guards as {@code Guard}s.
 * Events are sent the reactive way, {@code sendEvent(Mono<Message>).blockLast()} (one prebuilt
 * message per signal); a DENIED result is the unhandled event.
 *
 * <p>What differs (see PEERS.md; the equivalence test lists every step):
 * <ul>
 *   <li><b>Order:</b> Spring runs a transition's action before the exits, not between exits and
 *       entries.</li>
 *   <li><b>Initial transitions:</b> a region has one initial state and no deep initial target.
 *       QHsmTst needs two defaults for s (the top-level initial path goes to s2 → s211, while
 *       {@code s-INIT} goes to s11), so s's region starts at s2 and the three transitions to s
 *       (s1-D, s11-H, s211-H) target s1 instead, which exits and enters the same states;
 *       {@code s-INIT} is never recorded. s2's initial child is s21, so s21's initial action
 *       runs on default entries of s2. Spring also runs a region's initial action when an
 *       explicit target lies deeper.</li>
 *   <li><b>Anomalies observed</b> (Spring's, reproduced by the test): an explicit entry into s11
 *       from outside s1 enters s11 twice; the local s-E taken in s11 exits s1 without entering it
 *       again; local transitions to the parent (s11-D, s211-D) skip the parent's initial action.
 *       The configuration after every step is still QP's.</li>
 *   <li>A top-level choice pseudo-state as initial state (to reach s2 first) was tried and left
 *       the machine in the choice; a triggerless initial transition to s2 made Spring remember s2
 *       as s's default and broke later transitions to s.</li>
 * </ul>
 */
public final class SpringPeer implements QhsmPeer {

    private final QhsmOwner o;
    private final StateMachine<Q, Sig> machine;
    private final Map<Sig, Mono<Message<Sig>>> messages = new EnumMap<>(Sig.class);

    public SpringPeer(QhsmOwner owner) {
        this.o = owner;
        try {
            this.machine = build(owner);
        } catch (Exception e) {
            throw new IllegalStateException("Spring Statemachine rejected the chart", e);
        }
        for (Sig s : Sig.values()) {
            messages.put(s, Mono.just(MessageBuilder.withPayload(s).build()));
        }
    }

    static Action<Q, Sig> rec(QhsmOwner o, String record) {
        return ctx -> o.rec(record);
    }

    /** QHsmTst in Spring Statemachine, with actions bound to one owner; not started. */
    public static StateMachine<Q, Sig> build(QhsmOwner o) throws Exception {
        StateMachineBuilder.Builder<Q, Sig> b = StateMachineBuilder.builder();
        b.configureConfiguration().withConfiguration().autoStartup(false).machineId("qhsmtst");
        b.configureStates()
                .withStates()
                    .initial(Q.S, ctx -> { o.foo = false; o.rec("top-INIT"); })
                    .state(Q.S, rec(o, "s-ENTRY"), rec(o, "s-EXIT"))
                    .and()
                .withStates().parent(Q.S)
                    .initial(Q.S2)     // the top-level initial path; QP's s-INIT (to s11) cannot also be expressed
                    .state(Q.S1, rec(o, "s1-ENTRY"), rec(o, "s1-EXIT"))
                    .state(Q.S2, rec(o, "s2-ENTRY"), rec(o, "s2-EXIT"))
                    .and()
                .withStates().parent(Q.S1)
                    .initial(Q.S11, rec(o, "s1-INIT"))
                    .state(Q.S11, rec(o, "s11-ENTRY"), rec(o, "s11-EXIT"))
                    .and()
                .withStates().parent(Q.S2)
                    .initial(Q.S21, rec(o, "s2-INIT"))
                    .state(Q.S21, rec(o, "s21-ENTRY"), rec(o, "s21-EXIT"))
                    .and()
                .withStates().parent(Q.S21)
                    .initial(Q.S211, rec(o, "s21-INIT"))
                    .state(Q.S211, rec(o, "s211-ENTRY"), rec(o, "s211-EXIT"));
        Guard<Q, Sig> foo = ctx -> o.foo;
        Guard<Q, Sig> notFoo = ctx -> !o.foo;
        b.configureTransitions()
                .withInternal().source(Q.S).event(Sig.I).guard(foo)
                    .action(ctx -> { o.foo = false; o.rec("s-I"); }).and()
                .withLocal().source(Q.S).target(Q.S11).event(Sig.E).action(rec(o, "s-E")).and()

                .withExternal().source(Q.S1).target(Q.S1).event(Sig.A).action(rec(o, "s1-A")).and()
                .withLocal().source(Q.S1).target(Q.S11).event(Sig.B).action(rec(o, "s1-B")).and()
                .withExternal().source(Q.S1).target(Q.S2).event(Sig.C).action(rec(o, "s1-C")).and()
                // QP: local to s, then s's initial transition to s11. Retargeted to s1 (see class comment).
                .withExternal().source(Q.S1).target(Q.S1).event(Sig.D).guard(notFoo)
                    .action(ctx -> { o.foo = true; o.rec("s1-D"); }).and()
                .withExternal().source(Q.S1).target(Q.S211).event(Sig.F).action(rec(o, "s1-F")).and()
                .withInternal().source(Q.S1).event(Sig.I).action(rec(o, "s1-I")).and()

                .withLocal().source(Q.S11).target(Q.S1).event(Sig.D).guard(foo)
                    .action(ctx -> { o.foo = false; o.rec("s11-D"); }).and()
                .withExternal().source(Q.S11).target(Q.S211).event(Sig.G).action(rec(o, "s11-G")).and()
                .withExternal().source(Q.S11).target(Q.S1).event(Sig.H).action(rec(o, "s11-H")).and() // QP: to s

                .withExternal().source(Q.S2).target(Q.S1).event(Sig.C).action(rec(o, "s2-C")).and()
                .withExternal().source(Q.S2).target(Q.S11).event(Sig.F).action(rec(o, "s2-F")).and()
                .withInternal().source(Q.S2).event(Sig.I).guard(notFoo)
                    .action(ctx -> { o.foo = true; o.rec("s2-I"); }).and()

                .withExternal().source(Q.S21).target(Q.S21).event(Sig.A).action(rec(o, "s21-A")).and()
                .withLocal().source(Q.S21).target(Q.S211).event(Sig.B).action(rec(o, "s21-B")).and()
                .withExternal().source(Q.S21).target(Q.S1).event(Sig.G).action(rec(o, "s21-G")).and()

                .withLocal().source(Q.S211).target(Q.S21).event(Sig.D).action(rec(o, "s211-D")).and()
                .withExternal().source(Q.S211).target(Q.S1).event(Sig.H).action(rec(o, "s211-H"));     // QP: to s
        return b.build();
    }

    @Override
    public void start() {
        machine.startReactively().block();
    }

    @Override
    public void fire(Sig signal) {
        StateMachineEventResult<Q, Sig> result = machine.sendEvent(messages.get(signal)).blockLast();
        if (result == null || result.getResultType() == StateMachineEventResult.ResultType.DENIED) {
            o.rec(signal.unhandledRecord());
        }
    }

    @Override
    public QhsmOwner owner() {
        return o;
    }

    @Override
    public Q leaf() {
        Q deepest = null;
        for (Q id : machine.getState().getIds()) {
            if (deepest == null || id.depth() > deepest.depth()) {
                deepest = id;
            }
        }
        return deepest;
    }
}
