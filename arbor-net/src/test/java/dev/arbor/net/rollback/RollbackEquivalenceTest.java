package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.core.dispatch.Receiver;
import dev.arbor.net.rollback.Hero.Ev;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The key property (issue 5, seed 001): a client that predicts with wrong inputs and is corrected
 * late by rollback ends up exactly where a reference machine would be that received the corrected
 * inputs from the start without any rollback: same machine state, owner state and pending
 * telegrams at every tick re-simulated, and the same per-tick trace of what the machine did.
 */
class RollbackEquivalenceTest {

    static final int RUNS = 3000;

    /** Per-tick trace of what a machine does; each tick's list is reset when the tick (re)runs. */
    static final class TickTrace implements MachineListener {
        final Map<Long, List<String>> byTick = new HashMap<>();
        final List<Cause> causesWhileReplaying = new ArrayList<>();
        final List<Cause> causesWhileRestoring = new ArrayList<>();
        long tick;
        Timeline<?, ?> timeline;

        void beforeTick(long t) {
            tick = t;
            byTick.put(t, new ArrayList<>());
        }

        private void add(String what, Cause cause) {
            if (timeline != null && timeline.cause() == Cause.RESTORE) {
                causesWhileRestoring.add(cause);
                return;
            }
            if (timeline != null && timeline.isResimulating()) {
                causesWhileReplaying.add(cause);
            }
            byTick.computeIfAbsent(tick, k -> new ArrayList<>()).add(what); // the cause is left out
        }

        @Override
        public void onEvent(Machine<?> m, Object event, Cause cause) {
            add("event " + event, cause);
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            add("enter " + state, cause);
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            add("exit " + state, cause);
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            add("take " + transition, cause);
        }

        @Override
        public void onUpdate(Machine<?> m, int state, Cause cause) {
            add("update " + state, cause);
        }

        @Override
        public void onUnhandled(Machine<?> m, Object event, Cause cause) {
            add("unhandled " + event, cause);
        }
    }

    /** The server: the authoritative inputs from the start, no rollback. */
    static final class Reference {
        final Hero hero = new Hero();
        final Machine<Hero> machine = Hero.CHART.newMachine(hero);
        final Dispatcher dispatcher;
        final TickTrace trace = new TickTrace();
        final Map<Long, TickSnapshot<Hero.State>> snapshots = new HashMap<>();
        long now;

        Reference(boolean withDispatcher) {
            dispatcher = withDispatcher ? new Dispatcher().register(Hero.AGENT, Receiver.of(machine)) : null;
            hero.dispatcher = dispatcher;
            hero.clock = () -> now;
            machine.addListener(trace);
            machine.start();
            snapshots.put(0L, capture());
        }

        void step(long tick, List<Input> inputs) {
            now = tick;
            trace.beforeTick(tick);
            if (dispatcher != null) {
                dispatcher.deliver(tick);
            }
            for (Input in : inputs) {
                if (in instanceof Input.Fire f) {
                    machine.fire(f.event());
                } else {
                    machine.update();
                }
            }
            snapshots.put(tick, capture());
        }

        TickSnapshot<Hero.State> capture() {
            return new TickSnapshot<>(now, machine.snapshot(), Hero.STATE.copyOut(hero),
                    dispatcher == null ? null : dispatcher.snapshot());
        }
    }

    /** The client: predicts, then is corrected through its timeline. */
    static final class Client {
        final Hero hero = new Hero();
        final Machine<Hero> machine = Hero.CHART.newMachine(hero);
        final TickTrace trace = new TickTrace();
        final Timeline<Hero, Hero.State> timeline;

        Client(boolean withDispatcher, int capacity) {
            Dispatcher d = withDispatcher ? new Dispatcher() : null;
            hero.dispatcher = d;
            machine.addListener(trace);
            machine.start();
            Timeline.Builder<Hero, Hero.State> b = Timeline.builder(machine, Hero.STATE).capacity(capacity)
                    .tickListener((tick, cause) -> trace.beforeTick(tick));
            if (d != null) {
                b.dispatcher(d);
            }
            timeline = b.build();
            if (d != null) {
                d.register(Hero.AGENT, timeline.receiver());
            }
            hero.clock = timeline::currentTick;
            trace.timeline = timeline;
        }
    }

    private static final Ev[] EVENTS = {Ev.MOVE, Ev.RUN, Ev.WALK, Ev.PICK, Ev.USE, Ev.CHARGE, Ev.STUN, Ev.WAKE, Ev.STOP};

