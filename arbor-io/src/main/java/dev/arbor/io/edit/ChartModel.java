package dev.arbor.io.edit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.io.NearestName;
import dev.arbor.io.edit.JsonTree.Arr;
import dev.arbor.io.edit.JsonTree.Member;
import dev.arbor.io.edit.JsonTree.Node;
import dev.arbor.io.edit.JsonTree.Obj;
import dev.arbor.io.edit.JsonTree.Scalar;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The chart a {@link JsonTree} declares, as far as an editor needs it: its states by name (with
 * their members, parents and containers), their transitions, and every place a state's name is
 * written. Read anew after every splice, since splices move every offset after them.
 */
final class ChartModel {

    /**
     * A state of the file.
     *
     * @param member    its member (key and value) in its container
     * @param container the {@code states} object that holds it
     * @param owner     the object whose {@code states} that is: its parent's, or the chart's
     */
    record State(String name, String parent, Member member, Obj container, Obj owner) {
        /** {@return its object, or null when the file gives something else} */
        Obj obj() {
            return member.value() instanceof Obj o ? o : null;
        }

        String kind() {
            Obj o = obj();
            String kind = o == null ? null : o.text("kind");
            return kind == null ? "state" : kind;
        }

        boolean isHistory() {
            return kind().equals("shallowHistory") || kind().equals("deepHistory");
        }
    }

    /**
     * A transition of a state ({@code ""}: of the global state).
     *
     * @param owner  the object holding {@code transitions}: the state's, or {@code global}
     * @param holder the {@code transitions} member
     */
    record Transition(String source, Obj owner, Member holder, int index, Node node) {
        /** {@return its object, or null when the file gives something else} */
        Obj obj() {
            return node instanceof Obj o ? o : null;
        }
    }

    final Obj root;
    /** In file order, parents before children. */
    final List<State> states = new ArrayList<>();
    /** The first state of each name (names are unique in a chart that loads). */
    final Map<String, State> byName = new LinkedHashMap<>();

    ChartModel(Obj root) {
        this.root = root;
        collect(root, "");
    }

    private void collect(Obj owner, String parent) {
        if (!(owner.get("states") instanceof Obj container)) {
            return;
        }
        for (Member m : container.members()) {
            State s = new State(m.key(), parent, m, container, owner);
            states.add(s);
            byName.putIfAbsent(m.key(), s);
            if (s.obj() != null) {
                collect(s.obj(), m.key());
            }
        }
    }

    /** The state of this name; an {@link EditException} that says what was likely meant when there is none. */
    State state(String name) {
        State s = name == null ? null : byName.get(name);
        if (s == null) {
            String nearest = name == null ? null : NearestName.among(name, byName.keySet());
            throw new EditException("there is no state '" + name + "'" + (nearest == null ? "" : " (did you mean '" + nearest + "'?)"));
        }
        return s;
    }

    /** The object of a state that must be one (the chart's own for {@code ""}). */
    Obj objectOf(String name) {
        if (name.isEmpty()) {
            return root;
        }
        State s = state(name);
        if (s.obj() == null) {
            throw new EditException("state '" + name + "' is not written as a JSON object in the file: fix it in the text first");
        }
        return s.obj();
    }

    /** The state and every state below it. */
    Set<String> subtree(String name) {
        Set<String> out = new LinkedHashSet<>();
        out.add(name);
        for (State s : states) { // parents come before children, so one pass finds every descendant
            if (out.contains(s.parent())) {
                out.add(s.name());
            }
        }
        return out;
    }

    /** The global state's object, or null. */
    Obj global() {
        return root.obj("global");
    }

    /** Every transition of the file, the global state's included, in file order. */
    List<Transition> transitions() {
        List<Transition> out = new ArrayList<>();
        Obj global = global();
        if (global != null) {
            transitionsOf("", global, out);
        }
        for (State s : states) {
            if (s.obj() != null) {
                transitionsOf(s.name(), s.obj(), out);
            }
        }
        out.sort(Comparator.comparingInt(t -> t.node().start()));
        return out;
    }

    /** The transitions of one state ({@code ""}: the global state's), in order. */
    List<Transition> transitionsOf(String source) {
        List<Transition> out = new ArrayList<>();
        Obj owner = source.isEmpty() ? global() : objectOf(source);
        if (owner != null) {
            transitionsOf(source, owner, out);
        }
        return out;
    }

    private static void transitionsOf(String source, Obj owner, List<Transition> out) {
        Member holder = owner.member("transitions");
        if (holder != null && holder.value() instanceof Arr list) {
            for (int i = 0; i < list.items().size(); i++) {
                out.add(new Transition(source, owner, holder, i, list.items().get(i)));
            }
        }
    }

    // ------------------------------------------------------------------ where states are named

    /** The strings that a key's value names states with: the value itself, or the elements of a list. */
    static void names(Node value, Consumer<Scalar> each) {
        if (value instanceof Scalar s && s.json().isTextual()) {
            each.accept(s);
        } else if (value instanceof Arr a) {
            for (Node n : a.items()) {
                if (n instanceof Scalar s && s.json().isTextual()) {
                    each.accept(s);
                }
            }
        }
    }

    /** Whether a transition enters one of these states or waits for one to finish. */
    static boolean enters(Obj transition, Set<String> states) {
        boolean[] found = {false};
        Consumer<Scalar> check = s -> found[0] |= states.contains(s.json().textValue());
        names(transition.get("target"), check);
        names(transition.get("plan"), check);
        if (transition.get("done") instanceof Scalar s && s.json().isTextual()) {
            check.accept(s);
        }
        return found[0];
    }

    /**
     * The {@code state} of every {@code InState} condition in a condition: one component, a list,
     * or {@code not}, {@code allOf} and {@code anyOf} around others.
     */
    static void inStates(Node condition, Consumer<Scalar> each) {
        if (condition instanceof Arr a) {
            a.items().forEach(n -> inStates(n, each));
        } else if (condition instanceof Obj o) {
            if ("InState".equals(o.text("use")) && o.get("state") instanceof Scalar s && s.json().isTextual()) {
                each.accept(s);
            }
            inStates(o.get("not"), each);
            inStates(o.get("allOf"), each);
            inStates(o.get("anyOf"), each);
        }
    }

    /** Every event name a node mentions in {@code Raise} and {@code Send} components, at any depth. */
    static void raised(Node node, Consumer<String> each) {
        if (node instanceof Arr a) {
            a.items().forEach(n -> raised(n, each));
        } else if (node instanceof Obj o) {
            String use = o.text("use");
            if (("Raise".equals(use) || "Send".equals(use)) && o.text("event") != null) {
                each.accept(o.text("event"));
            }
            o.members().forEach(m -> raised(m.value(), each));
        }
    }

    /** The names of a space-separated string or a list of them. */
    static List<String> words(JsonNode value) {
        List<String> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        if (value.isTextual()) {
            for (String w : value.textValue().trim().split("\\s+")) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
        } else if (value.isArray()) {
            value.forEach(v -> out.addAll(words(v)));
        }
        return out;
    }
}
