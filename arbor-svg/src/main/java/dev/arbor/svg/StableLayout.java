package dev.arbor.svg;

import dev.arbor.svg.LayoutMemory.Box;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.math.KVector;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * The placement that keeps a previous drawing's boxes: it puts the nodes of a chart's ELK graph
 * where a {@link LayoutMemory} says they were, places what is new in free space, then routes every
 * arrow and label for those fixed positions.
 *
 * <p>Inside each container, bottom up: a remembered box keeps its place relative to its parent (all
 * of them shifted together only when the parent's title grew taller than their top); where a box
 * that grew now comes closer than {@link #TOUCH} to a later sibling (reading order: top, then left),
 * the later one is pushed right or down, whichever is shorter, to {@link #GAP}. A new box goes where
 * it grows its parent least: to the right of or below a sibling, aligned to it. A container of which
 * nothing is remembered (neither its box nor any of its contents) keeps ELK's fresh arrangement and
 * size: only then is ELK run at all. A container keeps at least its remembered size and grows right
 * and down only as its children need.
 *
 * <p>ELK's interactive options (interactive layering, crossing minimisation and node placement,
 * seeded with the remembered positions) were tried first and rejected: with them, adding one state
 * inside a compound state of the guard chart moved an untouched state by 599 px.
 *
 * <p>Arrows are straight or have one or two right-angle bends, chosen to cross the fewest boxes,
 * then to be shortest; they run from border to border (an arrow between a state and one inside it
 * from the container's nearest side), self-loops on the right. A label goes beside its arrow where
 * it covers no box and no other label. Everything is computed in a fixed order, so the same chart
 * and memory give the same drawing.
 */
final class StableLayout {
    /** The space kept between siblings placed or pushed here: ELK's node spacing. */
    static final double GAP = 24;
    /** Siblings closer than this count as overlapping: the later one is pushed away to {@link #GAP}. */
    static final double TOUCH = 12;
    private static final double EPS = 1e-6;
    private static final double DOT = 12;
    private static final double DRAWING_PADDING = 16;

    private final SvgRenderer.Layout layout;
    private final LayoutMemory memory;
    /** A stable number per node (states by id, initial dots after them): the order ties are broken by. */
    private final Map<ElkNode, Integer> ids = new IdentityHashMap<>();

    StableLayout(SvgRenderer.Layout layout, LayoutMemory memory) {
        this.layout = layout;
        this.memory = memory;
        int n = layout.chart.stateCount();
        for (int s = 0; s < n; s++) {
            if (layout.nodes[s] != null && layout.nodes[s] != layout.graph) {
                ids.put(layout.nodes[s], s);
            }
            if (layout.initialDots[s] != null) {
                ids.put(layout.initialDots[s], n + s);
            }
        }
    }

    /**
     * Whether some container has nothing remembered, neither its own box nor any of its contents:
     * only then is ELK's fresh arrangement used (and must be run); everything else is placed from
     * the memory and the sizes the graph was built with.
     */
    boolean needsFreshLayout() {
        if (layout.rootDrawn && !memory.boxes().containsKey(layout.chart.stateName(0))) {
            return true;
        }
        for (int s = 0; s < layout.chart.stateCount(); s++) {
            if (s != 0 && !layout.isContainer(s)) {
                continue;
            }
            boolean anchored = (s != 0 || layout.rootDrawn) && memory.boxes().containsKey(layout.chart.stateName(s))
                    || memory.initialDots().containsKey(layout.chart.stateName(s));
            for (int c : layout.chart.children(s)) {
                anchored |= memory.boxes().containsKey(layout.chart.stateName(c));
            }
            for (int h : layout.chart.historyStates(s)) {
                anchored |= memory.boxes().containsKey(layout.chart.stateName(h));
            }
            if (!anchored) {
                return true;
            }
        }
        return false;
    }

    /** Places every node, then routes every edge, writing both into the ELK graph the drawing reads. */
    void apply() {
        if (layout.rootDrawn) {
            place(0);
            Item root = new Item(layout.nodes[0], memory.boxes().get(layout.chart.stateName(0)), null);
            arrange(layout.graph, List.of(root), null, new ElkPadding(DRAWING_PADDING), new KVector());
        } else {
            place(0);
        }
        route();
    }

    // ------------------------------------------------------------------ placement

    /** A box to place inside a container: a state, or an initial dot (aimed at its target). */
    private static final class Item {
        final ElkNode node;
        final Box memo;
        final ElkNode aim;
        double x;
        double y;

        Item(ElkNode node, Box memo, ElkNode aim) {
            this.node = node;
            this.memo = memo;
            this.aim = aim;
            this.x = memo != null ? memo.x() : node.getX();
            this.y = memo != null ? memo.y() : node.getY();
        }

        double w() {
            return node.getWidth();
        }

        double h() {
            return node.getHeight();
        }
    }

    /** Places a container's contents (its child containers first), then sizes it. */
    private void place(int s) {
        ElkNode container = layout.nodes[s];
        List<Integer> contents = new ArrayList<>();
        for (int c : layout.chart.children(s)) {
            contents.add(c);
        }
        for (int h : layout.chart.historyStates(s)) {
            contents.add(h);
        }
        contents.sort(null);
        List<Item> items = new ArrayList<>();
        for (int c : contents) {
            if (layout.isContainer(c)) {
                place(c);
            }
            items.add(new Item(layout.nodes[c], memory.boxes().get(layout.chart.stateName(c)), null));
        }
        ElkNode dot = layout.initialDots[s];
        if (dot != null) {
            ElkNode aim = layout.nodes[layout.info[s].initialTargets().get(0)];
            items.add(new Item(dot, memory.initialDots().get(layout.chart.stateName(s)), aim));
        }
        boolean drawing = container == layout.graph;
        Box own = drawing ? null : memory.boxes().get(layout.chart.stateName(s));
        ElkPadding padding = drawing ? new ElkPadding(DRAWING_PADDING) : container.getProperty(CoreOptions.PADDING);
        KVector minimum = drawing ? new KVector() : container.getProperty(CoreOptions.NODE_SIZE_MINIMUM);
        arrange(container, items, own, padding, minimum == null ? new KVector() : minimum);
    }

    /**
     * Puts a container's items in place and sizes the container (the drawing is sized after routing).
     *
     * @param own the container's remembered box, or null
     */
    private void arrange(ElkNode container, List<Item> items, Box own, ElkPadding padding, KVector minimum) {
        boolean anchored = own != null || items.stream().anyMatch(i -> i.memo != null);
        if (anchored) {
            List<Item> kept = new ArrayList<>();
            List<Item> fresh = new ArrayList<>();
            for (Item i : items) {
                (i.memo != null ? kept : fresh).add(i);
            }
            keepClearOfTitle(kept, padding);
            List<Item> placed = pushApart(kept);
            double right = own == null ? 0 : own.width() - padding.right;
            double bottom = own == null ? 0 : own.height() - padding.bottom;
            // states first, the initial dot last, beside the state it points at
            fresh.sort(Comparator.comparing((Item i) -> i.aim != null));
            for (Item i : fresh) {
                putInFreeSpace(i, placed, padding, right, bottom);
                placed.add(i);
            }
        }
        double needW = 0;
        double needH = 0;
        for (Item i : items) {
            i.node.setLocation(i.x, i.y);
            needW = Math.max(needW, i.x + i.w() + padding.right);
            needH = Math.max(needH, i.y + i.h() + padding.bottom);
        }
        if (container == layout.graph) {
            return;
        }
        double baseW = own != null ? own.width() : anchored ? 0 : container.getWidth();
        double baseH = own != null ? own.height() : anchored ? 0 : container.getHeight();
        container.setDimensions(Math.max(Math.max(baseW, needW), minimum.x), Math.max(Math.max(baseH, needH), minimum.y));
    }

    /** Moves the remembered children down (or right) together when their parent's padding grew over them. */
    private static void keepClearOfTitle(List<Item> kept, ElkPadding padding) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        for (Item i : kept) {
            minX = Math.min(minX, i.x);
            minY = Math.min(minY, i.y);
        }
        double dx = Math.max(0, padding.left - minX);
        double dy = Math.max(0, padding.top - minY);
        for (Item i : kept) {
            i.x += dx;
            i.y += dy;
        }
    }

    /** Pushes each item (in reading order) right or down, the shorter way, until no earlier one is within {@link #TOUCH}. */
    private List<Item> pushApart(List<Item> kept) {
        List<Item> order = new ArrayList<>(kept);
        order.sort(Comparator.comparingDouble((Item i) -> i.y).thenComparingDouble(i -> i.x)
                .thenComparingInt(i -> ids.get(i.node)));
        List<Item> placed = new ArrayList<>();
        for (Item j : order) {
            // each push moves j past one earlier box for good, so this ends within |placed| pushes per axis
            for (int guard = 0; guard <= 2 * placed.size() + 1; guard++) {
                Item blocker = null;
                for (Item i : placed) {
                    if (!apart(i.x, i.y, i.w(), i.h(), j.x, j.y, j.w(), j.h(), TOUCH)) {
                        blocker = i;
                        break;
                    }
                }
                if (blocker == null) {
                    break;
                }
                double dx = blocker.x + blocker.w() + GAP - j.x;
                double dy = blocker.y + blocker.h() + GAP - j.y;
                if (dy <= dx) {
                    j.y += dy;
                } else {
                    j.x += dx;
                }
            }
            placed.add(j);
        }
        return placed;
    }

    /**
     * Puts a new item where it grows its container least: to the right of or below a placed sibling,
     * aligned to it (an initial dot preferably just above or left of the state it points at).
     */
    private static void putInFreeSpace(Item item, List<Item> placed, ElkPadding padding, double right, double bottom) {
        double extentR = right;
        double extentB = bottom;
        for (Item p : placed) {
            extentR = Math.max(extentR, p.x + p.w());
            extentB = Math.max(extentB, p.y + p.h());
        }
        List<double[]> candidates = new ArrayList<>();
        if (item.aim != null) {
            for (Item p : placed) {
                if (p.node == item.aim) {
                    candidates.add(new double[] {p.x + p.w() / 2 - DOT / 2, p.y - GAP - DOT, -1});
                    candidates.add(new double[] {p.x - GAP - DOT, p.y + p.h() / 2 - DOT / 2, -1});
                }
            }
        }
        candidates.add(new double[] {padding.left, padding.top, 0});
        for (Item p : placed) {
            candidates.add(new double[] {p.x + p.w() + GAP, p.y, 0});
            candidates.add(new double[] {p.x, p.y + p.h() + GAP, 0});
        }
        candidates.add(new double[] {Math.max(padding.left, extentR + GAP), padding.top, 0});
        double[] best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (double[] c : candidates) {
            if (c[0] < padding.left - EPS || c[1] < padding.top - EPS) {
                continue;
            }
            boolean free = true;
            for (Item p : placed) {
                if (!apart(p.x, p.y, p.w(), p.h(), c[0], c[1], item.w(), item.h(), GAP - EPS)) {
                    free = false;
                    break;
                }
            }
            if (!free) {
                continue;
            }
            double w = Math.max(extentR, c[0] + item.w()) - padding.left;
            double h = Math.max(extentB, c[1] + item.h()) - padding.top;
            double growth = w * h - Math.max(0, extentR - padding.left) * Math.max(0, extentB - padding.top);
            double cost = c[2] < 0 ? -1 : growth;
            if (best == null || cost < bestCost - EPS
                    || Math.abs(cost - bestCost) <= EPS && (c[1] < best[1] - EPS || Math.abs(c[1] - best[1]) <= EPS && c[0] < best[0])) {
                best = c;
                bestCost = cost;
            }
        }
        // the last candidate (right of everything, at the top) is always free
        item.x = best[0];
        item.y = best[1];
    }

    /** Whether two boxes are at least {@code gap} apart along one axis. */
    static boolean apart(double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh, double gap) {
        return ax + aw + gap <= bx + EPS || bx + bw + gap <= ax + EPS || ay + ah + gap <= by + EPS || by + bh + gap <= ay + EPS;
    }

    // ------------------------------------------------------------------ routing

    /** An absolute box: x, y, width, height. */
    private record Rect(double x, double y, double w, double h) {
        double cx() {
            return x + w / 2;
        }

        double cy() {
            return y + h / 2;
        }

        double right() {
            return x + w;
        }

        double bottom() {
            return y + h;
        }

        boolean contains(double px, double py) {
            return px > x + EPS && px < right() - EPS && py > y + EPS && py < bottom() - EPS;
        }

        boolean intersects(Rect o) {
            return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
        }

        double overlap(Rect o) {
            return Math.max(0, Math.min(right(), o.right()) - Math.max(x, o.x))
                    * Math.max(0, Math.min(bottom(), o.bottom()) - Math.max(y, o.y));
        }
    }

    private Rect rect(ElkNode node) {
        double[] o = layout.origin(node);
        return new Rect(o[0], o[1], node.getWidth(), node.getHeight());
    }

    private static boolean isAncestor(ElkNode ancestor, ElkNode node) {
        for (ElkNode n = node.getParent(); n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void route() {
        // every drawn state and dot, in id order
        List<ElkNode> shapes = new ArrayList<>(ids.keySet());
        shapes.sort(Comparator.comparingInt(ids::get));
        Map<ElkNode, Rect> rects = new IdentityHashMap<>();
        for (ElkNode n : shapes) {
            rects.put(n, rect(n));
        }
        // arrows between the same two shapes are spread apart; a shape's self-loops nest
        Map<Long, Integer> pairCount = new HashMap<>();
        List<Long> pairs = new ArrayList<>();
        for (ElkEdge e : layout.edges) {
            long key = pairKey(source(e), target(e));
            pairs.add(key);
            pairCount.merge(key, 1, Integer::sum);
        }
        Map<Long, Integer> pairSeen = new HashMap<>();
        List<Rect> labels = new ArrayList<>();
        double maxX = 0;
        double maxY = 0;
        for (Rect r : rects.values()) {
            maxX = Math.max(maxX, r.right());
            maxY = Math.max(maxY, r.bottom());
        }
        for (int i = 0; i < layout.edges.size(); i++) {
            ElkEdge e = layout.edges.get(i);
            ElkNode from = source(e);
            ElkNode to = target(e);
            int k = pairSeen.merge(pairs.get(i), 1, Integer::sum) - 1;
            int count = pairCount.get(pairs.get(i));
            List<Rect> obstacles = new ArrayList<>();
            for (ElkNode n : shapes) {
                if (n != from && n != to && !isAncestor(n, from) && !isAncestor(n, to)
                        && !isAncestor(from, n) && !isAncestor(to, n)) {
                    obstacles.add(rects.get(n));
                }
            }
            List<double[]> points;
            if (from == to) {
                points = selfLoop(rects.get(from), k);
            } else {
                double offset = (k - (count - 1) / 2.0) * 10;
                points = isAncestor(from, to) ? nested(rects.get(from), rects.get(to), true, offset, obstacles)
                        : isAncestor(to, from) ? nested(rects.get(to), rects.get(from), false, offset, obstacles)
                        : between(rects.get(from), rects.get(to), offset, ids.get(from) > ids.get(to), obstacles);
            }
            ElkNode container = e.getContainingNode();
            double[] o = container == null ? new double[2] : layout.origin(container);
            e.getSections().clear();
            ElkEdgeSection section = ElkGraphUtil.createEdgeSection(e);
            section.setStartLocation(points.get(0)[0] - o[0], points.get(0)[1] - o[1]);
            for (int p = 1; p < points.size() - 1; p++) {
                ElkGraphUtil.createBendPoint(section, points.get(p)[0] - o[0], points.get(p)[1] - o[1]);
            }
            double[] end = points.get(points.size() - 1);
            section.setEndLocation(end[0] - o[0], end[1] - o[1]);
            for (double[] p : points) {
                maxX = Math.max(maxX, p[0]);
                maxY = Math.max(maxY, p[1]);
            }
            for (ElkLabel l : e.getLabels()) {
                Rect r = placeLabel(l.getWidth(), l.getHeight(), points, rects, shapes, labels);
                labels.add(r);
                l.setLocation(r.x - o[0], r.y - o[1]);
                maxX = Math.max(maxX, r.right());
                maxY = Math.max(maxY, r.bottom());
            }
        }
        layout.graph.setDimensions(maxX + DRAWING_PADDING, maxY + DRAWING_PADDING);
    }

    private long pairKey(ElkNode a, ElkNode b) {
        long x = ids.get(a);
        long y = ids.get(b);
        return Math.min(x, y) * 1_000_003L + Math.max(x, y);
    }

    private static ElkNode source(ElkEdge e) {
        return ElkGraphUtil.connectableShapeToNode(e.getSources().get(0));
    }

    private static ElkNode target(ElkEdge e) {
        return ElkGraphUtil.connectableShapeToNode(e.getTargets().get(0));
    }

    /** A loop out of a box's right side and back, the k-th one around the ones before it. */
    private static List<double[]> selfLoop(Rect r, int k) {
        double reach = 18 + 10 * k;
        double half = Math.min(6 + 4 * k, r.h / 2 - 1);
        return List.of(new double[] {r.right(), r.cy() - half}, new double[] {r.right() + reach, r.cy() - half},
                new double[] {r.right() + reach, r.cy() + half}, new double[] {r.right(), r.cy() + half});
    }

    /** An arrow between a container and a state inside it: straight, from the container's side that crosses least. */
    private static List<double[]> nested(Rect outer, Rect inner, boolean outward, double offset, List<Rect> obstacles) {
        double cy = inner.cy() + clampOffset(offset, inner.h);
        double cx = inner.cx() + clampOffset(offset, inner.w);
        double[][][] sides = {
            {{cx, outer.y}, {cx, inner.y}},
            {{outer.x, cy}, {inner.x, cy}},
            {{outer.right(), cy}, {inner.right(), cy}},
            {{cx, outer.bottom()}, {cx, inner.bottom()}},
        };
        List<double[]> best = null;
        double bestScore = Double.POSITIVE_INFINITY;
        for (double[][] side : sides) {
            List<double[]> points = outward ? List.of(side[0], side[1]) : List.of(side[1], side[0]);
            double score = score(points, obstacles);
            if (score < bestScore - EPS) {
                best = points;
                bestScore = score;
            }
        }
        return best;
    }

    /**
     * An arrow between two disjoint boxes: straight, or with one or two right-angle bends, clipped at
     * both borders; {@code offset} moves it sideways (arrows between the same two boxes get different
     * offsets), the same way whichever the arrow's direction ({@code reversed}: it runs from the box
     * with the higher id).
     */
    private static List<double[]> between(Rect a, Rect b, double offset, boolean reversed, List<Rect> obstacles) {
        double dx = b.cx() - a.cx();
        double dy = b.cy() - a.cy();
        double len = Math.max(EPS, Math.hypot(dx, dy));
        // spread parallel arrows perpendicular to the line between the centres, taken in one direction
        double px = (reversed ? dy : -dy) / len;
        double py = (reversed ? -dx : dx) / len;
        double[] c0 = {a.cx() + px * clampOffset(offset, a.w), a.cy() + py * clampOffset(offset, a.h)};
        double[] c1 = {b.cx() + px * clampOffset(offset, b.w), b.cy() + py * clampOffset(offset, b.h)};
        List<List<double[]>> candidates = new ArrayList<>();
        // boxes side by side or one above the other: a straight arrow across the span they share
        double lo = Math.max(a.x, b.x);
        double hi = Math.min(a.right(), b.right());
        if (hi - lo > 2) {
            double x = Math.max(lo + 1, Math.min(hi - 1, (lo + hi) / 2 + offset));
            candidates.add(List.of(new double[] {x, a.cy()}, new double[] {x, b.cy()}));
        }
        lo = Math.max(a.y, b.y);
        hi = Math.min(a.bottom(), b.bottom());
        if (hi - lo > 2) {
            double y = Math.max(lo + 1, Math.min(hi - 1, (lo + hi) / 2 + offset));
            candidates.add(List.of(new double[] {a.cx(), y}, new double[] {b.cx(), y}));
        }
        candidates.add(List.of(c0, c1));
        candidates.add(List.of(c0, new double[] {c1[0], c0[1]}, c1));
        candidates.add(List.of(c0, new double[] {c0[0], c1[1]}, c1));
        double midY = a.bottom() < b.y ? (a.bottom() + b.y) / 2 : b.bottom() < a.y ? (b.bottom() + a.y) / 2 : Double.NaN;
        if (!Double.isNaN(midY)) {
            candidates.add(List.of(c0, new double[] {c0[0], midY}, new double[] {c1[0], midY}, c1));
        }
        double midX = a.right() < b.x ? (a.right() + b.x) / 2 : b.right() < a.x ? (b.right() + a.x) / 2 : Double.NaN;
        if (!Double.isNaN(midX)) {
            candidates.add(List.of(c0, new double[] {midX, c0[1]}, new double[] {midX, c1[1]}, c1));
        }
        List<double[]> best = null;
        double bestScore = Double.POSITIVE_INFINITY;
        // the direct routes first; while the best one crosses boxes, lanes around them and both ends
        for (int round = 0; round < 3 && bestScore >= 1e6; round++) {
            if (round > 0) {
                candidates = lanes(a, b, c0, c1, best, obstacles);
            }
            for (List<double[]> candidate : candidates) {
                List<double[]> points = clip(candidate, a, b);
                if (points == null) {
                    continue;
                }
                double score = score(points, obstacles);
                if (score < bestScore - EPS) {
                    best = points;
                    bestScore = score;
                }
            }
        }
        return best;
    }

    /** Routes with two bends along a lane just outside the ends and the boxes a route crosses, on each of their four sides. */
    private static List<List<double[]>> lanes(Rect a, Rect b, double[] c0, double[] c1, List<double[]> route,
                                              List<Rect> obstacles) {
        double left = Math.min(a.x, b.x);
        double top = Math.min(a.y, b.y);
        double right = Math.max(a.right(), b.right());
        double bottom = Math.max(a.bottom(), b.bottom());
        for (Rect r : obstacles) {
            Rect inner = new Rect(r.x + 1, r.y + 1, r.w - 2, r.h - 2);
            for (int i = 1; i < route.size(); i++) {
                if (crosses(inner, route.get(i - 1), route.get(i))) {
                    left = Math.min(left, r.x);
                    top = Math.min(top, r.y);
                    right = Math.max(right, r.right());
                    bottom = Math.max(bottom, r.bottom());
                    break;
                }
            }
        }
        double lane = GAP / 2;
        List<List<double[]>> out = new ArrayList<>();
        out.add(List.of(c0, new double[] {right + lane, c0[1]}, new double[] {right + lane, c1[1]}, c1));
        out.add(List.of(c0, new double[] {c0[0], bottom + lane}, new double[] {c1[0], bottom + lane}, c1));
        if (left - lane >= 0) {
            out.add(List.of(c0, new double[] {left - lane, c0[1]}, new double[] {left - lane, c1[1]}, c1));
        }
        if (top - lane >= 0) {
            out.add(List.of(c0, new double[] {c0[0], top - lane}, new double[] {c1[0], top - lane}, c1));
        }
        return out;
    }

    private static double clampOffset(double offset, double size) {
        double limit = size * 0.4;
        return Math.max(-limit, Math.min(limit, offset));
    }

    /** Cuts a centre-to-centre polyline at the borders of its two boxes; null when a bend lies inside either. */
    private static List<double[]> clip(List<double[]> points, Rect a, Rect b) {
        List<double[]> p = new ArrayList<>();
        for (double[] q : points) {
            if (p.isEmpty() || Math.abs(p.get(p.size() - 1)[0] - q[0]) > EPS || Math.abs(p.get(p.size() - 1)[1] - q[1]) > EPS) {
                p.add(q);
            }
        }
        if (p.size() < 2) {
            return null;
        }
        for (int i = 1; i < p.size() - 1; i++) {
            if (a.contains(p.get(i)[0], p.get(i)[1]) || b.contains(p.get(i)[0], p.get(i)[1])) {
                return null;
            }
        }
        if (b.contains(p.get(1)[0], p.get(1)[1]) && p.size() > 2 || a.contains(p.get(p.size() - 2)[0], p.get(p.size() - 2)[1]) && p.size() > 2) {
            return null;
        }
        p.set(0, exit(a, p.get(0), p.get(1)));
        p.set(p.size() - 1, exit(b, p.get(p.size() - 1), p.get(p.size() - 2)));
        return p;
    }

    /** Where the segment from a point inside a box to a point outside it leaves the box. */
    private static double[] exit(Rect r, double[] inside, double[] outside) {
        double dx = outside[0] - inside[0];
        double dy = outside[1] - inside[1];
        double t = 1;
        if (dx > EPS) {
            t = Math.min(t, (r.right() - inside[0]) / dx);
        } else if (dx < -EPS) {
            t = Math.min(t, (r.x - inside[0]) / dx);
        }
        if (dy > EPS) {
            t = Math.min(t, (r.bottom() - inside[1]) / dy);
        } else if (dy < -EPS) {
            t = Math.min(t, (r.y - inside[1]) / dy);
        }
        t = Math.max(0, t);
        return new double[] {inside[0] + dx * t, inside[1] + dy * t};
    }

    /** Boxes crossed first, then length (an arrow under 20 px counts as longer), then bends: lower is better. */
    private static double score(List<double[]> points, List<Rect> obstacles) {
        int crossed = 0;
        for (Rect r : obstacles) {
            Rect inner = new Rect(r.x + 1, r.y + 1, r.w - 2, r.h - 2);
            for (int i = 1; i < points.size(); i++) {
                if (crosses(inner, points.get(i - 1), points.get(i))) {
                    crossed++;
                    break;
                }
            }
        }
        double length = 0;
        for (int i = 1; i < points.size(); i++) {
            length += Math.hypot(points.get(i)[0] - points.get(i - 1)[0], points.get(i)[1] - points.get(i - 1)[1]);
        }
        // a stub of an arrow is hard to see: a few pixels more are worth a longer one
        double stub = Math.max(0, 20 - length) * 10;
        return crossed * 1e6 + length + stub + 12 * (points.size() - 2);
    }

    /** Whether a segment passes through a box (Liang-Barsky clipping). */
    private static boolean crosses(Rect r, double[] p, double[] q) {
        double t0 = 0;
        double t1 = 1;
        double dx = q[0] - p[0];
        double dy = q[1] - p[1];
        double[] ps = {-dx, dx, -dy, dy};
        double[] qs = {p[0] - r.x, r.right() - p[0], p[1] - r.y, r.bottom() - p[1]};
        for (int i = 0; i < 4; i++) {
            if (Math.abs(ps[i]) < EPS) {
                if (qs[i] < 0) {
                    return false;
                }
            } else {
                double t = qs[i] / ps[i];
                if (ps[i] < 0) {
                    t0 = Math.max(t0, t);
                } else {
                    t1 = Math.min(t1, t);
                }
            }
        }
        return t0 < t1 - EPS;
    }

    /**
     * Puts a label beside its arrow (on the middle of its longest segment first), where it covers no
     * state box (a container's inside below its title is free) and no other label; failing that,
     * where it covers least.
     */
    private Rect placeLabel(double w, double h, List<double[]> points, Map<ElkNode, Rect> rects, List<ElkNode> shapes,
                            List<Rect> labels) {
        List<Integer> segments = new ArrayList<>();
        for (int i = 1; i < points.size(); i++) {
            segments.add(i);
        }
        segments.sort(Comparator.comparingDouble((Integer i) -> -Math.hypot(points.get(i)[0] - points.get(i - 1)[0],
                points.get(i)[1] - points.get(i - 1)[1])).thenComparingInt(i -> i));
        Rect best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        // beside the arrow first; then a line further along it, when a short arrow has no room
        double[][] shifts = {{0, 0}, {0, -(h + 2)}, {0, h + 2}, {-(w / 2 + 4), 0}, {w / 2 + 4, 0}};
        for (double[] shift : shifts) {
            for (int i : segments) {
                double[] p = points.get(i - 1);
                double[] q = points.get(i);
                boolean vertical = Math.abs(q[0] - p[0]) < Math.abs(q[1] - p[1]);
                for (double t : new double[] {0.5, 0.3, 0.7}) {
                    double mx = p[0] + (q[0] - p[0]) * t + shift[0];
                    double my = p[1] + (q[1] - p[1]) * t + shift[1];
                    Rect right = new Rect(mx + 4, my - h / 2, w, h);
                    Rect left = new Rect(mx - 4 - w, my - h / 2, w, h);
                    Rect above = new Rect(mx - w / 2, my - h - 3, w, h);
                    Rect below = new Rect(mx - w / 2, my + 3, w, h);
                    Rect[] spots = vertical ? new Rect[] {right, left, above, below} : new Rect[] {above, below, right, left};
                    for (Rect spot : spots) {
                        double cost = labelCost(spot, rects, shapes, labels);
                        if (cost < bestCost - EPS) {
                            best = spot;
                            bestCost = cost;
                        }
                        if (cost <= EPS) {
                            return spot;
                        }
                    }
                }
            }
        }
        return best;
    }

    private double labelCost(Rect spot, Map<ElkNode, Rect> rects, List<ElkNode> shapes, List<Rect> labels) {
        if (spot.x < 0 || spot.y < 0) {
            return 1e9;
        }
        double cost = 0;
        for (ElkNode n : shapes) {
            Rect r = rects.get(n);
            if (!spot.intersects(r)) {
                continue;
            }
            ElkPadding padding = n.getChildren().isEmpty() ? null : n.getProperty(CoreOptions.PADDING);
            boolean inside = padding != null && spot.x >= r.x && spot.right() <= r.right()
                    && spot.y >= r.y + padding.top && spot.bottom() <= r.bottom();
            if (!inside) {
                cost += 1 + spot.overlap(r);
            }
        }
        for (Rect l : labels) {
            if (spot.intersects(l)) {
                cost += 1 + spot.overlap(l);
            }
        }
        return cost;
    }
}
