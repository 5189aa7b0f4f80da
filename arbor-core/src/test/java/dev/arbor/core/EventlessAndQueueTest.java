package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Run to completion (SCXML Appendix D {@code mainEventLoop}; docs/architecture.md, "The step"):
 * after every microstep the eventless transitions ({@code always()}) are taken until none is
 * enabled; only then is the next event of the internal queue (events raised by actions, FIFO)
 * processed; all of it happens before {@code fire} returns. {@code fire} called from inside an
 * action is queued and processed as a step of its own after the current one. A cycle that never
 * settles is a livelock: an {@link IllegalStateException} after {@code maxMicrosteps}, with a valid
 * configuration left.
 */
class EventlessAndQueueTest {

    enum Ev { GO, NOP, X, Y, INT, EXT, EXT2, STOP, PING }

    // ------------------------------------------------------------------ eventless transitions

    @Test
    void eventlessTransitionsRunAfterEachMicrostepUntilNoneIsEnabled() {
        Chart<Trace> chart = Chart.<Trace>builder("eventless")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action(say("go")).target("B"))
                .state("B", b -> b.always().action(say("b-always")).target("C"))
                .state("C", c -> c.always().guard(t -> t.flag("ready")).action(say("c-always")).target("D"))
                .state("D")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A", "go", "enter B", "exit B", "b-always", "enter C");
        assertThat(m.activeStates()).containsExactly("C");

