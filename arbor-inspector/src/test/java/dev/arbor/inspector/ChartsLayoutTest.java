package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Chart;
import dev.arbor.io.BuiltIn;
import dev.arbor.io.ChartLoader;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A chart reloaded under the same name is drawn with its last layout: what the save did not touch stays put. */
class ChartsLayoutTest {

    private static final String SHOP = """
            {"chart": "shop", "initial": "closed",
             "states": {
               "closed": {"transitions": [{"event": "dawn", "target": "open"}]},
               "open": {"initial": "idle", "transitions": [{"event": "dusk", "target": "closed"}],
                        "states": {"idle": {"transitions": [{"event": "offer", "target": "haggling"}]},
                                   "haggling": {"transitions": [{"event": "deal", "target": "idle"}]}}}}}
            """;

    @Test
    void aReloadedChartKeepsTheStatesItDidNotTouchWhereTheyWere() {
        ChartLoader<Object> loader = ChartLoader.of(BuiltIn.components());
        Chart<Object> before = loader.load("shop.json", SHOP);
        Chart<Object> after = loader.load("shop.json", SHOP.replace(
                "\"haggling\": {\"transitions\": [{\"event\": \"deal\", \"target\": \"idle\"}]}",
                "\"haggling\": {\"transitions\": [{\"event\": \"deal\", \"target\": \"idle\"}, {\"event\": \"wave\", \"target\": \"greeting\"}]},"
                        + " \"greeting\": {\"transitions\": [{\"event\": \"done\", \"target\": \"idle\"}]}"));
        Chart<Object> other = loader.load("other.json", SHOP.replace("\"shop\"", "\"other\""));

        Charts charts = new Charts();
        Map<String, double[]> first = boxes(charts.view(before, new boolean[1]).svg());
        Map<String, double[]> second = boxes(charts.view(after, new boolean[1]).svg());

        assertThat(second).containsKey("greeting");
        for (String kept : new String[] {"closed", "idle", "haggling"}) {
            assertThat(second.get(kept)[0]).as("%s x", kept).isCloseTo(first.get(kept)[0], org.assertj.core.data.Offset.offset(3.0));
            assertThat(second.get(kept)[1]).as("%s y", kept).isCloseTo(first.get(kept)[1], org.assertj.core.data.Offset.offset(3.0));
        }
        assertThat(charts.view(other, new boolean[1]).svg()).as("another chart's name: laid out afresh")
                .isEqualTo(Charts.describe(9, other).svg());
    }

    /** Each state's box {x, y} by name, from the drawing's {@code <g class="state" data-state=...><rect x= y=>}. */
    static Map<String, double[]> boxes(String svg) {
        Matcher m = Pattern.compile("<g class=\"state\" id=\"s\\d+\" data-state=\"([^\"]+)\"[^>]*><rect x=\"([-\\d.]+)\" y=\"([-\\d.]+)\"")
                .matcher(svg);
        Map<String, double[]> out = new HashMap<>();
        while (m.find()) {
            out.put(m.group(1), new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))});
        }
        return out;
    }
}
