package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.net.rollback.Hero.Ev;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Step by step: a confirmation restores only the states that differ (RESTORE), replays buffered
 * and corrected inputs (REPLAY), and later inputs run as NORMAL; effects guarded on the cause play
 * once.
 */
class TimelineTraceTest {

    /** Records "enter X (CAUSE)", "exit X (CAUSE)" and "unhandled E (CAUSE)". */
    static MachineListener recorder(List<String> log) {
        return new MachineListener() {
            @Override
            public void onEntry(Machine<?> m, int state, Cause cause) {
                log.add("enter " + m.chart().stateName(state) + " (" + cause + ")");
            }

            @Override
            public void onExit(Machine<?> m, int state, Cause cause) {
                log.add("exit " + m.chart().stateName(state) + " (" + cause + ")");
            }

            @Override
            public void onUnhandled(Machine<?> m, Object event, Cause cause) {
                log.add("unhandled " + event + " (" + cause + ")");
            }
        };
    }

    @Test
    void restoreThenReplayThenNormal() {
        Hero hero = new Hero();
        Machine<Hero> m = Hero.CHART.newMachine(hero);
        List<String> log = new ArrayList<>();
        m.addListener(recorder(log));
        Timeline<Hero, Hero.State> timeline = Timeline.builder(m, Hero.STATE).capacity(8).build();
        assertThat(log).containsExactly("enter root (NORMAL)", "enter IDLE (NORMAL)");
        log.clear();

        timeline.advance(1, Input.fire(Ev.MOVE));
        timeline.advance(2, Input.fire(Ev.PICK));
        timeline.advance(3, Input.fire(Ev.RUN));
        assertThat(log).containsExactly(
                "exit IDLE (NORMAL)", "enter ACTIVE (NORMAL)", "enter MOVING (NORMAL)", "enter LEGS (NORMAL)",
                "enter WALK (NORMAL)", "enter ARMS (NORMAL)", "enter EMPTY (NORMAL)",
                "exit EMPTY (NORMAL)", "enter HOLD (NORMAL)",
                "exit WALK (NORMAL)", "enter RUN (NORMAL)");
        assertThat(hero.sounds).containsExactly("whoosh");
        assertThat(hero.coins).isEqualTo(1);
        TickSnapshot<Hero.State> atTick1 = timeline.snapshotAt(1);
        log.clear();

        // The server confirms tick 1 as predicted, but at tick 2 it saw nothing and at tick 3 RUN
        // then PICK: the hand stays empty until tick 3.
        Confirmation<Hero.State> c = new Confirmation<>(1, atTick1.machine(), atTick1.owner(), null,
                Map.of(2L, List.of(), 3L, List.of(Input.fire(Ev.RUN), Input.fire(Ev.STUN), Input.fire(Ev.PICK))));
        RollbackResult<Hero.State> r = timeline.confirm(c);

        assertThat(log).containsExactly(
                // restore: the present (RUN, HOLD) back to tick 1 (WALK, EMPTY); nothing else moves
                "exit HOLD (RESTORE)", "exit RUN (RESTORE)", "enter WALK (RESTORE)", "enter EMPTY (RESTORE)",
                // tick 2: no input; tick 3: RUN, STUN refused by its guard (energy 5), PICK
                "exit WALK (REPLAY)", "enter RUN (REPLAY)", "unhandled STUN (REPLAY)",
                "exit EMPTY (REPLAY)", "enter HOLD (REPLAY)");
        assertThat(r.rolledBack()).isTrue();
        assertThat(r.replayedTicks()).isEqualTo(2);
        assertThat(r.confirmedDiffered()).isFalse();
        assertThat(r.inputsCorrected()).isEqualTo(2);
        // The same configuration, reached differently: the configuration revert() would return to
        // was (WALK, HOLD) and is now (RUN, EMPTY), so the state, and the future, changed.
        assertThat(r.mispredictionCorrected()).isTrue();
        assertThat(r.present().machine().active()).isEqualTo(r.predicted().machine().active());
        assertThat(hero.sounds).as("RUN's sound is not played again on replay").containsExactly("whoosh");
        assertThat(timeline.inputsAt(2)).isEmpty();
        assertThat(timeline.rollbacks()).isEqualTo(1);
        log.clear();

        timeline.advance(4, Input.fire(Ev.WALK), Input.fire(Ev.STOP));
        assertThat(log).containsExactly(
                "exit RUN (NORMAL)", "enter WALK (NORMAL)",
                "exit HOLD (NORMAL)", "exit ARMS (NORMAL)", "exit WALK (NORMAL)", "exit LEGS (NORMAL)",
                "exit MOVING (NORMAL)", "exit ACTIVE (NORMAL)", "enter IDLE (NORMAL)");
        assertThat(m.activeStates()).containsExactly("IDLE");
    }

    @Test
    void aCorrectedMispredictionIsReportedAndCounted() {
        Hero hero = new Hero();
        Machine<Hero> m = Hero.CHART.newMachine(hero);
        Timeline<Hero, Hero.State> timeline = Timeline.builder(m, Hero.STATE).capacity(8).build();
        timeline.advance(1, Input.fire(Ev.MOVE));
        timeline.advance(2, Input.fire(Ev.PICK));
        timeline.advance(3, Input.fire(Ev.USE));
        assertThat(hero.score).isEqualTo(5);
        TickSnapshot<Hero.State> t1 = timeline.snapshotAt(1);

        // the server saw CHARGE at tick 2: USE at tick 3 does nothing in CHARGING
        RollbackResult<Hero.State> r = timeline.confirm(
                Confirmation.of(t1).withCorrection(2, List.of(Input.fire(Ev.CHARGE))));
        assertThat(r.mispredictionCorrected()).isTrue();
        assertThat(r.predicted().owner().score()).isEqualTo(5);
        assertThat(r.present().owner()).isEqualTo(new Hero.State(5, 0, 0));
        assertThat(m.activeLeaves()).containsExactly("CHARGING");
        assertThat(timeline.mispredictionsCorrected()).isEqualTo(1);

        // a confirmation that agrees with the prediction does nothing
        RollbackResult<Hero.State> same = timeline.confirm(Confirmation.of(timeline.snapshotAt(2)));
        assertThat(same.rolledBack()).isFalse();
        assertThat(timeline.rollbacks()).isEqualTo(1);
        // nor does one that only corrects the record of the confirmed tick itself (its state already holds it)
        RollbackResult<Hero.State> record = timeline.confirm(Confirmation.of(timeline.snapshotAt(3))
                .withCorrection(3, List.of(Input.fire(Ev.USE), Input.fire(Ev.WALK))));
        assertThat(record.rolledBack()).isFalse();
        assertThat(record.inputsCorrected()).isEqualTo(1);
        assertThat(timeline.inputsAt(3)).containsExactly(Input.fire(Ev.USE), Input.fire(Ev.WALK));
        assertThat(timeline.rollbacks()).isEqualTo(1);
    }
}
