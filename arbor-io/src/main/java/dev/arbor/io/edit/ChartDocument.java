package dev.arbor.io.edit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.arbor.io.ChartFileException;
import dev.arbor.io.ChartLoader;
import dev.arbor.io.ComponentRegistry;
import dev.arbor.io.NearestName;
import dev.arbor.io.edit.ChartModel.State;
import dev.arbor.io.edit.ChartModel.Transition;
import dev.arbor.io.edit.JsonTree.Arr;
import dev.arbor.io.edit.JsonTree.Member;
import dev.arbor.io.edit.JsonTree.Node;
import dev.arbor.io.edit.JsonTree.Obj;
import dev.arbor.io.edit.JsonTree.Scalar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A chart file's text, edited by splicing: {@link #apply} changes only the text of what the edit
 * touches, written in the file's own indentation, so that key order and formatting stay as the
 * designer left them and a one-state change is a few-line diff. Immutable: every edit gives a
 * new document.
 *
 * <p>The text is read as the loader reads it: strict JSON (no comments, no trailing commas), a
 * leading byte order mark allowed. A state is named by its name alone, as names are unique in a
 * chart; the top level (for transitions and keys: the global state) is {@code ""}.
 */
public final class ChartDocument {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> KINDS = Set.of("state", "parallel", "final");

    private final String fileName;
    private final String text;
    /** The text read, once it is first needed (a document of text that is not JSON can still be made and shown). */
    private volatile JsonTree tree;

    private ChartDocument(String fileName, String text) {
        this.fileName = Objects.requireNonNull(fileName, "fileName");
        this.text = Objects.requireNonNull(text, "text");
    }

    /**
     * A document of this text; an empty or blank text is a new chart named after the file, with
     * no states yet, until the first edit writes it.
     *
     * @param fileName the file's name, as problems name it
     * @param text     its text
     * @return the document
     */
    public static ChartDocument of(String fileName, String text) {
        return new ChartDocument(fileName, text);
    }

    /** {@return the file's name} */
    public String fileName() {
        return fileName;
    }

    /** {@return the text} */
    public String text() {
        return text;
    }

    /**
     * The text a blank file starts as: a chart named after the file (its name without directory
     * and extension), with no states, laid out over lines with two-space indentation.
     *
     * @param fileName the file's name
     * @return the text
     */
    public static String newChart(String fileName) {
        String name = fileName.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.indexOf('.');
        name = dot > 0 ? name.substring(0, dot) : name;
        if (name.isBlank()) {
            name = "chart";
        }
        return "{\n  \"chart\": " + Layout.quote(name) + ",\n  \"states\": {}\n}\n";
    }

    /**
     * The document with an edit made.
     *
     * @param edit the edit
     * @return the new document (this one, when the edit changes nothing)
     * @throws EditException when the edit cannot be made (the text does not parse as a JSON object, an unknown state, a name taken, …)
     */
    public ChartDocument apply(ChartEdit edit) {
        Objects.requireNonNull(edit, "edit");
        JsonTree read = read();
        Splicer s = new Splicer(read, text.isBlank() ? Layout.NEW_FILE : Layout.of(read));
        if (edit instanceof ChartEdit.AddState e) {
            addState(s, e.parent(), e.name(), NODES.objectNode());
        } else if (edit instanceof ChartEdit.AddHistory e) {
            if (e.parent() == null || e.parent().isEmpty()) {
                throw new EditException("a history state belongs inside a state: name the state to add it to");
            }
            addState(s, e.parent(), e.name(), NODES.objectNode().put("kind", e.deep() ? "deepHistory" : "shallowHistory"));
        } else if (edit instanceof ChartEdit.RenameState e) {
            renameState(s, e.state(), e.newName());
        } else if (edit instanceof ChartEdit.DeleteState e) {
            deleteState(s, e.state());
        } else if (edit instanceof ChartEdit.SetInitial e) {
            setInitial(s, e.state());
        } else if (edit instanceof ChartEdit.SetKind e) {
            setKind(s, e.state(), e.kind());
        } else if (edit instanceof ChartEdit.AddTransition e) {
            addTransition(s, e.source(), e.transition());
        } else if (edit instanceof ChartEdit.SetTransition e) {
            setTransition(s, e.source(), e.index(), e.transition());
        } else if (edit instanceof ChartEdit.RemoveTransition e) {
            removeTransition(s, e.source(), e.index());
        } else if (edit instanceof ChartEdit.SetStateKey e) {
            setStateKey(s, e.state(), e.key(), e.value());
        } else if (edit instanceof ChartEdit.SetVariable e) {
            setVariable(s, e.name(), e.declaration());
        } else if (edit instanceof ChartEdit.SetChartKey e) {
            setChartKey(s, e.key(), e.value());
        } else {
            throw new IllegalArgumentException("unknown edit " + edit); // the interface is sealed: never
        }
        return s.text().equals(read.text) && !text.isBlank() ? this : new ChartDocument(fileName, s.text());
    }

