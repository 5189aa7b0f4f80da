package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Completion (SCXML §3.7.1 and §6.3; docs/architecture.md, "Transition kinds and completion"):
 * entering a final child raises {@code done.state.PARENT} on the internal queue; a parallel state
 * is done when every region is in a final state; entering a top-level final state halts the
 * machine. Done events are {@link NamedEvent}s, matched by {@link StateBuilder#onDone()} and by
 * name descriptors.
 */
class DoneEventsTest {

    enum Ev { FINISH, X, Y, BOTH, STOP, PING, AGAIN }

    /** root ─ WORK (initial W1) ─ W1 FINISH→WDONE, WDONE (final); WORK done→NEXT; ─ NEXT AGAIN→WORK */
    static Chart<Trace> work(List<Object> received) {
        return Chart.<Trace>builder("work")
                .initial("WORK")
                .state("WORK", w -> {
                    w.initial("W1");
                    w.state("W1", s -> s.on(Ev.FINISH).target("WDONE"));
                    w.finalState("WDONE");
                    w.onDone().action((t, d) -> {
                        received.add(d);
                        t.log("work done: " + d.name() + " of " + d.state());
                    }).target("NEXT");
                })
                .state("NEXT", n -> n.on(Ev.AGAIN).target("WORK"))
                .build();
    }

    @Test
    void enteringAFinalChildRaisesDoneForItsParentWithinTheSameFire() {
        List<Object> received = new ArrayList<>();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(work(received), t);
        assertThat(t.take()).containsExactly("enter root", "enter WORK", "enter W1");

        m.fire(Ev.FINISH);
        assertThat(t.take()).containsExactly(
                "exit W1", "enter WDONE", "exit WDONE", "exit WORK", "work done: done.state.WORK of WORK", "enter NEXT");
        assertThat(m.activeStates()).containsExactly("NEXT");
    }

    @Test
    void theDoneEventIsANamedEventCalledDoneStateAndTheStateName() {
        List<Object> received = new ArrayList<>();
        Machine<Trace> m = Trace.started(work(received), new Trace());
        m.fire(Ev.FINISH);
        m.fire(Ev.AGAIN);
        m.fire(Ev.FINISH);

        assertThat(received).hasSize(2);
        assertThat(received.get(0)).isInstanceOf(Done.class).isInstanceOf(NamedEvent.class);
        Done d = (Done) received.get(0);
        assertThat(d.name()).isEqualTo("done.state.WORK");
        assertThat(d.state()).isEqualTo("WORK");
        assertThat(d).hasToString("done.state.WORK");
        assertThat(received.get(1)).as("one instance per state, made at build time").isSameAs(d);
    }

    @Test
    void aNestedFinalStateCompletesOnlyItsOwnParent() {
        Chart<Trace> chart = Chart.<Trace>builder("nested-done")
                .initial("JOB")
                .state("JOB", j -> {
                    j.initial("SUB");
                    j.state("SUB", s -> {
                        s.initial("S1");
                        s.state("S1", x -> x.on(Ev.FINISH).target("SUB_END"));
                        s.finalState("SUB_END");
                        s.onDone().action(say("sub done")).target("JOB_END");
                    });
                    j.finalState("JOB_END");
                    j.onDone().action(say("job done")).target("IDLE");
                })
                .state("IDLE")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.FINISH);
        assertThat(t.take()).containsExactly(
                "exit S1", "enter SUB_END",
                "exit SUB_END", "exit SUB", "sub done", "enter JOB_END",
                "exit JOB_END", "exit JOB", "job done", "enter IDLE");
        assertThat(m.activeStates()).containsExactly("IDLE");
    }

    @Test
    void finalStatesRunTheirEntryAndExitActions() {
        Chart<Trace> chart = Chart.<Trace>builder("final-actions")
                .initial("WORK")
                .state("WORK", w -> {
                    w.initial("W1");
                    w.state("W1", s -> s.on(Ev.FINISH).target("WDONE"));
                    w.finalState("WDONE", f -> f.onEntry(t -> t.log("wdone entry action")));
                    w.onDone().action(say("work done")).target("NEXT");
                })
                .state("NEXT")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.FINISH);
        List<String> trace = t.take();
        assertThat(trace).contains("wdone entry action");
        assertThat(trace.indexOf("wdone entry action")).isLessThan(trace.indexOf("work done"));
        assertThat(m.activeStates()).containsExactly("NEXT");
    }

    /**
     * <pre>
     * root ─ P (parallel)  done→END_OK
     *          ├─ R1 (initial A1) ─ A1 X→A_END, BOTH→A_END;  A_END final;  R1 done (internal)
     *          └─ R2 (initial B1) ─ B1 Y→B_END, BOTH→B_END;  B_END final;  R2 done (internal)
     *      ─ END_OK
     * </pre>
     */
    static Chart<Trace> regions() {
        return Chart.<Trace>builder("parallel-done")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> {
                            a.on(Ev.X).target("A_END");
                            a.on(Ev.BOTH).target("A_END");
                        });
                        r.finalState("A_END");
                        r.onDone().action(say("r1 done"));
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> {
                            b.on(Ev.Y).target("B_END");
                            b.on(Ev.BOTH).target("B_END");
                        });
                        r.finalState("B_END");
                        r.onDone().action(say("r2 done"));
                    });
                    p.onDone().action((t, d) -> t.log("p done: " + d.name())).target("END_OK");
                })
                .state("END_OK")
                .build();
    }

    @Test
    void aParallelStateIsDoneOnlyWhenEveryRegionIsInAFinalState() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(regions(), t);
        t.take();

        m.fire(Ev.X);
        assertThat(t.take()).containsExactly("exit A1", "enter A_END", "r1 done");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A_END", "R2", "B1");

        m.fire(Ev.Y);
        assertThat(t.take()).containsExactly(
                "exit B1", "enter B_END", "r2 done",
                "exit B_END", "exit R2", "exit A_END", "exit R1", "exit P", "p done: done.state.P", "enter END_OK");
        assertThat(m.activeStates()).containsExactly("END_OK");
    }

    @Test
    void regionsFinishingInOneStepRaiseTheirDoneEventsBeforeTheParallelOne() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(regions(), t);
        t.take();

        m.fire(Ev.BOTH);
        assertThat(t.take()).containsExactly(
                "exit B1", "exit A1", "enter A_END", "enter B_END", "r1 done", "r2 done",
                "exit B_END", "exit R2", "exit A_END", "exit R1", "exit P", "p done: done.state.P", "enter END_OK");
        assertThat(m.activeStates()).containsExactly("END_OK");
    }

    // ------------------------------------------------------------------ halting

    @Test
    void aTopLevelFinalStateHaltsTheMachineAndLaterEventsAreIgnored() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("halt").initial("A");
        b.on(Ev.PING).action(say("ping"));
        Chart<Trace> chart = b
                .state("A", a -> a.on(Ev.STOP).action((m, t, e) -> {
                    t.log("stopping");
                    m.raise(Ev.PING); // pending when the machine halts: never processed
                }).target("END"))
                .finalState("END")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();
        assertThat(m.isHalted()).isFalse();

        m.fire(Ev.PING);
        assertThat(t.take()).containsExactly("ping");

        m.fire(Ev.STOP);
        assertThat(t.take()).containsExactly("exit A", "stopping", "enter END");
        assertThat(m.isHalted()).isTrue();
        assertThat(m.isStarted()).isTrue();

        m.fire(Ev.PING);
        m.fire(Ev.STOP);
        m.update();
        assertThat(t.take()).as("a halted machine ignores events").isEmpty();
    }

    @Test
    void aMachineWhoseInitialStateIsATopLevelFinalStateHaltsOnStart() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("born-halted").initial("END");
        b.on(Ev.PING).action(say("ping"));
        Chart<Trace> chart = b
                .finalState("END")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter END");
        assertThat(m.isHalted()).isTrue();

        m.fire(Ev.PING);
        assertThat(t.take()).isEmpty();
    }

    @Test
    void aCompoundWhoseInitialChildIsFinalCompletesDuringStart() {
        Chart<Trace> chart = Chart.<Trace>builder("done-at-start")
                .initial("JOB")
                .state("JOB", j -> {
                    j.finalState("JF");
                    j.onDone().action(say("job done")).target("IDLE");
                })
                .state("IDLE")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly(
                "enter root", "enter JOB", "enter JF", "exit JF", "exit JOB", "job done", "enter IDLE");
        assertThat(m.activeStates()).containsExactly("IDLE");
        assertThat(m.isHalted()).isFalse();
    }

    // ------------------------------------------------------------------ matching done events by name

    static Chart<Trace> namedDone() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("named-done").initial("WORK");
        b.on("done.state.WOR").action(say("wrong: a descriptor matches whole tokens only"));
        b.on("done.state.WORK").action((t, e) -> t.log("specific: " + e));
        b.on("done.state").action((t, e) -> t.log("prefix: " + e));
        b.on(Ev.X).target("SIDE");
        return b
                .state("WORK", w -> {
                    w.initial("W1");
                    w.state("W1", s -> s.on(Ev.FINISH).target("WDONE"));
                    w.finalState("WDONE");
                })
                .state("SIDE", s -> {
                    s.initial("S1");
                    s.state("S1", x -> x.on(Ev.FINISH).target("SDONE"));
                    s.finalState("SDONE");
                })
                .build();
    }

    @Test
    void aNameTriggerMatchesDoneEventsByDescriptorInDocumentOrder() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(namedDone(), t);
        t.take();

        m.fire(Ev.FINISH); // "done.state.WOR" does not match; "done.state.WORK" is declared before "done.state"
        assertThat(t.take()).containsExactly("exit W1", "enter WDONE", "specific: done.state.WORK");
        assertThat(m.activeStates()).containsExactly("WORK", "WDONE");
    }

    @Test
    void theDoneStatePrefixMatchesEveryStatesCompletion() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(namedDone(), t);
        m.fire(Ev.X);
        t.take();

        m.fire(Ev.FINISH);
        assertThat(t.take()).containsExactly("exit S1", "enter SDONE", "prefix: done.state.SIDE");
    }

    @Test
    void onDoneWithAKeyWaitsForAnotherStatesCompletion() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("on-done-key").initial("WORK");
        b.onDone("WORK").action(say("root saw WORK done")).target("NEXT");
        Chart<Trace> chart = b
                .state("WORK", w -> {
                    w.initial("W1");
                    w.state("W1", s -> s.on(Ev.FINISH).target("WDONE"));
                    w.finalState("WDONE");
                })
                .state("NEXT")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.FINISH);
        assertThat(t.take()).containsExactly(
                "exit W1", "enter WDONE", "exit WDONE", "exit WORK", "root saw WORK done", "enter NEXT");
        assertThat(m.activeStates()).containsExactly("NEXT");
    }
}
