package dev.arbor.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.core.Action;
import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.ChartDefinitionException;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.UpdateOrder;
import dev.arbor.io.ChartFileException.Problem;
import dev.arbor.io.ComponentRegistry.Kind;
import dev.arbor.io.SourceTree.Pos;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns one chart file's tree into calls on a {@link ChartBuilder}, so that a file compiles
 * through exactly the compiler Java code uses. Every problem is collected with its position; where
 * a component cannot be made a harmless stand-in takes its place, so that reading goes on and
 * the compiler still checks the structure. This class reads the top level and turns the
 * compiler's complaints into problems at positions; the state tree, the transitions, the
 * components and the plain values are read by {@link StateTreeReader}, {@link TransitionReader},
 * {@link ComponentReader} and {@link FileValues}, which share a {@link ReadContext}.
 */
final class ChartReader<C> {
    static final List<String> TOP_KEYS = List.of("$schema", "chart", "components", "errorPolicy", "updateOrder",
            "unknownEvents", "maxMicrosteps", "deferLimit", "pushLimit", "allowUnreachable", "onUnhandled", "initial",
            "initialAction", "global", "states", "variables");
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

    /** Why a state no transition enters is refused, in the file's words, with the key that allows it. */
    private static final String UNREACHABLE = "nothing leads to it from the chart's start (no \"initial\", \"target\", \"plan\""
            + " or \"then\" names it); if only the game's code moves machines there (goTo, push), add"
            + " \"allowUnreachable\": true to the chart";

    private final ReadContext cx;
    private final SourceTree tree;
    private final FileValues values;
    private final ComponentReader<C> components;
    private final StateTreeReader<C> states;
    /** What was handed to the builder, as "where label", in document order; for tests of the labels. */
    final List<String> handed;
    /** The warnings, once the file is read. */
    private List<Problem> warnings = List.of();
    /** Where the chart's states and transitions stand, once the file is read. */
    private ChartPositions positions;

    /** The policy when the file has no {@code "unknownEvents"}; null: the builder's default, the JVM's. */
    private final UnknownEvents unknownEventsUnlessSaid;

    ChartReader(String file, SourceTree tree, ComponentRegistry<C> registry, Binder binder,
            UnknownEvents unknownEventsUnlessSaid) {
        this.unknownEventsUnlessSaid = unknownEventsUnlessSaid;
        this.cx = new ReadContext(file, tree);
        this.tree = tree;
        this.values = new FileValues(cx);
        this.components = new ComponentReader<>(cx, values, registry, binder);
        this.states = new StateTreeReader<>(cx, values, components, new TransitionReader<>(cx, values, components));
        this.handed = cx.handed;
    }

    /**
     * The likely mistakes found in a file that still make a valid chart ({@link EventChecks}), in
     * file order; empty until {@link #read()} has run.
     */
    List<Problem> warnings() {
        return warnings;
    }

    /** Where the chart's states and transitions stand in the file; null until {@link #read()} has returned a chart. */
    ChartPositions positions() {
        return positions;
    }

