package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Action;
import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Reply;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.io.ComponentRegistry.Entry;
import dev.arbor.io.ComponentRegistry.Kind;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Makes the components a chart file names: resolves each by name in the registry and binds its
 * properties, builds conditions and guards with their combinators, and fits actions to the place
 * that runs them. Where a component cannot be made, the problem is recorded and a harmless
 * stand-in takes its place.
 */
final class ComponentReader<C> {
    private final ReadContext cx;
    private final SourceTree tree;
    private final FileValues values;
    private final ComponentRegistry<C> registry;
    private final Binder binder;
    /** A component draws from the machine's seeded generator: snapshots must hold its state. */
    boolean drawsRandom;
    /** The triggers the guard being read tests: the transition it guards consumes them. */
    final List<Integer> triggersRead = new ArrayList<>();

    ComponentReader(ReadContext cx, FileValues values, ComponentRegistry<C> registry, Binder binder) {
        this.cx = cx;
        this.tree = cx.tree;
        this.values = values;
        this.registry = registry;
        this.binder = binder;
    }

    /** A component made from the file (or its stand-in), with the label it prints as. */
    record Made(String label, Object instance, Pos pos) {}

    /**
     * A condition for "when", eventless transitions and the combinators: a {@link Condition} on
     * the owner, or a {@link MachineCondition} that reads the machine too (the built-in ones).
     */
    Object condition(JsonNode n, Pos at) {
        Object c = guard(n, at);
        if (c instanceof Condition<?> || c instanceof MachineCondition<?>) {
            return c;
        }
        cx.problem(at, "condition '" + labelOf(c) + "' looks at the event, so it can only be an event transition's \"guard\"");
        return new Named.NamedCondition<C>("false", owner -> false);
    }

    /**
     * A condition or a guard, including the combinators {@code not}, {@code allOf} and {@code anyOf}:
     * a {@link Condition}, a {@link MachineCondition}, a {@link Guard} or a {@link MachineGuard}.
     */
    Object guard(JsonNode n, Pos at) {
        if (n.isObject() && !n.has("use")) {
            for (String op : List.of("not", "allOf", "anyOf")) {
                if (n.has(op)) {
                    ObjectNode o = (ObjectNode) n;
                    values.checkKeys(o, List.of(op), "a \"" + op + "\" condition");
                    JsonNode arg = o.get(op);
                    if (op.equals("not")) {
                        return Guards.not(condition(arg, tree.value(o, op)));
                    }
                    if (!arg.isArray()) {
                        cx.problem(tree.value(o, op), "\"" + op + "\" must be a list of conditions, not " + FileValues.kindOf(arg));
                        return new Named.NamedCondition<C>(op, owner -> false);
                    }
                    List<Object> parts = new ArrayList<>();
                    for (int i = 0; i < arg.size(); i++) {
                        parts.add(condition(arg.get(i), tree.item(arg, i)));
                    }
                    return Guards.combine(op, parts);
                }
            }
        }
        Made m = make(n, at, Kind.CONDITION);
        return Guards.named(m.label(), m.instance());
    }

