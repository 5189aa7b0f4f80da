package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart.TransitionInfo;
import org.junit.jupiter.api.Test;

/**
 * Timed transitions ({@code after(n)}, docs/time-and-deferral.md): a polled transition that holds
 * once its source has been active for n ticks, counted from the tick of entry and restarted by
 * re-entry, with the priority of every polled transition. Each test is a trace, tick by tick.
 */
class TimersTest {

    enum Ev { HIT, X }

    /** Seed 001's stun: IDLE HIT → STUNNED; STUNNED after 3 ticks → IDLE / recover, HIT → STUNNED (again). */
    static Chart<Trace> stun() {
        return Chart.<Trace>builder("stun")
                .initial("IDLE")
                .state("IDLE", s -> s.on(Ev.HIT).target("STUNNED"))
                .state("STUNNED", s -> {
                    s.on(Ev.HIT).target("STUNNED"); // hit again: re-entered, the stun starts over
                    s.after(3).action(say("recover")).target("IDLE");
                })
                .build();
    }

    @Test
    void aTimerFiresOnTheTickInWhichItsSourceHasBeenActiveForItsTicks() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(stun(), t);
        t.take();
        m.fire(Ev.HIT);
        assertThat(t.take()).containsExactly("exit IDLE", "enter STUNNED");

