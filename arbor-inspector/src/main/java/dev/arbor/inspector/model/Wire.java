package dev.arbor.inspector.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.inspector.capture.Kind;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The wire format of inspection records: one JSON object per record with a {@code type}, as
 * {@code docs/inspector.md} documents it. Recordings are these objects one a line, after a
 * {@code hello} line; chart definitions come before the records that use them.
 */
public final class Wire {
    /** The format's version, in the {@code hello} line. */
    public static final int VERSION = 1;
    public static final ObjectMapper JSON = new ObjectMapper();

    private Wire() {}

    /** The {@code hello} line that opens a recording. */
    public static String hello() {
        return "{\"type\":\"hello\",\"format\":\"arbor-inspector\",\"version\":" + VERSION + "}";
    }

    /** A chart definition as one JSON object. */
    public static String chart(ChartView c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "chart");
        m.put("chart", c.id());
        m.put("name", c.name());
        m.put("states", c.states());
        m.put("transitions", c.transitions());
        m.put("events", c.events());
        m.put("variables", c.variables());
        m.put("svg", c.svg());
        try {
            return JSON.writeValueAsString(m);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A record as one JSON object. */
    public static String record(Rec r) {
        StringWriter out = new StringWriter(96);
        try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
            write(g, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes a record's fields as one JSON object. */
    public static void write(JsonGenerator g, Rec r) throws IOException {
        g.writeStartObject();
        g.writeNumberField("seq", r.seq);
        g.writeStringField("type", Kind.NAMES[r.kind]);
        g.writeNumberField("tick", r.tick);
        switch (r.kind) {
            case Kind.SENT, Kind.DELIVERED -> {
                g.writeNumberField("receipt", r.b);
                g.writeNumberField("sender", r.a);
                g.writeNumberField("receiver", r.c);
                g.writeNumberField(r.kind == Kind.SENT ? "due" : "at", r.due);
                g.writeStringField("event", r.text);
            }
            case Kind.DROPPED -> g.writeNumberField("receipt", r.b);
            case Kind.AGENT -> {
                g.writeNumberField("agent", r.a);
                g.writeNumberField("machine", r.b);
            }
            case Kind.PENDING -> {
                g.writeArrayFieldStart("telegrams");
                for (Rec.Telegram t : r.pending) {
                    g.writeStartObject();
                    g.writeNumberField("receipt", t.receipt());
                    g.writeNumberField("due", t.due());
                    g.writeNumberField("sender", t.sender());
                    g.writeNumberField("receiver", t.receiver());
                    g.writeStringField("event", t.event());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            default -> machineFields(g, r);
        }
        g.writeEndObject();
    }

    private static void machineFields(JsonGenerator g, Rec r) throws IOException {
        g.writeNumberField("machine", r.machine);
        g.writeStringField("cause", r.cause);
        switch (r.kind) {
            case Kind.ATTACH -> {
                g.writeStringField("name", r.attach.name());
                g.writeNumberField("chart", r.attach.chart());
                g.writeArrayFieldStart("active");
                for (int s : r.attach.active()) {
                    g.writeNumber(s);
                }
                g.writeEndArray();
                g.writeObjectFieldStart("history");
                for (Map.Entry<Integer, List<Integer>> h : r.attach.history().entrySet()) {
                    g.writeArrayFieldStart(String.valueOf(h.getKey()));
                    for (int s : h.getValue()) {
                        g.writeNumber(s);
                    }
                    g.writeEndArray();
                }
                g.writeEndObject();
                g.writeArrayFieldStart("variables");
                for (int v : r.attach.variables()) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
            }
            case Kind.EVENT, Kind.DEFERRED, Kind.RECALLED, Kind.UNHANDLED -> g.writeStringField("event", r.text);
            case Kind.TICKS -> g.writeNumberField("count", r.a);
            case Kind.EXIT, Kind.ENTER, Kind.UPDATE -> g.writeNumberField("state", r.a);
            case Kind.TRANSITION -> {
                g.writeNumberField("transition", r.a);
                g.writeStringField("event", r.text);
            }
            case Kind.INTERNAL -> {
                g.writeNumberField("state", r.a);
                g.writeStringField("event", r.text);
                if (r.c >= 0) {
                    g.writeNumberField("transition", r.c);
                }
            }
            case Kind.ERROR -> {
                g.writeNumberField("state", r.a);
                g.writeStringField("error", r.text);
            }
            case Kind.CLOCK -> {
                g.writeNumberField("state", r.a);
                g.writeNumberField("ticks", r.b);
            }
            case Kind.CHART -> g.writeNumberField("chart", r.chart);
            case Kind.LOG -> {
                g.writeNumberField("state", r.a);
                g.writeStringField("line", r.text);
            }
            case Kind.SYNC -> g.writeNumberField("count", r.a);
            case Kind.ACTIVE -> g.writeNumberField("state", r.a);
            case Kind.RECORDED -> {
                g.writeNumberField("history", r.a);
                g.writeNumberField("state", r.b);
            }
            case Kind.VARIABLE, Kind.VALUE -> {
                g.writeNumberField("variable", r.a);
                g.writeNumberField("value", (int) r.b);
                if (r.between && r.kind == Kind.VARIABLE) {
                    g.writeBooleanField("between", true);
                }
            }
            case Kind.RELOAD -> {
                g.writeObjectFieldStart("report");
                g.writeStringField("from", r.report.from());
                g.writeStringField("to", r.report.to());
                g.writeStringField("text", r.report.text());
                g.writeArrayFieldStart("kept");
                for (String k : r.report.kept()) {
                    g.writeString(k);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("entered");
                for (String e : r.report.entered()) {
                    g.writeString(e);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("gone");
                for (Rec.Gone gone : r.report.gone()) {
                    g.writeStartObject();
                    g.writeStringField("state", gone.state());
                    g.writeStringField("fallback", gone.fallback());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            default -> { }
        }
    }

    // ---------------------------------------------------------------- reading (replay)

    /** What one line of a recording is. */
    public sealed interface Line permits Hello, ChartLine, RecordLine {}

    /**
     * The first line of a recording, which says the version of the wire format it is written in.
     *
     * @param version the wire format's version
     */
    public record Hello(int version) implements Line {}

    /**
     * A line of a recording that defines a chart, before the records that refer to it.
     *
     * @param chart the chart as the page sees it
     */
    public record ChartLine(ChartView chart) implements Line {}

    /**
     * A line of a recording that holds one inspection record.
     *
     * @param rec the record
     */
    public record RecordLine(Rec rec) implements Line {}

    /**
     * Reads one line of a recording.
     *
     * @throws IllegalArgumentException naming what is wrong with it
     */
    public static Line read(String line) {
        JsonNode n;
        try {
            n = JSON.readTree(line);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        String type = text(n, "type");
        if (type.equals("hello")) {
            if (!"arbor-inspector".equals(n.path("format").asText())) {
                throw new IllegalArgumentException("not an Arbor inspector recording (format '" + n.path("format").asText() + "')");
            }
            int v = n.path("version").asInt(-1);
            if (v != VERSION) {
                throw new IllegalArgumentException("recording format version " + v + " (this inspector reads " + VERSION + ")");
            }
            return new Hello(v);
        }
        if (type.equals("chart")) {
            try {
                ChartView c = new ChartView(n.path("chart").asInt(), text(n, "name"),
                        List.of(JSON.treeToValue(n.path("states"), ChartView.StateView[].class)),
                        List.of(JSON.treeToValue(n.path("transitions"), ChartView.TransitionView[].class)),
                        List.of(JSON.treeToValue(n.path("events"), String[].class)),
                        n.has("variables") ? List.of(JSON.treeToValue(n.get("variables"), ChartView.VariableView[].class))
                                : List.of(), // written before charts carried their variables
                        text(n, "svg"));
                return new ChartLine(c);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("a chart that cannot be read: " + e.getMessage(), e);
            }
        }
        int kind = type == null ? -1 : java.util.Arrays.asList(Kind.NAMES).indexOf(type);
        if (kind < 0) {
            throw new IllegalArgumentException("unknown record type '" + type + "'");
        }
        Rec r = new Rec();
        r.kind = kind;
        r.seq = n.path("seq").asLong();
        r.tick = n.path("tick").asLong();
        r.machine = n.path("machine").asInt();
        r.cause = n.path("cause").asText("normal");
        switch (kind) {
            case Kind.SENT, Kind.DELIVERED -> {
                r.b = n.path("receipt").asLong();
                r.a = n.path("sender").asLong();
                r.c = n.path("receiver").asLong();
                r.due = n.path(kind == Kind.SENT ? "due" : "at").asLong();
                r.text = n.path("event").asText(null);
            }
            case Kind.DROPPED -> r.b = n.path("receipt").asLong();
            case Kind.AGENT -> {
                r.a = n.path("agent").asLong();
                r.b = n.path("machine").asLong();
            }
            case Kind.PENDING -> {
                List<Rec.Telegram> ts = new ArrayList<>();
                for (JsonNode t : n.path("telegrams")) {
                    ts.add(new Rec.Telegram(t.path("receipt").asLong(), t.path("due").asLong(), t.path("sender").asInt(),
                            t.path("receiver").asInt(), t.path("event").asText()));
                }
                r.pending = ts;
            }
            case Kind.ATTACH -> {
                List<Integer> active = new ArrayList<>();
                n.path("active").forEach(x -> active.add(x.asInt()));
                Map<Integer, List<Integer>> history = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.path("history").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> h = it.next();
                    List<Integer> rec = new ArrayList<>();
                    h.getValue().forEach(x -> rec.add(x.asInt()));
                    history.put(Integer.parseInt(h.getKey()), rec);
                }
                List<Integer> variables = new ArrayList<>();
                n.path("variables").forEach(x -> variables.add(x.asInt()));
                r.attach = new Rec.Attach(text(n, "name"), n.path("chart").asInt(), active, history, variables);
            }
            case Kind.EVENT, Kind.DEFERRED, Kind.RECALLED, Kind.UNHANDLED -> r.text = n.path("event").asText(null);
            case Kind.TICKS, Kind.SYNC -> r.a = n.path("count").asLong();
            case Kind.EXIT, Kind.ENTER, Kind.UPDATE, Kind.ACTIVE -> r.a = n.path("state").asLong();
            case Kind.RECORDED -> {
                r.a = n.path("history").asLong();
                r.b = n.path("state").asLong();
            }
            case Kind.TRANSITION -> {
                r.a = n.path("transition").asLong();
                r.text = n.path("event").isNull() ? null : n.path("event").asText(null);
            }
            case Kind.INTERNAL -> {
                r.a = n.path("state").asLong();
                r.text = n.path("event").asText(null);
                r.c = n.path("transition").asLong(-1); // absent: not named, or recorded before records named it
            }
            case Kind.ERROR -> {
                r.a = n.path("state").asLong();
                r.text = n.path("error").asText(null);
            }
            case Kind.CLOCK -> {
                r.a = n.path("state").asLong();
                r.b = n.path("ticks").asLong();
            }
            case Kind.CHART -> r.chart = n.path("chart").asInt();
            case Kind.LOG -> {
                r.a = n.path("state").asLong();
                r.text = n.path("line").asText("");
            }
            case Kind.VARIABLE, Kind.VALUE -> {
                r.a = n.path("variable").asLong();
                r.b = n.path("value").asInt();
                r.between = kind == Kind.VARIABLE && n.path("between").asBoolean(false);
            }
            case Kind.RELOAD -> {
                JsonNode rep = n.path("report");
                List<String> kept = new ArrayList<>();
                rep.path("kept").forEach(x -> kept.add(x.asText()));
                List<String> entered = new ArrayList<>();
                rep.path("entered").forEach(x -> entered.add(x.asText()));
                List<Rec.Gone> gone = new ArrayList<>();
                rep.path("gone").forEach(x -> gone.add(new Rec.Gone(x.path("state").asText(), x.path("fallback").asText())));
                r.report = new Rec.Report(rep.path("from").asText(), rep.path("to").asText(), rep.path("text").asText(),
                        kept, entered, gone);
            }
            default -> { }
        }
        return new RecordLine(r);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("no text field '" + field + "'");
        }
        return v.asText();
    }
}
