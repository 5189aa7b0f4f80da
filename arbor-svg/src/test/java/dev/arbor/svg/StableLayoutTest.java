package dev.arbor.svg;

import static dev.arbor.svg.SvgRendererTest.SVG;
import static dev.arbor.svg.SvgRendererTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.examples.GuardComponents;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.export.Diagrams;
import dev.arbor.svg.SvgRenderer.Rendered;
import dev.arbor.svg.SvgRendererTest.Box;
import dev.arbor.svg.SvgRendererTest.Drawn;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Stable layout ({@link SvgRenderer#render(Chart, Set, LayoutMemory)}): the demos' guard chart is
 * drawn, edited as its designer would (its JSON text, loaded by the demos' loader), and drawn again
 * with the first drawing's memory; the states the edit did not touch stay within 3 px, no siblings
 * overlap, every transition keeps its arrow, and the same memory gives the same bytes. The
 * drawings are saved under {@code target/stable-layout/}.
 */
class StableLayoutTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path OUT = Path.of("target", "stable-layout");

    @Test
    void anEmptyMemoryDrawsExactlyTheFreshLayoutAndRemembersEveryBoxRelativeToItsParent() throws Exception {
        for (Chart<?> chart : new Chart<?>[] {guard(GUARD), SvgCharts.everything(), SvgCharts.deep(4)}) {
            Rendered r = SvgRenderer.render(chart, Set.of(), LayoutMemory.empty());
            assertThat(r.svg()).as(chart.name()).isEqualTo(SvgRenderer.render(chart, Set.of()));
            Map<String, Box> drawn = boxes(r.svg());
            assertThat(r.layout().boxes().keySet()).as(chart.name()).isEqualTo(drawn.keySet());
            for (int s = 1; s < chart.stateCount(); s++) {
                Box absolute = absolute(chart, r.layout(), s);
                Box seen = drawn.get(chart.stateName(s));
                assertThat(Math.abs(absolute.x() - seen.x()) + Math.abs(absolute.y() - seen.y())
                        + Math.abs(absolute.w() - seen.w()) + Math.abs(absolute.h() - seen.h()))
                        .as("%s: %s remembered as %s", chart.name(), seen, absolute).isLessThan(0.2);
            }
        }
    }

    @Test
    void addingAStateAtTheTopLevelMovesNoOtherState() throws Exception {
        Chart<?> before = guard(GUARD);
        Chart<?> after = guard(edit(GUARD, root -> {
            ObjectNode states = (ObjectNode) root.get("states");
            ((ObjectNode) states.get("OFF_DUTY")).putArray("transitions").addObject()
                    .put("event", "ALARM").put("target", "ALERT");
            states.putObject("ALERT").putArray("transitions").addObject().put("event", "ALL_CLEAR").put("target", "ON_DUTY");
        }));
        assertEditKeepsTheRest(before, after, "ALERT", "top");
    }

    @Test
    void addingAStateInsideACompoundStateMovesNoOtherState() throws Exception {
        Chart<?> before = guard(GUARD);
        Chart<?> after = guard(edit(GUARD, root -> {
            ObjectNode onDuty = (ObjectNode) root.get("states").get("ON_DUTY").get("states");
            ((ArrayNode) onDuty.get("PATROL").get("transitions")).addObject().put("event", "REPORT_IN").put("target", "REPORTING");
            onDuty.putObject("REPORTING").putArray("transitions").addObject().put("event", "DONE").put("target", "PATROL");
        }));
        assertEditKeepsTheRest(before, after, "REPORTING", "inner");
    }

    @Test
    void deletingAStateMovesNoOther() throws Exception {
        Chart<?> before = guard(GUARD);
        // EVADE goes, and the one transition to it now leads back to PATROL
        Chart<?> after = guard(edit(GUARD, root -> {
            ObjectNode onDuty = (ObjectNode) root.get("states").get("ON_DUTY").get("states");
            onDuty.remove("EVADE");
            ((ObjectNode) onDuty.get("FIGHT").get("transitions").get(0)).put("target", "PATROL");
        }));
        Rendered first = SvgRenderer.render(before, Set.of(), LayoutMemory.empty());
        Rendered second = SvgRenderer.render(after, Set.of(), first.layout());
        save("guard-deleted.svg", second.svg());
        assertThat(moves(first.svg(), second.svg())).as("moves").allSatisfy((name, by) -> assertThat(by).as(name).isZero());
        assertThat(second.layout().boxes()).doesNotContainKey("EVADE").hasSize(first.layout().boxes().size() - 1);
        assertDrawnWell(after, second.svg());
    }

    @Test
    void aRenamedStateIsANewNameAndTheOthersStay() throws Exception {
        Chart<?> before = guard(GUARD);
        Chart<?> after = guard(GUARD.replace("\"FIGHT\"", "\"COMBAT\""));
        Rendered first = SvgRenderer.render(before, Set.of(), LayoutMemory.empty());
        Rendered second = SvgRenderer.render(after, Set.of(), first.layout());
        save("guard-renamed.svg", second.svg());
        assertThat(second.layout().boxes()).containsKey("COMBAT").doesNotContainKey("FIGHT");
        assertThat(moves(first.svg(), second.svg())).hasSize(before.stateCount() - 2)
                .allSatisfy((state, by) -> assertThat(by).as(state).isLessThanOrEqualTo(3));
        assertDrawnWell(after, second.svg());
    }

    @Test
    void aContainerThatGrowsKeepsItsPlaceAndPushesItsLaterSiblingsApart() throws Exception {
        Chart<Object> before = Chart.builder("grow").initial("A")
                .state("A", a -> a.initial("a1").state("a1", x -> x.on("go").target("B")))
                .state("B")
                .build();
        Chart<Object> after = Chart.builder("grow").initial("A")
                .state("A", a -> {
                    a.initial("a1");
                    a.state("a1", x -> {
                        x.on("go").target("B");
                        x.on("next").target("a2");
                    });
                    a.state("a2", x -> x.on("next").target("a3"));
                    a.state("a3", x -> x.on("next").target("a4 with a much longer name than the others"));
                    a.state("a4 with a much longer name than the others", x -> x.on("next").target("a1"));
                })
                .state("B")
                .build();
        Rendered first = SvgRenderer.render(before, Set.of(), LayoutMemory.empty());
        Rendered second = SvgRenderer.render(after, Set.of(), first.layout());
        save("grow-before.svg", first.svg());
        save("grow-after.svg", second.svg());
        Box a0 = boxes(first.svg()).get("A");
        Box a1 = boxes(second.svg()).get("A");
        Box b0 = boxes(first.svg()).get("B");
        Box b1 = boxes(second.svg()).get("B");
        assertThat(b0.y()).as("B is drawn below A").isGreaterThan(a0.y() + a0.h());
        assertThat(new double[] {a1.x(), a1.y()}).as("A stays").containsExactly(a0.x(), a0.y());
        assertThat(a1.w() * a1.h()).as("A grew to hold three more states").isGreaterThan(a0.w() * a0.h());
        assertThat(boxes(second.svg()).get("a1")).as("a1 stays").isEqualTo(boxes(first.svg()).get("a1"));
        assertThat(a1.y() + a1.h() + StableLayout.TOUCH).as("A grew down past B's top").isGreaterThan(b0.y());
        // B is pushed one way only, just far enough to keep the spacing from A
        assertThat(b1.x() >= b0.x() && b1.y() >= b0.y() && (b1.x() == b0.x() || b1.y() == b0.y())).as("%s -> %s", b0, b1).isTrue();
        double gap = Math.max(b1.x() - (a1.x() + a1.w()), b1.y() - (a1.y() + a1.h()));
        assertThat(gap).as("B's gap to A").isBetween(StableLayout.TOUCH, StableLayout.GAP + 0.1);
        assertDrawnWell(after, second.svg());
    }

    @Test
    void aStateAddedWithActionsIsSizedAsAFreshLayoutSizesIt() throws Exception {
        Chart<?> before = guard(GUARD);
        Chart<?> after = guard(edit(GUARD, root -> {
            ObjectNode shopping = (ObjectNode) root.get("states").get("OFF_DUTY").get("states").get("SHOPPING").get("states");
            ((ObjectNode) shopping.get("BUY")).put("then", "HAGGLE");
            shopping.putObject("HAGGLE").put("then", "SHOPPING_DONE")
                    .set("use", JSON.createObjectNode().put("use", "Pause").put("ticks", 1).put("doing", "haggles over the price"));
        }));
        Rendered second = SvgRenderer.render(after, Set.of(), SvgRenderer.render(before, Set.of(), LayoutMemory.empty()).layout());
        Box fresh = boxes(SvgRenderer.render(after)).get("HAGGLE");
        Box kept = boxes(second.svg()).get("HAGGLE");
        assertThat(new double[] {kept.w(), kept.h()}).containsExactly(fresh.w(), fresh.h());
        assertDrawnWell(after, second.svg());
    }

    @Test
    void everyKindOfStateRedrawnFromItsOwnMemoryStaysPutAndKeepsEveryArrow() throws Exception {
        // history and final states, a parallel state, arrows across levels and from the drawn root
        Chart<Object> chart = SvgCharts.everything();
        Rendered first = SvgRenderer.render(chart, Set.of("Idle"), LayoutMemory.empty());
        Rendered again = SvgRenderer.render(chart, Set.of("Idle"), first.layout());
        save("everything-again.svg", again.svg());
        assertThat(moves(first.svg(), again.svg())).allSatisfy((state, by) -> assertThat(by).as(state).isZero());
        assertThat(again.layout().boxes()).isEqualTo(first.layout().boxes());
        assertDrawnWell(chart, again.svg());
    }

    @Test
    void aSelfLoopAndTwoArrowsBetweenTheSameStatesAreRoutedForTheKeptPositions() throws Exception {
        Chart<Object> before = Chart.builder("loops").initial("X")
                .state("X", x -> x.on("go").target("Y"))
                .state("Y", y -> y.initial("y1").state("y1", z -> z.on("back").target("X")))
                .build();
        Chart<Object> after = Chart.builder("loops").initial("X")
                .state("X", x -> {
                    x.on("go").target("Y");
                    x.on("tick").target("X");
                    x.on("also").target("Y");
                })
                .state("Y", y -> y.initial("y1").state("y1", z -> z.on("back").target("X")).on("leave").target("Z"))
                .state("Z", z -> z.on("again").target("Y"))
                .build();
        Rendered second = SvgRenderer.render(after, Set.of(), SvgRenderer.render(before, Set.of(), LayoutMemory.empty()).layout());
        save("loops.svg", second.svg());
        assertDrawnWell(after, second.svg());
        Drawn d = parse(second.svg());
        String go = firstPoints(d, "t" + transition(after, "X", "go"));
        String also = firstPoints(d, "t" + transition(after, "X", "also"));
        assertThat(go).as("two arrows from X to Y do not coincide").isNotEqualTo(also);
        String[] loop = firstPoints(d, "t" + transition(after, "X", "tick")).split(" ");
        assertThat(loop).as("a self-loop goes out and comes back").hasSize(4);
    }

    @Test
    void twoHundredStatesRedrawnFromMemoryAreTimed() throws Exception {
        Chart<Object> chart = SvgCharts.wide(20, 9);
        Rendered first = SvgRenderer.render(chart, Set.of(), LayoutMemory.empty());
        SvgRenderer.render(chart, Set.of(), first.layout()); // warm-up
        long start = System.nanoTime();
        Rendered again = SvgRenderer.render(chart, Set.of(), first.layout());
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("StableLayoutTest: " + chart.stateCount() + " states redrawn from memory in " + ms + " ms");
        assertThat(moves(first.svg(), again.svg())).hasSize(chart.stateCount() - 1)
                .allSatisfy((state, by) -> assertThat(by).as(state).isZero());
    }

    private static int transition(Chart<?> chart, String source, String event) {
        for (int t = 0; t < chart.transitionCount(); t++) {
            TransitionInfo ti = chart.transitionInfo(t);
            if (chart.stateName(ti.source()).equals(source) && Diagrams.transitionLabel(chart, ti).startsWith(event)) {
                return t;
            }
        }
        throw new AssertionError("no transition " + source + " on " + event);
    }

    private static String firstPoints(Drawn d, String id) {
        NodeList gs = d.doc().getElementsByTagNameNS(SVG, "g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (g.getAttribute("id").equals(id)) {
                return ((Element) g.getElementsByTagNameNS(SVG, "polyline").item(0)).getAttribute("points");
            }
        }
        throw new AssertionError("no arrow " + id);
    }

    // ------------------------------------------------------------------ the checks

    private static void assertEditKeepsTheRest(Chart<?> before, Chart<?> after, String added, String name) throws Exception {
        Rendered first = SvgRenderer.render(before, Set.of(), LayoutMemory.empty());
        Rendered second = SvgRenderer.render(after, Set.of("PATROL"), first.layout());
        save("guard-before.svg", first.svg());
        save("guard-added-" + name + ".svg", second.svg());
        save("guard-added-" + name + "-fresh.svg", SvgRenderer.render(after, Set.of("PATROL")));
        Map<String, Double> moves = moves(first.svg(), second.svg());
        assertThat(moves).hasSize(before.stateCount() - 1);
        System.out.println("StableLayoutTest: adding " + added + " (" + name + "): largest move of another state "
                + (moves.isEmpty() ? 0 : java.util.Collections.max(moves.values())) + " px");
        assertThat(moves).allSatisfy((state, by) -> assertThat(by).as("%s moved", state).isLessThanOrEqualTo(3));
        assertThat(second.layout().boxes()).containsKey(added);
        assertThat(second.svg()).as("the same chart and memory give the same bytes")
                .isEqualTo(SvgRenderer.render(after, Set.of("PATROL"), first.layout()).svg());
        assertThat(((Element) parse(second.svg()).groups().get("PATROL")).getAttribute("data-active")).isEqualTo("true");
        assertDrawnWell(after, second.svg());
        // drawn again with its own memory, nothing moves at all
        Rendered third = SvgRenderer.render(after, Set.of(), second.layout());
        assertThat(moves(second.svg(), third.svg())).allSatisfy((state, by) -> assertThat(by).as(state).isZero());
    }

    /** Children inside parents, no overlapping siblings, every arrow from its source's border to its target's. */
    private static void assertDrawnWell(Chart<?> chart, String svg) throws Exception {
        Drawn d = parse(svg);
        Map<String, Box> boxes = boxes(svg);
        Element root = d.doc().getDocumentElement();
        Box canvas = new Box(0, 0, Double.parseDouble(root.getAttribute("width")), Double.parseDouble(root.getAttribute("height")));
        for (int s = 1; s < chart.stateCount(); s++) {
            Box box = boxes.get(chart.stateName(s));
            int p = chart.parent(s);
            Box outer = p == 0 && !boxes.containsKey(chart.stateName(0)) ? canvas : boxes.get(chart.stateName(p));
            assertThat(outer.contains(box)).as("%s %s inside %s", chart.stateName(s), box, outer).isTrue();
            for (int t = s + 1; t < chart.stateCount(); t++) {
                if (chart.parent(t) == p) {
                    assertThat(box.overlaps(boxes.get(chart.stateName(t))))
                            .as("%s %s overlaps %s %s", chart.stateName(s), box, chart.stateName(t), boxes.get(chart.stateName(t)))
                            .isFalse();
                }
            }
        }
        Map<String, Element> arrows = new LinkedHashMap<>();
        NodeList gs = d.doc().getElementsByTagNameNS(SVG, "g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (g.getAttribute("class").equals("transition")) {
                arrows.put(g.getAttribute("id"), g);
            }
        }
        for (int t = 0; t < chart.transitionCount(); t++) {
            TransitionInfo ti = chart.transitionInfo(t);
            if (!ti.mode().declared() || ti.internal()) {
                continue;
            }
            for (int k = 0; k < ti.targets().size(); k++) {
                String id = "t" + t + (k == 0 ? "" : "-" + k);
                Element g = arrows.get(id);
                assertThat(g).as("the arrow %s of %s", id, ti).isNotNull();
                String[] points = ((Element) g.getElementsByTagNameNS(SVG, "polyline").item(0)).getAttribute("points").split(" ");
                assertThat(points.length).isGreaterThanOrEqualTo(2);
                assertOnBorder(boxes.get(chart.stateName(ti.source())), points[0], id + " starts");
                assertOnBorder(boxes.get(chart.stateName(ti.targets().get(k))), points[points.length - 1], id + " ends");
            }
        }
    }

    private static void assertOnBorder(Box box, String xy, String what) {
        Box p = SvgRendererTest.point(xy);
        boolean inside = box.grown(0.2).contains(p);
        boolean onSide = Math.abs(p.x() - box.x()) < 0.2 || Math.abs(p.x() - box.x() - box.w()) < 0.2
                || Math.abs(p.y() - box.y()) < 0.2 || Math.abs(p.y() - box.y() - box.h()) < 0.2;
        assertThat(inside && onSide).as("%s at %s, on the border of %s", what, xy, box).isTrue();
    }

    /** How far each state drawn in both moved (its top-left corner, in px). */
    private static Map<String, Double> moves(String before, String after) throws Exception {
        Map<String, Box> a = boxes(before);
        Map<String, Box> b = boxes(after);
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Box> e : a.entrySet()) {
            Box moved = b.get(e.getKey());
            if (moved != null) {
                out.put(e.getKey(), Math.hypot(moved.x() - e.getValue().x(), moved.y() - e.getValue().y()));
            }
        }
        return out;
    }

    private static Map<String, Box> boxes(String svg) throws Exception {
        Map<String, Box> out = new LinkedHashMap<>();
        parse(svg).groups().forEach((name, g) -> out.put(name, SvgRendererTest.box(g)));
        return out;
    }

    /** A state's box in the drawing, from the memory's boxes relative to their parents'. */
    private static Box absolute(Chart<?> chart, LayoutMemory memory, int s) {
        LayoutMemory.Box b = memory.boxes().get(chart.stateName(s));
        double x = b.x();
        double y = b.y();
        for (int p = chart.parent(s); p >= 0; p = chart.parent(p)) {
            LayoutMemory.Box pb = memory.boxes().get(chart.stateName(p));
            if (pb != null) {
                x += pb.x();
                y += pb.y();
            }
        }
        return new Box(x, y, b.width(), b.height());
    }

    // ------------------------------------------------------------------ the guard chart

    private static final String GUARD = guardText();

    private static String guardText() {
        try (InputStream in = GuardComponents.class.getResourceAsStream("/dev/arbor/examples/charts/guard.json")) {
            assertThat(in).as("the demos' guard.json on the class path").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Loads a guard chart's text as the demos do. */
    private static Chart<?> guard(String json) {
        return ChartLoader.of(new GuardComponents().components()).load("guard.json", json);
    }

    private static String edit(String json, Consumer<ObjectNode> change) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(json);
        change.accept(root);
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static void save(String file, String svg) throws IOException {
        Files.createDirectories(OUT);
        Files.writeString(OUT.resolve(file), svg);
    }
}