        m.update(); // 1 tick in STUNNED
        m.update(); // 2
        assertThat(t.take()).isEmpty();
        assertThat(m.ticksInState(m.chart().stateId("STUNNED"))).isEqualTo(2);
        m.update(); // 3: due
        assertThat(t.take()).containsExactly("exit STUNNED", "recover", "enter IDLE");
        m.update();
        assertThat(t.take()).isEmpty();
        assertThat(m.ticksInState(m.chart().stateId("IDLE"))).isEqualTo(-1); // IDLE has no clock
    }

    @Test
    void reEnteringTheSourceRestartsTheCount() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(stun(), t);
        t.take();
        m.fire(Ev.HIT);
        m.update();
        m.update();
        m.fire(Ev.HIT); // re-entered after 2 ticks
        assertThat(t.take()).containsExactly("exit IDLE", "enter STUNNED", "exit STUNNED", "enter STUNNED");
        m.update();
        m.update();
        assertThat(t.take()).as("2 ticks after the re-entry").isEmpty();
        m.update();
        assertThat(t.take()).containsExactly("exit STUNNED", "recover", "enter IDLE");
    }

    @Test
    void theCountStartsAtTheTickOfEntryWhetherTheStateIsEnteredByATickOrByAnEvent() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("chain")
                .initial("A")
                .state("A", s -> s.after(1).target("B"))
                .state("B", s -> s.after(1).target("C"))
                .state("C")
                .build(), t);
        t.take();
        m.update(); // A was entered at start: 1 tick later it is due; B is entered during this tick
        assertThat(t.take()).containsExactly("exit A", "enter B");
        m.update(); // B has been active for 1 tick
        assertThat(t.take()).containsExactly("exit B", "enter C");
    }

    @Test
    void severalTimersOfOneStateFireInTheOrderOfTheirDueTicksEachOncePerActivation() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("burn")
                .initial("BURNING")
                .state("BURNING", s -> {
                    s.after(4).action(say("out"));   // internal timers: the state stays active
                    s.after(2).action(say("smoke"));
                    s.after(2).action(say("crackle"));
                    s.on(Ev.X).target("BURNING");
                })
                .build(), t);
        t.take();
        m.update();
        assertThat(t.take()).isEmpty();
        m.update(); // tick 2: both due; one polled transition fires per tick, in due order, declaration order on ties
        assertThat(t.take()).containsExactly("smoke");
        m.update();
        assertThat(t.take()).containsExactly("crackle");
        m.update(); // tick 4
        assertThat(t.take()).containsExactly("out");
        for (int i = 0; i < 5; i++) {
            m.update();
        }
        assertThat(t.take()).as("each fires once per activation").isEmpty();

        m.fire(Ev.X); // re-entered: every timer runs again
        t.take();
        m.update();
        m.update();
        assertThat(t.take()).containsExactly("smoke");
    }

    @Test
    void aGuardedTimerFiresAtTheFirstTickAfterItIsDueInWhichItsGuardHolds() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("wait")
                .initial("WAIT")
                .state("WAIT", s -> s.after(2).guard(o -> o.flag("clear")).target("GO"))
                .state("GO")
                .build(), t);
        t.take();
        m.update();
        m.update();
        m.update();
        assertThat(t.take()).as("due since tick 2, but the guard does not hold").isEmpty();
        t.set("clear", true);
        m.update();
        assertThat(t.take()).containsExactly("exit WAIT", "enter GO");
    }

    /** P (C1 when(go) → C2, C2) after(3) → OUT: the outer timer takes priority over the inner polled transition. */
    static Chart<Trace> nested() {
        return Chart.<Trace>builder("nested")
                .initial("P")
                .state("P", p -> {
                    p.initial("C1");
                    p.after(3).target("OUT");
                    p.state("C1", s -> s.when(o -> o.flag("go")).target("C2"));
                    p.state("C2", s -> s.after(1).action(say("c2 timer")));
                })
                .state("OUT")
                .build();
    }

    @Test
    void timersObeyPolledPriorityOuterFirstAndOneFiringPerSubtree() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(nested(), t);
        t.take();
        m.update();
        m.update();
        t.set("go", true);
        m.update(); // tick 3: P's timer is due and P is tested before C1
        assertThat(t.take()).containsExactly("exit C1", "exit P", "enter OUT");
    }

    @Test
    void anInnerTimerFiresWhenNoOuterPolledTransitionDoes() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(nested(), t);
        t.take();
        t.set("go", true);
        m.update(); // tick 1: C1 → C2
        assertThat(t.take()).containsExactly("exit C1", "enter C2");
        m.update(); // tick 2: C2 has been active 1 tick
        assertThat(t.take()).containsExactly("c2 timer");
        m.update(); // tick 3: P's timer
        assertThat(t.take()).containsExactly("exit C2", "exit P", "enter OUT");
    }

    /**
     * A timer local into its own source (here the root, whose domain is never exited) leaves it
     * active, so it fires once per activation — found by the differential test against the
     * reference interpreter.
     */
    @Test
    void aTimerLocalIntoItsSourceFiresOncePerActivationOfTheSource() {
        Trace t = new Trace();
        ChartBuilder<Trace> b = Chart.<Trace>builder("local").initial("A");
        b.after(2).action(say("root timer")).target("A").local();
        Machine<Trace> m = Trace.started(b
                .state("A", a -> {
                    a.initial("A1");
                    a.after(1).action(say("a timer")).target("A2").local();
                    a.state("A1");
                    a.state("A2");
                })
                .build(), t);
        t.take();
        m.update(); // tick 1: A's local timer (A stays active)
        assertThat(t.take()).containsExactly("exit A1", "a timer", "enter A2");
        m.update(); // tick 2: the root's (outer first); A is below the root's domain and is not tested
        assertThat(t.take()).containsExactly("exit A2", "exit A", "root timer", "enter A", "enter A1");
        m.update(); // tick 3: A was re-entered at tick 2: its timer fires again; the root's does not
        assertThat(t.take()).containsExactly("exit A1", "a timer", "enter A2");
        for (int i = 0; i < 5; i++) {
            m.update();
        }
        assertThat(t.take()).as("each once per activation").isEmpty();
    }

    @Test
    void timersInParallelRegionsEachFireInTheirOwnRegion() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("regions")
                .initial("P")
                .parallel("P", p -> {
                    p.state("R1", r -> r.initial("A").state("A", s -> s.after(2).target("A2")).state("A2"));
                    p.state("R2", r -> r.initial("B").state("B", s -> s.after(2).target("B2")).state("B2"));
                })
                .build(), t);
        t.take();
        m.update();
        m.update();
        assertThat(t.take()).containsExactly("exit A", "enter A2", "exit B", "enter B2");
    }

    @Test
    void aTimerSaysSoInIntrospectionAndDescriptions() {
        Chart<Trace> chart = stun();
        int timer = -1;
        for (int i = 0; i < chart.transitionCount(); i++) {
            if (chart.transitionInfo(i).mode() == TransitionInfo.Mode.TIMER) {
                timer = i;
            }
        }
        TransitionInfo info = chart.transitionInfo(timer);
        assertThat(info.after()).isEqualTo(3);
        assertThat(info.triggerText()).isEqualTo("after 3 ticks");
        assertThat(info.mode().declared()).isTrue();
        assertThat(chart.describeTransition(timer)).isEqualTo("STUNNED after 3 ticks -> IDLE");
    }

    @Test
    void aTimerNeedsAtLeastOneTick() {
        assertThatThrownBy(() -> Chart.<Trace>builder("bad").initial("A").state("A", s -> s.after(0).target("A")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("after(0) in state 'A'");
    }

    @Test
    void timersAndBehavioursShareTheStateClockAndUpdateActionsStillRun() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(Chart.<Trace>builder("mixed")
                .initial("A")
                .state("A", s -> {
                    s.onUpdate(note("tick"));
                    s.after(2).target("B");
                })
                .state("B")
                .build(), t);
        t.take();
        m.update();
        assertThat(t.take()).containsExactly("tick");
        m.update(); // polled transitions come before update actions
        assertThat(t.take()).containsExactly("exit A", "enter B");
    }
}