    /**
     * An action made fit for a place that gives it the owner, and the machine and the event when
     * {@code machine} and {@code event} say so: the richest of the four action types the component
     * implements that the place can run (machine and event, event, machine, owner only), named
     * with its label. A component that implements both a machine and an owner-only form (the
     * built-in {@code Log}) runs with the machine where the place gives it, and without it elsewhere. Where an event is given, an action that needs none is lifted to one that
     * ignores it, so the result is an {@link Action} or a {@link MachineAction}; elsewhere it is a
     * {@link StateAction} or a {@link MachineStateAction}. Null, with a problem at the action,
     * when the place cannot run it.
     */
    @SuppressWarnings("unchecked")
    Object fit(Made a, boolean machine, boolean event, String where) {
        Object x = a.instance();
        String label = a.label();
        if (event) {
            if (machine && x instanceof MachineAction<?, ?>) {
                return new Named.NamedMachineAction<>(label, (MachineAction<C, Object>) x);
            }
            if (x instanceof Action<?, ?>) {
                return new Named.NamedAction<>(label, (Action<C, Object>) x);
            }
            if (machine && x instanceof MachineStateAction<?>) { // a component that takes the machine when it can
                MachineStateAction<C> msa = (MachineStateAction<C>) x;
                return new Named.NamedMachineAction<C>(label, (m, owner, e) -> msa.run(m, owner)).adapting(x);
            }
            if (x instanceof StateAction<?>) {
                StateAction<C> sa = (StateAction<C>) x;
                return new Named.NamedAction<C>(label, (owner, e) -> sa.run(owner)).adapting(x);
            }
        } else {
            if (machine && x instanceof MachineStateAction<?>) { // a component that takes the machine when it can
                return new Named.NamedMachineStateAction<>(label, (MachineStateAction<C>) x);
            }
            if (x instanceof StateAction<?>) {
                return new Named.NamedStateAction<>(label, (StateAction<C>) x);
            }
        }
        if (event || (x instanceof MachineStateAction<?> && !machine)) {
            cx.problem(a.pos(), "action '" + label + "' needs the machine, which \"" + where + "\" does not give");
        } else {
            cx.problem(a.pos(), "action '" + label + "' needs an event, so it can only run on a transition, not in \""
                    + where + "\"");
        }
        return null;
    }

