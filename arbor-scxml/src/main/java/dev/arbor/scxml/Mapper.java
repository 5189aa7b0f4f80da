package dev.arbor.scxml;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.ChartDefinitionException;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.HistoryType;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.TransitionBuilder;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps an SCXML document onto an Arbor chart: {@code <state>}, {@code <parallel>},
 * {@code <final>} and {@code <history>} become states of the same kind keyed by their ids;
 * {@code <transition>}s become, in document order, event transitions (descriptors matched by
 * Arbor's name triggers), eventless ones ({@code always()}), local ones for
 * {@code type="internal"}; executable content becomes actions run against the session.
 */
final class Mapper {
    private static final Set<String> STATES = Set.of("state", "parallel", "final", "history");

    private final Loading loading;
    private final Content content;
    private final Map<El, String> ids = new IdentityHashMap<>();
    private final Map<String, El> byId = new LinkedHashMap<>();
    private final List<ScxmlDocument.DataDecl> topData = new ArrayList<>();
    private final List<ScxmlDocument.DataDecl> allData = new ArrayList<>();
    /** Each {@code <data>} compiled once (a {@code src} read once), whether bound early or late. */
    private final Map<El, ScxmlDocument.DataDecl> dataDecls = new IdentityHashMap<>();
    private final Map<String, Exec[]> historyContent = new LinkedHashMap<>();
    private int anonymous;
    private boolean late;

    Mapper(Loading loading) {
        this.loading = loading;
        this.content = new Content(loading);
    }

    ScxmlDocument map(El root) {
        if (!root.isScxml() || !root.name.equals("scxml")) {
            throw new ScxmlException(root, "the root element must be <scxml> in namespace " + El.SCXML_NS);
        }
        String model = root.has("datamodel") ? root.attr("datamodel") : "ecmascript";
        if (!model.equals("ecmascript") && !model.equals("null")) {
            throw new ScxmlException(root, "unsupported datamodel \"" + model + "\" (ecmascript or null)");
        }
        late = "late".equals(root.attr("binding"));
        name(root);
        for (El dm : root.elements("datamodel")) {
            for (El d : dm.elements("data")) {
                topData.add(data(d));
            }
        }
        allData.addAll(topData);
        collectData(root);
        checkTargets(root);

        String chartName = root.has("name") ? root.attr("name") : loading.file;
        ChartBuilder<ScxmlSession> b = Chart.builder(chartName);
        b.errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT);
        b.unknownEvents(UnknownEvents.IGNORE); // SCXML discards an event nothing matches (§3.12.1), under tests too
        b.allowUnreachable();
        b.maxMicrosteps(100_000);
        b.initial(initialTargets(root));
        List<Exec[]> scripts = new ArrayList<>();
        for (El s : root.elements("script")) {
            scripts.add(content.block(wrap(s)));
        }
        List<ScxmlDocument.DataDecl> initialData = List.copyOf(late ? topData : allData);
        List<ScxmlDocument.DataDecl> lateData = late ? List.copyOf(allData) : List.of();
        b.initialAction(s -> s.initialize(initialData, lateData, scripts));
        children(b, root, null);
        Chart<ScxmlSession> chart;
        try {
            chart = b.build();
        } catch (ChartDefinitionException e) {
            throw new ScxmlException(root, "not a valid chart: " + e.getMessage());
        }
        return new ScxmlDocument(chartName, root.attr("name"), model, chart);
    }

    /** A parent holding only this element, so that a single element compiles as a block. */
    private static El wrap(El e) {
        El w = new El(El.SCXML_NS, "block", e.file(), e.line(), e.column());
        w.children.add(e);
        return w;
    }

    private void name(El parent) {
        for (El c : parent.elements()) {
            if (STATES.contains(c.name)) {
                String id = c.has("id") ? c.attr("id") : "__state" + (++anonymous);
                if (byId.containsKey(id)) {
                    throw new ScxmlException(c, "duplicate state id \"" + id + "\"");
                }
                ids.put(c, id);
                byId.put(id, c);
                El t = c.name.equals("history") ? c.first("transition") : null;
                if (t != null) {
                    Exec[] b = content.block(t);
                    if (b.length > 0) {
                        historyContent.put(id, b);
                    }
                }
                name(c);
            }
        }
    }

    private void collectData(El parent) {
        for (El c : parent.elements()) {
            if (STATES.contains(c.name)) {
                for (El dm : c.elements("datamodel")) {
                    for (El d : dm.elements("data")) {
                        allData.add(data(d));
                    }
                }
                collectData(c);
            }
        }
    }

    private ScxmlDocument.DataDecl data(El d) {
        return dataDecls.computeIfAbsent(d, this::compileData);
    }

    private ScxmlDocument.DataDecl compileData(El d) {
        String id = Content.require(d, "id");
        Content.Value v;
        if (d.has("src")) {
            String text = loading.readRelative(d, d.attr("src"));
            v = s -> s.dm().fromText(text);
        } else {
            v = content.value(d, "expr", true);
        }
        return new ScxmlDocument.DataDecl(id, v, Site.of(d));
    }

    private void checkTargets(El parent) {
        for (El c : parent.elements()) {
            if (c.name.equals("transition") && c.has("target")) {
                for (String t : split(c.attr("target"))) {
                    if (!byId.containsKey(t)) {
                        throw new ScxmlException(c, "unknown target \"" + t + "\"");
                    }
                }
            }
            if (c.name.equals("initial") && c.first("transition") == null) {
                throw new ScxmlException(c, "<initial> needs a <transition>");
            }
            if (parent.has("initial") && STATES.contains(parent.name) || parent.name.equals("scxml") && parent.has("initial")) {
                for (String t : split(parent.attr("initial"))) {
                    if (!byId.containsKey(t)) {
                        throw new ScxmlException(parent, "unknown initial state \"" + t + "\"");
                    }
                }
            }
            if (STATES.contains(c.name) || c.name.equals("initial")) {
                checkTargets(c);
            }
        }
    }

    private static String[] split(String list) {
        String s = list.strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }

    /** The initial attribute, else the first child state in document order. */
    private Object[] initialTargets(El e) {
        if (e.has("initial")) {
            return split(e.attr("initial"));
        }
        for (El c : e.elements()) {
            if (c.name.equals("state") || c.name.equals("parallel") || c.name.equals("final")) {
                return new Object[] {ids.get(c)};
            }
        }
        throw new ScxmlException(e, "<" + e.name + "> has no child state");
    }

    private void children(StateBuilder<ScxmlSession> sb, El parent, String parentId) {
        for (El c : parent.elements()) {
            String id = ids.get(c);
            switch (c.name) {
                case "state" -> sb.state(id, s -> state(s, c, id));
                case "parallel" -> sb.parallel(id, s -> state(s, c, id));
                case "final" -> sb.finalState(id, s -> finalState(s, c, parentId));
                case "history" -> {
                    HistoryType type = "deep".equals(c.attr("type")) ? HistoryType.DEEP : HistoryType.SHALLOW;
                    El t = c.first("transition");
                    Object[] defaults = t == null || !t.has("target") ? new Object[0] : split(t.attr("target"));
                    sb.history(id, type, defaults);
                }
                default -> {
                    // onentry, onexit, transition, initial, datamodel, invoke: handled by state()
                }
            }
        }
    }

    private void state(StateBuilder<ScxmlSession> s, El e, String id) {
        List<ScxmlDocument.DataDecl> own = new ArrayList<>();
        for (El dm : e.elements("datamodel")) {
            for (El d : dm.elements("data")) {
                own.add(data(d));
            }
        }
        if (late && !own.isEmpty()) {
            s.onEntry(o -> o.bindLate(id, own));
        }
        entryExit(s, e);
        for (El h : e.elements("history")) {
            String hid = ids.get(h);
            Exec[] defaultContent = historyContent.get(hid);
            if (defaultContent != null) {
                // SCXML 3.10: a history state's default transition content runs after the parent's
                // onentry (and initial content), and only while the history has recorded nothing
                s.onEntry(o -> o.historyEntered(hid, id, defaultContent));
                s.onExit(o -> o.historyParentExited(id));
            }
        }
        for (El t : e.elements("transition")) {
            transition(s, t);
        }
        boolean compound = false;
        for (El c : e.elements()) {
            if (c.name.equals("state") || c.name.equals("parallel") || c.name.equals("final")) {
                compound = true;
                break;
            }
        }
        if (compound && e.name.equals("state")) {
            El initial = e.first("initial");
            if (initial != null) {
                El t = initial.first("transition");
                String[] targets = split(Content.require(t, "target"));
                s.initial((Object[]) targets);
                Exec[] actions = content.block(t);
                if (actions.length > 0) {
                    s.initialAction(o -> o.runBlock(actions));
                }
                for (String target : targets) {
                    Exec[] defaultContent = historyContent.get(target);
                    if (defaultContent != null) {
                        s.initialAction(o -> o.historyDefault(id, defaultContent));
                    }
                }
            } else {
                s.initial(initialTargets(e));
            }
        }
        for (El inv : e.elements("invoke")) {
            Invoke i = Invoke.compile(inv, id, content, loading);
            s.onEntry(o -> o.invokeRequested(i));
            s.onExit(o -> o.invokeCancelled(i));
        }
        children(s, e, id);
    }

    private void entryExit(StateBuilder<ScxmlSession> s, El e) {
        for (El on : e.elements("onentry")) {
            Exec[] b = content.block(on);
            s.onEntry(o -> o.runBlock(b));
        }
        for (El on : e.elements("onexit")) {
            Exec[] b = content.block(on);
            s.onExit(o -> o.runBlock(b));
        }
    }

    private void finalState(StateBuilder<ScxmlSession> s, El e, String parentId) {
        String id = ids.get(e);
        entryExit(s, e);
        El donedata = e.first("donedata");
        if (donedata != null) {
            Content.Data d = content.data(donedata);
            s.onEntry(o -> o.doneData(parentId, d));
        }
        if (parentId == null) {
            s.onEntry(o -> o.reachedFinal(id));
        }
    }

    private void transition(StateBuilder<ScxmlSession> s, El t) {
        String event = t.attr("event");
        TransitionBuilder<ScxmlSession, Object> tb = event == null || event.isBlank() ? s.always() : s.on(event);
        String cond = t.attr("cond");
        if (cond != null) {
            Site site = Site.of(t);
            tb.guard((o, ev) -> o.cond(cond, site));
        }
        Exec[] actions = content.block(t);
        if (actions.length > 0) {
            tb.action((o, ev) -> o.runBlock(actions));
        }
        if (t.has("target") && split(t.attr("target")).length > 0) {
            String[] targets = split(t.attr("target"));
            tb.target((Object[]) targets);
            for (String target : targets) {
                if (historyContent.containsKey(target)) {
                    tb.action((o, ev) -> o.historyRequested(target));
                }
            }
        }
        if ("internal".equals(t.attr("type"))) {
            tb.local();
        }
    }
}
