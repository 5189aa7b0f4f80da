package dev.arbor.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.Reply;
import dev.arbor.io.export.Diagrams;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * SVG rendering ({@link SvgRenderer}) with ELK's layered layout: the output is well-formed SVG,
 * every state is drawn once with its name, active states are blue, children lie inside their
 * parent and siblings do not overlap, and deep charts and cross-level transitions lay out.
 */
class SvgRendererTest {
    static final String SVG = "http://www.w3.org/2000/svg";

    @Test
    void everyStateIsDrawnOnceWithItsNameAndKind() throws Exception {
        Chart<Object> chart = SvgCharts.everything();
        Drawn d = parse(SvgRenderer.render(chart));
        List<String> expected = new ArrayList<>();
        for (int s = 0; s < chart.stateCount(); s++) {
            expected.add(chart.stateName(s));
        }
        assertThat(d.names).as("the root is drawn: it has a global transition").containsExactlyElementsOf(expected);
        for (int s = 0; s < chart.stateCount(); s++) {
            Element g = d.groups.get(chart.stateName(s));
            assertThat(g.getAttribute("data-kind")).isEqualTo(chart.kind(s).name().toLowerCase());
            assertThat(texts(g)).as("the text of %s", chart.stateName(s)).contains(chart.stateName(s));
        }
        assertThat(texts(d.groups.get("WorkDeep"))).containsExactly("H*", "WorkDeep");
        assertThat(texts(d.groups.get("WorkH"))).containsExactly("H", "WorkH");
        assertThat(d.groups.get("LDone").getElementsByTagNameNS(SVG, "circle").getLength()).as("double circle").isEqualTo(2);
        assertThat(((Element) d.groups.get("Left").getElementsByTagNameNS(SVG, "rect").item(0))
                .getAttribute("stroke-dasharray")).as("a region's border is dashed").isNotEmpty();
        assertThat(((Element) d.groups.get("Act").getElementsByTagNameNS(SVG, "rect").item(0))
                .getAttribute("stroke-dasharray")).isEmpty();
        assertThat(texts(d.groups.get("Idle"))).containsExactly("Idle", "entry / action", "ping / action");
    }

    @Test
    void plansAndHandlersAreLabelledAsInTheOtherDiagrams() throws Exception {
        Chart<Object> chart = Chart.builder("patrol")
                .initial("Idle")
                .state("Idle", s -> {
                    s.handler((owner, event, to) -> Reply.UNHANDLED);
                    s.on("go").plan("A", "B").resumeAfter();
                })
                .state("A")
                .state("B")
                .allowUnreachable()
                .build();
        Drawn d = parse(SvgRenderer.render(chart));
        List<String> labels = transitionLabels(d);
        assertThat(labels).as("the arrow goes to the first step; the label names the rest").containsExactly("go then B (resume)");
        assertThat(texts(d.groups.get("Idle"))).containsExactly("Idle", "handler");
    }

    @Test
    void timersAndDeferredEventsAreLabelledAsInTheOtherDiagrams() throws Exception {
        Chart<Object> chart = Chart.builder("stun")
                .initial("Idle")
                .state("Idle", s -> s.on("hit").target("Stunned"))
                .state("Stunned", s -> {
                    s.defer("call");
                    s.after(30).target("Idle");
                })
                .build();
        Drawn d = parse(SvgRenderer.render(chart));
        List<String> labels = transitionLabels(d);
        assertThat(labels).containsExactlyInAnyOrder("hit", "after 30 ticks");
        assertThat(texts(d.groups.get("Stunned"))).containsExactly("Stunned", "defer call");
    }

