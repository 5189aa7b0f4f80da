package dev.arbor.core;

import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Hot reload ({@link Machine#moveTo}) and what issue 12 added to a machine's state: a kept state's
 * timers keep their clock and remember which of them fired; a kept state that gains a timer starts
 * its clock at the move; deferred events survive the move and are recalled on the new chart.
 */
class MigrationTimersTest {

    enum Ev { HIT, CALL, DONE }

    /** STUNNED after(5) → IDLE, with an internal timer after(1) that says "dizzy"; BUSY defers CALL. */
    static Chart<Trace> v1(long stun) {
        return Chart.<Trace>builder("stun v1")
                .initial("IDLE")
                .state("IDLE", s -> {
                    s.on(Ev.HIT).target("STUNNED");
                    s.on(Ev.CALL).action(say("answer"));
                })
                .state("STUNNED", s -> {
                    s.after(1).action(say("dizzy"));
                    s.after(stun).target("IDLE");
                    s.defer(Ev.CALL);
                })
                .build();
    }

    @Test
    void aKeptStateKeepsItsClockAndItsFiredTimers() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(v1(5), t);
        m.fire(Ev.HIT);
        m.update();
        m.update(); // 2 ticks in STUNNED; "dizzy" has fired
        t.take();
        MigrationReport report = m.moveTo(v1(4)); // the stun is shorter now
        assertThat(report.carried()).contains("clocks (behaviours, timers) of the kept states");
        assertThat(m.ticksInState(m.chart().stateId("STUNNED"))).isEqualTo(2);
        m.update(); // 3 ticks
        assertThat(t.take()).as("dizzy fired before the move and does not fire again").isEmpty();
        m.update(); // 4 ticks: the new chart's timer is due
        assertThat(t.take()).containsExactly("exit STUNNED", "enter IDLE");
    }

    @Test
    void aKeptStateThatGainsATimerStartsItsClockAtTheMove() {
        Chart<Trace> v0 = Chart.<Trace>builder("stun v0")
                .initial("IDLE")
                .state("IDLE", s -> s.on(Ev.HIT).target("STUNNED"))
                .state("STUNNED")
                .build();
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(v0, t);
        m.fire(Ev.HIT);
        for (int i = 0; i < 10; i++) {
            m.update(); // long in STUNNED, with no clock
        }
        t.take();
        m.moveTo(v1(3));
        assertThat(m.ticksInState(m.chart().stateId("STUNNED"))).isZero();
        m.update();
        assertThat(t.take()).containsExactly("dizzy");
        m.update();
        m.update(); // 3 ticks since the move
        assertThat(t.take()).containsExactly("exit STUNNED", "enter IDLE");
    }

    @Test
    void deferredEventsSurviveTheMoveAndAreRecalledOnTheNewChart() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(v1(5), t);
        m.fire(Ev.HIT);
        m.fire(Ev.CALL);
        assertThat(m.deferredCount()).isEqualTo(1);
        t.take();
        m.moveTo(v1(2));
        assertThat(m.deferredCount()).isEqualTo(1);
        m.update();
        m.update(); // the new chart's stun ends: CALL is no longer deferred
        assertThat(t.take()).containsExactly("dizzy", "exit STUNNED", "enter IDLE", "recalled CALL", "answer");
        assertThat(m.deferredCount()).isZero();
    }
}
