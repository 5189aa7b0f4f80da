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

    /** The chart: states keyed by their SCXML ids (generated ones start with {@code __state}). */
    public Chart<ScxmlSession> chart() {
        return chart;
    }

    /** The {@code name} attribute of {@code <scxml>}, or null. */
    public String name() {
        return name;
    }

    /** The chart's name: the {@code name} attribute, else the file's name. */
    public String chartName() {
        return chartName;
    }

    /** {@code "ecmascript"} or {@code "null"}. */
    public String dataModel() {
        return dataModel;
    }

    /** A new session whose {@code <log>} output is discarded. */
    public ScxmlSession newSession() {
        return newSession(line -> { });
    }

    /** A new session, not yet started, writing {@code <log>} output to {@code log}. */
    public ScxmlSession newSession(Consumer<String> log) {
        return new ScxmlSession(this, Objects.requireNonNull(log, "log"), new Scheduler(), null, null, null);
    }

    DataModel newDataModel() {
        return dataModel.equals("null") ? new NullDataModel() : new EcmaDataModel();
    }
}
