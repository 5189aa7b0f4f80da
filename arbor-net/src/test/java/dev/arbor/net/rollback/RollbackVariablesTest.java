package dev.arbor.net.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.Variable;
import java.util.ArrayList;
import java.util.List;
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
    static final class TickTrace extends RollbackRun.TickTrace {
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
            long seeded = seed;
            RollbackRun.Result r = RollbackRun.run(seed, chart, m -> m.variables().seed(seeded), TickTrace::new,
                    RollbackVariablesTest::randomInputs);
            rollbacks += r.rolledBack() ? 1 : 0;
        }
        assertThat(rollbacks).isGreaterThan(100);
    }
}
