package dev.arbor.core;

import dev.arbor.core.model.UserAction;
import dev.arbor.core.semantics.UserCode;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import dev.arbor.core.model.ChartDef;
import dev.arbor.core.model.StateChoices;
import dev.arbor.core.model.StateDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The builder of a {@link Chart} of handler-style states (seeds 002 and 003): each state is a
 * {@link StateHandler} object, registered with its parent and, when compound, its initial child.
 * The result compiles through the same compiler and runs on the same engine as declared charts.
 *
 * <pre>{@code
 * Chart<Hsm> chart = Chart.<Hsm>handlers("qhsmtst")
 *     .initial(S2).initialAction(h -> h.foo = false)
 *     .state(S, Chart.ROOT, new SHandler()).initial(S, S11)
 *     .state(S1, S, new S1Handler()).initial(S1, S11)
 *     .state(S11, S1, new S11Handler())
 *     ...
 *     .build();
 * }</pre>
 *
 * @param <C> the owner (context) type
 */
public final class HandlerChartBuilder<C> {
    private final StateDef root = new StateDef(Chart.ROOT, StateDef.Declared.PLAIN);
    private final ChartDef chart;
    private final ChartSettings settings;
    private final Map<Object, StateDef> states = new LinkedHashMap<>();
    private final List<Problem> problems = new ArrayList<>();

    HandlerChartBuilder(String name) {
        chart = new ChartDef(Objects.requireNonNull(name, "name"), root);
        settings = new ChartSettings(chart);
        chart.dynamicTargets = true;
        states.put(Chart.ROOT, root);
    }

    /**
     * Registers a state under a parent ({@link Chart#ROOT} or null for the top level).
     *
     * @param key       the state's key, unique in the chart
     * @param parentKey the parent's key; the parent may be registered later
     * @param handler   the object that decides what the state does
     * @return this builder
     */
    public HandlerChartBuilder<C> state(Object key, Object parentKey, StateHandler<C> handler) {
        return add(key, parentKey, StateDef.Declared.PLAIN, Objects.requireNonNull(handler, "handler"));
    }

    /**
     * Registers a parallel state: its children are regions, all active together.
     *
     * @param key       the state's key, unique in the chart
     * @param parentKey the parent's key; the parent may be registered later
     * @param handler   the object that decides what the state does, or null for none
     * @return this builder
     */
    public HandlerChartBuilder<C> parallel(Object key, Object parentKey, StateHandler<C> handler) {
        return add(key, parentKey, StateDef.Declared.PARALLEL, handler);
    }

    /**
     * Registers a final state.
     *
     * @param key       the state's key, unique in the chart
     * @param parentKey the parent's key; entering the final state completes the parent
     * @return this builder
     */
    public HandlerChartBuilder<C> finalState(Object key, Object parentKey) {
        return add(key, parentKey, StateDef.Declared.FINAL, null);
    }

    /**
     * Registers a history pseudo-state of a compound parent.
     *
     * @param key            the history state's key, unique in the chart
     * @param parentKey      the key of the parent whose children it remembers
     * @param type           shallow or deep
     * @param defaultTargets the states entered when the parent has never been exited (none: the
     *                       parent's initial content)
     * @return this builder
     */
    public HandlerChartBuilder<C> history(Object key, Object parentKey, HistoryType type, Object... defaultTargets) {
        add(key, parentKey, StateDef.Declared.HISTORY, null);
        StateDef h = states.get(key);
        h.deepHistory = Objects.requireNonNull(type, "type") == HistoryType.DEEP;
        for (Object t : defaultTargets) {
            h.initialTargets.add(Objects.requireNonNull(t, "default target"));
        }
        return this;
    }

    /**
     * Names the initial child of a compound state.
     *
     * @param compoundKey the compound state's key
     * @param childKey    the key of the child entered when the compound state is entered by default
     * @return this builder
     * @throws IllegalArgumentException if no state with key {@code compoundKey} is registered yet
     */
    public HandlerChartBuilder<C> initial(Object compoundKey, Object childKey) {
        StateDef s = states.get(compoundKey);
        if (s == null) {
            throw new IllegalArgumentException("register state '" + compoundKey + "' before naming its initial child");
        }
        s.initialTargets.clear();
        s.initialTargets.add(Objects.requireNonNull(childKey, "childKey"));
        return this;
    }

    /**
     * Names the top-level state entered first.
     *
     * @param childKey the key of the top-level state the machine starts in
     * @return this builder
     */
    public HandlerChartBuilder<C> initial(Object childKey) {
        return initial(Chart.ROOT, childKey);
    }

