package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edits of docs/studio.md that the other browser tests do not make, each made in the page as a
 * designer makes it (the panel's fields and buttons, the drawing) and each checked in the document's
 * text and on the page: the chart's variables (a bool, an enum with its values, a trigger, an int's
 * range, one removed); history states, shallow and deep, entered by transitions; a state made
 * parallel, another final; transitions on {@code after N} and on {@code when} (a condition chosen
 * from the components), one made local, one removed; a state's {@code defer} and {@code then}.
 * Saved at the end: the file is the page's text, the chart expected, and the loader accepts it.
 * Screenshots under {@code target/screenshots}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StudioEditsBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A lamp: off, on (dim, bright), a show of lights and music, broken. Every state is reached. */
    private static final String LAMP = """
            {
              "chart": "lamp",
              "variables": {
                "power": {"type": "int", "min": 0, "max": 100, "initial": 0},
                "spare": "bool"
              },
              "initial": "off",
              "states": {
                "off": {
                  "transitions": [
                    {"event": "switch", "target": "on"},
                    {"event": "flick", "target": "on"},
                    {"event": "party", "target": "show"}
                  ]
                },
                "on": {
                  "initial": "dim",
                  "transitions": [
                    {"event": "switch", "target": "off"},
                    {"event": "smash", "target": "broken"}
                  ],
                  "states": {
                    "dim": {"transitions": [{"event": "up", "target": "bright"}]},
                    "bright": {}
                  }
                },
                "show": {
                  "initial": "lights",
                  "states": {
                    "lights": {"transitions": [{"event": "next", "target": "music"}]},
                    "music": {}
                  }
                },
                "broken": {}
              }
            }
            """;

    @TempDir
    Path dir;
    @AutoClose
    private PageFixture page;
    private Browser b;
    private StudioPage studio;

    /** The document as the page holds it, read as JSON. */
    private JsonNode doc() throws Exception {
        return JSON.readTree(studio.text());
    }

    private JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void theEditsOfTheGuideEachMadeInThePage() throws Exception {
        Path file = dir.resolve("lamp.json");
        Files.writeString(file, LAMP);
        page = PageFixture.studio(file);
        page.open("live");
        b = page.browser;
        studio = new StudioPage(b).awaitStudio();
        b.waitUpTo(5).until(d -> !b.all(StudioPage.stateCss("bright")).isEmpty());
        assertThat(studio.problems()).isEmpty();

        variables();
        histories();
        kinds();
        transitions();
        deferAndThen();
        arrows();

        assertThat(studio.problems()).isEmpty();
        assertThat(b.find("#studio-count").getText()).isEqualTo("loads: no problems");
        b.screenshot("studio-edits-before-save");

        studio.save();
        assertThat(studio.dirty()).isFalse();
        String text = Files.readString(file);
        assertThat(text).isEqualTo(studio.text());
        // Only the edits changed the text: the lines untouched keep their formatting.
        assertThat(text).isEqualTo("""
                {
                  "chart": "lamp",
                  "variables": {
                    "power": {"type": "int", "min": -5, "max": 10, "initial": 0},
                    "armed": "bool",
                    "mode": {"type": "enum", "values": ["eco", "full"], "initial": "full"},
                    "reset": "trigger"
                  },
                  "initial": "off",
                  "states": {
                    "off": {
                      "transitions": [
                        {"event": "switch", "target": "on"},
                        {"event": "flick", "target": "on_deep"},
                        {"event": "party", "target": "show"},
                        {"event": "resume", "target": "on_history"},
                        {"target": "show", "when": {"use": "IsSet", "var": "armed"}}
                      ]
                    },
                    "on": {
                      "initial": "dim",
                      "transitions": [
                        {"event": "smash", "target": "broken"},
                        {"target": "off", "after": 5},
                        {"event": "brighten", "target": "bright", "kind": "local"}
                      ],
                      "states": {
                        "dim": {"transitions": [{"event": "up", "target": "bright"}], "defer": "switch party"},
                        "bright": {},
                        "on_history": {"kind": "shallowHistory"},
                        "on_deep": {"kind": "deepHistory"}
                      }
                    },
                    "show": {
                      "kind": "parallel",
                      "states": {
                        "lights": {"transitions": [{"event": "next", "target": "music"}], "then": "music"},
                        "music": {}
                      }
                    },
                    "broken": {
                      "kind": "final"
                    }
                  }
                }
                """);
        assertThat(PageFixture.BUILT_IN.load(file).name()).isEqualTo("lamp");
        assertThat(PageFixture.BUILT_IN.loadChecked(file).warnings()).isEmpty();
        b.screenshot("studio-edits-saved");
    }

    /** The chart's panel: a bool, an enum with its values, a trigger; an int's range; a variable removed. */
    private void variables() throws Exception {
        studio.addVariable("armed", "bool");
        assertThat(doc().at("/variables/armed")).isEqualTo(json("\"bool\""));
        assertThat(b.all("#studio-panel .variable[data-variable='armed'] [data-key='var-armed-initial']")).hasSize(1);

        studio.addVariable("mode", "enum");
        studio.type("var-mode-values", "eco, full");
        assertThat(doc().at("/variables/mode")).isEqualTo(json("{\"type\": \"enum\", \"values\": [\"eco\", \"full\"]}"));
        studio.choose("var-mode-initial", "full");
        assertThat(doc().at("/variables/mode")).isEqualTo(json("{\"type\": \"enum\", \"values\": [\"eco\", \"full\"], \"initial\": \"full\"}"));
        assertThat(studio.value("var-mode-values")).isEqualTo("eco, full");
        assertThat(studio.value("var-mode-initial")).isEqualTo("full");

        studio.addVariable("reset", "trigger");
        assertThat(doc().at("/variables/reset")).isEqualTo(json("\"trigger\""));

        studio.type("var-power-max", "10");
        studio.type("var-power-min", "-5");
        assertThat(doc().at("/variables/power")).isEqualTo(json("{\"type\": \"int\", \"min\": -5, \"max\": 10, \"initial\": 0}"));
        assertThat(studio.value("var-power-min")).isEqualTo("-5");
        assertThat(studio.value("var-power-max")).isEqualTo("10");

        studio.editing(() -> studio.panelButton("var-spare-remove"));
        assertThat(doc().at("/variables").has("spare")).isFalse();
        assertThat(b.all("#studio-panel .variable[data-variable='spare']")).isEmpty();
        assertThat(b.js("return [...document.querySelectorAll('#studio-panel .variable')].map(v => v.dataset.variable)"))
                .isEqualTo(List.of("power", "armed", "mode", "reset"));
        b.screenshot("studio-edits-variables");
    }

    /**
     * A shallow history added to on and entered by a new transition from off (picked from the bar's
     * list: nothing leads to it yet, so it is not drawn); a deep one, entered by off's flick once
     * its target is changed in its editor.
     */
    private void histories() throws Exception {
        studio.select("on");
        studio.panelButton("add-shallow");
        assertThat(studio.dialog().get(0)).startsWith("A shallow history state in on:");
        studio.editing(() -> studio.answer("on_history"));
        b.waitUpTo(3).until(d -> "on_history".equals(b.js("return studio.selected")));
        assertThat(doc().at("/states/on/states/on_history")).isEqualTo(json("{\"kind\": \"shallowHistory\"}"));
        assertThat(b.all("#studio-panel [data-key='make-initial']")).as("a history state is never entered first").isEmpty();
        assertThat(studio.text()).contains("\"bright\": {},\n        \"on_history\": {\"kind\": \"shallowHistory\"}\n      }");
        assertThat(b.find("#studio-panel .panel-head b").getText()).isEqualTo("History state");
        assertThat(b.find("#studio-panel div.field > b").getText()).isEqualTo("shallow history");
        assertThat(studio.problems()).singleElement().asString().contains("(state on_history)").contains("nothing leads to it");

        studio.select("off");
        studio.pickTransition("resume", "on_history");
        studio.awaitTransitionEditor(3);
        assertThat(doc().at("/states/off/transitions/3")).isEqualTo(json("{\"event\": \"resume\", \"target\": \"on_history\"}"));
        assertThat(studio.transitions().get(3)).isEqualTo("resume → on_history");
        assertThat(studio.problems()).isEmpty();
        b.waitUpTo(3).until(d -> !b.all(StudioPage.stateCss("on_history") + ".history").isEmpty());

        studio.select("on");
        studio.panelButton("add-deep");
        assertThat(studio.dialog().get(0)).startsWith("A deep history state in on:");
        studio.editing(() -> studio.answer("on_deep"));
        b.waitUpTo(3).until(d -> "on_deep".equals(b.js("return studio.selected")));
        assertThat(doc().at("/states/on/states/on_deep")).isEqualTo(json("{\"kind\": \"deepHistory\"}"));
        assertThat(studio.text()).contains("\"on_history\": {\"kind\": \"shallowHistory\"},\n        \"on_deep\": {\"kind\": \"deepHistory\"}\n      }");
        assertThat(b.find("#studio-panel div.field > b").getText()).isEqualTo("deep history");

        // off's flick: its target changed to the deep history in its editor.
        studio.select("off");
        studio.openTransition(1);
        studio.choose("target", "on_deep");
        assertThat(doc().at("/states/off/transitions/1")).isEqualTo(json("{\"event\": \"flick\", \"target\": \"on_deep\"}"));
        assertThat(studio.text()).contains("{\"event\": \"flick\", \"target\": \"on_deep\"}");
        assertThat(studio.transitions().get(1)).isEqualTo("flick → on_deep");
        assertThat(studio.problems()).isEmpty();
        b.waitUpTo(3).until(d -> !b.all(StudioPage.stateCss("on_deep") + ".history").isEmpty());
        b.screenshot("studio-edits-history");
    }

    /** show made parallel, broken made final, each from its kind list. */
    private void kinds() throws Exception {
        studio.select("show");
        studio.choose("kind", "parallel");
        // Only a compound state has an initial: show's goes with the change (a second edit).
        b.waitUpTo(3).until(d -> !studio.text().contains("\"initial\": \"lights\""));
        assertThat(doc().at("/states/show")).isEqualTo(json("""
                {"states": {"lights": {"transitions": [{"event": "next", "target": "music"}]}, "music": {}}, "kind": "parallel"}"""));
        assertThat(studio.value("kind")).isEqualTo("parallel");
        assertThat(studio.problems()).isEmpty();
        b.waitUpTo(3).until(d -> "parallel".equals(b.find(StudioPage.stateCss("show")).getAttribute("data-kind")));

        studio.fit(); // the parallel show is drawn taller: broken below the view kept
        studio.select("broken");
        studio.choose("kind", "final");
        assertThat(doc().at("/states/broken")).isEqualTo(json("{\"kind\": \"final\"}"));
        assertThat(studio.value("kind")).isEqualTo("final");
        assertThat(b.all("#studio-panel [data-key='add-inside']")).isEmpty();
        b.waitUpTo(3).until(d -> "final".equals(b.find(StudioPage.stateCss("broken")).getAttribute("data-kind")));
        assertThat(studio.problems()).isEmpty();
    }

    /** On after 5 ticks, on a condition (when), a local one; one removed. */
    private void transitions() throws Exception {
        // on → off after 5 ticks: drawn, then its trigger changed to "after".
        studio.select("on");
        studio.drawTransition("later", "off");
        studio.awaitTransitionEditor(2);
        studio.choose("t-trigger", "after");
        assertThat(doc().at("/states/on/transitions/2")).isEqualTo(json("{\"target\": \"off\", \"after\": 10}"));
        studio.type("t-after", "5");
        assertThat(doc().at("/states/on/transitions/2")).isEqualTo(json("{\"target\": \"off\", \"after\": 5}"));
        assertThat(studio.transitions().get(2)).isEqualTo("after 5 → off");
        assertThat(studio.value("t-after")).isEqualTo("5");

        // off → show when armed is set: the condition chosen from the components, its variable from the chart's.
        studio.select("off");
        studio.drawTransition("arm", "show");
        studio.awaitTransitionEditor(4);
        studio.choose("t-trigger", "when");
        studio.choose("t-when-add", "IsSet");
        studio.choose("t-when-0-var", "armed");
        assertThat(doc().at("/states/off/transitions/4"))
                .isEqualTo(json("{\"target\": \"show\", \"when\": {\"use\": \"IsSet\", \"var\": \"armed\"}}"));
        assertThat(studio.transitions().get(4)).isEqualTo("when IsSet{var=\"armed\"} → show");
        assertThat(studio.value("t-trigger")).isEqualTo("when");

        // on → bright by brighten, made local.
        studio.select("on");
        studio.drawTransition("brighten", "bright");
        studio.awaitTransitionEditor(3);
        studio.choose("t-kind", "local");
        assertThat(doc().at("/states/on/transitions/3"))
                .isEqualTo(json("{\"event\": \"brighten\", \"target\": \"bright\", \"kind\": \"local\"}"));
        assertThat(studio.value("t-kind")).isEqualTo("local");

        // on's switch → off removed.
        studio.openTransition(0);
        studio.editing(() -> studio.panelButton("t-remove"));
        assertThat(doc().at("/states/on/transitions")).isEqualTo(json("""
                [{"event": "smash", "target": "broken"}, {"target": "off", "after": 5},
                 {"event": "brighten", "target": "bright", "kind": "local"}]"""));
        assertThat(studio.transitions()).containsExactly("smash → broken", "after 5 → off", "brighten → bright");
        assertThat(b.all("#studio-panel .transition-editor")).isEmpty();
        b.screenshot("studio-edits-transitions");
    }

    /** dim defers switch and party; lights is followed by music. */
    private void deferAndThen() throws Exception {
        studio.select("dim");
        studio.type("defer", "switch party");
        assertThat(doc().at("/states/on/states/dim/defer").asText()).isEqualTo("switch party");
        assertThat(studio.value("defer")).isEqualTo("switch party");

        studio.select("lights");
        studio.choose("then", "music");
        assertThat(doc().at("/states/show/states/lights/then").asText()).isEqualTo("music");
        assertThat(studio.value("then")).isEqualTo("music");
    }

    /** A click on an arrow of the drawing, on its label or its line, selects its source and opens that transition. */
    private void arrows() throws Exception {
        studio.selectChart();
        studio.fit();
        arrow("on", "after 5 ticks", false, 1);
        assertThat(studio.value("t-trigger")).isEqualTo("after");
        assertThat(studio.value("t-after")).isEqualTo("5");

        arrow("off", "when [armed is set]", false, 4);
        assertThat(studio.value("t-trigger")).isEqualTo("when");
        assertThat(studio.value("t-when-0-var")).isEqualTo("armed");
        assertThat(b.find("#studio-panel ol.transitions li.open > a").getText()).isEqualTo("when IsSet{var=\"armed\"} → show");

        arrow("on", "brighten (local)", false, 2);
        assertThat(studio.value("t-kind")).isEqualTo("local");
        arrow("on", "smash", true, 0);
        assertThat(studio.value("target")).isEqualTo("broken");
        b.screenshot("studio-edits-arrow");
        // lights' "then" is no transition of its list: its arrow selects lights alone.
        studio.clickArrow("lights", "done.state.lights", false);
        b.waitUpTo(3).until(d -> "lights".equals(b.js("return studio.selected")));
        assertThat(b.all("#studio-panel .transition-editor")).isEmpty();
        assertThat(studio.value("then")).isEqualTo("music");
        studio.selectChart();
    }

    private void arrow(String source, String label, boolean onLine, int index) {
        String before = studio.text();
        List<Number> at = studio.clickArrow(source, label, onLine);
        try {
            b.waitUpTo(3).until(d -> source.equals(b.js("return studio.selected")));
            studio.awaitTransitionEditor(index);
        } catch (RuntimeException e) {
            throw new AssertionError("a click at " + at + " on the arrow " + label + " (" + (onLine ? "line" : "label")
                    + ") did not open " + source + "'s transition " + index + ": selected " + b.js("return studio.selected")
                    + ", open " + b.js("return JSON.stringify(studio.transition)"), e);
        }
        assertThat(studio.text()).isEqualTo(before);
    }
}
