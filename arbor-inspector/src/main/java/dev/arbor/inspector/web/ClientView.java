package dev.arbor.inspector.web;

import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.ChartCoverage;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What one page shows (its filter, page of the machine list and selected machine) and what it was
 * last sent, so that each frame carries only what changed: the list page when anything did, the
 * selected machine when it did, the coverage of its chart when it did, the telegrams when they did.
 */
final class ClientView {
    final String id;
    private String filter = "";
    private int offset;
    private int limit = 100;
    volatile int selected = -1;
    private long version;
    /** Frames written to this page's stream. */
    volatile long frames;
    private boolean changed = true;
    private long sentVersion = -1;
    private long sentMachineVersion = -1;
    private int sentMachine = -2;
    private long sentTelegrams = -1;
    /** The coverage last sent: its chart and version. */
    private String sentCoverage = "";
    private String sentStatus = "";

    ClientView(String id) {
        this.id = id;
    }

    /**
     * Sets what the page shows. A page numbers its requests ({@code version}, from 1; 0 when it
     * does not): one older than the last applied arrived late and changes nothing.
     */
    synchronized void set(String filter, int offset, int limit, int selected, long version) {
        if (version > 0 && version < this.version) {
            return;
        }
        this.version = version;
        this.filter = filter.strip().toLowerCase(Locale.ROOT);
        this.offset = offset;
        this.limit = limit;
        this.selected = selected;
        changed = true;
        notifyAll();
    }

    /** Waits until the page's view changes, at most {@code nanos}. */
    synchronized void awaitChange(long nanos) throws InterruptedException {
        if (!changed) {
            TimeUnit.NANOSECONDS.timedWait(this, nanos);
        }
    }