    /**
     * What the file declares, with each state's and transition's place in it.
     *
     * @return the outline
     * @throws EditException when the text is not a JSON object
     */
    public Outline outline() {
        JsonTree read = read();
        ChartModel chart = new ChartModel((Obj) read.root);
        Lines lines = new Lines(read.text);
        List<Outline.State> states = new ArrayList<>();
        for (State s : chart.states) {
            states.add(outlineState(s.name(), s.parent(), s.kind(), s.obj(), s.member().keyStart(), initial(chart, s), lines));
        }
        Member globalMember = chart.root.member("global");
        Outline.State global = outlineState("", "", "global", chart.global(),
                globalMember == null ? chart.root.start() : globalMember.keyStart(), false, lines);
        List<Outline.Variable> variables = new ArrayList<>();
        if (chart.root.obj("variables") != null) {
            for (Member m : chart.root.obj("variables").members()) {
                int[] at = lines.at(m.keyStart());
                variables.add(new Outline.Variable(m.key(), m.value().json().toString(), at[0], at[1]));
            }
        }
        Set<String> events = new TreeSet<>();
        for (Transition t : chart.transitions()) {
            if (t.obj() != null) {
                events.addAll(ChartModel.words(t.obj().json().get("event")));
            }
        }
        for (State s : chart.states) {
            if (s.obj() != null) {
                events.addAll(ChartModel.words(s.obj().json().get("defer")));
            }
        }
        ChartModel.raised(chart.root, events::add);
        events.remove("*"); // "every event": not an event that can be sent or named
        return new Outline(chart.root.text("chart"), List.copyOf(states), List.copyOf(variables), List.copyOf(events), global);
    }

