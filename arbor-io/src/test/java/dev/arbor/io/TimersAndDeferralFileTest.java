package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timers ({@code "after"}), deferred events ({@code "defer"}) and the limits that bound a
 * machine's state ({@code "deferLimit"}, {@code "pushLimit"}) in chart files: loaded into the same
 * chart the Java builder makes, run tick by tick, and bad values reported at their place.
 */
class TimersAndDeferralFileTest {

    static final String STUN = """
            {
              "chart": "stun",
              "deferLimit": 2,
              "pushLimit": 3,
              "initial": "idle",
              "states": {
                "idle": {"transitions": [{"event": "hit", "target": "stunned"}, {"event": "call", "target": "idle"}]},
                "stunned": {
                  "defer": "call",
                  "transitions": [
                    {"after": 3, "target": "idle"},
                    {"event": "hit", "target": "stunned"}
                  ]
                }
              }
            }
            """;

    @Test
    void aTimerAndADeferredEventRunFromAFile() {
        Chart<Bot> chart = ChartLoader.of(Bot.components()).load("stun.json", STUN);
        assertThat(chart.deferLimit()).isEqualTo(2);
        assertThat(chart.pushLimit()).isEqualTo(3);
        assertThat(chart.stateInfo(chart.stateId("stunned")).deferred()).containsExactly("call");
        TransitionInfo timer = null;
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.transitionInfo(t).mode() == TransitionInfo.Mode.TIMER) {
                timer = chart.transitionInfo(t);
            }
        }
        assertThat(timer).isNotNull();
        assertThat(timer.after()).isEqualTo(3);

        Machine<Bot> m = chart.newMachine(new Bot());
        List<String> trace = new ArrayList<>();
        m.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> machine, int state, Cause cause) {
                trace.add("enter " + machine.chart().stateName(state));
            }

            @Override
            public void onDeferred(Machine<?> machine, Object event, Cause cause) {
                trace.add("deferred " + event);
            }

            @Override
            public void onRecalled(Machine<?> machine, Object event, Cause cause) {
                trace.add("recalled " + event);
            }
        });
        m.start();
        m.fire("hit");
        m.fire("call");
        m.update();
        m.update();
        assertThat(trace).containsExactly("enter root", "enter idle", "enter stunned", "deferred call");
        trace.clear();
        m.update(); // 3 ticks in stunned: back to idle, and the call is taken there
        assertThat(trace).containsExactly("enter idle", "recalled call", "enter idle");
    }

    @Test
    void badTimersDeferralsAndLimitsAreReportedAtTheirPlace() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "deferLimit": 0,
                  "pushLimit": "many",
                  "initial": "idle",
                  "states": {
                    "idle": {
                      "defer": ["go", 3],
                      "transitions": [
                        {"after": 0, "target": "idle"},
                        {"after": 1.5, "target": "idle"},
                        {"after": 2, "event": "go", "target": "idle"}
                      ]
                    }
                  }
                }
                """)).containsExactly(
                "npc.json:3:17: \"deferLimit\" must be a whole number from 1 to 2147483647, not 0",
                "npc.json:4:16: \"pushLimit\" must be a whole number from 1 to 2147483647, not \"many\"",
                "npc.json:8:23: \"defer\" lists event names, not 3",
                "npc.json:10:19: \"after\" must be a whole number of ticks from 1, not 0",
                "npc.json:11:19: \"after\" must be a whole number of ticks from 1, not 1.5",
                "npc.json:12:9: a transition has one trigger, not event and after");
    }
}
