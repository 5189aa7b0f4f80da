package dev.arbor.io;

import static dev.arbor.io.ChartReader.HISTORY_KEYS;
import static dev.arbor.io.ChartReader.STATE_KEYS;
import static dev.arbor.io.ChartReader.STATE_KINDS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Behavior;
import dev.arbor.core.HistoryType;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.StateHandler;
import dev.arbor.io.ComponentRegistry.Kind;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads a chart file's state tree: what each state object (and the top level, and the global
 * state) declares, its initial states, actions, behaviours, handler, deferred events and
 * completion target, its transitions ({@link TransitionReader}) and its children, each declared
 * where the file writes its name.
 */
final class StateTreeReader<C> {
    private final ReadContext cx;
    private final SourceTree tree;
    private final FileValues values;
    private final ComponentReader<C> components;
    private final TransitionReader<C> transitionReader;

    StateTreeReader(ReadContext cx, FileValues values, ComponentReader<C> components, TransitionReader<C> transitionReader) {
        this.cx = cx;
        this.tree = cx.tree;
        this.values = values;
        this.components = components;
        this.transitionReader = transitionReader;
    }

    /**
     * What a state object (or the top level, or the global state) declares; {@code state} is null
     * at the root. Its components are made as the state's own ({@link ReadContext#current}), its children's
     * as theirs.
     */
    void body(StateBuilder<C> s, ObjectNode o, String state) {
        String outer = cx.current;
        cx.current = state == null ? ReadContext.ROOT : state;
        try {
            declarations(s, o);
        } finally {
            cx.current = outer;
        }
    }

    private void declarations(StateBuilder<C> s, ObjectNode o) {
        List<String> initial = values.targets(o, "initial");
        if (!initial.isEmpty()) {
            s.initial(initial.toArray());
        }
        for (ComponentReader.Made a : components.list(o, "initialAction", Kind.ACTION)) {
            if (components.fit(a, false, false, "initialAction") instanceof StateAction<?> f) {
                @SuppressWarnings("unchecked")
                StateAction<C> sa = (StateAction<C>) f;
                s.initialAction(cx.hand("initialAction", sa));
            }
        }
        for (String key : List.of("onEntry", "onExit", "onUpdate")) {
            for (ComponentReader.Made a : components.list(o, key, Kind.ACTION)) {
                addStateAction(s, key, a);
            }
        }
        for (ComponentReader.Made m : components.list(o, "use", Kind.BEHAVIOR)) {
            @SuppressWarnings("unchecked")
            Behavior<C> beh = (Behavior<C>) m.instance();
            s.use(cx.hand("use", new Named.NamedBehavior<>(m.label(), beh)));
        }
        if (o.has("handler")) {
            cx.events.handler();
            ComponentReader.Made m = components.make(o.get("handler"), tree.value(o, "handler"), Kind.HANDLER);
            @SuppressWarnings("unchecked")
            StateHandler<C> h = (StateHandler<C>) m.instance();
            s.handler(cx.hand("handler", new Named.NamedHandler<>(m.label(), h)));
        }
        JsonNode transitions = o.get("transitions");
        if (transitions != null) {
            if (transitions.isArray()) {
                for (int i = 0; i < transitions.size(); i++) {
                    transitionReader.transition(s, transitions.get(i), tree.item(transitions, i));
                }
            } else {
                cx.problem(tree.value(o, "transitions"), "\"transitions\" must be a list of transitions, not " + FileValues.kindOf(transitions));
            }
        }
        if (o.has("defer")) {
            JsonNode d = o.get("defer");
            List<String> names = new ArrayList<>();
            List<Pos> places = new ArrayList<>();
            if (d.isTextual()) {
                names.add(d.textValue());
                places.add(tree.value(o, "defer"));
            } else if (d.isArray()) {
                for (int i = 0; i < d.size(); i++) {
                    if (d.get(i).isTextual()) {
                        names.add(d.get(i).textValue());
                        places.add(tree.item(d, i));
                    } else {
                        cx.problem(tree.item(d, i), "\"defer\" lists event names, not " + Excerpt.of(d.get(i)));
                    }
                }
            } else {
                cx.problem(tree.value(o, "defer"), "\"defer\" must be event names (a string, or a list of them), not "
                        + Excerpt.of(d));
            }
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                if (n.isBlank()) {
                    cx.problem(tree.value(o, "defer"), "\"defer\" must name at least one event");
                } else {
                    s.defer(n);
                    cx.events.deferred(n, places.get(i), cx.current);
                }
            }
        }
        if (o.has("then")) {
            String next = values.ref(o, "then");
            if (next != null) {
                s.then(next); // a completion transition: onDone().target(next)
                cx.transitionMade(tree.key(o, "then"));
            }
        }
        JsonNode states = o.get("states");
        if (states != null) {
            if (states.isObject()) {
                Iterator<Map.Entry<String, JsonNode>> it = states.properties().iterator();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    child(s, (ObjectNode) states, e.getKey(), e.getValue());
                }
            } else {
                cx.problem(tree.value(o, "states"), "\"states\" must be an object of states by name, not " + FileValues.kindOf(states));
            }
        }
    }

    private void child(StateBuilder<C> s, ObjectNode states, String name, JsonNode n) {
        Pos at = tree.key(states, name);
        cx.declared.computeIfAbsent(name, k -> new ArrayList<>()).add(at);
        cx.events.state(name, cx.current);
        if (name.isBlank()) {
            cx.problem(at, "a state name cannot be blank");
        }
        if (!n.isObject()) {
            cx.problem(tree.value(states, name), "state '" + Excerpt.of(name) + "' must be an object, not " + FileValues.kindOf(n));
            s.state(name);
            return;
        }
        String outer = cx.current;
        cx.current = name; // what is wrong with the state object's own keys concerns it
        try {
            ObjectNode o = (ObjectNode) n;
            String kind = values.choice(o, "kind", STATE_KINDS);
            if (kind == null) {
                kind = "state";
            }
            switch (kind) {
                case "shallowHistory", "deepHistory" -> {
                    values.checkKeys(o, HISTORY_KEYS, "history state '" + Excerpt.of(name) + "'");
                    s.history(name, kind.equals("deepHistory") ? HistoryType.DEEP : HistoryType.SHALLOW,
                            values.targets(o, "default").toArray());
                }
                case "parallel" -> {
                    values.checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.parallel(name, c -> body(c, o, name));
                }
                case "final" -> {
                    values.checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.finalState(name, c -> body(c, o, name));
                }
                default -> {
                    values.checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.state(name, c -> body(c, o, name));
                }
            }
        } finally {
            cx.current = outer;
        }
    }

    private void addStateAction(StateBuilder<C> s, String key, ComponentReader.Made a) {
        Object f = components.fit(a, true, false, key);
        if (f instanceof MachineStateAction<?>) {
            @SuppressWarnings("unchecked")
            MachineStateAction<C> msa = cx.hand(key, (MachineStateAction<C>) f);
            switch (key) {
                case "onEntry" -> s.onEntry(msa);
                case "onExit" -> s.onExit(msa);
                default -> s.onUpdate(msa);
            }
        } else if (f instanceof StateAction<?>) {
            @SuppressWarnings("unchecked")
            StateAction<C> sa = cx.hand(key, (StateAction<C>) f);
            switch (key) {
                case "onEntry" -> s.onEntry(sa);
                case "onExit" -> s.onExit(sa);
                default -> s.onUpdate(sa);
            }
        }
    }
}
