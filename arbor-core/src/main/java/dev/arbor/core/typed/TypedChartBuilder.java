package dev.arbor.core.typed;

import dev.arbor.core.Action;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.ChartDefinitionException;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.core.UnknownEvents;
import dev.arbor.core.UpdateOrder;
import dev.arbor.core.Variable;
import dev.arbor.core.Variables;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The builder of a {@link TypedChart}: the typed face of a {@link ChartBuilder}, for the root
 * state and the chart's options. The root's own transitions, deferrals and behaviours (the
 * global state of Buckland's agents) are declared in {@link #global}; {@link #build()} validates
 * and compiles the chart as {@link ChartBuilder#build()} does.
 *
 * <pre>{@code
 * TypedChart<Door, St, Ev> chart = TypedChart.builder("door", Door.class, St.class, Ev.class)
 *     .initial(St.CLOSED)
 *     .state(St.CLOSED, s -> s.on(Ev.OPEN).target(St.OPENED))
 *     .state(St.OPENED, s -> s.on(Ev.CLOSE).target(St.CLOSED))
 *     .build();
 * }</pre>
 *
 * @param <C> the owner (context) type
 * @param <S> the type of the chart's state keys, usually an enum
 * @param <E> the type of the chart's events: an enum, or an interface (sealed, say) of records and enums
 */
public final class TypedChartBuilder<C, S, E> {
    private final ChartBuilder<C> chart;
    private final TypedStateBuilder<C, S, E> root;
    private final Class<S> stateType;
    private final Class<E> eventType;

    TypedChartBuilder(ChartBuilder<C> chart, Class<S> stateType, Class<E> eventType) {
        this.chart = chart;
        this.root = new TypedStateBuilder<>(chart);
        this.stateType = stateType;
        this.eventType = eventType;
    }

    // ---------------------------------------------------------------- the root's states and actions

    /**
     * Adds an atomic top-level state.
     *
     * @param key the state's key, unique in the chart
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> state(S key) {
        root.state(key);
        return this;
    }

    /**
     * Adds a top-level state; the spec declares what it contains and does.
     *
     * @param key  the state's key, unique in the chart
     * @param spec declares the state's actions, transitions and children on the builder it is given
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> state(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        root.state(key, spec);
        return this;
    }

    /**
     * Adds a top-level parallel state: each of its children is a region, all active together.
     *
     * @param key  the state's key, unique in the chart
     * @param spec declares the state's regions, actions and transitions
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> parallel(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        root.parallel(key, spec);
        return this;
    }

    /**
     * Adds a top-level final state: entering it halts the machine.
     *
     * @param key the state's key, unique in the chart
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> finalState(S key) {
        root.finalState(key);
        return this;
    }

    /**
     * Adds a top-level final state with entry and exit actions.
     *
     * @param key  the state's key, unique in the chart
     * @param spec declares the state's actions
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> finalState(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        root.finalState(key, spec);
        return this;
    }

    /**
     * Adds a history pseudo-state of the root ({@link TypedStateBuilder#history}).
     *
     * @param key            the history state's key, unique in the chart
     * @param type           shallow or deep
     * @param defaultTargets the states entered while the root has never been exited
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedChartBuilder<C, S, E> history(S key, HistoryType type, S... defaultTargets) {
        root.history(key, type, defaultTargets);
        return this;
    }

    /**
     * Names the top-level state entered when a machine starts; several are allowed when they lie
     * in different regions of a parallel state.
     *
     * @param targets the states entered; they replace earlier ones
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedChartBuilder<C, S, E> initial(S... targets) {
        root.initial(targets);
        return this;
    }

    /**
     * An action of the root's initial transition, run when a machine starts, before the initial
     * state is entered.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> initialAction(StateAction<C> action) {
        root.initialAction(action);
        return this;
    }

    /**
     * Adds an entry action of the root, run when a machine starts.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onEntry(StateAction<C> action) {
        root.onEntry(action);
        return this;
    }

    /**
     * Adds an entry action of the root that also sees the machine.
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onEntry(MachineStateAction<C> action) {
        root.onEntry(action);
        return this;
    }

    /**
     * Adds an exit action of the root, run when a machine stops or halts.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onExit(StateAction<C> action) {
        root.onExit(action);
        return this;
    }

    /**
     * Adds an exit action of the root that also sees the machine.
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onExit(MachineStateAction<C> action) {
        root.onExit(action);
        return this;
    }

    /**
     * Adds an update action of the root: the first to run on every {@link Machine#update()}.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onUpdate(StateAction<C> action) {
        root.onUpdate(action);
        return this;
    }

    /**
     * Adds an update action of the root that also sees the machine.
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onUpdate(MachineStateAction<C> action) {
        root.onUpdate(action);
        return this;
    }

    /**
     * Lets a handler object react to events that no state below handles.
     *
     * @param handler the object whose {@link StateHandler#onEvent} is called; replaces an earlier one
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> handler(StateHandler<C> handler) {
        root.handler(handler);
        return this;
    }

    /**
     * Declares the root's own transitions, deferrals and actions in one place: Buckland's agents'
     * global state, whose transitions apply whatever state is active (events not handled below
     * bubble up to it) and whose update action runs first on every tick.
     *
     * @param spec declares them on the root's builder, which it is given
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> global(Consumer<TypedStateBuilder<C, S, E>> spec) {
        Objects.requireNonNull(spec, "spec").accept(root);
        return this;
    }

    // ---------------------------------------------------------------- the chart's options

    /**
     * What happens after a user action throws (default {@link ErrorPolicy#RETHROW}).
     *
     * @param policy the policy for every machine of the chart
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> errorPolicy(ErrorPolicy policy) {
        chart.errorPolicy(policy);
        return this;
    }

    /**
     * Which polled transitions {@link Machine#update()} tests first (default {@link UpdateOrder#OUTER_FIRST}).
     *
     * @param order outer or inner states first
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> updateOrder(UpdateOrder order) {
        chart.updateOrder(order);
        return this;
    }

    /**
     * Called with every event that no active state handles (default: ignore). It sees the event as
     * {@code Object}, since the engine's own events (completion, errors) may go unhandled too.
     *
     * @param hook run with the owner and the unhandled event; replaces an earlier one
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> onUnhandled(Action<C, Object> hook) {
        chart.onUnhandled(hook);
        return this;
    }

    /**
     * The most microsteps one run-to-completion step may take before it is declared a livelock
     * (default 10,000).
     *
     * @param max the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code max} is less than 1
     */
    public TypedChartBuilder<C, S, E> maxMicrosteps(int max) {
        chart.maxMicrosteps(max);
        return this;
    }

    /**
     * The most events a machine keeps deferred at once (default 64); see {@link ChartBuilder#deferLimit}.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public TypedChartBuilder<C, S, E> deferLimit(int limit) {
        chart.deferLimit(limit);
        return this;
    }

    /**
     * What machines of the chart do with an event it does not know at all; see
     * {@link ChartBuilder#unknownEvents}. A typed machine's events are all of type {@code E}, but
     * one of a class no trigger names (a record of an event interface, say) is still unknown.
     *
     * @param policy reject or ignore
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> unknownEvents(UnknownEvents policy) {
        chart.unknownEvents(policy);
        return this;
    }

    /**
     * The most configurations a machine's {@link TypedMachine#push} keeps (default 16); see
     * {@link ChartBuilder#pushLimit}.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public TypedChartBuilder<C, S, E> pushLimit(int limit) {
        chart.pushLimit(limit);
        return this;
    }

    /**
     * Accepts states that no transition can enter (for example while a chart is being drafted).
     *
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> allowUnreachable() {
        chart.allowUnreachable();
        return this;
    }

    /**
     * Declares a designer variable: every machine of the chart holds its own value, read and
     * written through {@link TypedMachine#variables()}.
     *
     * @param variable the declaration
     * @return this builder
     * @throws IllegalArgumentException when the chart declares a variable of that name already
     */
    public TypedChartBuilder<C, S, E> variable(Variable variable) {
        chart.variable(variable);
        return this;
    }

    /**
     * Says that machines of this chart draw from their seeded generator ({@link Variables#nextInt}),
     * so that the snapshot codec writes the generator's state.
     *
     * @return this builder
     */
    public TypedChartBuilder<C, S, E> drawsRandom() {
        chart.drawsRandom();
        return this;
    }

    /**
     * The untyped builder of this same chart, for what the typed face does not offer. States
     * declared through it must still have keys of type {@code S}: {@link #build()} checks.
     *
     * @return the {@link ChartBuilder} every method of this one hands its work to
     */
    public ChartBuilder<C> untyped() {
        return chart;
    }

    /**
     * Validates and compiles the chart.
     *
     * @return the chart, ready to make machines
     * @throws ChartDefinitionException listing every rule the definition breaks
     * @throws IllegalArgumentException when a state declared through {@link #untyped()} has a key
     *                                  that is not of type {@code S}
     */
    public TypedChart<C, S, E> build() {
        return TypedChart.of(chart.build(), stateType, eventType);
    }
}
