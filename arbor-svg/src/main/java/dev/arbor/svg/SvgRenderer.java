package dev.arbor.svg;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.StateInfo;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.StateKind;
import dev.arbor.io.export.Diagrams;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.math.KVector;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.options.SizeConstraint;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * The renderer that draws a chart as an SVG image, laid out by Eclipse ELK's layered algorithm over
 * the whole hierarchy at once ({@code hierarchyHandling=INCLUDE_CHILDREN}), so arrows between
 * states at different depths are routed around the boxes they cross.
 *
 * <p>What is drawn: a rounded box per state with its name (and its actions, components and
 * internal transitions underneath); compound and parallel states as boxes holding their
 * children, a parallel state's regions with dashed borders; a filled dot with an arrow to each
 * compound state's initial target; final states as double circles and history states as circled
 * {@code H} or {@code H*}, each with its name under it; transitions as polylines with arrowheads
 * and {@code event [guard] / action} labels. Active states are filled blue (containers a lighter
 * blue, so that what they hold stays readable).
 *
 * <p>Each state is one {@code <g class="state">} element with the stable id {@code s<N>} (N its
 * state id), carrying {@code data-state} (its name), {@code data-kind} and, when active,
 * {@code data-active="true"}; its first child is its shape. Each arrow is a
 * {@code <g class="transition">} (or {@code initial-transition}) with {@code data-source} and
 * {@code data-target}; a transition's arrows carry {@code data-transition} (its id) and the ids
 * {@code t<N>} (its first target) and {@code t<N>-<k>} (its k-th). Tools such as the inspector
 * highlight by these ids without laying the chart out again.
 * The same chart and active states always give the same bytes: ELK's layered algorithm is run
 * with a fixed random seed and numbers are written with one decimal, independent of locale.
 * Text widths are estimated (no fonts are read), so the image looks the same everywhere.
 */
public final class SvgRenderer {
    /** The fill of an active container: lighter than {@link Diagrams#ACTIVE_FILL}, so that what it holds stays readable. */
    static final String ACTIVE_CONTAINER_FILL = "#dbe9fb";
    private static final String SVG_NS = "http://www.w3.org/2000/svg";
    private static final double FONT = 12;
    private static final double LINE = 15;
    private static final double PSEUDO = 24;

    private SvgRenderer() {}

    /**
     * Draws a chart with nothing highlighted.
     *
     * @param chart the chart to draw
     * @return the SVG document
     */
    public static String render(Chart<?> chart) {
        return render(chart, Set.of());
    }

    /**
     * Draws a chart with the named states filled blue (the networked HSM: "the current nodes in blue").
     *
     * @param chart        the chart to draw
     * @param activeStates the names of the states to fill; null for none
     * @return the SVG document
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static String render(Chart<?> chart, Set<String> activeStates) {
        boolean[] active = Diagrams.activeStates(chart, activeStates);
        Layout layout = new Layout(chart);
        layout.run();
        return write(chart, layout, active);
    }

    private static String write(Chart<?> chart, Layout layout, boolean[] active) {
        try {
            return new Drawing(chart, layout, active).write();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write SVG for chart '" + chart.name() + "'", e);
        }
    }

    /**
     * A drawing and where its states were put.
     *
     * @param svg    the SVG document
     * @param layout each state's box, to give back when the chart is drawn again after an edit
     */
    public record Rendered(String svg, LayoutMemory layout) {}

