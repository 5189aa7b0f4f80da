package dev.arbor.scxml;

import dev.arbor.core.Chart;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A loaded SCXML document: the immutable Arbor {@link Chart} it maps onto, shared by every
 * session, and the facts a session needs (data model, name). Make a running instance with
 * {@link #newSession}.
 */
public final class ScxmlDocument {
    /** A {@code <data>} element: its id and how its value is computed. */
    record DataDecl(String id, Content.Value value, Site site) {
    }

    private final String chartName;
    private final String name;
    private final String dataModel;
    private final Chart<ScxmlSession> chart;

    ScxmlDocument(String chartName, String name, String dataModel, Chart<ScxmlSession> chart) {
        this.chartName = chartName;
        this.name = name;
        this.dataModel = dataModel;
        this.chart = chart;
    }

    /**
     * The chart: states keyed by their SCXML ids (generated ones start with {@code __state}).
     *
     * @return the chart, shared by every session of this document
     */
    public Chart<ScxmlSession> chart() {
        return chart;
    }

    /**
     * The {@code name} attribute of {@code <scxml>}, or null.
     *
     * @return the name as written, or null when there is none
     */
    public String name() {
        return name;
    }

    /**
     * The chart's name: the {@code name} attribute, else the file's name.
     *
     * @return the name the chart was built with
     */
    public String chartName() {
        return chartName;
    }

    /**
     * The document's data model: {@code "ecmascript"} or {@code "null"}.
     *
     * @return the {@code datamodel} attribute; {@code "ecmascript"} when it is absent
     */
    public String dataModel() {
        return dataModel;
    }

    /**
     * A new session whose {@code <log>} output is discarded.
     *
     * @return a session, not yet started
     */
    public ScxmlSession newSession() {
        return newSession(line -> { });
    }

    /**
     * A new session, not yet started, writing {@code <log>} output to {@code log}.
     *
     * @param log receives one line per {@code <log>} element run
     * @return a session, not yet started
     */
    public ScxmlSession newSession(Consumer<String> log) {
        return new ScxmlSession(this, Objects.requireNonNull(log, "log"), new Scheduler(), null, null, null);
    }

    DataModel newDataModel() {
        return dataModel.equals("null") ? new NullDataModel() : new EcmaDataModel();
    }
}
