package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.FutureCodecTest;
import java.util.ArrayList;
import java.util.List;
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

    /** Per-tick trace of what a machine does, deferrals and recalls included. */
    static final class TickTrace extends RollbackRun.TickTrace {
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

    @Test
    void rollbackWithEveryRememberingFeatureEqualsAReferenceThatHadTheRightInputs() {
        Chart<Object> chart = FutureCodecTest.rich();
        long checks = 0;
        long rollbacks = 0;
        boolean sawFuture = false;
        for (int seed = 1; seed <= RUNS; seed++) {
            RollbackRun.Result r = RollbackRun.run(seed, chart, m -> { }, TickTrace::new, RollbackFutureTest::randomInputs);
            rollbacks += r.rolledBack() ? 1 : 0;
            checks += r.checks();
            for (MachineState s : r.serverStates().values()) {
                sawFuture |= !s.plans().isEmpty() || !s.deferred().isEmpty() || s.pushed().length > 0;
            }
        }
        assertThat(sawFuture).isTrue();
        assertThat(rollbacks).isGreaterThan(RUNS / 2);
        assertThat(checks).isGreaterThan(RUNS * 5L);
    }
}
