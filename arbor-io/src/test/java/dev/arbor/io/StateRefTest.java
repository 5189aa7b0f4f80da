package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import org.junit.jupiter.api.Test;

/**
 * Component properties that name states ({@link StateRef}): checked when the file loads, a
 * misspelt one reported at its line and column with the chart's states, instead of a failed move
 * in the middle of a game.
 */
class StateRefTest {

    @Test
    void aStatePropertyResolvesToTheChartsStateAndMovesThere() {
        Chart<Bot> chart = ChartLoader.of(Bot.components()).load("npc.json", """
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {
                    "idle": {"transitions": [{"event": "alarm", "action": {"use": "GoTo", "state": "flee"}}]},
                    "flee": {}
                  },
                  "allowUnreachable": true
                }
                """);
        Machine<Bot> m = chart.newMachine(new Bot());
        m.start();
        m.fire("alarm");
        assertThat(m.activeStates()).containsExactly("flee");
    }

    @Test
    void aMisspeltStateIsReportedAtItsPlaceWithTheStatesThereAre() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {
                    "idle": {"onEntry": {"use": "GoTo", "state": "fleee"}},
                    "flee": {}
                  },
                  "allowUnreachable": true
                }
                """)).containsExactly(
                "npc.json:5:50: unknown state 'fleee' in property 'state' of GoTo; did you mean 'flee'? The chart's states: idle, flee");
    }

    @Test
    void aStatePropertyTakesAName() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {"idle": {"onEntry": {"use": "GoTo", "state": 3}}}
                }
                """)).containsExactly("npc.json:4:59: action 'GoTo': property 'state' must be a state's name, not 3");
        assertThatThrownBy(() -> StateRef.of(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThat(StateRef.of("flee")).isEqualTo(StateRef.of("flee")).hasToString("flee");
    }
}
