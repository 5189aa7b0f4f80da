package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.net.rollback.Hero.Ev;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Rejected confirmations leave everything unchanged; timelines are deterministic; telegrams roll back. */
class TimelineContractTest {

    private static Timeline<Hero, Hero.State> timeline(int capacity) {
        return Timeline.builder(Hero.CHART.newMachine(new Hero()), Hero.STATE).capacity(capacity).startTick(100).build();
    }

    private static Timeline<Hero, Hero.State> played(int capacity, int ticks) {
        Timeline<Hero, Hero.State> tl = timeline(capacity);
        Ev[] script = {Ev.MOVE, Ev.PICK, Ev.RUN, Ev.USE, Ev.CHARGE, Ev.PICK, Ev.STUN, Ev.WAKE};
        for (int i = 1; i <= ticks; i++) {
            tl.advance(100 + i, Input.fire(script[i % script.length]), Input.update());
        }
        return tl;
    }

    /** Everything observable about a timeline, to show a rejected call changed nothing. */
    private static List<Object> state(Timeline<Hero, Hero.State> tl) {
        List<Object> all = new ArrayList<>();
        for (long t = tl.oldestTick(); t <= tl.present(); t++) {
            all.add(tl.snapshotAt(t));
            all.add(tl.inputsAt(t));
        }
        all.add(tl.machine().snapshot());
        all.add(Hero.STATE.copyOut(tl.machine().owner()));
        all.add(tl.rollbacks());
        all.add(tl.mispredictionsCorrected());
        return all;
    }

