package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Action;
import dev.arbor.core.Behavior;
import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.ChartDefinitionException;
import dev.arbor.core.Condition;
import dev.arbor.core.Conditions;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.Guard;
import dev.arbor.core.HistoryType;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Reply;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.StateHandler;
import dev.arbor.core.TransitionBuilder;
import dev.arbor.core.TransitionKind;
import dev.arbor.core.UpdateOrder;
import dev.arbor.io.ChartFileException.Problem;
import dev.arbor.io.ComponentRegistry.Entry;
import dev.arbor.io.ComponentRegistry.Kind;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one chart file's tree into calls on a {@link ChartBuilder}, so that a file compiles
 * through exactly the compiler Java code uses. Every problem is collected with its position; where
 * a component cannot be made a harmless stand-in takes its place, so that reading goes on and
 * the compiler still checks the structure.
 */
final class ChartReader<C> {
    static final List<String> TOP_KEYS = List.of("$schema", "chart", "components", "errorPolicy", "updateOrder",
            "maxMicrosteps", "deferLimit", "pushLimit", "allowUnreachable", "onUnhandled", "initial", "initialAction",
            "global", "states", "variables");
    static final List<String> GLOBAL_KEYS = List.of("onEntry", "onExit", "onUpdate", "use", "handler", "defer",
            "transitions");
    static final List<String> STATE_KEYS = List.of("kind", "initial", "initialAction", "onEntry", "onExit",
            "onUpdate", "use", "handler", "then", "defer", "transitions", "states");
    static final List<String> HISTORY_KEYS = List.of("kind", "default");
    static final List<String> TRANSITION_KEYS = List.of("event", "any", "done", "childFinished", "when", "always",
            "after", "guard", "action", "target", "plan", "resumeAfter", "kind");
    static final List<String> TRIGGERS = List.of("event", "any", "done", "childFinished", "when", "always", "after");
    static final List<String> STATE_KINDS = List.of("state", "parallel", "final", "shallowHistory", "deepHistory");

    /**
     * The libraries a {@code "components"} value names: a name, or a non-empty list of non-blank
     * names without repeats; null for any other value.
     */
    static List<String> libraryNames(JsonNode components) {
        if (components.isTextual()) {
            return List.of(components.textValue());
        }
        if (!components.isArray() || components.isEmpty()) {
            return null;
        }
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (JsonNode n : components) {
            if (!n.isTextual() || n.textValue().isBlank() || !names.add(n.textValue())) {
                return null;
            }
        }
        return List.copyOf(names);
    }

    /** The root's name: the state of the top level's and the global state's components. */
    private static final String ROOT = String.valueOf(Chart.ROOT);
    /** Why a state no transition enters is refused, in the file's words, with the key that allows it. */
    private static final String UNREACHABLE = "nothing leads to it from the chart's start (no \"initial\", \"target\", \"plan\""
            + " or \"then\" names it); if only the game's code moves machines there (goTo, push), add"
            + " \"allowUnreachable\": true to the chart";

    private final String file;
    private final SourceTree tree;
    private final ComponentRegistry<C> registry;
    private final Binder binder;
    private final List<Problem> problems = new ArrayList<>();
    /** Every declared state name, with where each declaration stands (a name twice: two places). */
    private final Map<String, List<Pos>> declared = new LinkedHashMap<>();
    /** Every state name the file refers to, with where. */
    private final List<Ref> refs = new ArrayList<>();
    /**
     * The name of the state whose part of the file is being read: what components made now are
     * given as {@link ComponentRegistry#STATE}. The root's name at the top level and in "global".
     */
    private String current = ROOT;
    /** The variables the file declares, in order: what components that name a variable are given. */
    private List<dev.arbor.core.Variable> variables = List.of();
    /** A component draws from the machine's seeded generator: snapshots must hold its state. */
    private boolean drawsRandom;
    /** The triggers the guard being read tests: the transition it guards consumes them. */
    private final List<Integer> triggersRead = new ArrayList<>();
    /** What was handed to the builder, as "where label", in document order; for tests of the labels. */
    final List<String> handed = new ArrayList<>();
    /** What the "did you mean" of this file's messages may spend. */
    private final NearestName.Budget near = new NearestName.Budget();
    /** The events the file raises, defers and takes, for the checks that give warnings. */
    private final EventChecks events = new EventChecks(ROOT, near);
    /** The warnings, once the file is read. */
    private List<Problem> warnings = List.of();

