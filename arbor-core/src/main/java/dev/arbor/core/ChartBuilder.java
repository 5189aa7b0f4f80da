package dev.arbor.core;

import dev.arbor.core.model.ChartDef;
import dev.arbor.core.model.StateDef;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The builder of a {@link Chart} from declared states and transitions. The builder is the root
 * state: what is declared on it directly belongs to the root (the global state of Buckland's agents), and
 * {@link #build()} validates and compiles the whole chart.
 *
 * <pre>{@code
 * Chart<Door> chart = Chart.<Door>builder("door")
 *     .initial(CLOSED)
 *     .state(CLOSED, s -> s.on(OPEN).target(OPENED))
 *     .state(OPENED, s -> s.on(CLOSE).target(CLOSED))
 *     .build();
 * }</pre>
 *
 * @param <C> the owner (context) type
 */
public final class ChartBuilder<C> extends StateBuilder<C> {
    private final ChartDef chart;
    private final ChartSettings settings;

    ChartBuilder(String name) {
        super(new StateDef(Chart.ROOT, StateDef.Declared.PLAIN));
        chart = new ChartDef(Objects.requireNonNull(name, "name"), def);
        settings = new ChartSettings(chart);
    }

    /**
     * Declares the root's own transitions and actions in one place: Buckland's agents' global state, whose
     * handlers apply whatever state is active (events not handled below bubble up to it) and whose
     * update action runs first on every tick.
     *
     * @param spec declares the root's transitions and actions on the builder it is given (this one)
     * @return this builder
     */
    public ChartBuilder<C> global(Consumer<StateBuilder<C>> spec) {
        Objects.requireNonNull(spec, "spec").accept(this);
        return this;
    }

    /**
     * What happens after a user action throws (default {@link ErrorPolicy#RETHROW}).
     *
     * @param policy the policy for every machine of the chart
     * @return this builder
     */
    public ChartBuilder<C> errorPolicy(ErrorPolicy policy) {
        settings.errorPolicy(policy);
        return this;
    }

    /**
     * Which polled transitions {@link Machine#update()} tests first (default {@link UpdateOrder#OUTER_FIRST}).
     *
     * @param order outer or inner states first
     * @return this builder
     */
    public ChartBuilder<C> updateOrder(UpdateOrder order) {
        settings.updateOrder(order);
        return this;
    }

    /**
     * Called with every event that no active state handles (default: ignore). An event the
     * chart does not know at all is passed to it only under {@link UnknownEvents#IGNORE}.
     *
     * @param hook run with the owner and the unhandled event; replaces an earlier one
     * @return this builder
     */
    public ChartBuilder<C> onUnhandled(Action<C, Object> hook) {
        settings.onUnhandled(hook);
        return this;
    }

    /**
     * What machines of the chart do with an event it does not know at all, one that no trigger
     * of the chart matches (as distinct from one it knows that no active state takes now, which
     * goes to {@link #onUnhandled}): reject it with a message, or ignore it. The default,
     * {@link UnknownEvents#byDefault()}, rejects when assertions are enabled ({@code -ea}, as
     * under tests) and ignores otherwise, as decided when the builder is made.
     *
     * @param policy reject or ignore
     * @return this builder
     */
    public ChartBuilder<C> unknownEvents(UnknownEvents policy) {
        settings.unknownEvents(policy);
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
    public ChartBuilder<C> maxMicrosteps(int max) {
        settings.maxMicrosteps(max);
        return this;
    }

    /**
     * The most events a machine keeps deferred at once (default 64). When it is full, the chart's
     * {@link ErrorPolicy} applies to the newest event to be deferred, which is dropped
     * ({@link DeferralOverflowException}); nothing else changes.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public ChartBuilder<C> deferLimit(int limit) {
        settings.deferLimit(limit);
        return this;
    }

    /**
     * The most configurations a machine's {@link Machine#push} keeps (default 16). A push beyond
     * it does not move, and is reported by the chart's {@link ErrorPolicy}.
     *
     * @param limit the limit, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is less than 1
     */
    public ChartBuilder<C> pushLimit(int limit) {
        settings.pushLimit(limit);
        return this;
    }

    /**
     * Accepts states that no transition can enter (for example while a chart is being drafted).
     *
     * @return this builder
     */
    public ChartBuilder<C> allowUnreachable() {
        chart.allowUnreachable = true;
        return this;
    }

    /**
     * Declares a designer variable ({@link Variable#bool}, {@link Variable#integer},
     * {@link Variable#choice}, {@link Variable#trigger}): every machine of the chart holds its own
     * value, read and written through {@link Machine#variables()}.
     *
     * @param variable the declaration
     * @return this builder
     * @throws IllegalArgumentException when the chart declares a variable of that name already
     */
    public ChartBuilder<C> variable(Variable variable) {
        Objects.requireNonNull(variable, "variable");
        for (Variable v : chart.variables) {
            if (v.name().equals(variable.name())) {
                throw new IllegalArgumentException("chart '" + chart.name + "' declares variable '" + variable.name()
                        + "' twice");
            }
        }
        chart.variables.add(variable);
        return this;
    }

    /**
     * Says that machines of this chart draw from their seeded generator
     * ({@link Variables#nextInt}, the built-in {@code Random} and {@code Chance}), so that the
     * snapshot codec writes the generator's state: rollback and replay then draw the same again.
     * ({@link Machine#snapshot()} always holds it.)
     *
     * @return this builder
     */
    public ChartBuilder<C> drawsRandom() {
        chart.drawsRandom = true;
        return this;
    }

    /**
     * Validates and compiles the chart.
     *
     * @return the chart, ready to make machines
     * @throws ChartDefinitionException listing every rule the definition breaks
     */
    public Chart<C> build() {
        return Chart.of(chart);
    }

    // Covariant forms of the root-state methods, so that a chart reads as one chain.

    @Override
    public ChartBuilder<C> state(Object key) {
        super.state(key);
        return this;
    }

    @Override
    public ChartBuilder<C> state(Object key, Consumer<StateBuilder<C>> spec) {
        super.state(key, spec);
        return this;
    }

    @Override
    public ChartBuilder<C> parallel(Object key, Consumer<StateBuilder<C>> spec) {
        super.parallel(key, spec);
        return this;
    }

    @Override
    public ChartBuilder<C> finalState(Object key) {
        super.finalState(key);
        return this;
    }

    @Override
    public ChartBuilder<C> finalState(Object key, Consumer<StateBuilder<C>> spec) {
        super.finalState(key, spec);
        return this;
    }

    @Override
    public ChartBuilder<C> history(Object key, HistoryType type, Object... defaultTargets) {
        super.history(key, type, defaultTargets);
        return this;
    }

    @Override
    public ChartBuilder<C> initial(Object... targets) {
        super.initial(targets);
        return this;
    }

    @Override
    public ChartBuilder<C> initialAction(StateAction<C> action) {
        super.initialAction(action);
        return this;
    }

    @Override
    public ChartBuilder<C> onEntry(StateAction<C> action) {
        super.onEntry(action);
        return this;
    }

    @Override
    public ChartBuilder<C> onExit(StateAction<C> action) {
        super.onExit(action);
        return this;
    }

    @Override
    public ChartBuilder<C> onUpdate(StateAction<C> action) {
        super.onUpdate(action);
        return this;
    }

    @Override
    public ChartBuilder<C> handler(StateHandler<C> handler) {
        super.handler(handler);
        return this;
    }
}
