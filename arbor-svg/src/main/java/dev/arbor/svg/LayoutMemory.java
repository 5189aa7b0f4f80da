package dev.arbor.svg;

import java.util.Map;

/**
 * Where each state of a drawn chart was: its box relative to its parent's, by state name (names
 * are unique in a chart). Given back to {@link SvgRenderer#render(dev.arbor.core.Chart, java.util.Set, LayoutMemory)}
 * when the chart is drawn again after an edit, it keeps the states the edit did not touch where
 * they were. Immutable.
 */
public final class LayoutMemory {
    private static final LayoutMemory EMPTY = new LayoutMemory(Map.of(), Map.of());

    /**
     * One state's box.
     *
     * @param x      left, relative to its parent's box
     * @param y      top, relative to its parent's box
     * @param width  width
     * @param height height
     */
    public record Box(double x, double y, double width, double height) {}

    private final Map<String, Box> boxes;
    /** Each compound state's initial dot, by the compound state's name: it stays put too. */
    private final Map<String, Box> initialDots;

    LayoutMemory(Map<String, Box> boxes, Map<String, Box> initialDots) {
        this.boxes = Map.copyOf(boxes);
        this.initialDots = Map.copyOf(initialDots);
    }

    /** {@return no memory: the chart is laid out afresh} */
    public static LayoutMemory empty() {
        return EMPTY;
    }

    /** {@return the boxes, by state name} */
    public Map<String, Box> boxes() {
        return boxes;
    }

    /** The initial dots' boxes (relative to their compound state's box), by the compound state's name. */
    Map<String, Box> initialDots() {
        return initialDots;
    }

    /** {@return whether nothing is remembered} */
    public boolean isEmpty() {
        return boxes.isEmpty() && initialDots.isEmpty();
    }
}
