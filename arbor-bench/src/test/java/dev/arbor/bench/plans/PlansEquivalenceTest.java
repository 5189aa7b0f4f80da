package dev.arbor.bench.plans;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard's two charts make the same records and stand in the same states, input by input, before any number is taken. */
class PlansEquivalenceTest {

    private static void take(Machine<Guard.Owner> m, Guard.Ev e) {
        if (e == Guard.Ev.TICK) {
            m.update();
        } else {
            m.fire(e);
        }
    }

    @Test
    void theCycleTakesThePlanStepByStep() {
        Machine<Guard.Owner> m = Guard.chart(Guard.Duty.PLAN).newMachine(new Guard.Owner(true));
        m.start();
        assertThat(m.owner().take()).containsExactly("enter IDLE");
        List<List<String>> expected = List.of(
                List.of("exit IDLE", "alarm", "enter DUTY", "enter TO_GATE"),
                List.of("duty ping"),
                List.of(),
                List.of("exit TO_GATE", "enter AT_GATE"), // at the gate: the plan's next step
                List.of("exit AT_GATE", "enter BACK"), // waited a tick
                List.of("duty ping"),
                List.of(),
                List.of(), // back: the plan is done
                List.of("exit BACK", "exit DUTY", "calm", "enter IDLE"),
                List.of("idle ping"));
        for (int i = 0; i < Guard.CYCLE.size(); i++) {
            take(m, Guard.CYCLE.get(i));
            assertThat(m.owner().take()).as("input %d, %s", i, Guard.CYCLE.get(i)).isEqualTo(expected.get(i));
        }
        assertThat(m.owner().x()).isZero();
    }

    @Test
    void aPlanAndDeclaredSuccessorsMakeTheSameRecordsAndStates() {
        Machine<Guard.Owner> plan = Guard.chart(Guard.Duty.PLAN).newMachine(new Guard.Owner(true));
        Machine<Guard.Owner> successors = Guard.chart(Guard.Duty.SUCCESSORS).newMachine(new Guard.Owner(true));
        plan.start();
        successors.start();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < Guard.CYCLE.size(); i++) {
                Guard.Ev e = Guard.CYCLE.get(i);
                take(plan, e);
                take(successors, e);
                assertThat(successors.owner().take()).as("round %d, input %d, %s", round, i, e).isEqualTo(plan.owner().take());
                assertThat(successors.activeStates()).as("round %d, input %d", round, i).isEqualTo(plan.activeStates());
                assertThat(successors.owner().x()).isEqualTo(plan.owner().x());
            }
        }
    }
}