    /**
     * The action of the top-level initial transition (QP's {@code Init} event).
     *
     * @param action run before the top-level initial state is entered; several run in the order added
     * @return this builder
     */
    public HandlerChartBuilder<C> initialAction(StateAction<C> action) {
        root.initialActions.add(UserCode.ownerAction(action));
        return this;
    }

    /**
     * The most configurations a machine's {@link Machine#push} keeps (default 16); see
     * {@link ChartBuilder#pushLimit}.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public HandlerChartBuilder<C> pushLimit(int limit) {
        settings.pushLimit(limit);
        return this;
    }

    /**
     * The most events a machine keeps deferred at once (default 64); see {@link ChartBuilder#deferLimit}.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public HandlerChartBuilder<C> deferLimit(int limit) {
        settings.deferLimit(limit);
        return this;
    }

    /**
     * A global state (Buckland's agents): the root's handler sees every event no state below handled.
     *
     * @param handler the root's handler
     * @return this builder
     */
    public HandlerChartBuilder<C> global(StateHandler<C> handler) {
        attach(root, Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /**
     * What happens after a user action throws (default {@link ErrorPolicy#RETHROW}).
     *
     * @param policy the policy for every machine of the chart
     * @return this builder
     */
    public HandlerChartBuilder<C> errorPolicy(ErrorPolicy policy) {
        settings.errorPolicy(policy);
        return this;
    }

    /**
     * Called with every event that no state's handler handles (default: ignore).
     *
     * @param hook run with the owner and the unhandled event; replaces an earlier one
     * @return this builder
     */
    public HandlerChartBuilder<C> onUnhandled(Action<C, Object> hook) {
        settings.onUnhandled(hook);
        return this;
    }

    /**
     * The most microsteps one run-to-completion step may take before it is declared a livelock
     * (default 10,000); see {@link ChartBuilder#maxMicrosteps}.
     *
     * @param max the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code max} is less than 1
     */
    public HandlerChartBuilder<C> maxMicrosteps(int max) {
        settings.maxMicrosteps(max);
        return this;
    }

    /**
     * Links every state to its parent, validates and compiles.
     *
     * @return the chart, ready to make machines
     * @throws ChartDefinitionException on unknown parents, parent cycles and every rule a declared
     *                                  chart must keep (reachability excepted: handler targets are
     *                                  chosen at run time)
     */
    public Chart<C> build() {
        List<Problem> found = new ArrayList<>(problems);
        StateChoices choices = null; // made for the first unknown parent
        for (StateDef s : states.values()) {
            if (s == root) {
                continue;
            }
            Object pk = s.parentKey == null ? Chart.ROOT : s.parentKey;
            if (!states.containsKey(pk)) {
                if (choices == null) {
                    choices = StateChoices.of(states.values().stream().filter(d -> d != root).toList());
                }
                found.add(new Problem(s.name, Rule.UNKNOWN_PARENT, "parent '" + StateDef.nameOf(pk) + "' is not registered"
                        + choices.after(pk)));
            }
        }
        for (StateDef s : states.values()) {
            Set<StateDef> seen = new LinkedHashSet<>();
            for (StateDef p = s; p != null && p != root; p = states.get(p.parentKey == null ? Chart.ROOT : p.parentKey)) {
                if (!seen.add(p)) {
                    if (p == s) {
                        List<String> names = new ArrayList<>();
                        seen.forEach(x -> names.add(x.name));
                        found.add(new Problem(s.name, Rule.PARENT_CYCLE, "parents form a cycle: "
                                + String.join(" -> ", names) + " -> " + s.name));
                    }
                    break;
                }
            }
        }
        if (!found.isEmpty()) {
            throw new ChartDefinitionException(chart.name, found);
        }
        for (StateDef s : states.values()) {
            if (s != root) {
                states.get(s.parentKey == null ? Chart.ROOT : s.parentKey).addChild(s);
            }
        }
        return Chart.of(chart);
    }

    private HandlerChartBuilder<C> add(Object key, Object parentKey, StateDef.Declared declared, StateHandler<C> handler) {
        Objects.requireNonNull(key, "key");
        StateDef s = new StateDef(key, declared);
        s.parentKey = parentKey;
        if (states.putIfAbsent(key, s) != null) {
            problems.add(new Problem(s.name, Rule.DUPLICATE_NAME, "the key " + key + " is registered more than once"));
            return this;
        }
        if (handler != null) {
            attach(s, handler);
        }
        return this;
    }

    private void attach(StateDef s, StateHandler<C> handler) {
        s.handler = handler;
        UserAction[] callbacks = UserCode.handlerActions(handler);
        s.entry.add(callbacks[0]);
        s.exit.add(callbacks[1]);
        s.initialActions.add(callbacks[2]);
        s.update.add(callbacks[3]);
    }
}
