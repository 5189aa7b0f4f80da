package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.UnknownEvents;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chart file's {@code "unknownEvents"} (docs/chart-format.md): what a machine does with an event
 * no trigger of the chart matches, such as a name misspelt in the game's code. Without the key a
 * loaded chart takes the JVM's default, as a chart built in Java does: reject under {@code -ea},
 * where tests run, so that a test finds the typo; ignore in a game run without it.
 */
class UnknownEventsFileTest {

    static String shop(String setting) {
        return """
                {
                  "chart": "shop",%s
                  "initial": "closed",
                  "states": {
                    "closed": {"transitions": [{"event": "dawn", "target": "open"}]},
                    "open": {"transitions": [{"event": "dusk", "target": "closed"}, {"event": "haggle.start"}]}
                  }
                }
                """.formatted(setting);
    }

    static Machine<Bot> started(Chart<Bot> chart, List<String> trace) {
        Machine<Bot> m = chart.newMachine(new Bot());
        m.addListener(new MachineListener() {
            @Override
            public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
                trace.add("unhandled " + event);
            }
        });
        m.start();
        return m;
    }

    @Test
    void withoutTheKeyALoadedChartTakesTheDefaultWhichRejectsUnderTests() {
        Chart<Bot> chart = ChartLoader.of(Bot.components()).load("shop.json", shop(""));
        assertThat(chart.unknownEvents()).isEqualTo(UnknownEvents.byDefault()).isEqualTo(UnknownEvents.REJECT);

        List<String> trace = new ArrayList<>();
        Machine<Bot> m = started(chart, trace);
        assertThatThrownBy(() -> m.fire("dwan"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chart 'shop' does not know the event \"dwan\" (a String): no transition, deferral or other "
                        + "trigger of the chart matches it; did you mean \"dawn\"? The events it knows: the names \"dawn\", "
                        + "\"dusk\", \"haggle.start\" (each with the names below it, as \"a\" has \"a.b\"). (An event fired "
                        + "on purpose that the chart may not know: build it with unknownEvents(UnknownEvents.IGNORE).)");
        m.fire("dusk"); // known: only unhandled while closed
        m.fire("haggle.start.now");
        assertThat(trace).containsExactly("unhandled dusk", "unhandled haggle.start.now");
    }

    @Test
    void ignoreMakesAnUnknownEventAnUnhandledOne() {
        Chart<Bot> chart = ChartLoader.of(Bot.components()).load("shop.json", shop("\n  \"unknownEvents\": \"ignore\","));
        assertThat(chart.unknownEvents()).isEqualTo(UnknownEvents.IGNORE);

        List<String> trace = new ArrayList<>();
        Machine<Bot> m = started(chart, trace);
        m.fire("dwan");
        assertThat(trace).containsExactly("unhandled dwan");
        assertThat(m.isIn("closed")).isTrue();
    }

    @Test
    void rejectIsKeptWhateverTheJvm() {
        Chart<Bot> chart = ChartLoader.of(Bot.components()).load("shop.json", shop("\n  \"unknownEvents\": \"reject\","));
        assertThat(chart.unknownEvents()).isEqualTo(UnknownEvents.REJECT);
    }

    @Test
    void anotherValueIsReportedAtItsPlace() {
        assertThat(Problems.of(shop("\n  \"unknownEvents\": \"loud\","))).containsExactly(
                "npc.json:3:20: \"unknownEvents\" must be one of reject, ignore, not \"loud\"");
    }

    @Test
    void aLoaderMayChooseForTheFilesThatDoNotTheFileStillWins() {
        ChartLoader<Bot> ignoring = ChartLoader.of(Bot.components()).withUnknownEvents(UnknownEvents.IGNORE);
        assertThat(ignoring.load("shop.json", shop("")).unknownEvents()).isEqualTo(UnknownEvents.IGNORE);
        assertThat(ignoring.load("shop.json", shop("\n  \"unknownEvents\": \"reject\",")).unknownEvents())
                .isEqualTo(UnknownEvents.REJECT);
        assertThat(ChartLoader.of(Bot.components()).withUnknownEvents(UnknownEvents.REJECT)
                .load("shop.json", shop("\n  \"unknownEvents\": \"ignore\",")).unknownEvents())
                .isEqualTo(UnknownEvents.IGNORE);
    }
}