    Chart<C> read() {
        JsonNode root = tree.root;
        if (!root.isObject()) {
            cx.problem(tree.start(root), "a chart file holds one JSON object, not " + FileValues.kindOf(root));
            throw done();
        }
        ObjectNode top = (ObjectNode) root;
        values.checkKeys(top, TOP_KEYS, "the chart");
        String name = values.string(top, "chart");
        if (name == null && !top.has("chart")) {
            cx.problem(tree.start(top), "the chart needs a name: \"chart\": \"NAME\"");
        }
        ChartBuilder<C> b = Chart.builder(name == null ? "?" : name);
        cx.variables = VariableDeclarations.read(top, tree, cx::problem);
        cx.variables.forEach(b::variable);
        String policy = values.choice(top, "errorPolicy", List.of("rethrow", "raiseErrorEvent"));
        if (policy != null) {
            b.errorPolicy(policy.equals("rethrow") ? ErrorPolicy.RETHROW : ErrorPolicy.RAISE_ERROR_EVENT);
        }
        String unknown = values.choice(top, "unknownEvents", List.of("reject", "ignore"));
        if (unknown != null) {
            b.unknownEvents(unknown.equals("reject") ? UnknownEvents.REJECT : UnknownEvents.IGNORE);
        } else if (unknownEventsUnlessSaid != null) {
            b.unknownEvents(unknownEventsUnlessSaid);
        }
        String order = values.choice(top, "updateOrder", List.of("outerFirst", "innerFirst"));
        if (order != null) {
            b.updateOrder(order.equals("outerFirst") ? UpdateOrder.OUTER_FIRST : UpdateOrder.INNER_FIRST);
        }
        if (top.has("components") && libraryNames(top.get("components")) == null) {
            cx.problem(tree.value(top, "components"), "\"components\" names the component library the file is "
                    + "written against, such as \"guard\", or several, such as [\"arbor\", \"guard\"], not "
                    + Excerpt.of(top.get("components")));
        }
        Integer max = values.positiveInt(top, "maxMicrosteps");
        if (max != null) {
            b.maxMicrosteps(max);
        }
        Integer deferLimit = values.positiveInt(top, "deferLimit");
        if (deferLimit != null) {
            b.deferLimit(deferLimit);
        }
        Integer pushLimit = values.positiveInt(top, "pushLimit");
        if (pushLimit != null) {
            b.pushLimit(pushLimit);
        }
        if (values.bool(top, "allowUnreachable")) {
            b.allowUnreachable();
        }
        if (top.has("onUnhandled")) {
            ComponentReader.Made a = components.make(top.get("onUnhandled"), tree.value(top, "onUnhandled"), Kind.ACTION);
            @SuppressWarnings("unchecked")
            Action<C, Object> unhandled = components.fit(a, false, true, "onUnhandled") instanceof Action<?, ?> f
                    ? (Action<C, Object>) f : (owner, event) -> { };
            b.onUnhandled(unhandled);
        }
        states.body(b, top, null);
        JsonNode global = top.get("global");
        if (global != null) {
            if (global.isObject()) {
                values.checkKeys((ObjectNode) global, GLOBAL_KEYS, "the global state");
                b.global(g -> states.body(g, (ObjectNode) global, null));
            } else {
                cx.problem(tree.value(top, "global"), "\"global\" must be an object, not " + FileValues.kindOf(global));
            }
        }
        if (components.drawsRandom) {
            b.drawsRandom();
        }
        cx.checkReferences();
        warnings = cx.events.warnings(cx.file);
        Chart<C> chart = null;
        try {
            chart = b.build();
        } catch (ChartDefinitionException e) {
            boolean fileProblems = !cx.problems.isEmpty();
            for (ChartDefinitionException.Problem p : e.problems()) {
                if (p.rule() == ChartDefinitionException.Rule.UNKNOWN_TARGET) {
                    continue; // every reference was checked above, at its own position
                }
                if (fileProblems && p.rule() == ChartDefinitionException.Rule.UNREACHABLE) {
                    continue; // most likely a consequence of a transition the file got wrong
                }
                if (p.state().equals("root") && !cx.declared.containsKey("root")) {
                    cx.problem(tree.start(top), "chart '" + (name == null ? "?" : name) + "': " + p.message());
                } else {
                    List<Pos> at = cx.declared.get(p.state());
                    Pos pos = at == null ? tree.start(top)
                            : p.rule() == ChartDefinitionException.Rule.DUPLICATE_NAME ? at.get(at.size() - 1) : at.get(0);
                    cx.problem(pos, "state '" + p.state() + "': " + (p.rule() == ChartDefinitionException.Rule.UNREACHABLE
                            ? UNREACHABLE : p.message()), p.state());
                }
            }
        }
        if (!cx.problems.isEmpty() || chart == null) {
            throw done();
        }
        positions = ChartPositions.of(cx.file, chart, tree.start(top), cx.declared, cx.transitions);
        return chart;
    }

    private ChartFileException done() {
        List<Problem> sorted = new ArrayList<>(cx.problems);
        sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return new ChartFileException(sorted, warnings);
    }
}