    /**
     * The transitions a {@link ChartEdit.DeleteState} of {@code state} would remove besides the
     * state's own, each as {@code SOURCE --EVENT--> TARGET} (for a confirmation): those that enter
     * the state or one inside it (by {@code target} or {@code plan}) or wait for one to finish
     * ({@code "done": NAME}), from outside it. The global state is {@code global}; a transition
     * without an event is named by its trigger ({@code after 3}, {@code when}, {@code done}, …).
     *
     * @param state the state's name
     * @return the descriptions, in file order
     * @throws EditException when there is no such state or the text is not a JSON object
     */
    public List<String> transitionsInto(String state) {
        ChartModel chart = new ChartModel((Obj) read().root);
        chart.state(state);
        Set<String> gone = chart.subtree(state);
        List<String> out = new ArrayList<>();
        for (Transition t : chart.transitions()) {
            if (!gone.contains(t.source()) && t.obj() != null && ChartModel.enters(t.obj(), gone)) {
                out.add(describe(t));
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ reading

    private JsonTree read() {
        JsonTree t = tree;
        if (t == null) {
            String source = text.isBlank() ? newChart(fileName) : text;
            try {
                t = JsonTree.parse(source);
            } catch (JsonTree.SyntaxException e) {
                throw new EditException(syntaxError(source, e) + "; fix the text before editing the chart");
            }
            if (!(t.root instanceof Obj)) {
                throw new EditException(fileName + ": the file holds a JSON " + (t.root instanceof Arr ? "list" : "value")
                        + ", not an object; a chart file holds one JSON object");
            }
            tree = t;
        }
        return t;
    }

    /**
     * Where and why the text is not JSON, in the loader's plain words (a syntax error stops the
     * loader at its first problem, before any component is looked up, so an empty registry does).
     */
    private String syntaxError(String source, JsonTree.SyntaxException e) {
        try {
            ChartLoader.of(ComponentRegistry.create()).load(fileName, source);
        } catch (ChartFileException loaderSays) {
            if (!loaderSays.problems().isEmpty()) {
                return loaderSays.problems().get(0).toString();
            }
        } catch (RuntimeException other) {
            // not the loader's words, then: Jackson's below
        }
        return fileName + ":" + e.line + ":" + e.column + ": the file does not read as JSON: " + e.getMessage();
    }

    private static ChartModel model(Splicer s) {
        ChartModel chart = new ChartModel((Obj) s.tree().root);
        if (chart.root.member("global") != null && chart.global() == null) {
            throw new EditException("the chart's \"global\" is not a JSON object; fix it in the text first");
        }
        return chart;
    }

    // ------------------------------------------------------------------ states

    private static void addState(Splicer s, String parent, String name, ObjectNode body) {
        ChartModel chart = model(s);
        String where = parent == null ? "" : parent;
        if (!where.isEmpty()) {
            State p = chart.state(where);
            if (p.isHistory()) {
                throw new EditException("'" + where + "' is a history state: it cannot hold states");
            }
            if (p.kind().equals("final")) {
                throw new EditException("'" + where + "' is a final state: it cannot hold states (make it an ordinary state first)");
            }
        }
        checkNewName(chart, name);
        Obj owner = chart.objectOf(where);
        Member states = owner.member("states");
        if (states == null) {
            s.insert(owner, "states", NODES.objectNode().set(name, body), true);
        } else if (states.value() instanceof Obj container) {
            s.insert(container, name, body, false);
        } else {
            throw new EditException(holder(where) + ": its \"states\" is not a JSON object; fix it in the text first");
        }
    }

    private static void renameState(Splicer s, String state, String newName) {
        ChartModel chart = model(s);
        State renamed = chart.state(state);
        if (state.equals(newName)) {
            return;
        }
        checkNewName(chart, newName);
        String quoted = Layout.quote(newName);
        List<Splicer.Splice> splices = new ArrayList<>();
        splices.add(new Splicer.Splice(renamed.member().keyStart(), renamed.member().keyEnd(), quoted));
        java.util.function.Consumer<Scalar> rename = n -> {
            if (n.json().textValue().equals(state)) {
                splices.add(new Splicer.Splice(n.start(), n.end(), quoted));
            }
        };
        ChartModel.names(chart.root.get("initial"), rename);
        for (State st : chart.states) {
            if (st.obj() != null) {
                ChartModel.names(st.obj().get("initial"), rename);
                ChartModel.names(st.obj().get("then"), rename);
                ChartModel.names(st.obj().get("default"), rename);
            }
        }
        String doneEvent = "done.state." + state;
        for (Transition t : chart.transitions()) {
            Obj o = t.obj();
            if (o == null) {
                continue;
            }
            ChartModel.names(o.get("target"), rename);
            ChartModel.names(o.get("plan"), rename);
            if (o.get("done") instanceof Scalar d && d.json().isTextual()) {
                rename.accept(d);
            }
            ChartModel.inStates(o.get("guard"), rename);
            ChartModel.inStates(o.get("when"), rename);
            // The completion event of the state is named after it.
            if (o.get("event") instanceof Scalar ev && ev.json().isTextual()) {
                String[] words = ev.json().textValue().split(" ", -1);
                boolean changed = false;
                for (int i = 0; i < words.length; i++) {
                    if (words[i].equals(doneEvent)) {
                        words[i] = "done.state." + newName;
                        changed = true;
                    }
                }
                if (changed) {
                    splices.add(new Splicer.Splice(ev.start(), ev.end(), Layout.quote(String.join(" ", words))));
                }
            }
        }
        s.spliceAll(splices);
    }

    private static void deleteState(Splicer s, String state) {
        Set<String> gone = model(s).subtree(model(s).state(state).name());
        // One removal at a time, each found in the text as the previous one left it.
        while (true) {
            ChartModel chart = model(s);
            Transition into = chart.transitions().stream()
                    .filter(t -> !gone.contains(t.source()) && t.obj() != null && ChartModel.enters(t.obj(), gone))
                    .findFirst().orElse(null);
            if (into == null) {
                break;
            }
            removeTransition(s, into);
        }
        removeNames(s, gone, "initial");
        removeNames(s, gone, "then");
        removeNames(s, gone, "default");
        State st = model(s).state(state);
        if (st.container().members().size() == 1 && !st.parent().isEmpty()) {
            s.remove(st.owner(), st.owner().member("states")); // a state without children says nothing of them
        } else {
            s.remove(st.container(), st.member());
        }
    }

    /** Removes every naming of these states under {@code key} (of the chart and of the states that stay), one at a time. */
    private static void removeNames(Splicer s, Set<String> gone, String key) {
        while (true) {
            ChartModel chart = model(s);
            List<Obj> owners = new ArrayList<>();
            if (key.equals("initial")) {
                owners.add(chart.root);
            }
            for (State st : chart.states) {
                if (!gone.contains(st.name()) && st.obj() != null) {
                    owners.add(st.obj());
                }
            }
            if (!removeFirstName(s, owners, gone, key)) {
                return;
            }
        }
    }

    private static boolean removeFirstName(Splicer s, List<Obj> owners, Set<String> gone, String key) {
        for (Obj owner : owners) {
            Member m = owner.member(key);
            if (m == null) {
                continue;
            }
            if (m.value() instanceof Scalar v && v.json().isTextual() && gone.contains(v.json().textValue())) {
                s.remove(owner, m);
                return true;
            }
            if (m.value() instanceof Arr list) {
                for (int i = 0; i < list.items().size(); i++) {
                    if (list.items().get(i) instanceof Scalar v && v.json().isTextual() && gone.contains(v.json().textValue())) {
                        if (list.items().size() == 1) {
                            s.remove(owner, m);
                        } else {
                            s.removeItem(list, i);
                        }
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static void setInitial(Splicer s, String state) {
        ChartModel chart = model(s);
        if (state == null || state.isEmpty()) {
            throw new EditException("the top level is not a state: name the state to make initial");
        }
        State st = chart.state(state);
        s.put(chart.objectOf(st.parent()), "initial", TextNode.valueOf(state), true);
    }

    private static void setKind(Splicer s, String state, String kind) {
        if (kind == null || !KINDS.contains(kind)) {
            throw new EditException("a state's kind is 'state', 'parallel' or 'final', not '" + kind
                    + "' (a history state is added with addHistory)");
        }
        ChartModel chart = model(s);
        if (state == null || state.isEmpty()) {
            throw new EditException("the top level is not a state: name the state whose kind to set");
        }
        Obj o = chart.objectOf(state);
        if (kind.equals("state")) {
            Member m = o.member("kind");
            if (m != null) {
                s.remove(o, m);
            }
            return;
        }
        Member initial = o.member("initial");
        if (initial != null) { // only a compound state has an initial: a parallel or final one that kept it would not load
            s.remove(o, initial);
            o = model(s).objectOf(state);
        }
        s.put(o, "kind", TextNode.valueOf(kind), true);
    }

    private static void checkNewName(ChartModel chart, String name) {
        if (name == null || name.isEmpty()) {
            throw new EditException("a state needs a name");
        }
        if (name.indexOf('/') >= 0) {
            throw new EditException("a state's name cannot contain '/', which separates the names in a state's path: '" + name + "'");
        }
        if (name.chars().anyMatch(Character::isISOControl)) {
            throw new EditException("a state's name cannot contain control characters (such as a line break)");
        }
        if (!name.strip().equals(name)) {
            throw new EditException("a state's name cannot begin or end with a space: '" + name + "'");
        }
        if (name.equals("root")) {
            throw new EditException("'root' is the name of the chart's own top state: choose another name");
        }
        State taken = chart.byName.get(name);
        if (taken != null) {
            throw new EditException("there is already a state '" + name + "' ("
                    + (taken.parent().isEmpty() ? "at the top level" : "in '" + taken.parent() + "'") + ")");
        }
    }

    // ------------------------------------------------------------------ transitions

    private static void addTransition(Splicer s, String source, ObjectNode transition) {
        checkTransition(transition);
        ChartModel chart = model(s);
        String where = source == null ? "" : source;
        Obj owner = where.isEmpty() ? chart.global() : chart.objectOf(where);
        if (owner == null) { // the first transition of the global state makes it
            s.insert(chart.root, "global", NODES.objectNode().set("transitions", NODES.arrayNode().add(transition)), true);
            return;
        }
        Member holder = owner.member("transitions");
        if (holder == null) {
            s.insert(owner, "transitions", NODES.arrayNode().add(transition), true);
        } else if (holder.value() instanceof Arr) {
            s.append(holder, transition);
        } else {
            throw new EditException(holder(where) + ": its \"transitions\" is not a list; fix it in the text first");
        }
    }

    private static void setTransition(Splicer s, String source, int index, ObjectNode transition) {
        checkTransition(transition);
        Transition t = transition(model(s), source, index);
        s.replaceItem((Arr) t.holder().value(), index, transition);
    }

    private static void removeTransition(Splicer s, String source, int index) {
        removeTransition(s, transition(model(s), source, index));
    }

    /** Removes a transition; the last one of a state takes its {@code transitions} with it, and an emptied {@code global} goes too. */
    private static void removeTransition(Splicer s, Transition t) {
        Arr list = (Arr) t.holder().value();
        if (list.items().size() > 1) {
            s.removeItem(list, t.index());
            return;
        }
        s.remove(t.owner(), t.holder());
        if (t.source().isEmpty()) {
            removeGlobalIfEmpty(s);
        }
    }

    private static void removeGlobalIfEmpty(Splicer s) {
        ChartModel chart = model(s);
        Member global = chart.root.member("global");
        if (global != null && global.value() instanceof Obj o && o.members().isEmpty()) {
            s.remove(chart.root, global);
        }
    }

    private static Transition transition(ChartModel chart, String source, int index) {
        String where = source == null ? "" : source;
        List<Transition> all = chart.transitionsOf(where);
        String who = where.isEmpty() ? "the global state" : "state '" + where + "'";
        if (all.isEmpty()) {
            throw new EditException(who + " has no transitions");
        }
        if (index < 0 || index >= all.size()) {
            throw new EditException(who + " has " + (all.size() == 1 ? "1 transition (0)" : all.size() + " transitions (0 to " + (all.size() - 1) + ")")
                    + "; there is no transition " + index);
        }
        return all.get(index);
    }

    private static void checkTransition(ObjectNode transition) {
        if (transition == null) {
            throw new EditException("a transition is a JSON object, such as {\"event\": \"hit\", \"target\": \"hurt\"}");
        }
    }

    // ------------------------------------------------------------------ keys

    private static void setStateKey(Splicer s, String state, String key, JsonNode value) {
        if (key == null || key.isEmpty()) {
            throw new EditException("name the key to set");
        }
        switch (key) {
            case "states" -> throw new EditException("a state's children are edited one by one (addState, deleteState), not as its key 'states'");
            case "transitions" -> throw new EditException(
                    "a state's transitions are edited one by one (addTransition, setTransition, removeTransition), not as its key 'transitions'");
            case "kind" -> throw new EditException("a state's kind is set with setKind (a history state is added with addHistory), not as its key 'kind'");
            default -> { }
        }
        ChartModel chart = model(s);
        String where = state == null ? "" : state;
        if (where.isEmpty()) { // the global state's own keys
            Obj global = chart.global();
            if (value == null || value.isNull()) {
                if (global != null && global.member(key) != null) {
                    s.remove(global, global.member(key));
                    removeGlobalIfEmpty(s);
                }
            } else if (global == null) {
                s.insert(chart.root, "global", NODES.objectNode().set(key, value), true);
            } else {
                s.put(global, key, value, true);
            }
            return;
        }
        Obj o = chart.objectOf(where);
        if (value == null || value.isNull()) {
            if (o.member(key) != null) {
                s.remove(o, o.member(key));
            }
        } else {
            s.put(o, key, value, true);
        }
    }

    private static void setVariable(Splicer s, String name, JsonNode declaration) {
        if (name == null || name.isBlank()) {
            throw new EditException("a variable needs a name");
        }
        ChartModel chart = model(s);
        Member holder = chart.root.member("variables");
        if (holder != null && !(holder.value() instanceof Obj)) {
            throw new EditException("the chart's \"variables\" is not a JSON object; fix it in the text first");
        }
        Obj variables = holder == null ? null : (Obj) holder.value();
        if (declaration == null || declaration.isNull()) {
            Member m = variables == null ? null : variables.member(name);
            if (m == null) {
                List<String> names = variables == null ? List.of() : variables.members().stream().map(Member::key).toList();
                String nearest = NearestName.among(name, names);
                throw new EditException("there is no variable '" + name + "'" + (nearest == null ? "" : " (did you mean '" + nearest + "'?)"));
            }
            if (variables.members().size() == 1) {
                s.remove(chart.root, holder); // no variables left: the chart declares none
            } else {
                s.remove(variables, m);
            }
        } else if (variables == null) {
            s.insert(chart.root, "variables", NODES.objectNode().set(name, declaration), true);
        } else {
            s.put(variables, name, declaration, false);
        }
    }

    private static void setChartKey(Splicer s, String key, JsonNode value) {
        if (key == null || key.isEmpty()) {
            throw new EditException("name the key to set");
        }
        if (key.equals("states")) {
            throw new EditException("the chart's states are edited one by one (addState, deleteState), not as its key 'states'");
        }
        ChartModel chart = model(s);
        if (value == null || value.isNull()) {
            Member m = chart.root.member(key);
            if (m != null) {
                s.remove(chart.root, m);
            }
        } else {
            s.put(chart.root, key, value, true);
        }
    }

    private static String holder(String state) {
        return state.isEmpty() ? "the chart" : "state '" + state + "'";
    }

    // ------------------------------------------------------------------ outline

    private static boolean initial(ChartModel chart, State s) {
        if (s.isHistory()) {
            return false;
        }
        Obj parent = s.owner();
        boolean[] named = {false};
        ChartModel.names(parent.get("initial"), n -> named[0] |= n.json().textValue().equals(s.name()));
        if (named[0] || parent.get("initial") != null) {
            return named[0];
        }
        // Without an initial, the only child is entered (history states are not children that can be).
        return chart.states.stream().filter(c -> c.container() == s.container() && !c.isHistory()).count() == 1;
    }

    private static Outline.State outlineState(String name, String parent, String kind, Obj o, int keyStart, boolean initial, Lines lines) {
        Map<String, String> keys = new LinkedHashMap<>();
        List<Outline.Transition> transitions = new ArrayList<>();
        if (o != null) {
            for (Member m : o.members()) {
                if (!m.key().equals("states") && !m.key().equals("transitions") && !keys.containsKey(m.key())) {
                    keys.put(m.key(), m.value().json().toString());
                }
            }
            if (o.get("transitions") instanceof Arr list) {
                for (int i = 0; i < list.items().size(); i++) {
                    Node t = list.items().get(i);
                    int[] at = lines.at(t.start());
                    transitions.add(new Outline.Transition(i, t.json().toString(), at[0], at[1]));
                }
            }
        }
        int[] at = lines.at(keyStart);
        return new Outline.State(name, parent, kind, initial, at[0], at[1], keys, List.copyOf(transitions));
    }

    private static String describe(Transition t) {
        Obj o = t.obj();
        JsonNode j = o.json();
        String trigger;
        if (j.path("event").isTextual()) {
            trigger = j.get("event").textValue();
        } else if (j.has("after")) {
            trigger = "after " + j.get("after");
        } else if (j.path("done").isTextual()) {
            trigger = "done " + j.get("done").textValue();
        } else {
            trigger = Arrays.stream(new String[] {"when", "done", "always", "any", "childFinished"})
                    .filter(j::has).findFirst().orElse("");
        }
        List<String> targets = new ArrayList<>();
        ChartModel.names(o.get("target"), n -> targets.add(n.json().textValue()));
        ChartModel.names(o.get("plan"), n -> targets.add(n.json().textValue()));
        String target = targets.isEmpty() ? "(no target)" : String.join(", ", targets);
        String source = t.source().isEmpty() ? "global" : t.source();
        return trigger.isEmpty() ? source + " --> " + target : source + " --" + trigger + "--> " + target;
    }

    /** Lines and columns (1-based) of character offsets. */
    private static final class Lines {
        private final int[] starts;

        Lines(String text) {
            List<Integer> s = new ArrayList<>();
            s.add(0);
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    s.add(i + 1);
                }
            }
            starts = s.stream().mapToInt(Integer::intValue).toArray();
        }

        int[] at(int offset) {
            int i = Arrays.binarySearch(starts, offset);
            int line = i >= 0 ? i : -i - 2;
            return new int[] {line + 1, offset - starts[line] + 1};
        }
    }
}
