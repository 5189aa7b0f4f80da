package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Deferred events (UML 2; docs/time-and-deferral.md, "Deferred events"): an event no transition
 * takes and an active state defers is kept in arrival order, and offered again, oldest first and
 * before new external events, after a step that leaves no active state deferring it.
 */
class DeferralTest {

    enum Ev { REQ, DONE, PAUSE, RESUME, A, B, C, X }

    /** IDLE REQ → BUSY / serve; BUSY defers REQ, DONE → IDLE. */
    static ChartBuilder<Trace> server() {
        return Chart.<Trace>builder("server")
                .initial("IDLE")
                .state("IDLE", s -> s.on(Ev.REQ).action(say("serve")).target("BUSY"))
                .state("BUSY", s -> {
                    s.defer(Ev.REQ);
                    s.on(Ev.DONE).target("IDLE");
                });
    }

    @Test
    void aDeferredEventIsKeptAndOfferedAgainWhenNoActiveStateDefersIt() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(server().build(), t);
        t.take();
        m.fire(Ev.REQ);
        m.fire(Ev.REQ);
        m.fire(Ev.REQ);
        assertThat(t.take()).containsExactly("exit IDLE", "serve", "enter BUSY", "deferred REQ", "deferred REQ");
        assertThat(m.deferredCount()).isEqualTo(2);

        m.fire(Ev.DONE); // IDLE defers nothing: the oldest REQ is served, the second is deferred again by BUSY
        assertThat(t.take()).containsExactly("exit BUSY", "enter IDLE", "recalled REQ", "exit IDLE", "serve",
                "enter BUSY");
        assertThat(m.deferredCount()).isEqualTo(1);
        m.fire(Ev.DONE);
        assertThat(t.take()).containsExactly("exit BUSY", "enter IDLE", "recalled REQ", "exit IDLE", "serve",
                "enter BUSY");
        assertThat(m.deferredCount()).isZero();
    }

    @Test
    void aTransitionThatTakesTheEventWinsOverDeferral() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("outer")
                .initial("P")
                .state("P", p -> {
                    p.initial("Q");
                    p.on(Ev.X).action(say("outer X"));
                    p.state("Q", q -> q.defer(Ev.X).defer(Ev.A));
                })
                .build(), t);
        t.take();
        m.fire(Ev.X);
        m.fire(Ev.A);
        assertThat(t.take()).containsExactly("outer X", "deferred A");
    }

    @Test
    void keptEventsAreOfferedOldestFirstBeforeNewExternalEventsAndStillDeferredOnesKeepTheirPlace() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("order")
                .initial("BUSY")
                .state("BUSY", s -> {
                    s.defer(Ev.A).defer(Ev.B).defer(Ev.C);
                    // DONE's action fires C: a new external event, processed after the recalls
                    s.on(Ev.DONE).action((mc, o, e) -> mc.fire(Ev.C)).target("HALF");
                })
                .state("HALF", s -> {
                    s.defer(Ev.B); // still deferred here: keeps its place
                    s.on(Ev.A).action(say("A"));
                    s.on(Ev.C).action(say("C"));
                    s.on(Ev.RESUME).target("OPEN");
                })
                .state("OPEN", s -> {
                    s.on(Ev.B).action(say("B"));
                    s.on(Ev.C).action(say("C"));
                })
                .build(), t);
        t.take();
        m.fire(Ev.C);
        m.fire(Ev.B);
        m.fire(Ev.A);
        assertThat(t.take()).containsExactly("deferred C", "deferred B", "deferred A");
        m.fire(Ev.DONE);
        assertThat(t.take()).containsExactly("exit BUSY", "enter HALF", "recalled C", "C", "recalled A", "A", "C");
        assertThat(m.deferredCount()).isEqualTo(1);
        m.fire(Ev.RESUME);
        assertThat(t.take()).containsExactly("exit HALF", "enter OPEN", "recalled B", "B");
    }

    @Test
    void whenTheQueueIsFullTheNewestEventIsDroppedAndReportedByTheErrorPolicy() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(server().deferLimit(2).build(), t);
        m.fire(Ev.REQ);
        m.fire(Ev.REQ);
        m.fire(Ev.REQ);
        t.take();
        assertThatThrownBy(() -> m.fire(Ev.REQ))
                .isInstanceOfSatisfying(DeferralOverflowException.class, e -> {
                    assertThat(e.event()).isEqualTo(Ev.REQ);
                    assertThat(e.limit()).isEqualTo(2);
                })
                .hasMessageContaining("deferLimit");
        assertThat(t.errors()).singleElement().asString().startsWith("BUSY: ").contains("already keeps 2 deferred events");
        assertThat(t.take()).isEmpty();
        assertThat(m.deferredCount()).isEqualTo(2);
        assertThat(m.activeStates()).containsExactly("BUSY");
    }

    @Test
    void overflowRaisesErrorExecutionUnderThatPolicy() {
        List<Object> errors = new ArrayList<>();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("raise")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .deferLimit(1)
                .initial("BUSY")
                .state("BUSY", s -> {
                    s.defer(Ev.REQ);
                    s.on(ExecutionError.class).action((o, e) -> errors.add(e.error().getClass().getSimpleName()));
                })
                .build(), t);
        m.fire(Ev.REQ);
        m.fire(Ev.REQ);
        assertThat(errors).containsExactly("DeferralOverflowException");
        assertThat(m.deferredCount()).isEqualTo(1);
    }

    @Test
    void completionEventsAreNeverDeferred() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("done")
                .initial("WORK")
                .state("WORK", w -> {
                    w.defer("*");
                    w.initial("STEP");
                    w.state("STEP", s -> s.on(Ev.X).target("END"));
                    w.finalState("END");
                    w.onDone().action(say("work done")).target("NEXT");
                })
                .state("NEXT")
                .build(), t);
        t.take();
        m.fire(Ev.A); // deferred by "*"
        m.fire(Ev.X);
        assertThat(t.take()).containsExactly("deferred A", "exit STEP", "enter END", "exit END", "exit WORK",
                "work done", "enter NEXT", "recalled A", "unhandled A");
        assertThat(m.deferredCount()).isZero();
    }

    @Test
    void introspectionListsTheDeferredEvents() {
        Chart<Trace> chart = server().build();
        assertThat(chart.stateInfo(chart.stateId("BUSY")).deferred()).containsExactly("REQ");
        assertThat(chart.stateInfo(chart.stateId("IDLE")).deferred()).isEmpty();
    }
}
