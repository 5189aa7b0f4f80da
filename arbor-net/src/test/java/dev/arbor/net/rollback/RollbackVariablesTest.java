package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineListener;
import dev.arbor.core.MachineState;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Rollback of a chart whose behaviour rests on designer variables and the machine's seeded
 * generator (what the built-in {@code Random}, {@code Chance}, {@code Add} and {@code Compare} do):
 * a client corrected by rollback equals, at every re-simulated tick, a server that had the right
 * inputs from the start, values, draws and trace alike.
 */
class RollbackVariablesTest {

    static final String[] EVENTS = {"roll", "spend", "earn", "gamble"};

    static Chart<Object> gambler() {
        return Chart.<Object>builder("gambler")
                .variable(Variable.integer("gold", 0, 30, 10))
                .variable(Variable.integer("die", 1, 6, 1))
                .variable(Variable.choice("luck", List.of("bad", "good"), "bad"))
                .drawsRandom()
                .initial("table")
                .state("table", s -> {
                    s.on("roll").action((m, o, e) -> m.variables().setValue(1, 1 + m.variables().nextInt(6)));
                    s.on("spend").guard((MachineGuard<Object, Object>) (m, o, e) -> m.variables().value(0) >= m.variables().value(1))
                            .action((m, o, e) -> m.variables().add(0, -m.variables().value(1))).target("broke");
                    s.on("earn").action((m, o, e) -> m.variables().add(0, 4));
                    s.when((MachineCondition<Object>) (m, o) -> m.variables().nextInt(100) < 30) // Chance 30
                            .action((m, o, e) -> m.variables().setValue(2, 1 - m.variables().value(2)));
                })
                .state("broke", s -> {
                    s.on("gamble").guard((MachineGuard<Object, Object>) (m, o, e) -> m.variables().value(2) == 1).target("table");
                    s.on("earn").action((m, o, e) -> m.variables().add(0, 4)).target("table");
                })
                .build();
    }

    /** Per tick: transitions taken and variables changed. */
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
        public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
            add("take " + m.chart().describeTransition(transition));
        }

        @Override
        public void onVariable(Machine<?> m, int variable, int value, Cause cause) {
            add(m.chart().variables().get(variable).name() + "=" + value);
        }
    }

    static List<Input> randomInputs(SplittableRandom rng) {
        int n = rng.nextInt(4);
        List<Input> in = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            in.add(rng.nextInt(3) == 0 ? Input.update() : Input.fire(EVENTS[rng.nextInt(EVENTS.length)]));
        }
        return in;
    }

    @Test
    void rollbackReplaysTheSameDrawsAndValuesAsAServerThatHadTheRightInputs() {
        Chart<Object> chart = gambler();
        int rollbacks = 0;
        for (int seed = 1; seed <= 300; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            Machine<Object> server = chart.newMachine(new Object());
            server.variables().seed(seed);
            TickTrace serverTrace = new TickTrace();
            server.addListener(serverTrace);
            server.start();
            Map<Long, MachineState> serverStates = new HashMap<>();
            serverStates.put(0L, server.snapshot());

            Machine<Object> client = chart.newMachine(new Object());
            client.variables().seed(seed);
            TickTrace clientTrace = new TickTrace();
            client.addListener(clientTrace);
            client.start();
            Timeline<Object, Integer> tl = Timeline.builder(client, RollbackFutureTest.NOTHING).capacity(8 + rng.nextInt(16))
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
                serverStates.put(t, server.snapshot());
                tl.advance(t, rng.nextInt(3) != 0 ? real : randomInputs(rng));
            }
            long present = tl.present();
            long confirmed = tl.oldestTick() + rng.nextInt((int) (present - tl.oldestTick() + 1));
            Confirmation<Integer> c = Confirmation.of(confirmed, serverStates.get(confirmed), 0);
            for (long k = Math.max(confirmed, 1); k <= present; k++) {
                c = c.withCorrection(k, truth.get(k));
            }
            RollbackResult<Integer> r = tl.confirm(c);
            rollbacks += r.rolledBack() ? 1 : 0;
            for (long k = confirmed; k <= present; k++) {
                assertThat(tl.snapshotAt(k).machine()).as("seed %d, tick %d", seed, k).isEqualTo(serverStates.get(k));
                if (k > confirmed && r.rolledBack()) {
                    assertThat(clientTrace.byTick.get(k)).as("seed %d, trace of tick %d", seed, k)
                            .isEqualTo(serverTrace.byTick.get(k));
                }
            }
            assertThat(client.snapshot()).isEqualTo(server.snapshot());
            assertThat(client.variables().describe()).isEqualTo(server.variables().describe());
        }
        assertThat(rollbacks).isGreaterThan(100);
    }
}