    static List<Input> randomInputs(SplittableRandom rng) {
        int n = rng.nextInt(4);
        List<Input> in = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            in.add(rng.nextInt(3) == 0 ? Input.update() : Input.fire(EVENTS[rng.nextInt(EVENTS.length)]));
        }
        return in;
    }

    /** What the client guesses for a tick: usually right, sometimes not. */
    static List<Input> predict(SplittableRandom rng, List<Input> truth) {
        if (rng.nextInt(4) != 0) {
            return truth;
        }
        List<Input> guess = new ArrayList<>(truth);
        switch (rng.nextInt(3)) {
            case 0 -> guess.add(rng.nextInt(guess.size() + 1), Input.fire(EVENTS[rng.nextInt(EVENTS.length)]));
            case 1 -> {
                if (!guess.isEmpty()) {
                    guess.remove(rng.nextInt(guess.size()));
                }
            }
            default -> guess = randomInputs(rng);
        }
        return guess;
    }

    /** Counters across all runs, to show that the runs exercised what they claim to. */
    static final class Stats {
        long ticks;
        long confirmations;
        long rollbacks;
        long mispredictionsCorrected;
        long equalityChecks;
        long replayedTicks;
        long replayCallbacks;
    }

    @Test
    void rollbackEqualsAReferenceThatHadTheCorrectInputsFromTheStart() {
        Stats stats = new Stats();
        for (int seed = 1; seed <= RUNS; seed++) {
            runOnce(seed, stats);
        }
        // seeds 1..3000 give about 104k ticks, 38k confirmations, 16k rollbacks (91k ticks replayed),
        // 6.8k mispredictions corrected and 36k checks against the reference
        assertThat(stats.rollbacks).isGreaterThan(RUNS);
        assertThat(stats.mispredictionsCorrected).isGreaterThan(RUNS / 2);
        assertThat(stats.equalityChecks).isGreaterThan(RUNS);
        assertThat(stats.replayCallbacks).isGreaterThan(RUNS);
    }

    private static void runOnce(long seed, Stats stats) {
        SplittableRandom rng = new SplittableRandom(seed);
        boolean withDispatcher = seed % 2 == 0;
        int capacity = 4 + rng.nextInt(20);
        int ticks = 10 + rng.nextInt(50);
        Reference server = new Reference(withDispatcher);
        Client client = new Client(withDispatcher, capacity);
        Map<Long, List<Input>> truth = new TreeMap<>();

        for (long t = 1; t <= ticks; t++) {
            List<Input> real = randomInputs(rng);
            truth.put(t, real);
            server.step(t, real);
            client.timeline.advance(t, predict(rng, real));
            stats.ticks++;
            if (rng.nextInt(3) == 0) {
                confirm(rng, seed, server, client, truth, rng.nextInt(4) == 0 ? 0.5 : 1.0, stats);
            }
        }
        confirm(rng, seed, server, client, truth, 1.0, stats); // the last word: every input corrected
        assertThat(client.trace.causesWhileRestoring).as("seed %d", seed).doesNotContain(Cause.NORMAL, Cause.REPLAY);
        // fired inputs and re-delivered telegrams replay as REPLAY; update() ticks still say NORMAL (core)
        assertThat(client.trace.causesWhileReplaying).as("seed %d", seed).doesNotContain(Cause.RESTORE);
        stats.replayCallbacks += client.trace.causesWhileReplaying.stream().filter(c -> c == Cause.REPLAY).count();
    }

    /**
     * Confirms a random buffered tick with the server's state, correcting each later tick's inputs
     * with probability {@code p}; when every buffered input after the confirmed tick is then right,
     * checks the client against the server at every re-simulated tick.
     */
    private static void confirm(SplittableRandom rng, long seed, Reference server, Client client,
            Map<Long, List<Input>> truth, double p, Stats stats) {
        Timeline<Hero, Hero.State> tl = client.timeline;
        long present = tl.present();
        long t = tl.oldestTick() + rng.nextInt((int) (present - tl.oldestTick() + 1));
        Confirmation<Hero.State> c = Confirmation.of(server.snapshots.get(t));
        for (long k = t; k <= present; k++) {
            if (k > 0 && rng.nextDouble() < p) {
                c = c.withCorrection(k, truth.get(k));
            }
        }
        long before = tl.rollbacks();
        RollbackResult<Hero.State> r = tl.confirm(c);
        stats.confirmations++;
        if (r.rolledBack()) {
            stats.rollbacks++;
            stats.replayedTicks += r.replayedTicks();
            assertThat(tl.rollbacks()).isEqualTo(before + 1);
        }
        if (r.mispredictionCorrected()) {
            stats.mispredictionsCorrected++;
        }
        boolean allRight = true;
        for (long k = t + 1; k <= present; k++) {
            allRight &= tl.inputsAt(k).equals(truth.get(k));
        }
        if (!allRight) {
            assertThat(p).isLessThan(1.0);
            return;
        }
        stats.equalityChecks++;
        for (long k = t; k <= present; k++) {
            TickSnapshot<Hero.State> expected = server.snapshots.get(k);
            assertThat(tl.snapshotAt(k)).as("seed %d, confirmed %d, tick %d", seed, t, k).isEqualTo(expected);
            if (k > t && r.rolledBack()) {
                assertThat(client.trace.byTick.get(k)).as("seed %d, trace of tick %d", seed, k)
                        .isEqualTo(server.trace.byTick.get(k));
            }
        }
        assertThat(client.machine.snapshot()).isEqualTo(server.machine.snapshot());
        assertThat(Hero.STATE.copyOut(client.hero)).isEqualTo(Hero.STATE.copyOut(server.hero));
        assertThat(tl.snapshot().sameStateAs(server.capture())).isTrue();
    }
}