    private <T> T hand(String where, T component) {
        handed.add(where + " " + component);
        return component;
    }

    /** A state named in the file, checked once every state is known; {@code what} says where it was named. */
    /** A state name the file refers to, where, in what words, and in which state's part of the file. */
    private record Ref(String name, Pos pos, String what, String in) {
        Ref(String name, Pos pos, String in) {
            this(name, pos, "", in);
        }
    }

    /** A component made from the file (or its stand-in), with the label it prints as. */
    private record Made(String label, Object instance, Pos pos) {}

    ChartReader(String file, SourceTree tree, ComponentRegistry<C> registry, Binder binder) {
        this.file = file;
        this.tree = tree;
        this.registry = registry;
        this.binder = binder;
    }

    /**
     * The likely mistakes found in a file that still make a valid chart ({@link EventChecks}), in
     * file order; empty until {@link #read()} has run.
     */
    List<Problem> warnings() {
        return warnings;
    }

    Chart<C> read() {
        JsonNode root = tree.root;
        if (!root.isObject()) {
            problem(tree.start(root), "a chart file holds one JSON object, not " + kindOf(root));
            throw done();
        }
        ObjectNode top = (ObjectNode) root;
        checkKeys(top, TOP_KEYS, "the chart");
        String name = string(top, "chart");
        if (name == null && !top.has("chart")) {
            problem(tree.start(top), "the chart needs a name: \"chart\": \"NAME\"");
        }
        ChartBuilder<C> b = Chart.builder(name == null ? "?" : name);
        variables = VariableDeclarations.read(top, tree, this::problem);
        variables.forEach(b::variable);
        String policy = choice(top, "errorPolicy", List.of("rethrow", "raiseErrorEvent"));
        if (policy != null) {
            b.errorPolicy(policy.equals("rethrow") ? ErrorPolicy.RETHROW : ErrorPolicy.RAISE_ERROR_EVENT);
        }
        String order = choice(top, "updateOrder", List.of("outerFirst", "innerFirst"));
        if (order != null) {
            b.updateOrder(order.equals("outerFirst") ? UpdateOrder.OUTER_FIRST : UpdateOrder.INNER_FIRST);
        }
        if (top.has("components") && libraryNames(top.get("components")) == null) {
            problem(tree.value(top, "components"), "\"components\" names the component library the file is "
                    + "written against, such as \"guard\", or several, such as [\"arbor\", \"guard\"], not "
                    + Excerpt.of(top.get("components")));
        }
        Integer max = positiveInt(top, "maxMicrosteps");
        if (max != null) {
            b.maxMicrosteps(max);
        }
        Integer deferLimit = positiveInt(top, "deferLimit");
        if (deferLimit != null) {
            b.deferLimit(deferLimit);
        }
        Integer pushLimit = positiveInt(top, "pushLimit");
        if (pushLimit != null) {
            b.pushLimit(pushLimit);
        }
        if (bool(top, "allowUnreachable")) {
            b.allowUnreachable();
        }
        if (top.has("onUnhandled")) {
            Made a = make(top.get("onUnhandled"), tree.value(top, "onUnhandled"), Kind.ACTION);
            @SuppressWarnings("unchecked")
            Action<C, Object> unhandled = fit(a, false, true, "onUnhandled") instanceof Action<?, ?> f
                    ? (Action<C, Object>) f : (owner, event) -> { };
            b.onUnhandled(unhandled);
        }
        body(b, top, null);
        JsonNode global = top.get("global");
        if (global != null) {
            if (global.isObject()) {
                checkKeys((ObjectNode) global, GLOBAL_KEYS, "the global state");
                b.global(g -> body(g, (ObjectNode) global, null));
            } else {
                problem(tree.value(top, "global"), "\"global\" must be an object, not " + kindOf(global));
            }
        }
        if (drawsRandom) {
            b.drawsRandom();
        }
        checkReferences();
        warnings = events.warnings(file);
        Chart<C> chart = null;
        try {
            chart = b.build();
        } catch (ChartDefinitionException e) {
            boolean fileProblems = !problems.isEmpty();
            for (ChartDefinitionException.Problem p : e.problems()) {
                if (p.rule() == ChartDefinitionException.Rule.UNKNOWN_TARGET) {
                    continue; // every reference was checked above, at its own position
                }
                if (fileProblems && p.rule() == ChartDefinitionException.Rule.UNREACHABLE) {
                    continue; // most likely a consequence of a transition the file got wrong
                }
                if (p.state().equals("root") && !declared.containsKey("root")) {
                    problem(tree.start(top), "chart '" + (name == null ? "?" : name) + "': " + p.message());
                } else {
                    List<Pos> at = declared.get(p.state());
                    Pos pos = at == null ? tree.start(top)
                            : p.rule() == ChartDefinitionException.Rule.DUPLICATE_NAME ? at.get(at.size() - 1) : at.get(0);
                    problem(pos, "state '" + p.state() + "': " + (p.rule() == ChartDefinitionException.Rule.UNREACHABLE
                            ? UNREACHABLE : p.message()), p.state());
                }
            }
        }
        if (!problems.isEmpty() || chart == null) {
            throw done();
        }
        return chart;
    }

