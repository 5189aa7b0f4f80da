package dev.arbor.bench.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The modes {@link TwoBuilds} can give each side of a pair: each runs its cycle; any other is refused by name. */
class WorkloadModesTest {

    @ParameterizedTest
    @ValueSource(strings = {"declared", "handlers", "switch", "handler-switch"})
    void everyModeOfQhsmRunsItsCycle(String mode) {
        assertThat(new Qhsm(mode).applyAsLong(10_000)).as("nanoseconds taken").isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cycle", "ticks", "switch-cycle", "switch-ticks"})
    void everyModeOfPlayerRunsItsCycle(String mode) {
        assertThat(new Player(mode).applyAsLong(10_000)).as("nanoseconds taken").isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"machine-transition", "typed-transition", "machine-unhandled", "typed-unhandled",
            "machine-update", "typed-update"})
    void everyModeOfTypedRunsItsInputs(String mode) {
        assertThat(new Typed(mode).applyAsLong(10_000)).as("nanoseconds taken").isPositive();
    }

    @Test
    void anUnknownModeIsRefusedWithTheModesThereAre() {
        assertThatThrownBy(() -> new Qhsm("switch-cycle")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode: declared, handlers, switch or handler-switch, not switch-cycle");
        assertThatThrownBy(() -> new Player("switch-declared")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode: cycle, ticks, switch-cycle or switch-ticks, not switch-declared");
        assertThatThrownBy(() -> new Typed("typed-fire")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode: machine-WORK or typed-WORK, WORK transition, unhandled or update, not typed-fire");
    }
}