    /**
     * Draws a chart keeping the states a previous drawing placed where they were: after an edit,
     * only what the edit touched moves. Every state named in {@code previous} keeps its place
     * relative to its parent; a container keeps its place and grows right and down only as much as
     * new or grown children need (a sibling a grown box would come too close to is pushed right or
     * down, the shorter way); a new state is put in free space inside its parent, beside or below a
     * sibling and aligned to it, sized as a fresh layout sizes it. Arrows and labels are routed for
     * those positions. With {@link LayoutMemory#empty()} the SVG is exactly
     * {@link #render(Chart, Set)}'s. The same chart, states and memory always give the same bytes.
     *
     * @param chart        the chart to draw
     * @param activeStates the names of the states to fill; null for none
     * @param previous     where the last drawing of this chart put its states ({@link LayoutMemory#empty()}: lay out afresh)
     * @return the drawing and where it put every state, to give back with the next edit
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public static Rendered render(Chart<?> chart, Set<String> activeStates, LayoutMemory previous) {
        Objects.requireNonNull(previous, "previous layout (LayoutMemory.empty() for none)");
        boolean[] active = Diagrams.activeStates(chart, activeStates);
        Layout layout = new Layout(chart);
        StableLayout stable = previous.isEmpty() ? null : new StableLayout(layout, previous);
        if (stable == null || stable.needsFreshLayout()) {
            layout.run();
        }
        if (stable != null) {
            stable.apply();
        }
        return new Rendered(write(chart, layout, active), remember(layout));
    }

    /** Each drawn state's box and each initial dot's, relative to its parent's, as laid out. */
    private static LayoutMemory remember(Layout layout) {
        Map<String, LayoutMemory.Box> boxes = new HashMap<>();
        Map<String, LayoutMemory.Box> dots = new HashMap<>();
        for (int s = 0; s < layout.chart.stateCount(); s++) {
            ElkNode node = layout.nodes[s];
            if (node != null && node != layout.graph) {
                boxes.put(layout.chart.stateName(s), box(node));
            }
            if (layout.initialDots[s] != null) {
                dots.put(layout.chart.stateName(s), box(layout.initialDots[s]));
            }
        }
        return new LayoutMemory(boxes, dots);
    }

    private static LayoutMemory.Box box(ElkNode node) {
        return new LayoutMemory.Box(node.getX(), node.getY(), node.getWidth(), node.getHeight());
    }

    // ------------------------------------------------------------------ layout

    /** The ELK graph of a chart: one node per state (the root is the graph), one per initial dot, one edge per arrow. */
    static final class Layout {
        final Chart<?> chart;
        final ElkNode graph = ElkGraphUtil.createGraph();
        final ElkNode[] nodes;
        final StateInfo[] info;
        /** Per compound state: its initial dot, or null. */
        final ElkNode[] initialDots;
        final List<ElkEdge> edges = new ArrayList<>();
        final List<String> edgeLabels = new ArrayList<>();
        /** Per edge: the states it joins (source -1 for an initial dot) and its transition (-1 for an initial arrow). */
        final List<int[]> edgeEnds = new ArrayList<>();
        /** Per edge: whether it is an initial arrow (unlabelled, from a dot). */
        final List<Boolean> initialEdge = new ArrayList<>();

        Layout(Chart<?> chart) {
            this.chart = chart;
            int n = chart.stateCount();
            nodes = new ElkNode[n];
            info = new StateInfo[n];
            initialDots = new ElkNode[n];
            for (int s = 0; s < n; s++) {
                info[s] = chart.stateInfo(s);
            }
            configure(graph, true);
            graph.setProperty(CoreOptions.HIERARCHY_HANDLING, HierarchyHandling.INCLUDE_CHILDREN);
            List<TransitionInfo> arrows = new ArrayList<>();
            boolean rootNeeded = chart.kind(0) == StateKind.PARALLEL || !details(0).isEmpty();
            for (int t = 0; t < chart.transitionCount(); t++) {
                TransitionInfo ti = chart.transitionInfo(t);
                if (ti.mode().declared() && !ti.internal()) {
                    arrows.add(ti);
                    rootNeeded |= ti.source() == 0 || ti.targets().contains(0);
                }
            }
            // The root is the drawing itself, unless something must point at it or from it.
            rootDrawn = rootNeeded;
            if (rootDrawn) {
                nodes[0] = ElkGraphUtil.createNode(graph);
                container(0);
            } else {
                nodes[0] = graph;
            }
            build(0);
            for (TransitionInfo ti : arrows) {
                for (int target : ti.targets()) {
                    edge(nodes[ti.source()], nodes[target], label(ti), false);
                    edgeEnds.add(new int[] {ti.source(), target, ti.transition()});
                }
            }
        }

