package dev.arbor.io;

import static dev.arbor.io.ChartReader.TRANSITION_KEYS;
import static dev.arbor.io.ChartReader.TRIGGERS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Action;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.TransitionBuilder;
import dev.arbor.core.TransitionKind;
import dev.arbor.io.ComponentRegistry.Kind;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one transition of a chart file: its single trigger (an event, any event, a completion, a
 * finished child, polled conditions, an eventless or a timed one), its guard, its actions, its
 * target or plan and its kind. A guard that tests triggers consumes them when the transition is
 * taken.
 */
final class TransitionReader<C> {
    private final ReadContext cx;
    private final SourceTree tree;
    private final FileValues values;
    private final ComponentReader<C> components;

    TransitionReader(ReadContext cx, FileValues values, ComponentReader<C> components) {
        this.cx = cx;
        this.tree = cx.tree;
        this.values = values;
        this.components = components;
    }

    void transition(StateBuilder<C> s, JsonNode n, Pos at) {
        components.triggersRead.clear();
        if (!n.isObject()) {
            cx.problem(at, "a transition must be an object, not " + FileValues.kindOf(n));
            return;
        }
        ObjectNode o = (ObjectNode) n;
        values.checkKeys(o, TRANSITION_KEYS, "a transition");
        List<String> triggers = new ArrayList<>();
        for (String t : TRIGGERS) {
            if (o.has(t)) {
                triggers.add(t);
            }
        }
        if (triggers.size() != 1) {
            cx.problem(tree.start(o), triggers.isEmpty()
                    ? "a transition needs a trigger: one of " + String.join(", ", TRIGGERS)
                    : "a transition has one trigger, not " + String.join(" and ", triggers));
            return;
        }
        String trigger = triggers.get(0);
        TransitionBuilder<C, Object> t;
        switch (trigger) {
            case "event" -> {
                String names = values.string(o, "event");
                if (names == null) {
                    return;
                }
                if (names.isBlank()) {
                    cx.problem(tree.value(o, "event"), "\"event\" must name at least one event");
                    return;
                }
                t = s.on(names);
                cx.events.transition(names, tree.value(o, "event"), cx.current, o.has("guard"));
            }
            case "any" -> {
                if (!values.requireTrue(o, "any")) {
                    return;
                }
                t = s.onAny();
                cx.events.anyTransition(tree.value(o, "any"), cx.current, o.has("guard"));
            }
            case "childFinished" -> {
                if (!values.requireTrue(o, "childFinished")) {
                    return;
                }
                t = widen(s.onChildFinished());
            }
            case "always" -> {
                if (!values.requireTrue(o, "always")) {
                    return;
                }
                t = s.always();
            }
            case "after" -> {
                JsonNode a = o.get("after");
                if (!(a.isIntegralNumber() && a.canConvertToLong() && a.longValue() >= 1)) {
                    cx.problem(tree.value(o, "after"), "\"after\" must be a whole number of ticks from 1, not "
                            + Excerpt.of(a));
                    return;
                }
                t = s.after(a.longValue());
            }
            case "done" -> {
                JsonNode d = o.get("done");
                if (d.isTextual()) {
                    String state = values.ref(o, "done");
                    t = widen(s.onDone(state));
                } else if (d.isBoolean() && d.booleanValue()) {
                    t = widen(s.onDone());
                } else {
                    cx.problem(tree.value(o, "done"), "\"done\" must be true (this state's completion) or a state's name, not " + Excerpt.of(d));
                    return;
                }
            }
            default -> { // when
                List<Object> conditions = new ArrayList<>();
                JsonNode w = o.get("when");
                if (w.isArray()) {
                    for (int i = 0; i < w.size(); i++) {
                        conditions.add(components.condition(w.get(i), tree.item(w, i)));
                    }
                } else {
                    conditions.add(components.condition(w, tree.value(o, "when")));
                }
                if (conditions.isEmpty()) {
                    cx.problem(tree.value(o, "when"), "\"when\" must list at least one condition");
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
        cx.transitionMade(at); // each case above either returned or made exactly one transition
        if (o.has("guard")) {
            if (trigger.equals("when")) {
                cx.problem(tree.key(o, "guard"), "a polled transition lists all its conditions in \"when\"; it takes no \"guard\"");
            } else {
                Object g = components.guard(o.get("guard"), tree.value(o, "guard"));
                if (g instanceof Condition<?>) {
                    @SuppressWarnings("unchecked")
                    Condition<C> c = (Condition<C>) g;
                    t.guard(cx.hand("guard", c));
                } else if (g instanceof Guard<?, ?>) {
                    @SuppressWarnings("unchecked")
                    Guard<C, Object> gd = (Guard<C, Object>) g;
                    t.guard(cx.hand("guard", gd));
                } else {
                    t.guard(cx.hand("guard", Guards.<C>withEvent(g)));
                }
            }
        }
        consumeTriggers(t, components.triggersRead);
        components.triggersRead.clear();
        if (o.has("action")) {
            for (ComponentReader.Made a : components.list(o, "action", Kind.ACTION)) {
                addTransitionAction(t, a);
            }
        }
        List<String> targets = values.targets(o, "target");
        List<String> plan = values.targets(o, "plan");
        if (!targets.isEmpty() && !plan.isEmpty()) {
            cx.problem(tree.key(o, "plan"), "a transition has a \"target\" or a \"plan\", not both (a plan's first step is its target)");
        } else if (!plan.isEmpty()) {
            t.plan(plan.get(0), plan.subList(1, plan.size()).toArray());
        } else if (!targets.isEmpty()) {
            t.target(targets.toArray());
        }
        if (values.bool(o, "resumeAfter")) {
            t.resumeAfter();
        }
        String kind = values.choice(o, "kind", List.of("external", "local", "internal"));
        if (kind != null) {
            switch (kind) {
                case "local" -> t.kind(TransitionKind.LOCAL);
                case "external" -> t.kind(TransitionKind.EXTERNAL);
                default -> {
                    if (!targets.isEmpty() || !plan.isEmpty()) {
                        cx.problem(tree.value(o, "kind"), "an internal transition has no target");
                    }
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <C> TransitionBuilder<C, Object> widen(TransitionBuilder<C, ?> t) {
        // Components given by name take any event; a Done is one.
        return (TransitionBuilder<C, Object>) t;
    }

    /** The transition consumes the triggers its guard tested: it sets them back to false when it is taken. */
    private void consumeTriggers(TransitionBuilder<C, Object> t, List<Integer> triggers) {
        if (triggers.isEmpty()) {
            return;
        }
        int[] ids = triggers.stream().mapToInt(Integer::intValue).distinct().toArray();
        List<String> names = new ArrayList<>();
        for (int id : ids) {
            names.add(cx.variables.get(id).name());
        }
        t.action(new Named.NamedMachineAction<C>("consume " + String.join(", ", names), new BuiltIn.Consume<>(ids)));
    }

    private void addTransitionAction(TransitionBuilder<C, Object> t, ComponentReader.Made a) {
        Object f = components.fit(a, true, true, "action");
        if (f instanceof MachineAction<?, ?>) {
            @SuppressWarnings("unchecked")
            MachineAction<C, Object> ma = (MachineAction<C, Object>) f;
            t.action(cx.hand("action", ma));
        } else if (f instanceof Action<?, ?>) {
            @SuppressWarnings("unchecked")
            Action<C, Object> ac = (Action<C, Object>) f;
            t.action(cx.hand("action", ac));
        }
    }
}
