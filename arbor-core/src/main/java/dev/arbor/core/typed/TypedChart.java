package dev.arbor.core.typed;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.Objects;

/**
 * A {@link Chart} whose states are keys of type {@code S} and whose events are of type
 * {@code E}, so that its builder and its machines refuse, at compile time, a state where an event
 * belongs, an event where a state belongs, and a constant of the wrong enum. It holds the untyped
 * chart ({@link #chart()}, for everything that takes one: the codec, the inspector, chart files'
 * tools) and makes {@link TypedMachine}s, which hand every call to a {@link Machine} of it.
 *
 * <pre>{@code
 * TypedChart<Guard, St, Ev> chart = TypedChart.builder("guard", Guard.class, St.class, Ev.class)
 *     .initial(St.PATROL)
 *     .state(St.PATROL, p -> p.on(Ev.SEE_ENEMY).target(St.COMBAT))
 *     .state(St.COMBAT, c -> c.on(Ev.LOST_ENEMY).target(St.PATROL))
 *     .build();
 * TypedMachine<Guard, St, Ev> npc = chart.newMachine(guard);
 * npc.start();
 * npc.fire(Ev.SEE_ENEMY);
 * }</pre>
 *
 * <p>Immutable and shared, like the chart it holds.
 *
 * @param <C> the owner (context) type: the object every action receives
 * @param <S> the type of the chart's state keys, usually an enum
 * @param <E> the type of the chart's events: an enum, or an interface (sealed, say) of records and enums
 */
public final class TypedChart<C, S, E> {
    private final Chart<C> chart;
    private final Class<S> stateType;
    private final Class<E> eventType;

    private TypedChart(Chart<C> chart, Class<S> stateType, Class<E> eventType) {
        this.chart = chart;
        this.stateType = stateType;
        this.eventType = eventType;
    }

    /**
     * Starts a typed chart, its owner type given as a class so that a chain of calls needs no
     * type arguments.
     *
     * @param <C>       the owner type of the chart's machines
     * @param <S>       the type of the state keys
     * @param <E>       the type of the events
     * @param name      the chart's name, used in messages and by tools
     * @param ownerType the owner's class (only its type is used)
     * @param stateType the class of the state keys, such as an enum's
     * @param eventType the class of the events: an enum's, or an interface its events implement
     * @return a builder for the chart's root state
     */
    public static <C, S, E> TypedChartBuilder<C, S, E> builder(String name, Class<C> ownerType, Class<S> stateType,
                                                                Class<E> eventType) {
        Objects.requireNonNull(ownerType, "ownerType");
        return builder(name, stateType, eventType);
    }

    /**
     * Starts a typed chart whose owner type is given as a type argument, as a generic owner type
     * needs: {@code TypedChart.<Cart<Item>, St, Ev>builder("cart", St.class, Ev.class)}.
     *
     * @param <C>       the owner type of the chart's machines
     * @param <S>       the type of the state keys
     * @param <E>       the type of the events
     * @param name      the chart's name, used in messages and by tools
     * @param stateType the class of the state keys, such as an enum's
     * @param eventType the class of the events: an enum's, or an interface its events implement
     * @return a builder for the chart's root state
     */
    public static <C, S, E> TypedChartBuilder<C, S, E> builder(String name, Class<S> stateType, Class<E> eventType) {
        Objects.requireNonNull(stateType, "stateType");
        Objects.requireNonNull(eventType, "eventType");
        return new TypedChartBuilder<>(Chart.builder(name), stateType, eventType);
    }

    /**
     * The typed face of a chart built elsewhere (by {@link Chart#builder}, say), once every state
     * key is checked to be of type {@code S}. Its triggers are not checked: a transition declared
     * untyped for another event type just never fires for an {@code E}.
     *
     * @param <C>       the owner type
     * @param <S>       the type of the state keys
     * @param <E>       the type of the events
     * @param chart     the chart
     * @param stateType the class every state key is an instance of
     * @param eventType the class of the events its typed machines take
     * @return the typed chart, holding {@code chart}
     * @throws IllegalArgumentException naming the first state whose key is not of type {@code S}
     */
    public static <C, S, E> TypedChart<C, S, E> of(Chart<C> chart, Class<S> stateType, Class<E> eventType) {
        Objects.requireNonNull(chart, "chart");
        Objects.requireNonNull(stateType, "stateType");
        Objects.requireNonNull(eventType, "eventType");
        for (int s = 1; s < chart.stateCount(); s++) { // the root (0) has the key Chart.ROOT
            Object key = chart.stateKey(s);
            if (!stateType.isInstance(key)) {
                throw new IllegalArgumentException("chart '" + chart.name() + "': state '" + chart.statePath(s)
                        + "' has a key of " + key.getClass().getName() + ", not of the chart's state type "
                        + stateType.getName());
            }
        }
        return new TypedChart<>(chart, stateType, eventType);
    }

    /**
     * Makes a new, not yet started machine for this owner.
     *
     * @param owner the object every action of the machine receives
     * @return the machine, to {@link TypedMachine#start()}
     */
    public TypedMachine<C, S, E> newMachine(C owner) {
        return new TypedMachine<>(chart.newMachine(owner), stateType);
    }

    /**
     * The typed face of a machine of this chart, such as one an action or a listener received, or
     * one restored by a tool that knows only the untyped chart. Each call makes a new face of the
     * same machine: compare machines with {@link TypedMachine#machine()}.
     *
     * @param machine a machine made by this chart
     * @return the typed face, handing every call to {@code machine}
     * @throws IllegalArgumentException when {@code machine} runs another chart
     */
    public TypedMachine<C, S, E> view(Machine<C> machine) {
        Objects.requireNonNull(machine, "machine");
        if (machine.chart() != chart) {
            throw new IllegalArgumentException("a machine of chart '" + machine.chart().name()
                    + "' is not a machine of typed chart '" + chart.name() + "' (another chart, or another build of it)");
        }
        return new TypedMachine<>(machine, stateType);
    }

    /**
     * The untyped chart, for everything that takes a {@link Chart}: snapshot codecs, the
     * inspector, exporters, analysis.
     *
     * @return the chart every typed machine of this one runs
     */
    public Chart<C> chart() {
        return chart;
    }

    /**
     * The class of the chart's state keys.
     *
     * @return the class given to the builder
     */
    public Class<S> stateType() {
        return stateType;
    }

    /**
     * The class of the chart's events.
     *
     * @return the class given to the builder
     */
    public Class<E> eventType() {
        return eventType;
    }

    /**
     * The chart's name, as given to the builder.
     *
     * @return the name
     */
    public String name() {
        return chart.name();
    }

    @Override
    public String toString() {
        return "TypedChart[" + chart.name() + " " + stateType.getSimpleName() + ", " + eventType.getSimpleName() + "]";
    }
}