    /** The next frame, or null when nothing the page shows changed. Called with the model locked. */
    synchronized Map<String, Object> frame(Model model, Controls controls, boolean controlsAllowed, int clients) {
        boolean paused = controls != null && controls.paused();
        long dropped = controls == null ? 0 : controls.dropped();
        String status = paused + "/" + dropped + "/" + clients + "/" + (controls == null ? 0 : controls.tick());
        if (!changed && model.version() == sentVersion && status.equals(sentStatus)) {
            return null;
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("type", "frame");
        f.put("seq", model.seq());
        f.put("tick", controls == null ? model.tick() : Math.max(model.tick(), controls.tick()));
        f.put("replay", controls == null);
        f.put("controls", controlsAllowed);
        f.put("paused", paused);
        f.put("dropped", dropped);
        f.put("backlog", controls == null ? 0 : controls.backlog());
        f.put("clients", clients);
        f.put("machines", machines(model));
        Model.MachineView m = model.machine(selected);
        if (m != null && (changed || m.version != sentMachineVersion || sentMachine != selected)) {
            f.put("selected", selected(model, m));
            sentMachineVersion = m.version;
            sentMachine = selected;
        } else if (m == null && sentMachine != selected) {
            f.put("selected", null);
            sentMachine = selected;
        }
        int chart = m == null ? -1 : m.chart;
        ChartCoverage coverage = model.coverage(chart);
        String coverageKey = chart + "/" + (coverage == null ? -1 : coverage.version());
        if (changed || !coverageKey.equals(sentCoverage)) {
            f.put("coverage", coverage == null ? null : CoverageJson.of(model, chart, controls == null));
            sentCoverage = coverageKey;
        }
        Model.LoadFailure failure = model.loadFailure();
        f.put("loadFailure", failure == null ? null : loadFailure(failure));
        if (changed || model.telegramVersion() != sentTelegrams) {
            f.put("telegrams", telegrams(model));
            sentTelegrams = model.telegramVersion();
        }
        sentVersion = model.version();
        sentStatus = status;
        changed = false;
        return f;
    }

    private Map<String, Object> machines(Model model) {
        List<Model.MachineView> all = model.machines();
        List<Model.MachineView> matching;
        if (filter.isEmpty()) {
            matching = all;
        } else {
            matching = new ArrayList<>();
            for (Model.MachineView m : all) {
                if (m.searchText().toLowerCase(Locale.ROOT).contains(filter)) {
                    matching.add(m);
                }
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        int from = Math.min(offset, matching.size());
        int to = Math.min(matching.size(), from + limit);
        int[] slots = new int[to - from + 1];
        int k = 0;
        slots[k++] = selected;
        for (Model.MachineView m : matching.subList(from, to)) {
            slots[k++] = m.slot;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("machine", m.slot);
            row.put("name", m.name);
            ChartView c = m.chartView();
            row.put("chart", c == null ? "" : c.name());
            row.put("leaf", m.leafPath());
            row.put("lastEvent", m.lastEvent);
            row.put("tick", m.lastTick);
            rows.add(row);
        }
        shown(slots);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("total", all.size());
        out.put("matching", matching.size());
        out.put("offset", from);
        out.put("rows", rows);
        return out;
    }

    private static Map<String, Object> selected(Model model, Model.MachineView m) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("machine", m.slot);
        s.put("name", m.name);
        s.put("chart", m.chart);
        s.put("detached", m.detached);
        s.put("active", m.activeIds());
        s.put("lastTransition", m.lastTransition);
        s.put("lastEvent", m.lastEvent);
        Map<String, Object> history = new LinkedHashMap<>();
        m.history.forEach((h, rec) -> history.put(String.valueOf(h), rec));
        s.put("history", history);
        Map<String, Object> clocks = new LinkedHashMap<>();
        m.clocks.forEach((st, t) -> clocks.put(String.valueOf(st), t));
        s.put("clocks", clocks);
        s.put("variables", variables(m.chartView(), m.variableValues()));
        if (m.lastReport != null) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("seq", m.reportSeq);
            r.put("from", m.lastReport.from());
            r.put("to", m.lastReport.to());
            r.put("text", m.lastReport.text());
            r.put("kept", m.lastReport.kept());
            r.put("entered", m.lastReport.entered());
            List<Map<String, Object>> gone = new ArrayList<>();
            for (dev.arbor.inspector.model.Rec.Gone g : m.lastReport.gone()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("state", g.state());
                x.put("fallback", g.fallback());
                gone.add(x);
            }
            r.put("gone", gone);
            s.put("report", r);
        }
        List<Map<String, Object>> configurations = new ArrayList<>();
        for (Model.Configuration c : m.configurations()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("step", c.step());
            t.put("chart", c.chart());
            t.put("active", c.active());
            Map<String, Object> recorded = new LinkedHashMap<>();
            c.history().forEach((h, rec) -> recorded.put(String.valueOf(h), rec));
            t.put("history", recorded);
            t.put("variables", shown(model.chart(c.chart()), c.variables()));
            configurations.add(t);
        }
        s.put("configurations", configurations);
        List<Map<String, Object>> trace = new ArrayList<>();
        for (Model.Entry e : m.trace()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("seq", e.seq);
            t.put("step", e.step);
            t.put("chart", e.chart);
            t.put("type", Kind.NAMES[e.kind]);
            t.put("cause", e.cause);
            t.put("tick", e.tick);
            t.put("a", e.a);
            if (e.text != null) {
                t.put("text", e.text);
            } else if (e.kind == Kind.VARIABLE) {
                t.put("text", shown(model.chart(e.chart), (int) e.a, (int) e.b));
                if (e.between) {
                    t.put("between", true);
                }
            }
            trace.add(t);
        }
        s.put("trace", trace);
        return s;
    }

    /** The variables as the page lists them: name, value as text, type and its range in words. */
    private static List<Map<String, Object>> variables(ChartView chart, List<Integer> raw) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int v = 0; chart != null && v < chart.variables().size() && v < raw.size(); v++) {
            ChartView.VariableView d = chart.variables().get(v);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", d.name());
            row.put("value", d.show(raw.get(v)));
            row.put("type", d.type());
            row.put("describe", d.describe());
            out.add(row);
        }
        return out;
    }

    /** The variables' values as text, by id (what time travel shows of a past step). */
    private static List<String> shown(ChartView chart, List<Integer> raw) {
        List<String> out = new ArrayList<>(raw.size());
        for (int v = 0; v < raw.size(); v++) {
            out.add(shown(chart, v, raw.get(v)));
        }
        return out;
    }

    private static String shown(ChartView chart, int variable, int raw) {
        return chart != null && variable >= 0 && variable < chart.variables().size()
                ? chart.variables().get(variable).show(raw) : String.valueOf(raw);
    }

    private static Map<String, Object> loadFailure(Model.LoadFailure failure) {
        List<Map<String, Object>> problems = new ArrayList<>();
        for (Model.LoadProblem p : failure.problems()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("where", p.line() > 0 ? p.file() + ":" + p.line() + ":" + p.column() : p.file());
            m.put("message", p.message());
            m.put("state", p.state());
            problems.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", failure.file());
        out.put("tick", failure.tick());
        out.put("problems", problems);
        return out;
    }

    // ---------------------------------------------------------------- what the gate samples

    private int[] shown = new int[0];
    private boolean shownChanged;

    private void shown(int[] slots) {
        int[] sorted = java.util.Arrays.stream(slots).filter(x -> x >= 0).sorted().distinct().toArray();
        if (!java.util.Arrays.equals(sorted, shown)) {
            shown = sorted;
            shownChanged = true;
        }
    }

    /** The machines this page shows (selected, and the list's page), when they changed since last asked; else null. */
    synchronized int[] shownIfChanged() {
        if (!shownChanged) {
            return null;
        }
        shownChanged = false;
        return shown.clone();
    }

    /** The machines this page shows. */
    synchronized int[] shown() {
        return shown.clone();
    }

    private static Map<String, Object> telegrams(Model model) {
        List<Map<String, Object>> recent = new ArrayList<>();
        for (Model.TelegramView t : model.telegrams()) {
            recent.add(telegram(model, t));
        }
        List<Map<String, Object>> pending = new ArrayList<>();
        for (Model.TelegramView t : model.pendingTelegrams()) {
            if (pending.size() == 100) {
                break;
            }
            pending.add(telegram(model, t));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("recent", recent);
        out.put("pending", pending);
        return out;
    }

    private static Map<String, Object> telegram(Model model, Model.TelegramView t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("receipt", t.receipt);
        m.put("sender", model.agentName(t.sender));
        m.put("receiver", model.agentName(t.receiver));
        m.put("event", t.event);
        m.put("sent", t.sentAt);
        m.put("due", t.due);
        m.put("delivered", t.deliveredAt);
        return m;
    }
}