    /** A component or a list of them, under a key. */
    List<Made> list(ObjectNode o, String key, Kind kind) {
        JsonNode n = o.get(key);
        List<Made> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                out.add(make(n.get(i), tree.item(n, i), kind));
            }
        } else {
            out.add(make(n, tree.value(o, key), kind));
        }
        return out;
    }

    /** Resolves a component by name and binds its properties; on failure, records why and returns a stand-in. */
    Made make(JsonNode n, Pos at, Kind kind) {
        String name;
        Pos namePos = at;
        ObjectNode props = JsonNodeFactory.instance.objectNode();
        ObjectNode source = null;
        if (n.isTextual()) {
            name = n.textValue();
        } else if (n.isObject()) {
            source = (ObjectNode) n;
            JsonNode use = source.get("use");
            if (use == null || !use.isTextual()) {
                cx.problem(use == null ? at : tree.value(source, "use"), article(kind.word)
                        + " is written {\"use\": \"NAME\", ...properties}; \"use\" must name a registered " + kind.word
                        + (use == null ? "" : ", not " + Excerpt.of(use)));
                return standIn(kind, at);
            }
            name = use.textValue();
            namePos = tree.value(source, "use");
            Iterator<Map.Entry<String, JsonNode>> it = source.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getKey().equals("use")) {
                    props.set(e.getKey(), e.getValue());
                }
            }
        } else {
            cx.problem(at, article(kind.word) + " is a name or {\"use\": \"NAME\", ...properties}, not " + FileValues.kindOf(n));
            return standIn(kind, at);
        }
        Entry entry = registry.find(kind, name);
        if (entry == null) {
            List<String> names = registry.names(kind);
            cx.problem(namePos, "unknown " + kind.word + " '" + Excerpt.of(name) + "'; "
                    + (names.isEmpty() ? "no " + kind.word + "s are registered"
                    : cx.near.withChoices(name, names, "registered " + kind.word + "s: " + String.join(", ", names))));
            return standIn(kind, at);
        }
        if (entry.instance() != null) {
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                cx.problem(tree.key(source, key), Binder.noSuchProperty(kind.word + " '" + name + "'", key, List.of()));
            }
            noteRaised(entry.instance(), source, at);
            return new Made(name, entry.instance(), at);
        }
        try {
            Object made = binder.bind(entry, props, source == null ? props : source, at, tree, cx.current, cx.variables);
            drawsRandom |= made instanceof DrawsRandom;
            if (made instanceof BuiltIn.IsSet<?> isSet && isSet.trigger() >= 0) {
                triggersRead.add(isSet.trigger());
            }
            noteStateRefs(name, made, props, source == null ? props : source);
            noteRaised(made, source, at);
            return new Made(label(name, props), made, at);
        } catch (Binder.BindFailure f) {
            for (Binder.Reported r : f.problems) {
                cx.problem(r.pos(), r.message());
            }
            return standIn(kind, at);
        }
    }

    /**
     * The events a component just made says it raises ({@link RaisesEvents}), each where the file
     * writes it: at the property whose value is the event's name, else at the component.
     */
    private void noteRaised(Object made, ObjectNode source, Pos at) {
        List<String> raised = made instanceof RaisesEvents r ? r.raisedEvents() : null;
        if (raised == null) {
            return;
        }
        for (String event : raised) {
            Pos pos = at;
            if (source != null) {
                for (Map.Entry<String, JsonNode> p : source.properties()) {
                    if (!p.getKey().equals("use") && p.getValue().isTextual() && p.getValue().textValue().equals(event)) {
                        pos = tree.value(source, p.getKey());
                        break;
                    }
                }
            }
            cx.events.raised(event, pos, cx.current);
        }
    }

    /** The {@link StateRef} properties of a component just made: checked with the targets once every state is known. */
    private void noteStateRefs(String component, Object made, ObjectNode props, ObjectNode source) {
        for (Map.Entry<String, JsonNode> p : props.properties()) {
            if (p.getValue().isTextual() && isStateRef(made.getClass(), p.getKey())) {
                cx.refs.add(new ReadContext.Ref(p.getValue().textValue(), tree.value(source, p.getKey()),
                        " in property '" + p.getKey() + "' of " + component, cx.current));
            }
        }
    }

    /** Whether a component's property of this name is a {@link StateRef}: a record component, a public field, or a setter. */
    private static boolean isStateRef(Class<?> type, String property) {
        if (type.isRecord()) {
            for (java.lang.reflect.RecordComponent rc : type.getRecordComponents()) {
                if (rc.getName().equals(property)) {
                    return rc.getType() == StateRef.class;
                }
            }
        }
        for (java.lang.reflect.Field f : type.getFields()) {
            if (f.getName().equals(property)) {
                return f.getType() == StateRef.class;
            }
        }
        String setter = "set" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
        for (java.lang.reflect.Method m : type.getMethods()) {
            if (m.getName().equals(setter) && m.getParameterCount() == 1) {
                return m.getParameterTypes()[0] == StateRef.class;
            }
        }
        for (java.lang.reflect.Constructor<?> k : type.getConstructors()) { // a @JsonCreator's parameters
            if (!k.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonCreator.class)) {
                continue;
            }
            for (java.lang.reflect.Parameter p : k.getParameters()) {
                com.fasterxml.jackson.annotation.JsonProperty named = p.getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
                if (named != null && named.value().equals(property)) {
                    return p.getType() == StateRef.class;
                }
            }
        }
        return false;
    }

    private static String label(String name, ObjectNode props) {
        if (props.isEmpty()) {
            return name;
        }
        StringBuilder b = new StringBuilder(name).append('{');
        Iterator<Map.Entry<String, JsonNode>> it = props.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            b.append(e.getKey()).append('=').append(Excerpt.of(e.getValue()));
            if (it.hasNext()) {
                b.append(", ");
            }
        }
        return b.append('}').toString();
    }

    private Made standIn(Kind kind, Pos at) {
        return switch (kind) {
            case BEHAVIOR -> new Made("?", new Behavior<C>() { }, at);
            case CONDITION -> new Made("?", (Condition<C>) owner -> false, at);
            case ACTION -> new Made("?", (StateAction<C>) owner -> { }, at);
            case HANDLER -> new Made("?", (StateHandler<C>) (owner, event, to) -> Reply.UNHANDLED, at);
        };
    }

    private static String article(String word) {
        return ("aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ") + word;
    }

    private static String labelOf(Object o) {
        return String.valueOf(o);
    }
}