    // ---------------------------------------------------------------- states

    /**
     * What a state object (or the top level, or the global state) declares; {@code state} is null
     * at the root. Its components are made as the state's own ({@link #current}), its children's
     * as theirs.
     */
    private void body(StateBuilder<C> s, ObjectNode o, String state) {
        String outer = current;
        current = state == null ? ROOT : state;
        try {
            declarations(s, o);
        } finally {
            current = outer;
        }
    }

    private void declarations(StateBuilder<C> s, ObjectNode o) {
        List<String> initial = targets(o, "initial");
        if (!initial.isEmpty()) {
            s.initial(initial.toArray());
        }
        for (Made a : list(o, "initialAction", Kind.ACTION)) {
            if (fit(a, false, false, "initialAction") instanceof StateAction<?> f) {
                @SuppressWarnings("unchecked")
                StateAction<C> sa = (StateAction<C>) f;
                s.initialAction(hand("initialAction", sa));
            }
        }
        for (String key : List.of("onEntry", "onExit", "onUpdate")) {
            for (Made a : list(o, key, Kind.ACTION)) {
                addStateAction(s, key, a);
            }
        }
        for (Made m : list(o, "use", Kind.BEHAVIOR)) {
            @SuppressWarnings("unchecked")
            Behavior<C> beh = (Behavior<C>) m.instance();
            s.use(hand("use", new Named.NamedBehavior<>(m.label(), beh)));
        }
        if (o.has("handler")) {
            events.handler();
            Made m = make(o.get("handler"), tree.value(o, "handler"), Kind.HANDLER);
            @SuppressWarnings("unchecked")
            StateHandler<C> h = (StateHandler<C>) m.instance();
            s.handler(hand("handler", new Named.NamedHandler<>(m.label(), h)));
        }
        JsonNode transitions = o.get("transitions");
        if (transitions != null) {
            if (transitions.isArray()) {
                for (int i = 0; i < transitions.size(); i++) {
                    transition(s, transitions.get(i), tree.item(transitions, i));
                }
            } else {
                problem(tree.value(o, "transitions"), "\"transitions\" must be a list of transitions, not " + kindOf(transitions));
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
                        problem(tree.item(d, i), "\"defer\" lists event names, not " + Excerpt.of(d.get(i)));
                    }
                }
            } else {
                problem(tree.value(o, "defer"), "\"defer\" must be event names (a string, or a list of them), not "
                        + Excerpt.of(d));
            }
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                if (n.isBlank()) {
                    problem(tree.value(o, "defer"), "\"defer\" must name at least one event");
                } else {
                    s.defer(n);
                    events.deferred(n, places.get(i), current);
                }
            }
        }
        if (o.has("then")) {
            String next = ref(o, "then");
            if (next != null) {
                s.then(next);
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
                problem(tree.value(o, "states"), "\"states\" must be an object of states by name, not " + kindOf(states));
            }
        }
    }

    private void child(StateBuilder<C> s, ObjectNode states, String name, JsonNode n) {
        Pos at = tree.key(states, name);
        declared.computeIfAbsent(name, k -> new ArrayList<>()).add(at);
        events.state(name, current);
        if (name.isBlank()) {
            problem(at, "a state name cannot be blank");
        }
        if (!n.isObject()) {
            problem(tree.value(states, name), "state '" + Excerpt.of(name) + "' must be an object, not " + kindOf(n));
            s.state(name);
            return;
        }
        String outer = current;
        current = name; // what is wrong with the state object's own keys concerns it
        try {
            ObjectNode o = (ObjectNode) n;
            String kind = choice(o, "kind", STATE_KINDS);
            if (kind == null) {
                kind = "state";
            }
            switch (kind) {
                case "shallowHistory", "deepHistory" -> {
                    checkKeys(o, HISTORY_KEYS, "history state '" + Excerpt.of(name) + "'");
                    s.history(name, kind.equals("deepHistory") ? HistoryType.DEEP : HistoryType.SHALLOW,
                            targets(o, "default").toArray());
                }
                case "parallel" -> {
                    checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.parallel(name, c -> body(c, o, name));
                }
                case "final" -> {
                    checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.finalState(name, c -> body(c, o, name));
                }
                default -> {
                    checkKeys(o, STATE_KEYS, "state '" + Excerpt.of(name) + "'");
                    s.state(name, c -> body(c, o, name));
                }
            }
        } finally {
            current = outer;
        }
    }

    // ---------------------------------------------------------------- transitions

    private void transition(StateBuilder<C> s, JsonNode n, Pos at) {
        triggersRead.clear();
        if (!n.isObject()) {
            problem(at, "a transition must be an object, not " + kindOf(n));
            return;
        }
        ObjectNode o = (ObjectNode) n;
        checkKeys(o, TRANSITION_KEYS, "a transition");
        List<String> triggers = new ArrayList<>();
        for (String t : TRIGGERS) {
            if (o.has(t)) {
                triggers.add(t);
            }
        }
        if (triggers.size() != 1) {
            problem(tree.start(o), triggers.isEmpty()
                    ? "a transition needs a trigger: one of " + String.join(", ", TRIGGERS)
                    : "a transition has one trigger, not " + String.join(" and ", triggers));
            return;
        }
        String trigger = triggers.get(0);
        TransitionBuilder<C, Object> t;
        switch (trigger) {
            case "event" -> {
                String names = string(o, "event");
                if (names == null) {
                    return;
                }
                if (names.isBlank()) {
                    problem(tree.value(o, "event"), "\"event\" must name at least one event");
                    return;
                }
                t = s.on(names);
                events.transition(names, tree.value(o, "event"), current, o.has("guard"));
            }
            case "any" -> {
                if (!requireTrue(o, "any")) {
                    return;
                }
                t = s.onAny();
                events.anyTransition(tree.value(o, "any"), current, o.has("guard"));
            }
            case "childFinished" -> {
                if (!requireTrue(o, "childFinished")) {
                    return;
                }
                t = widen(s.onChildFinished());
            }
            case "always" -> {
                if (!requireTrue(o, "always")) {
                    return;
                }
                t = s.always();
            }
            case "after" -> {
                JsonNode a = o.get("after");
                if (!(a.isIntegralNumber() && a.canConvertToLong() && a.longValue() >= 1)) {
                    problem(tree.value(o, "after"), "\"after\" must be a whole number of ticks from 1, not "
                            + Excerpt.of(a));
                    return;
                }
                t = s.after(a.longValue());
            }
            case "done" -> {
                JsonNode d = o.get("done");
                if (d.isTextual()) {
                    String state = ref(o, "done");
                    t = widen(s.onDone(state));
                } else if (d.isBoolean() && d.booleanValue()) {
                    t = widen(s.onDone());
                } else {
                    problem(tree.value(o, "done"), "\"done\" must be true (this state's completion) or a state's name, not " + Excerpt.of(d));
                    return;
                }
            }
            default -> { // when
                List<Object> conditions = new ArrayList<>();
                JsonNode w = o.get("when");
                if (w.isArray()) {
                    for (int i = 0; i < w.size(); i++) {
                        conditions.add(condition(w.get(i), tree.item(w, i)));
                    }
                } else {
                    conditions.add(condition(w, tree.value(o, "when")));
                }
                if (conditions.isEmpty()) {
                    problem(tree.value(o, "when"), "\"when\" must list at least one condition");
                    return;
                }
                if (conditions.stream().allMatch(c -> c instanceof Condition<?>)) {
                    @SuppressWarnings("unchecked")
                    Condition<C>[] all = conditions.toArray((Condition<C>[]) new Condition<?>[0]);
                    t = s.when(all[0], java.util.Arrays.copyOfRange(all, 1, all.length));
                } else { // a condition reads the machine: one machine condition for them all
                    @SuppressWarnings("unchecked")
                    MachineCondition<C> all = (MachineCondition<C>) Guards.combine("allOf", conditions);
                    t = s.when(conditions.size() == 1 ? (MachineCondition<C>) conditions.get(0) : all);
                }
            }
        }
        if (o.has("guard")) {
            if (trigger.equals("when")) {
                problem(tree.key(o, "guard"), "a polled transition lists all its conditions in \"when\"; it takes no \"guard\"");
            } else {
                Object g = guard(o.get("guard"), tree.value(o, "guard"));
                if (g instanceof Condition<?>) {
                    @SuppressWarnings("unchecked")
                    Condition<C> c = (Condition<C>) g;
                    t.guard(hand("guard", c));
                } else if (g instanceof Guard<?, ?>) {
                    @SuppressWarnings("unchecked")
                    Guard<C, Object> gd = (Guard<C, Object>) g;
                    t.guard(hand("guard", gd));
                } else {
                    t.guard(hand("guard", Guards.<C>withEvent(g)));
                }
            }
        }
        consumeTriggers(t, triggersRead);
        triggersRead.clear();
        if (o.has("action")) {
            for (Made a : list(o, "action", Kind.ACTION)) {
                addTransitionAction(t, a);
            }
        }
        List<String> targets = targets(o, "target");
        List<String> plan = targets(o, "plan");
        if (!targets.isEmpty() && !plan.isEmpty()) {
            problem(tree.key(o, "plan"), "a transition has a \"target\" or a \"plan\", not both (a plan's first step is its target)");
        } else if (!plan.isEmpty()) {
            t.plan(plan.get(0), plan.subList(1, plan.size()).toArray());
        } else if (!targets.isEmpty()) {
            t.target(targets.toArray());
        }
        if (bool(o, "resumeAfter")) {
            t.resumeAfter();
        }
        String kind = choice(o, "kind", List.of("external", "local", "internal"));
        if (kind != null) {
            switch (kind) {
                case "local" -> t.kind(TransitionKind.LOCAL);
                case "external" -> t.kind(TransitionKind.EXTERNAL);
                default -> {
                    if (!targets.isEmpty() || !plan.isEmpty()) {
                        problem(tree.value(o, "kind"), "an internal transition has no target");
                    }
                }
            }
        }
    }

    /** A top-level setting that is a whole number from 1, or null when absent or wrong (reported). */
    private Integer positiveInt(ObjectNode o, String key) {
        if (!o.has(key)) {
            return null;
        }
        JsonNode m = o.get(key);
        if (m.isIntegralNumber() && m.canConvertToInt() && m.intValue() >= 1) {
            return m.intValue();
        }
        problem(tree.value(o, key), "\"" + key + "\" must be a whole number from 1 to " + Integer.MAX_VALUE + ", not "
                + Excerpt.of(m));
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <C> TransitionBuilder<C, Object> widen(TransitionBuilder<C, ?> t) {
        // Components given by name take any event; a Done is one.
        return (TransitionBuilder<C, Object>) t;
    }

    // ---------------------------------------------------------------- components

    /**
     * A condition for "when", eventless transitions and the combinators: a {@link Condition} on
     * the owner, or a {@link MachineCondition} that reads the machine too (the built-in ones).
     */
    private Object condition(JsonNode n, Pos at) {
        Object c = guard(n, at);
        if (c instanceof Condition<?> || c instanceof MachineCondition<?>) {
            return c;
        }
        problem(at, "condition '" + labelOf(c) + "' looks at the event, so it can only be an event transition's \"guard\"");
        return new Named.NamedCondition<C>("false", owner -> false);
    }

    /**
     * A condition or a guard, including the combinators {@code not}, {@code allOf} and {@code anyOf}:
     * a {@link Condition}, a {@link MachineCondition}, a {@link Guard} or a {@link MachineGuard}.
     */
    private Object guard(JsonNode n, Pos at) {
        if (n.isObject() && !n.has("use")) {
            for (String op : List.of("not", "allOf", "anyOf")) {
                if (n.has(op)) {
                    ObjectNode o = (ObjectNode) n;
                    checkKeys(o, List.of(op), "a \"" + op + "\" condition");
                    JsonNode arg = o.get(op);
                    if (op.equals("not")) {
                        return Guards.not(condition(arg, tree.value(o, op)));
                    }
                    if (!arg.isArray()) {
                        problem(tree.value(o, op), "\"" + op + "\" must be a list of conditions, not " + kindOf(arg));
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

    /** The transition consumes the triggers its guard tested: it sets them back to false when it is taken. */
    private void consumeTriggers(TransitionBuilder<C, Object> t, List<Integer> triggers) {
        if (triggers.isEmpty()) {
            return;
        }
        int[] ids = triggers.stream().mapToInt(Integer::intValue).distinct().toArray();
        List<String> names = new ArrayList<>();
        for (int id : ids) {
            names.add(variables.get(id).name());
        }
        t.action(new Named.NamedMachineAction<C>("consume " + String.join(", ", names), (m, owner, e) -> {
            for (int id : ids) {
                m.variables().setValue(id, 0);
            }
        }));
    }

    private void addStateAction(StateBuilder<C> s, String key, Made a) {
        Object f = fit(a, true, false, key);
        if (f instanceof MachineStateAction<?>) {
            @SuppressWarnings("unchecked")
            MachineStateAction<C> msa = hand(key, (MachineStateAction<C>) f);
            switch (key) {
                case "onEntry" -> s.onEntry(msa);
                case "onExit" -> s.onExit(msa);
                default -> s.onUpdate(msa);
            }
        } else if (f instanceof StateAction<?>) {
            @SuppressWarnings("unchecked")
            StateAction<C> sa = hand(key, (StateAction<C>) f);
            switch (key) {
                case "onEntry" -> s.onEntry(sa);
                case "onExit" -> s.onExit(sa);
                default -> s.onUpdate(sa);
            }
        }
    }

    private void addTransitionAction(TransitionBuilder<C, Object> t, Made a) {
        Object f = fit(a, true, true, "action");
        if (f instanceof MachineAction<?, ?>) {
            @SuppressWarnings("unchecked")
            MachineAction<C, Object> ma = (MachineAction<C, Object>) f;
            t.action(hand("action", ma));
        } else if (f instanceof Action<?, ?>) {
            @SuppressWarnings("unchecked")
            Action<C, Object> ac = (Action<C, Object>) f;
            t.action(hand("action", ac));
        }
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
    private Object fit(Made a, boolean machine, boolean event, String where) {
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
                return new Named.NamedMachineAction<C>(label, (m, owner, e) -> msa.run(m, owner));
            }
            if (x instanceof StateAction<?>) {
                StateAction<C> sa = (StateAction<C>) x;
                return new Named.NamedAction<C>(label, (owner, e) -> sa.run(owner));
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
            problem(a.pos(), "action '" + label + "' needs the machine, which \"" + where + "\" does not give");
        } else {
            problem(a.pos(), "action '" + label + "' needs an event, so it can only run on a transition, not in \""
                    + where + "\"");
        }
        return null;
    }

    /** A component or a list of them, under a key. */
    private List<Made> list(ObjectNode o, String key, Kind kind) {
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
    private Made make(JsonNode n, Pos at, Kind kind) {
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
                problem(use == null ? at : tree.value(source, "use"), article(kind.word)
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
            problem(at, article(kind.word) + " is a name or {\"use\": \"NAME\", ...properties}, not " + kindOf(n));
            return standIn(kind, at);
        }
        Entry entry = registry.find(kind, name);
        if (entry == null) {
            List<String> names = registry.names(kind);
            problem(namePos, "unknown " + kind.word + " '" + Excerpt.of(name) + "'; "
                    + (names.isEmpty() ? "no " + kind.word + "s are registered"
                    : near.withChoices(name, names, "registered " + kind.word + "s: " + String.join(", ", names))));
            return standIn(kind, at);
        }
        if (entry.instance() != null) {
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                problem(tree.key(source, key), Binder.noSuchProperty(kind.word + " '" + name + "'", key, List.of()));
            }
            noteRaised(entry.instance(), source, at);
            return new Made(name, entry.instance(), at);
        }
        try {
            Object made = binder.bind(entry, props, source == null ? props : source, at, tree, current, variables);
            drawsRandom |= made instanceof DrawsRandom;
            if (made instanceof BuiltIn.IsSet<?> isSet && isSet.trigger() >= 0) {
                triggersRead.add(isSet.trigger());
            }
            noteStateRefs(name, made, props, source == null ? props : source);
            noteRaised(made, source, at);
            return new Made(label(name, props), made, at);
        } catch (Binder.BindFailure f) {
            for (Binder.Reported r : f.problems) {
                problem(r.pos(), r.message());
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
            events.raised(event, pos, current);
        }
    }

    /** The {@link StateRef} properties of a component just made: checked with the targets once every state is known. */
    private void noteStateRefs(String component, Object made, ObjectNode props, ObjectNode source) {
        for (Map.Entry<String, JsonNode> p : props.properties()) {
            if (p.getValue().isTextual() && isStateRef(made.getClass(), p.getKey())) {
                refs.add(new Ref(p.getValue().textValue(), tree.value(source, p.getKey()),
                        " in property '" + p.getKey() + "' of " + component, current));
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

    // ---------------------------------------------------------------- values

    private void checkKeys(ObjectNode o, List<String> allowed, String what) {
        Iterator<String> it = o.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!allowed.contains(k)) {
                problem(tree.key(o, k), "unknown key '" + Excerpt.of(k) + "' in " + what + "; "
                        + near.withChoices(k, allowed, "valid keys: " + String.join(", ", allowed)));
            }
        }
    }

    private String string(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            return null;
        }
        if (!n.isTextual()) {
            problem(tree.value(o, key), "\"" + key + "\" must be a string, not " + Excerpt.of(n));
            return null;
        }
        return n.textValue();
    }

    private String choice(ObjectNode o, String key, List<String> choices) {
        String s = string(o, key);
        if (s != null && !choices.contains(s)) {
            problem(tree.value(o, key), "\"" + key + "\" must be one of " + String.join(", ", choices) + ", not " + Excerpt.of(o.get(key)));
            return null;
        }
        return s;
    }

    private boolean bool(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            return false;
        }
        if (!n.isBoolean()) {
            problem(tree.value(o, key), "\"" + key + "\" must be true or false, not " + Excerpt.of(n));
            return false;
        }
        return n.booleanValue();
    }

    private boolean requireTrue(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        if (n.isBoolean() && n.booleanValue()) {
            return true;
        }
        problem(tree.value(o, key), "\"" + key + "\" must be true, not " + Excerpt.of(n));
        return false;
    }

    /** A state name under a key, recorded as a reference. */
    private String ref(ObjectNode o, String key) {
        String s = string(o, key);
        if (s != null) {
            refs.add(new Ref(s, tree.value(o, key), current));
        }
        return s;
    }

    /** One state name or a list of them, recorded as references. */
    private List<String> targets(ObjectNode o, String key) {
        JsonNode n = o.get(key);
        List<String> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (n.isTextual()) {
            out.add(n.textValue());
            refs.add(new Ref(n.textValue(), tree.value(o, key), current));
        } else if (n.isArray() && n.size() > 0) {
            for (int i = 0; i < n.size(); i++) {
                JsonNode e = n.get(i);
                if (e.isTextual()) {
                    out.add(e.textValue());
                    refs.add(new Ref(e.textValue(), tree.item(n, i), current));
                } else {
                    problem(tree.item(n, i), "\"" + key + "\" lists state names, not " + Excerpt.of(e));
                }
            }
        } else {
            problem(tree.value(o, key), "\"" + key + "\" must be a state's name or a non-empty list of names, not " + Excerpt.of(n));
        }
        return out;
    }

    private void checkReferences() {
        List<String> names = new ArrayList<>(declared.keySet());
        String list = names.size() <= 30 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 30)) + ", ... (" + names.size() + " in all)";
        for (Ref r : refs) {
            if (!declared.containsKey(r.name())) {
                problem(r.pos(), "unknown state '" + Excerpt.of(r.name()) + "'" + r.what() + "; "
                        + near.withChoices(r.name(), names, "the chart's states: " + list), r.in());
            }
        }
    }

    private static String kindOf(JsonNode n) {
        if (n.isArray()) {
            return "a list";
        }
        if (n.isObject()) {
            return "an object";
        }
        return Excerpt.of(n);
    }

    /** A problem in the part of the file being read: it concerns the state being read, if any. */
    private void problem(Pos at, String message) {
        problem(at, message, current);
    }

    private void problem(Pos at, String message, String state) {
        problems.add(new Problem(file, at.line(), at.column(), message, ROOT.equals(state) ? null : state));
    }

    private ChartFileException done() {
        List<Problem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return new ChartFileException(sorted, warnings);
    }
}
