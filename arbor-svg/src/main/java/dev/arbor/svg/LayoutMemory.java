package dev.arbor.svg;

import java.util.Map;

/**
 * Where each state of a drawn chart was: its box relative to its parent's, by state name (names
 * are unique in a chart). Given back to {@link SvgRenderer#render(dev.arbor.core.Chart, java.util.Set, LayoutMemory)}
 * when the chart is drawn again after an edit, it keeps the states the edit did not touch where
 * they were. Immutable.
 */
public final class LayoutMemory {
    private static final LayoutMemory EMPTY = new LayoutMemory(Map.of());

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

    LayoutMemory(Map<String, Box> boxes) {
        this.boxes = Map.copyOf(boxes);
    }

    /** {@return no memory: the chart is laid out afresh} */
    public static LayoutMemory empty() {
        return EMPTY;
    }

    /** {@return the boxes, by state name} */
    public Map<String, Box> boxes() {
        return boxes;
    }
}
