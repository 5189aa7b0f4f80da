package dev.arbor.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bench.TypedMachineBenchmark.Face;
import org.junit.jupiter.api.Test;

/** Both faces of {@link TypedMachineBenchmark} do the same work: after the same invocations, the same states and counters. */
class TypedMachineBenchmarkTest {

    static TypedMachineBenchmark run(Face face) {
        TypedMachineBenchmark b = new TypedMachineBenchmark();
        b.face = face;
        b.setUp();
        for (int i = 0; i < 3; i++) {
            b.transition();
            b.unhandled();
            b.update();
        }
        return b;
    }

    @Test
    void theTypedFaceAndTheMachineDoTheSameWork() {
        TypedMachineBenchmark typed = run(Face.TYPED);
        TypedMachineBenchmark machine = run(Face.MACHINE);
        for (int i = 0; i < TypedMachineBenchmark.MACHINES; i++) {
            assertThat(typed.typed[i].machine().activeStates()).isEqualTo(machine.machines[i].activeStates())
                    .containsExactly(TypedMachineBenchmark.St.COMBAT);
            assertThat(typed.owners[i].shouts).isEqualTo(machine.owners[i].shouts).isEqualTo(2);
            assertThat(typed.owners[i].ticks).isEqualTo(machine.owners[i].ticks).as("ticked in PATROL once, in round two").isEqualTo(1);
        }
    }
}