        t.set("ready", true); // nothing happens until the machine steps again
        assertThat(m.activeStates()).containsExactly("C");
        m.fire(Ev.NOP); // unhandled, but the step still ends by testing eventless transitions
        assertThat(t.take()).containsExactly("unhandled NOP", "exit C", "c-always", "enter D");
        assertThat(m.activeStates()).containsExactly("D");
    }

    @Test
    void eventlessTransitionsEnabledInTheInitialConfigurationRunDuringStart() {
        Chart<Trace> chart = Chart.<Trace>builder("eventless-start")
                .initial("B")
                .state("B", b -> b.always().action(say("b-always")).target("C"))
                .state("C")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter B", "exit B", "b-always", "enter C");
        assertThat(m.activeStates()).containsExactly("C");
    }

    @Test
    void anInnerEventlessTransitionIsPreferredToAnOuterOne() {
        Chart<Trace> chart = Chart.<Trace>builder("eventless-bubbling")
                .initial("IDLE")
                .state("IDLE", i -> i.on(Ev.GO).target("S"))
                .state("S", s -> {
                    s.always().guard(t -> t.flag("outer")).action(say("s-always")).target("OUTER_DONE");
                    s.state("S1", s1 -> s1.always().guard(t -> t.flag("inner")).action(say("s1-always")).target("INNER_DONE"));
                })
                .state("OUTER_DONE")
                .state("INNER_DONE")
                .build();
        Trace t = new Trace();
        t.set("outer", true).set("inner", true);
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly(
                "exit IDLE", "enter S", "enter S1", "exit S1", "exit S", "s1-always", "enter INNER_DONE");
        assertThat(m.activeStates()).containsExactly("INNER_DONE");
    }

    @Test
    void eventlessTransitionsInTwoRegionsAreTakenInOneMicrostep() {
        Chart<Trace> chart = Chart.<Trace>builder("eventless-regions")
                .initial("IDLE")
                .state("IDLE", i -> i.on(Ev.GO).target("P"))
                .parallel("P", p -> {
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.state("A1", a -> a.always().action(say("a1-always")).target("A2"));
                        r.state("A2");
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.state("B1", b -> b.always().action(say("b1-always")).target("B2"));
                        r.state("B2");
                    });
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly(
                "exit IDLE", "enter P", "enter R1", "enter A1", "enter R2", "enter B1",
                "exit B1", "exit A1", "a1-always", "b1-always", "enter A2", "enter B2");
        assertThat(m.activeStates()).containsExactly("P", "R1", "A2", "R2", "B2");
    }

    // ------------------------------------------------------------------ the internal queue

    @Test
    void eventsRaisedByAnActionAreProcessedInOrderAfterTheMicrostepAndBeforeFireReturns() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-fifo")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((m, t, e) -> {
                    t.log("go");
                    m.raise(Ev.X);
                    m.raise(Ev.Y);
                    t.log("go done raising");
                }).target("B"))
                .state("B", b -> b.on(Ev.X).action(say("x")).target("C"))
                .state("C", c -> c.on(Ev.Y).action(say("y")).target("D"))
                .state("D")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly(
                "exit A", "go", "go done raising", "enter B",
                "exit B", "x", "enter C",
                "exit C", "y", "enter D");
        assertThat(m.activeStates()).containsExactly("D");
    }

    @Test
    void anEventRaisedByAnEntryActionWaitsUntilTheWholeEntryIsDone() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-on-entry")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).target("B"))
                .state("B", b -> {
                    b.onEntry((m, t) -> m.raise(Ev.X));
                    b.state("B1", b1 -> b1.on(Ev.X).action(say("x in B1")).target("B2"));
                    b.state("B2");
                    b.initial("B1");
                })
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly("exit A", "enter B", "enter B1", "exit B1", "x in B1", "enter B2");
        assertThat(m.activeStates()).containsExactly("B", "B2");
    }

    @Test
    void eventlessTransitionsTakePriorityOverInternalEvents() {
        Chart<Trace> chart = Chart.<Trace>builder("eventless-first")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((m, t, e) -> {
                    t.log("go");
                    m.raise(Ev.X);
                    m.raise(Ev.Y);
                }).target("B"))
                .state("B", b -> {
                    b.always().action(say("b-always")).target("C");
                    b.on(Ev.X).action(say("x in B")).target("WRONG");
                })
                .state("C", c -> c.on(Ev.X).action(say("x in C")).target("D"))
                .state("D", d -> {
                    d.always().action(say("d-always")).target("E");
                    d.on(Ev.Y).action(say("y in D")).target("WRONG");
                })
                .state("E", e -> e.on(Ev.Y).action(say("y in E")).target("F"))
                .state("F")
                .state("WRONG")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly(
                "exit A", "go", "enter B",
                "exit B", "b-always", "enter C",   // eventless before X
                "exit C", "x in C", "enter D",
                "exit D", "d-always", "enter E",   // eventless again before Y
                "exit E", "y in E", "enter F");
        assertThat(m.activeStates()).containsExactly("F");
    }

    /** Each event e.k raises e.2k and e.2k+1: a FIFO queue processes them in breadth-first order 1, 2, 3, ... */
    @Test
    void theInternalQueueStaysFifoWhileItGrowsAndWrapsAround() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("queue-growth").initial("A");
        b.on("e").action((m, t, e) -> {
            int k = Integer.parseInt(((String) e).substring(2));
            t.log(Integer.toString(k));
            if (2 * k <= 40) {
                m.raise("e." + (2 * k));
            }
            if (2 * k + 1 <= 40) {
                m.raise("e." + (2 * k + 1));
            }
        });
        Chart<Trace> chart = b.state("A", a -> a.on(Ev.GO).action((m, t, e) -> m.raise("e.1"))).build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        List<String> expected = new java.util.ArrayList<>();
        for (int k = 1; k <= 40; k++) {
            expected.add(Integer.toString(k));
        }
        assertThat(t.take()).containsExactlyElementsOf(expected);
    }

    @Test
    void raiseOutsideAStepIsTheSameAsFire() {
        Chart<Trace> chart = Chart.<Trace>builder("raise-outside")
                .initial("A")
                .state("A", a -> a.on(Ev.X).action(say("x")).target("B"))
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.raise(Ev.X);
        assertThat(t.take()).containsExactly("exit A", "x", "enter B");
    }

    // ------------------------------------------------------------------ fire from inside an action

    @Test
    void fireFromInsideAnActionIsQueuedAndProcessedAfterTheCurrentStep() {
        Chart<Trace> chart = Chart.<Trace>builder("fire-inside")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((m, t, e) -> {
                    t.log("go");
                    m.fire(Ev.EXT);   // queued: returns at once
                    m.fire(Ev.EXT2);
                    m.raise(Ev.INT);  // internal: processed before the queued external events
                    t.log("go returns");
                }).target("B"))
                .state("B", b -> {
                    b.on(Ev.INT).action(say("int")).target("C");
                    b.on(Ev.EXT).action(say("ext in B")).target("WRONG");
                })
                .state("C", c -> c.on(Ev.EXT).action(say("ext in C")).target("D"))
                .state("D", d -> d.on(Ev.EXT2).action(say("ext2 in D")).target("E"))
                .state("E")
                .state("WRONG")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        m.fire(Ev.GO);
        assertThat(t.take()).containsExactly(
                "exit A", "go", "go returns", "enter B",
                "exit B", "int", "enter C",
                "exit C", "ext in C", "enter D",
                "exit D", "ext2 in D", "enter E");
        assertThat(m.activeStates()).containsExactly("E");
    }

    @Test
    void fireFromAnEntryActionDuringStartIsProcessedAfterTheInitialConfigurationIsEntered() {
        Chart<Trace> chart = Chart.<Trace>builder("fire-on-start")
                .initial("A")
                .state("A", a -> {
                    a.onEntry((m, t) -> m.fire(Ev.GO));
                    a.initial("A1");
                    a.state("A1", a1 -> a1.on(Ev.GO).action(say("go")).target("B"));
                })
                .state("B")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        assertThat(t.take()).containsExactly("enter root", "enter A", "enter A1", "exit A1", "exit A", "go", "enter B");
        assertThat(m.activeStates()).containsExactly("B");
    }

    // ------------------------------------------------------------------ livelock

    /** IDLE GO→A; A and B take eventless transitions to each other while [loop]; root STOP→IDLE. */
    static Chart<Trace> eventlessCycle() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("livelock").maxMicrosteps(50).initial("IDLE");
        b.on(Ev.STOP).action(say("stop")).target("IDLE");
        return b
                .state("IDLE", i -> i.on(Ev.GO).target("A"))
                .state("A", a -> a.always().guard(t -> t.flag("loop")).target("B"))
                .state("B", s -> s.always().guard(t -> t.flag("loop")).target("A"))
                .build();
    }

    @Test
    void aCycleOfEventlessTransitionsIsALivelockThatLeavesAValidConfiguration() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(eventlessCycle(), t);
        t.take();
        t.set("loop", true);

        assertThatThrownBy(() -> m.fire(Ev.GO))
                .isInstanceOfSatisfying(LivelockException.class, e -> {
                    assertThat(e.states()).containsExactlyInAnyOrder("A", "B");
                    assertThat(e.microsteps()).isEqualTo(50);
                    assertThat(e.chartName()).isEqualTo("livelock");
                })
                .hasMessageContaining("more than 50 microsteps").hasMessageContaining("through A, B")
                .hasMessageNotContaining("IDLE,");
        List<String> trace = t.take();
        List<Object> config = m.activeStates();
        assertThat(config).hasSize(1).containsAnyOf("A", "B");
        assertValidAlternation(trace, (String) config.get(0));

        t.set("loop", false);
        m.fire(Ev.STOP); // the machine still works
        assertThat(t.take()).containsExactly("exit " + config.get(0), "stop", "enter IDLE");
        assertThat(m.activeStates()).containsExactly("IDLE");
    }

    /** The trace of a livelock: exit IDLE, then strictly alternating exits and entries of A and B, ending in the active state. */
    static void assertValidAlternation(List<String> trace, String active) {
        assertThat(trace).startsWith("exit IDLE", "enter A");
        assertThat(trace.size() % 2).isZero();
        for (int i = 2; i < trace.size(); i += 2) {
            String entered = trace.get(i - 1).substring("enter ".length());
            assertThat(trace.get(i)).isEqualTo("exit " + entered);
            assertThat(trace.get(i + 1)).isEqualTo("enter " + (entered.equals("A") ? "B" : "A"));
        }
        assertThat(trace.get(trace.size() - 1)).isEqualTo("enter " + active);
    }

    @Test
    void aCycleOfRaisedEventsIsALivelockAndTheQueueIsNotCarriedIntoTheNextStep() {
        ChartBuilder<Trace> b = Chart.<Trace>builder("ping-pong").maxMicrosteps(50).initial("A");
        b.on(Ev.STOP).action(say("stop")).target("IDLE");
        Chart<Trace> chart = b
                .state("A", a -> a.on(Ev.PING).action((m, t, e) -> m.raise(Ev.PING)).target("B"))
                .state("B", s -> s.on(Ev.PING).action((m, t, e) -> m.raise(Ev.PING)).target("A"))
                .state("IDLE")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(chart, t);
        t.take();

        assertThatThrownBy(() -> m.fire(Ev.PING)).isInstanceOfSatisfying(LivelockException.class,
                e -> assertThat(e.states()).containsExactlyInAnyOrder("A", "B"));
        List<Object> config = m.activeStates();
        assertThat(config).hasSize(1).containsAnyOf("A", "B");
        List<String> trace = t.take();
        assertThat(trace).startsWith("exit A", "enter B", "exit B", "enter A");
        assertThat(trace).endsWith("enter " + config.get(0));

        m.fire(Ev.STOP); // no PING left over from the failed step
        assertThat(t.take()).containsExactly("exit " + config.get(0), "stop", "enter IDLE");
        assertThat(m.activeStates()).containsExactly("IDLE");
        m.fire(Ev.NOP);
        assertThat(t.take()).containsExactly("unhandled NOP");
    }
}