    @Test
    void theBufferKeepsTheLastCapacityTicks() {
        Timeline<Hero, Hero.State> tl = played(5, 12);
        assertThat(tl.present()).isEqualTo(112);
        assertThat(tl.oldestTick()).isEqualTo(108);
        assertThat(tl.inputsAfter(110)).hasSize(2);
        assertThatThrownBy(() -> tl.snapshotAt(107)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not buffered (ticks 108 to 112)");
    }

    @Test
    void confirmationsOlderThanTheBufferOrInTheFutureAreRejectedAndChangeNothing() {
        Timeline<Hero, Hero.State> tl = played(5, 12);
        TickSnapshot<Hero.State> s = tl.snapshotAt(110);
        List<Object> before = state(tl);

        assertThatThrownBy(() -> tl.confirm(Confirmation.of(107, s.machine(), new Hero.State(1, 2, 3))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confirmation for tick 107 is older than the buffer holds (ticks 108 to 112, capacity 5)");
        assertThatThrownBy(() -> tl.confirm(Confirmation.of(113, s.machine(), new Hero.State(1, 2, 3))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confirmation for tick 113 is in the future: the present is tick 112");
        assertThatThrownBy(() -> tl.confirm(new Confirmation<>(110, s.machine(), new Hero.State(1, 2, 3), null,
                Map.of(113L, List.of(Input.fire(Ev.STOP))))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("correction for tick 113 is outside the confirmed range (ticks 110 to 112)");
        assertThatThrownBy(() -> tl.confirm(new Confirmation<>(110, s.machine(), new Hero.State(1, 2, 3), null,
                Map.of(109L, List.of()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("correction for tick 109");
        assertThatThrownBy(() -> tl.confirm(new Confirmation<>(110, s.machine(), new Hero.State(1, 2, 3),
                new Dispatcher().snapshot(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confirmation carries telegrams but no dispatcher is attached");
        int n = Hero.CHART.stateCount();
        MachineState bogus = new MachineState(new int[] {0, Hero.CHART.stateId("IDLE"), Hero.CHART.stateId("STUNNED")},
                new int[n][0], false);
        assertThatThrownBy(() -> tl.confirm(new Confirmation<>(110, bogus, new Hero.State(1, 2, 3), null,
                Map.of(111L, List.of(Input.fire(Ev.STOP))))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a state of chart 'hero'");

        assertThat(state(tl)).isEqualTo(before);
    }

    @Test
    void ticksRunOneAtATime() {
        Timeline<Hero, Hero.State> tl = played(5, 3);
        List<Object> before = state(tl);
        assertThatThrownBy(() -> tl.advance(105)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("advance(105): ticks run one at a time; the next tick is 104");
        assertThatThrownBy(() -> tl.advance(103)).isInstanceOf(IllegalArgumentException.class);
        assertThat(state(tl)).isEqualTo(before);
    }

    @Test
    void aTimelineMayNotBeDrivenFromInsideItsOwnTick() {
        Hero hero = new Hero();
        Machine<Hero> m = Hero.CHART.newMachine(hero);
        List<Timeline<Hero, Hero.State>> self = new ArrayList<>();
        List<Throwable> seen = new ArrayList<>();
        Timeline<Hero, Hero.State> tl = Timeline.builder(m, Hero.STATE).tickListener((tick, cause) -> {
            if (!self.isEmpty()) {
                try {
                    self.get(0).advance(tick + 1);
                } catch (IllegalStateException e) {
                    seen.add(e);
                }
            }
        }).build();
        self.add(tl);
        tl.advance(1, Input.fire(Ev.MOVE));
        assertThat(seen).singleElement().extracting(Throwable::getMessage)
                .isEqualTo("advance() called while the timeline is running a tick");
        assertThat(tl.present()).isEqualTo(1);
    }

    @Test
    void twoTimelinesFedTheSameInputsHoldTheSameSnapshots() {
        for (long seed = 1; seed <= 50; seed++) {
            List<TickSnapshot<Hero.State>> a = runScript(seed);
            List<TickSnapshot<Hero.State>> b = runScript(seed);
            assertThat(a).as("seed %d", seed).isEqualTo(b).hasSizeGreaterThan(30);
        }
    }

    /** A seeded script of inputs and confirmations (made from a server timeline), with a dispatcher. */
    private static List<TickSnapshot<Hero.State>> runScript(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        Timeline<Hero, Hero.State> server = withDispatcher(32);
        Timeline<Hero, Hero.State> client = withDispatcher(16);
        List<TickSnapshot<Hero.State>> out = new ArrayList<>();
        for (long t = 1; t <= 40; t++) {
            List<Input> real = RollbackEquivalenceTest.randomInputs(rng);
            server.advance(t, real);
            out.add(client.advance(t, RollbackEquivalenceTest.predict(rng, real)));
            if (rng.nextInt(4) == 0) {
                long back = Math.max(client.oldestTick(), t - rng.nextInt(8));
                Confirmation<Hero.State> c = Confirmation.of(server.snapshotAt(back));
                for (long k = back + 1; k <= t; k++) {
                    c = c.withCorrection(k, server.inputsAt(k));
                }
                out.add(client.confirm(c).present());
            }
        }
        for (long t = client.oldestTick(); t <= client.present(); t++) {
            out.add(client.snapshotAt(t));
        }
        return out;
    }

    private static Timeline<Hero, Hero.State> withDispatcher(int capacity) {
        Hero hero = new Hero();
        Dispatcher d = new Dispatcher();
        hero.dispatcher = d;
        Timeline<Hero, Hero.State> tl = Timeline.builder(Hero.CHART.newMachine(hero), Hero.STATE)
                .capacity(capacity).dispatcher(d).build();
        d.register(Hero.AGENT, tl.receiver());
        hero.clock = tl::currentTick;
        return tl;
    }

    @Test
    void pendingTelegramsRollBackAndReDeliveredOnesAreTaggedReplay() {
        Timeline<Hero, Hero.State> tl = withDispatcher(16);
        List<String> log = new ArrayList<>();
        tl.machine().addListener(TimelineTraceTest.recorder(log));
        tl.advance(1, Input.fire(Ev.CHARGE)); // CHARGED due at tick 4
        assertThat(tl.snapshotAt(1).telegrams().pending()).singleElement()
                .satisfies(t -> assertThat(t.dueTick()).isEqualTo(4));
        tl.advance(2);
        tl.advance(3, Input.fire(Ev.STOP));
        tl.advance(4); // CHARGED arrives in IDLE: unhandled
        tl.advance(5);
        assertThat(tl.snapshot().telegrams().pending()).isEmpty();
        log.clear();

        // the server says STOP came at tick 5, not 3: CHARGED at tick 4 finds CHARGING
        RollbackResult<Hero.State> r = tl.confirm(Confirmation.of(tl.snapshotAt(2))
                .withCorrection(3, List.of()).withCorrection(5, List.of(Input.fire(Ev.STOP))));
        assertThat(log).startsWith("exit IDLE (RESTORE)", "enter ACTIVE (RESTORE)", "enter CHARGING (RESTORE)")
                .contains("exit CHARGING (REPLAY)", "enter MOVING (REPLAY)")
                .endsWith("exit ACTIVE (REPLAY)", "enter IDLE (REPLAY)")
                .noneMatch(s -> s.contains("NORMAL"));
        assertThat(r.mispredictionCorrected()).isTrue(); // history now remembers MOVING
        assertThat(tl.machine().snapshot().history(Hero.CHART.stateId("H"))).isNotEmpty();
        assertThat(tl.cause()).isEqualTo(Cause.NORMAL);
    }
}
