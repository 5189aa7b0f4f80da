package dev.arbor.core;

import static dev.arbor.core.Trace.note;
import static dev.arbor.core.Trace.say;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timers through idle ticks and restores, on every tier: a timer fires on its tick however many
 * ticks passed with no timer running, and a restore that moves a running timer's clock (its
 * state staying active, or entered by the restore) makes it fire on the restored clock.
 */
class TimerTicksTest {

    enum Go { GO }

    static Chart<Trace> bell() {
        return Chart.<Trace>builder("bell")
                .initial("idle")
                .state("idle", s -> s.onEntry(note("enter idle")).onExit(note("exit idle")).on(Go.GO).target("wait"))
                .state("wait", s -> s.onEntry(note("enter wait")).onExit(note("exit wait"))
                        .after(3).action(say("ring")).target("rang"))
                .state("rang", s -> s.onEntry(note("enter rang")).onExit(note("exit rang")).on(Go.GO).target("wait"))
                .build();
    }

    @Test
    void aTimerFiresOnItsTickAfterIdleTicks() {
        for (Tiers.Run run : Tiers.started(TimerTicksTest::bell)) {
            String tier = run.tier();
            Trace t = run.trace();
            Machine<Trace> m = run.machine();
            m.fire(Go.GO);
            t.take();
            for (int round = 0; round < 3; round++) {
                m.update();
                m.update();
                assertThat(t.take()).as("%s, round %d, two ticks", tier, round).isEmpty();
                m.update();
                assertThat(t.take()).as("%s, round %d, the third tick", tier, round)
                        .containsExactly("exit wait", "ring", "enter rang");
                for (int idle = 0; idle < 5; idle++) {
                    m.update(); // no timer runs: the clock only moves on
                }
                m.fire(Go.GO);
                assertThat(t.take()).as(tier).containsExactly("exit rang", "enter wait");
            }
        }
    }

    /** The state stays active through the restore: only its clock moves back, and the timer comes due sooner. */
    @Test
    void aRestoredClockMakesTheTimerDueSooner() {
        List<Chart<Trace>> tiers = Tiers.of(TimerTicksTest::bell);
        for (int i = 0; i < tiers.size(); i++) {
            String tier = Tiers.NAMES.get(i);
            Machine<Trace> older = tiers.get(i).newMachine(new Trace());
            older.start();
            older.fire(Go.GO);
            older.update();
            older.update();
            MachineState twoTicksIn = older.snapshot();

            Trace t = new Trace();
            Machine<Trace> m = tiers.get(i).newMachine(t);
            m.start();
            m.fire(Go.GO);
            m.update(); // one tick in: the timer is due two ticks on
            t.take();
            m.restore(twoTicksIn, Cause.RESTORE);
            assertThat(t.take()).as(tier).isEmpty();
            m.update();
            assertThat(t.take()).as("%s, the tick after the restore", tier).containsExactly("exit wait", "ring", "enter rang");
        }
    }

    /** A state with a running timer, entered by a restore, fires on the restored clock. */
    @Test
    void aRestoredTimerFiresOnTimeOnEveryTier() {
        List<Chart<Trace>> tiers = Tiers.of(RegionTiersTest::player);
        for (int i = 0; i < tiers.size(); i++) {
            String tier = Tiers.NAMES.get(i);
            Trace a = new Trace();
            Machine<Trace> saved = tiers.get(i).newMachine(a);
            saved.start();
            saved.fire(RegionTiersTest.Ev.POWER_UP);
            saved.update();
            MachineState halfway = saved.snapshot(); // invulnerable, one tick of two gone

            Trace b = new Trace();
            Machine<Trace> m = tiers.get(i).newMachine(b);
            m.start();
            m.fire(RegionTiersTest.Ev.POWER_UP);
            m.update();
            m.update(); // expired: no timer runs now, and the ticks after it only count
            m.update();
            m.update();
            b.take();
            m.restore(halfway, Cause.RESTORE);
            assertThat(b.take()).as(tier).containsExactly("exit normal", "enter invulnerable");
            m.update();
            assertThat(b.take()).as("%s, the restored timer's second tick", tier)
                    .containsExactly("exit invulnerable", "expired", "enter normal");
        }
    }

    enum Cue { SOON }

    /** Two regions: a slow timer runs from the start; a quick one starts on SOON. */
    static Chart<Trace> twoClocks() {
        return Chart.<Trace>builder("two clocks")
                .initial("both")
                .parallel("both", p -> {
                    p.state("slow", r -> {
                        r.initial("waiting");
                        r.state("waiting", s -> s.after(6).action(say("slow")).target("slept"));
                        r.state("slept", s -> { });
                    });
                    p.state("quick", r -> {
                        r.initial("off");
                        r.state("off", s -> s.on(Cue.SOON).target("counting"));
                        r.state("counting", s -> s.onEntry(note("enter counting"))
                                .after(2).action(say("quick")).target("off"));
                    });
                })
                .build();
    }

    /**
     * Idle ticks look at the timers only when the first is due; a timer started after they last
     * looked, due before that, still fires on its tick.
     */
    @Test
    void aTimerStartedBetweenIdleTicksFiresBeforeAnEarlierOne() {
        for (Tiers.Run run : Tiers.started(TimerTicksTest::twoClocks)) {
            String tier = run.tier();
            Trace t = run.trace();
            Machine<Trace> m = run.machine();
            m.update(); // tick 1: the slow timer is due at tick 6, nothing before
            m.fire(Cue.SOON);
            assertThat(t.take()).as(tier).containsExactly("enter counting");
            m.update(); // tick 2
            assertThat(t.take()).as("%s, tick 2", tier).isEmpty();
            m.update(); // tick 3: two ticks after SOON
            assertThat(t.take()).as("%s, tick 3", tier).containsExactly("quick");
            m.update();
            m.update();
            assertThat(t.take()).as("%s, ticks 4 and 5", tier).isEmpty();
            m.update();
            assertThat(t.take()).as("%s, tick 6", tier).containsExactly("slow");
        }
    }
}