        /** Whether the root is drawn as a box of its own (see the constructor). */
        final boolean rootDrawn;

        private void container(int s) {
            ElkNode node = nodes[s];
            configure(node, false);
            double min = textWidth(title(s)) + 24;
            for (String line : details(s)) {
                min = Math.max(min, textWidth(line) + 24);
            }
            node.setProperty(CoreOptions.NODE_SIZE_CONSTRAINTS, EnumSet.of(SizeConstraint.MINIMUM_SIZE));
            node.setProperty(CoreOptions.NODE_SIZE_MINIMUM, new KVector(min, 40 + LINE * details(s).size()));
            // top, right, bottom, left: room for the name and the detail lines above the children
            node.setProperty(CoreOptions.PADDING, new ElkPadding(26 + LINE * details(s).size(), 12, 12, 12));
        }

        private void build(int parent) {
            ElkNode container = nodes[parent];
            if (kind(parent) == StateKind.COMPOUND && !info[parent].initialTargets().isEmpty()) {
                ElkNode dot = ElkGraphUtil.createNode(container);
                dot.setDimensions(12, 12);
                initialDots[parent] = dot;
            }
            List<Integer> contents = new ArrayList<>();
            for (int c : chart.children(parent)) {
                contents.add(c);
            }
            for (int h : chart.historyStates(parent)) {
                contents.add(h);
            }
            contents.sort(null);
            for (int s : contents) {
                ElkNode node = ElkGraphUtil.createNode(container);
                nodes[s] = node;
                if (isContainer(s)) {
                    container(s);
                    build(s);
                } else if (isPseudo(s)) {
                    node.setDimensions(Math.max(PSEUDO + 8, textWidth(chart.stateName(s)) + 8), PSEUDO + LINE + 4);
                } else {
                    double w = textWidth(chart.stateName(s));
                    for (String line : details(s)) {
                        w = Math.max(w, textWidth(line));
                    }
                    node.setDimensions(w + 24, 30 + LINE * details(s).size());
                }
            }
            if (initialDots[parent] != null) {
                for (int target : info[parent].initialTargets()) {
                    edge(initialDots[parent], nodes[target], "", true);
                    edgeEnds.add(new int[] {-1, target, -1});
                }
            }
        }