    /** The labels of every transition arrow, in document order. */
    private static List<String> transitionLabels(Drawn d) {
        NodeList groups = d.doc.getElementsByTagNameNS(SVG, "g");
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("transition")) {
                labels.addAll(texts(g));
            }
        }
        return labels;
    }

    @Test
    void transitionsArePolylinesWithArrowheadsAndLabels() throws Exception {
        Drawn d = parse(SvgRenderer.render(SvgCharts.everything()));
        NodeList groups = d.doc.getElementsByTagNameNS(SVG, "g");
        List<String> labels = new ArrayList<>();
        int initialArrows = 0;
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("transition")) {
                Element line = (Element) g.getElementsByTagNameNS(SVG, "polyline").item(0);
                assertThat(line.getAttribute("marker-end")).isEqualTo("url(#arrow)");
                assertThat(line.getAttribute("points").split(" ")).hasSizeGreaterThanOrEqualTo(2);
                labels.addAll(texts(g));
            } else if (g.getAttribute("class").equals("initial-transition")) {
                initialArrows++;
            }
        }
        assertThat(labels).containsExactlyInAnyOrder("reset", "GO", "hit", "resume", "done.state.Work", "STOP",
                "GO [guard]", "* (local)", "left.done", "GO", "STOP", "GO");
        assertThat(initialArrows).as("root, Work, Left, Right, Deep").isEqualTo(5);
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").endsWith("transition")) {
                String[] points = ((Element) g.getElementsByTagNameNS(SVG, "polyline").item(0)).getAttribute("points")
                        .split(" ");
                Box target = box(d.groups.get(g.getAttribute("data-target"))).grown(1);
                assertThat(target.contains(point(points[points.length - 1])))
                        .as("arrow to %s ends at %s, on %s", g.getAttribute("data-target"), points[points.length - 1], target)
                        .isTrue();
                if (g.hasAttribute("data-source")) {
                    Box source = box(d.groups.get(g.getAttribute("data-source"))).grown(1);
                    assertThat(source.contains(point(points[0])))
                            .as("arrow from %s starts at %s, on %s", g.getAttribute("data-source"), points[0], source)
                            .isTrue();
                }
            }
        }
        assertThat(d.doc.getElementsByTagNameNS(SVG, "circle").getLength()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void activeStatesAreFilledBlue() throws Exception {
        Drawn d = parse(SvgRenderer.render(SvgCharts.everything(), Set.of("Work", "Act", "Left", "Right", "L1", "R2")));
        for (String name : d.names) {
            boolean active = Set.of("Work", "Act", "Left", "Right", "L1", "R2").contains(name);
            Element g = d.groups.get(name);
            Element shape = (Element) g.getElementsByTagNameNS(SVG, "*").item(0);
            assertThat(g.getAttribute("data-active")).as(name).isEqualTo(active ? "true" : "");
            assertThat(shape.getAttribute("fill")).as(name).isEqualTo(
                    !active ? "white" : Set.of("L1", "R2").contains(name) ? Diagrams.ACTIVE_FILL
                            : SvgRenderer.ACTIVE_CONTAINER_FILL);
        }
        assertThatThrownBy(() -> SvgRenderer.render(SvgCharts.everything(), Set.of("Nope")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no state Nope");
    }

    @Test
    void childrenLieInsideTheirParentAndSiblingsDoNotOverlap() throws Exception {
        assertNested(SvgCharts.everything());
        assertNested(SvgCharts.wide(4, 4));
    }

    @Test
    void aChartSixLevelsDeepWithCrossLevelTransitionsLaysOut() throws Exception {
        Chart<Object> chart = SvgCharts.deep(6);
        assertThat(chart.depth(chart.stateId("Leaf"))).isEqualTo(7);
        Drawn d = assertNested(chart);
        assertThat(d.names).hasSize(chart.stateCount() - 1).doesNotContain("root");
    }

    @Test
    void theSameChartGivesTheSameBytes() {
        assertThat(SvgRenderer.render(SvgCharts.everything(), Set.of("Idle")))
                .isEqualTo(SvgRenderer.render(SvgCharts.everything(), Set.of("Idle")));
    }

    @Test
    void namesThatNeedEscapingStayWellFormed() throws Exception {
        Chart<Object> chart = Chart.builder("<&\"chart\">")
                .initial("a & b")
                .state("a & b", s -> s.on("<go>").target("\"quoted\" 怒り"))
                .state("\"quoted\" 怒り", s -> s.on("x").target("bell\uFFFF"))
                .state("bell\uFFFF")
                .build();
        Drawn d = parse(SvgRenderer.render(chart));
        assertThat(d.names).containsExactly("a & b", "\"quoted\" 怒り", "bell ");
        assertThat(d.doc.getDocumentElement().getAttribute("data-chart")).isEqualTo("<&\"chart\">");
    }

    @Test
    void twoHundredStatesAreTimed() {
        Chart<Object> chart = SvgCharts.wide(20, 9);
        assertThat(chart.stateCount()).isEqualTo(201);
        SvgRenderer.render(chart); // warm-up
        long start = System.nanoTime();
        String svg = SvgRenderer.render(chart);
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("SvgRenderer: " + chart.stateCount() + " states, " + svg.length() + " chars of SVG in " + ms + " ms");
        assertThat(svg).contains("data-state=\"G19_8\"");
    }

    // ------------------------------------------------------------------ reading the drawing back

    record Box(double x, double y, double w, double h) {
        boolean contains(Box o) {
            double e = 0.01;
            return o.x >= x - e && o.y >= y - e && o.x + o.w <= x + w + e && o.y + o.h <= y + h + e;
        }

        Box grown(double by) {
            return new Box(x - by, y - by, w + 2 * by, h + 2 * by);
        }

        boolean overlaps(Box o) {
            return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
        }
    }

    record Drawn(Document doc, List<String> names, Map<String, Element> groups) {}

    static Drawn assertNested(Chart<?> chart) throws Exception {
        Drawn d = parse(SvgRenderer.render(chart));
        Element svg = d.doc.getDocumentElement();
        Box canvas = new Box(0, 0, Double.parseDouble(svg.getAttribute("width")),
                Double.parseDouble(svg.getAttribute("height")));
        Map<Integer, Box> boxes = new LinkedHashMap<>();
        boxes.put(0, d.groups.containsKey("root") ? box(d.groups.get("root")) : canvas);
        assertThat(canvas.contains(boxes.get(0))).isTrue();
        for (int s = 1; s < chart.stateCount(); s++) {
            boxes.put(s, box(d.groups.get(chart.stateName(s))));
        }
        for (int s = 1; s < chart.stateCount(); s++) {
            int p = chart.parent(s);
            Box outer = boxes.get(p);
            assertThat(outer.contains(boxes.get(s)))
                    .as("%s %s inside %s %s", chart.stateName(s), boxes.get(s), chart.stateName(p), outer).isTrue();
            for (int t = s + 1; t < chart.stateCount(); t++) {
                if (chart.parent(t) == p) {
                    assertThat(boxes.get(s).overlaps(boxes.get(t)))
                            .as("%s %s overlaps %s %s", chart.stateName(s), boxes.get(s), chart.stateName(t), boxes.get(t))
                            .isFalse();
                }
            }
        }
        return d;
    }

    /** A state's box: its rect, or for a circle-drawn state the box recorded on the circle. */
    static Box box(Element g) {
        Element shape = (Element) g.getElementsByTagNameNS(SVG, "*").item(0);
        if (shape.getLocalName().equals("rect")) {
            return new Box(Double.parseDouble(shape.getAttribute("x")), Double.parseDouble(shape.getAttribute("y")),
                    Double.parseDouble(shape.getAttribute("width")), Double.parseDouble(shape.getAttribute("height")));
        }
        String[] b = shape.getAttribute("data-box").split(" ");
        return new Box(Double.parseDouble(b[0]), Double.parseDouble(b[1]), Double.parseDouble(b[2]),
                Double.parseDouble(b[3]));
    }

    static Box point(String xy) {
        String[] p = xy.split(",");
        return new Box(Double.parseDouble(p[0]), Double.parseDouble(p[1]), 0, 0);
    }

    static List<String> texts(Element g) {
        List<String> out = new ArrayList<>();
        NodeList texts = g.getElementsByTagNameNS(SVG, "text");
        for (int i = 0; i < texts.getLength(); i++) {
            out.add(texts.item(i).getTextContent());
        }
        return out;
    }

    static Drawn parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Document doc = factory.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo(SVG);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        List<String> names = new ArrayList<>();
        Map<String, Element> groups = new LinkedHashMap<>();
        NodeList gs = doc.getElementsByTagNameNS(SVG, "g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (g.getAttribute("class").equals("state")) {
                String name = g.getAttribute("data-state");
                names.add(name);
                assertThat(groups.put(name, g)).as("%s drawn once", name).isNull();
            }
        }
        return new Drawn(doc, names, groups);
    }
}
