package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.FutureCodecTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Rollback with every feature that remembers (issue 12): behaviours with clocks, plans with
 * {@code resumeAfter}, blips ({@code revert}), {@code push}/{@code pop}, timers and deferral. A
 * client that predicted wrong inputs and is corrected by rollback equals, at every re-simulated
 * tick, a reference machine that had the right inputs from the start — state and trace — which
 * holds only because the snapshot it restores holds the machine's whole future.
 */
class RollbackFutureTest {

    static final int RUNS = 400;
    static final FutureCodecTest.Ev[] EVENTS = FutureCodecTest.Ev.values();

    /** The owner keeps nothing: every bit of state is the machine's. */
    static final OwnerState<Object, Integer> NOTHING = new OwnerState<>() {
        @Override
        public Integer copyOut(Object owner) {
            return 0;
        }

        @Override
        public void copyIn(Integer state, Object owner) {
        }
    };

    /** Per-tick trace of what a machine does, deferrals and recalls included. */
    static final class TickTrace implements MachineListener {
        final Map<Long, List<String>> byTick = new HashMap<>();
        long tick;
        Timeline<?, ?> timeline;

        void beforeTick(long t) {
            tick = t;
            byTick.put(t, new ArrayList<>());
        }

        private void add(String what) {
            if (timeline != null && timeline.cause() == Cause.RESTORE) {
                return;
            }
            byTick.computeIfAbsent(tick, k -> new ArrayList<>()).add(what);
        }

        @Override
        public void onEntry(Machine<?> m, int state, Cause cause) {
            add("enter " + state);
        }

        @Override
        public void onExit(Machine<?> m, int state, Cause cause) {
            add("exit " + state);
        }

        @Override
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            add("take " + m.chart().describeTransition(transition));
        }

        @Override
        public void onDeferred(Machine<?> m, Object event, Cause cause) {
            add("deferred " + event);
        }

        @Override
        public void onRecalled(Machine<?> m, Object event, Cause cause) {
            add("recalled " + event);
        }
    }

    static List<Input> randomInputs(SplittableRandom rng) {
        int n = rng.nextInt(4);
        List<Input> in = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            in.add(rng.nextInt(2) == 0 ? Input.update() : Input.fire(EVENTS[rng.nextInt(EVENTS.length)]));
        }
        return in;
    }

    static List<Input> predict(SplittableRandom rng, List<Input> truth) {
        return rng.nextInt(3) != 0 ? truth : randomInputs(rng);
    }

    @Test
    void rollbackWithEveryRememberingFeatureEqualsAReferenceThatHadTheRightInputs() {
        Chart<Object> chart = FutureCodecTest.rich();
        long checks = 0;
        long rollbacks = 0;
        boolean sawFuture = false;
        for (int seed = 1; seed <= RUNS; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            Machine<Object> server = chart.newMachine(new Object());
            TickTrace serverTrace = new TickTrace();
            server.addListener(serverTrace);
            server.start();
            Map<Long, MachineState> serverStates = new HashMap<>();
            serverStates.put(0L, server.snapshot());

            Machine<Object> client = chart.newMachine(new Object());
            TickTrace clientTrace = new TickTrace();
            client.addListener(clientTrace);
            client.start();
            Timeline<Object, Integer> tl = Timeline.builder(client, NOTHING).capacity(8 + rng.nextInt(16))
                    .tickListener((tick, cause) -> clientTrace.beforeTick(tick)).build();
            clientTrace.timeline = tl;

            Map<Long, List<Input>> truth = new HashMap<>();
            int ticks = 20 + rng.nextInt(40);
            for (long t = 1; t <= ticks; t++) {
                List<Input> real = randomInputs(rng);
                truth.put(t, real);
                serverTrace.beforeTick(t);
                for (Input in : real) {
                    if (in instanceof Input.Fire f) {
                        server.fire(f.event());
                    } else {
                        server.update();
                    }
                }
                MachineState s = server.snapshot();
                serverStates.put(t, s);
                sawFuture |= !s.plans().isEmpty() || !s.deferred().isEmpty() || s.pushed().length > 0;
                tl.advance(t, predict(rng, real));
            }
            // The server confirms a buffered tick and corrects every input after it.
            long present = tl.present();
            long confirmed = tl.oldestTick() + rng.nextInt((int) (present - tl.oldestTick() + 1));
            Confirmation<Integer> c = Confirmation.of(confirmed, serverStates.get(confirmed), 0);
            for (long k = Math.max(confirmed, 1); k <= present; k++) {
                c = c.withCorrection(k, truth.get(k));
            }
            RollbackResult<Integer> r = tl.confirm(c);
            rollbacks += r.rolledBack() ? 1 : 0;
            for (long k = confirmed; k <= present; k++) {
                assertThat(tl.snapshotAt(k).machine()).as("seed %d, confirmed %d, tick %d", seed, confirmed, k)
                        .isEqualTo(serverStates.get(k));
                if (k > confirmed && r.rolledBack()) {
                    assertThat(clientTrace.byTick.get(k)).as("seed %d, trace of tick %d", seed, k)
                            .isEqualTo(serverTrace.byTick.get(k));
                }
                checks++;
            }
            assertThat(client.snapshot()).isEqualTo(server.snapshot());
        }
        assertThat(sawFuture).isTrue();
        assertThat(rollbacks).isGreaterThan(RUNS / 2);
        assertThat(checks).isGreaterThan(RUNS * 5L);
    }
}