        private void configure(ElkNode node, boolean top) {
            node.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
            node.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
            node.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.POLYLINE);
            node.setProperty(CoreOptions.RANDOM_SEED, 1);
            node.setProperty(CoreOptions.SPACING_NODE_NODE, 24.0);
            node.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 36.0);
            node.setProperty(CoreOptions.SPACING_EDGE_LABEL, 3.0);
            node.setProperty(CoreOptions.PADDING, top ? new ElkPadding(16) : new ElkPadding(26, 12, 12, 12));
        }

        private void edge(ElkNode from, ElkNode to, String text, boolean initial) {
            ElkEdge e = ElkGraphUtil.createSimpleEdge(from, to);
            ElkGraphUtil.updateContainment(e);
            if (!text.isEmpty()) {
                ElkLabel l = ElkGraphUtil.createLabel(text, e);
                l.setDimensions(textWidth(text) + 4, LINE);
                l.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            edges.add(e);
            edgeLabels.add(text);
            initialEdge.add(initial);
        }

        void run() {
            LayoutMetaDataService service = LayoutMetaDataService.getInstance();
            synchronized (SvgRenderer.class) {
                if (service.getAlgorithmData(LayeredOptions.ALGORITHM_ID) == null) {
                    service.registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
                }
            }
            new RecursiveGraphLayoutEngine().layout(graph, new BasicProgressMonitor());
        }

        StateKind kind(int s) {
            return info[s].kind();
        }

        boolean isContainer(int s) {
            return kind(s) == StateKind.COMPOUND || kind(s) == StateKind.PARALLEL;
        }

        boolean isPseudo(int s) {
            return kind(s) == StateKind.FINAL || kind(s) == StateKind.SHALLOW_HISTORY
                    || kind(s) == StateKind.DEEP_HISTORY;
        }

        /** A container's title: its name. */
        String title(int s) {
            return chart.stateName(s);
        }

        /** The lines shown under a state's name, as every Arbor diagram shows them. */
        List<String> details(int s) {
            return Diagrams.stateDetails(chart, s);
        }

        /** A transition's label, as every Arbor diagram shows it. */
        String label(TransitionInfo t) {
            return Diagrams.transitionLabel(chart, t);
        }

        /** The top-left corner of a node in the drawing's coordinates. */
        double[] origin(ElkNode node) {
            double x = 0;
            double y = 0;
            for (ElkNode n = node; n != null && n != graph; n = n.getParent()) {
                x += n.getX();
                y += n.getY();
            }
            return new double[] {x, y};
        }
    }

    /** A rough text width for a 12px sans-serif font: wide for CJK and other full-width characters. */
    static double textWidth(String text) {
        double w = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            w += c >= 0x1100 && Character.isIdeographic(c) || c >= 0xAC00 && c <= 0xD7A3 || c >= 0xFF00 && c <= 0xFFEF
                    ? FONT : c == 'm' || c == 'w' || c == 'M' || c == 'W' ? FONT * 0.85
                    : Character.isUpperCase(c) ? FONT * 0.68 : FONT * 0.56;
            i += Character.charCount(c);
        }
        return Math.ceil(w);
    }

    // ------------------------------------------------------------------ drawing

    /** Writes the laid-out graph as SVG, states outermost first so that children are drawn over their parents. */
    private static final class Drawing {
        private final Chart<?> chart;
        private final Layout layout;
        private final boolean[] active;
        private final XMLStreamWriter xml;
        private final StringWriter text = new StringWriter();

        Drawing(Chart<?> chart, Layout layout, boolean[] active) throws XMLStreamException {
            this.chart = chart;
            this.layout = layout;
            this.active = active;
            this.xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(text);
        }

        String write() throws XMLStreamException {
            ElkNode g = layout.graph;
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("svg");
            xml.writeDefaultNamespace(SVG_NS);
            xml.writeAttribute("width", num(g.getWidth()));
            xml.writeAttribute("height", num(g.getHeight()));
            xml.writeAttribute("viewBox", "0 0 " + num(g.getWidth()) + " " + num(g.getHeight()));
            xml.writeAttribute("font-family", "Helvetica, Arial, sans-serif");
            xml.writeAttribute("font-size", num(FONT));
            xml.writeAttribute("data-chart", Diagrams.xmlText(chart.name()));
            line();
            xml.writeStartElement("title");
            xml.writeCharacters(Diagrams.xmlText(chart.name()));
            xml.writeEndElement();
            line();
            xml.writeStartElement("defs");
            xml.writeStartElement("marker");
            xml.writeAttribute("id", "arrow");
            xml.writeAttribute("viewBox", "0 0 10 10");
            xml.writeAttribute("refX", "10");
            xml.writeAttribute("refY", "5");
            xml.writeAttribute("markerWidth", "8");
            xml.writeAttribute("markerHeight", "8");
            xml.writeAttribute("orient", "auto-start-reverse");
            xml.writeEmptyElement("path");
            xml.writeAttribute("d", "M0,0 L10,5 L0,10 z");
            xml.writeAttribute("fill", "#333");
            xml.writeEndElement();
            xml.writeEndElement();
            line();
            xml.writeEmptyElement("rect");
            xml.writeAttribute("width", "100%");
            xml.writeAttribute("height", "100%");
            xml.writeAttribute("fill", "white");
            for (int s = layout.rootDrawn ? 0 : 1; s < chart.stateCount(); s++) {
                state(s);
            }
            for (int s = 0; s < chart.stateCount(); s++) {
                ElkNode dot = layout.initialDots[s];
                if (dot != null) {
                    double[] o = layout.origin(dot);
                    line();
                    xml.writeEmptyElement("circle");
                    xml.writeAttribute("class", "initial");
                    xml.writeAttribute("cx", num(o[0] + 6));
                    xml.writeAttribute("cy", num(o[1] + 6));
                    xml.writeAttribute("r", "6");
                    xml.writeAttribute("fill", "#333");
                }
            }
            for (int i = 0; i < layout.edges.size(); i++) {
                edge(layout.edges.get(i), layout.edgeLabels.get(i), layout.initialEdge.get(i), layout.edgeEnds.get(i));
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
            return text.toString();
        }

        private void state(int s) throws XMLStreamException {
            ElkNode node = layout.nodes[s];
            double[] o = layout.origin(node);
            double x = o[0];
            double y = o[1];
            double w = node.getWidth();
            double h = node.getHeight();
            StateKind kind = layout.kind(s);
            boolean region = chart.parent(s) >= 0 && layout.kind(chart.parent(s)) == StateKind.PARALLEL
                    && layout.isContainer(s);
            line();
            xml.writeStartElement("g");
            xml.writeAttribute("class", "state");
            xml.writeAttribute("id", "s" + s);
            xml.writeAttribute("data-state", Diagrams.xmlText(chart.stateName(s)));
            xml.writeAttribute("data-kind", kind.name().toLowerCase(Locale.ROOT));
            if (active[s]) {
                xml.writeAttribute("data-active", "true");
            }
            String fill = active[s] ? (layout.isContainer(s) ? ACTIVE_CONTAINER_FILL : Diagrams.ACTIVE_FILL) : "white";
            String stroke = active[s] ? Diagrams.ACTIVE_STROKE : "#333";
            if (layout.isPseudo(s)) {
                double cx = x + w / 2;
                double cy = y + PSEUDO / 2 + 2;
                double r = PSEUDO / 2;
                circle(cx, cy, r, fill, stroke, x, y, w, h);
                if (kind == StateKind.FINAL) {
                    xml.writeEmptyElement("circle");
                    xml.writeAttribute("cx", num(cx));
                    xml.writeAttribute("cy", num(cy));
                    xml.writeAttribute("r", num(r - 4));
                    xml.writeAttribute("fill", "none");
                    xml.writeAttribute("stroke", stroke);
                } else {
                    text(cx, cy + 4, "middle", kind == StateKind.DEEP_HISTORY ? "H*" : "H", "bold");
                }
                text(cx, y + PSEUDO + LINE, "middle", chart.stateName(s), null);
            } else {
                xml.writeEmptyElement("rect");
                xml.writeAttribute("x", num(x));
                xml.writeAttribute("y", num(y));
                xml.writeAttribute("width", num(w));
                xml.writeAttribute("height", num(h));
                xml.writeAttribute("rx", "8");
                xml.writeAttribute("fill", fill);
                xml.writeAttribute("stroke", stroke);
                if (region) {
                    xml.writeAttribute("stroke-dasharray", "6 4");
                }
                if (kind == StateKind.PARALLEL) {
                    xml.writeAttribute("stroke-width", "1.5");
                }
                List<String> details = layout.details(s);
                if (layout.isContainer(s)) {
                    text(x + 10, y + 17, "start", chart.stateName(s), "bold");
                    for (int i = 0; i < details.size(); i++) {
                        text(x + 10, y + 17 + LINE * (i + 1), "start", details.get(i), null);
                    }
                } else {
                    text(x + w / 2, y + 19, "middle", chart.stateName(s), details.isEmpty() ? null : "bold");
                    for (int i = 0; i < details.size(); i++) {
                        text(x + w / 2, y + 19 + LINE * (i + 1), "middle", details.get(i), null);
                    }
                }
            }
            xml.writeEndElement();
        }

        /** Which of its transition's arrows an edge is (0 for the first target). */
        private int targetIndex(int[] ends) {
            int k = 0;
            for (int[] other : layout.edgeEnds) {
                if (other == ends) {
                    return k;
                }
                if (other[2] == ends[2]) {
                    k++;
                }
            }
            return k;
        }

        private void circle(double cx, double cy, double r, String fill, String stroke, double x, double y, double w,
                            double h) throws XMLStreamException {
            xml.writeEmptyElement("circle");
            xml.writeAttribute("cx", num(cx));
            xml.writeAttribute("cy", num(cy));
            xml.writeAttribute("r", num(r));
            xml.writeAttribute("fill", fill);
            xml.writeAttribute("stroke", stroke);
            // the node's whole box (circle and name), for tools that read positions back
            xml.writeAttribute("data-box", num(x) + " " + num(y) + " " + num(w) + " " + num(h));
        }

        private void edge(ElkEdge e, String label, boolean initial, int[] ends) throws XMLStreamException {
            ElkNode container = e.getContainingNode();
            double[] o = container == null ? new double[2] : layout.origin(container);
            line();
            xml.writeStartElement("g");
            xml.writeAttribute("class", initial ? "initial-transition" : "transition");
            if (ends[2] >= 0) {
                // one arrow per target: the first is t<N>, the others t<N>-<k>
                int k = targetIndex(ends);
                xml.writeAttribute("id", "t" + ends[2] + (k == 0 ? "" : "-" + k));
                xml.writeAttribute("data-transition", String.valueOf(ends[2]));
            }
            if (ends[0] >= 0) {
                xml.writeAttribute("data-source", Diagrams.xmlText(chart.stateName(ends[0])));
            }
            xml.writeAttribute("data-target", Diagrams.xmlText(chart.stateName(ends[1])));
            for (ElkEdgeSection section : e.getSections()) {
                StringBuilder points = new StringBuilder();
                point(points, o, section.getStartX(), section.getStartY());
                for (ElkBendPoint b : section.getBendPoints()) {
                    point(points, o, b.getX(), b.getY());
                }
                point(points, o, section.getEndX(), section.getEndY());
                xml.writeEmptyElement("polyline");
                xml.writeAttribute("points", points.toString());
                xml.writeAttribute("fill", "none");
                xml.writeAttribute("stroke", "#333");
                xml.writeAttribute("marker-end", "url(#arrow)");
            }
            for (ElkLabel l : e.getLabels()) {
                text(o[0] + l.getX() + l.getWidth() / 2, o[1] + l.getY() + LINE - 4, "middle", label, null);
            }
            xml.writeEndElement();
        }

        private static void point(StringBuilder b, double[] o, double x, double y) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(num(o[0] + x)).append(',').append(num(o[1] + y));
        }

        private void text(double x, double y, String anchor, String content, String weight) throws XMLStreamException {
            xml.writeStartElement("text");
            xml.writeAttribute("x", num(x));
            xml.writeAttribute("y", num(y));
            xml.writeAttribute("text-anchor", anchor);
            if (weight != null) {
                xml.writeAttribute("font-weight", weight);
            }
            xml.writeCharacters(Diagrams.xmlText(content));
            xml.writeEndElement();
        }

        private void line() throws XMLStreamException {
            xml.writeCharacters("\n");
        }
    }

    /** A number with one decimal, the same in every locale. */
    static String num(double v) {
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : (tenths < 0 && tenths > -10 ? "-" : "") + (tenths / 10) + "." + Math.abs(tenths % 10);
    }
}
