package dev.arbor.io.export;

import dev.arbor.core.Chart;
import java.util.Locale;
import java.util.Set;

/** The text formats a chart can be exported to, for tools that choose one by name (such as a CLI's {@code --format}). */
public enum DiagramFormat {
    /** Graphviz DOT: {@link Dot}. */
    DOT("dot"),
    /** Mermaid {@code stateDiagram-v2}: {@link Mermaid}. */
    MERMAID("mmd"),
    /** PlantUML state diagram: {@link PlantUml}. */
    PLANTUML("puml"),
    /** SCXML 1.0: {@link Scxml}. */
    SCXML("scxml");

    private final String extension;

    DiagramFormat(String extension) {
        this.extension = extension;
    }

    /**
     * The usual file extension, without the dot.
     *
     * @return the extension, such as {@code "mmd"}
     */
    public String extension() {
        return extension;
    }

    /**
     * Exports a chart in this format, the named states highlighted.
     *
     * @param chart        the chart drawn
     * @param activeStates the names of the states to highlight; empty for none
     * @return the diagram's text
     * @throws IllegalArgumentException when an active state is not in the chart
     */
    public String export(Chart<?> chart, Set<String> activeStates) {
        return switch (this) {
            case DOT -> Dot.export(chart, activeStates);
            case MERMAID -> Mermaid.export(chart, activeStates);
            case PLANTUML -> PlantUml.export(chart, activeStates);
            case SCXML -> Scxml.export(chart, activeStates);
        };
    }

    /**
     * The format with this name, in any case ({@code dot}, {@code mermaid}, {@code plantuml},
     * {@code scxml}).
     *
     * @param name the format's name, surrounding blanks ignored
     * @return the format
     * @throws IllegalArgumentException naming the formats there are
     */
    public static DiagramFormat byName(String name) {
        for (DiagramFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "': choose dot, mermaid, plantuml or scxml");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
