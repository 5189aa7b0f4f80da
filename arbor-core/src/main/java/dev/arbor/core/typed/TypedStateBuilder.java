package dev.arbor.core.typed;

import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.Conditions;
import dev.arbor.core.Done;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.ExecutionError;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.StateHandler;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The declaration of one state of a {@link TypedChart}: the typed face of a {@link StateBuilder},
 * whose children and targets are states of type {@code S} and whose triggers are events of type
 * {@code E}. Every method hands its work to the {@code StateBuilder} of the same state, so a chart
 * declared here is the chart {@link dev.arbor.core.Chart#builder} would make from the same
 * declarations.
 *
 * <pre>{@code
 * p.state(St.PATROL, patrol -> {
 *     patrol.initial(St.WALK);
 *     patrol.on(Ev.SEE_ENEMY).target(St.COMBAT);
 *     patrol.state(St.WALK, w -> w.on(Ev.ARRIVED).target(St.WAIT));
 *     patrol.state(St.WAIT, w -> w.after(30).target(St.WALK));
 * });
 * }</pre>
 *
 * @param <C> the owner (context) type
 * @param <S> the type of the chart's state keys, usually an enum
 * @param <E> the type of the chart's events: an enum, or an interface (sealed, say) of records and enums
 */
public final class TypedStateBuilder<C, S, E> {
    private final StateBuilder<C> state;

    TypedStateBuilder(StateBuilder<C> state) {
        this.state = state;
    }

    /** The typed face of each child's builder, made while the chart is declared (never when it runs). */
    private Consumer<StateBuilder<C>> typed(Consumer<TypedStateBuilder<C, S, E>> spec) {
        Objects.requireNonNull(spec, "spec");
        return s -> spec.accept(new TypedStateBuilder<>(s));
    }

    // ---------------------------------------------------------------- children

    /**
     * Adds an atomic child state.
     *
     * @param key the child's key, unique in the chart
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> state(S key) {
        state.state(key);
        return this;
    }

    /**
     * Adds a child state; the spec declares what it contains and does.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's actions, transitions and children on the builder it is given
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> state(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        state.state(key, typed(spec));
        return this;
    }

    /**
     * Adds a parallel child: each of its children is a region, all active together.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's regions, actions and transitions
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> parallel(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        state.parallel(key, typed(spec));
        return this;
    }

    /**
     * Adds a final child: entering it completes this state (a {@link Done} event).
     *
     * @param key the child's key, unique in the chart
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> finalState(S key) {
        state.finalState(key);
        return this;
    }

    /**
     * Adds a final child with entry and exit actions.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's actions
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> finalState(S key, Consumer<TypedStateBuilder<C, S, E>> spec) {
        state.finalState(key, typed(spec));
        return this;
    }

    /**
     * Adds a history pseudo-state ({@link StateBuilder#history}): a transition that targets it
     * enters what this state had active when last exited, or the default targets while it has
     * never been exited.
     *
     * @param key            the history state's key, unique in the chart
     * @param type           shallow or deep
     * @param defaultTargets the states entered while this state has never been exited (none: its
     *                       own initial content)
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedStateBuilder<C, S, E> history(S key, HistoryType type, S... defaultTargets) {
        state.history(key, type, defaultTargets);
        return this;
    }

    // ---------------------------------------------------------------- initial and actions

    /**
     * Names the child entered when this state is entered by default; several targets are allowed
     * when they lie in different regions of a parallel descendant.
     *
     * @param targets the states entered; they replace earlier ones
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedStateBuilder<C, S, E> initial(S... targets) {
        state.initial(targets);
        return this;
    }

    /**
     * An action of the initial transition: runs after this state's entry, before the initial
     * child is entered.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> initialAction(StateAction<C> action) {
        state.initialAction(action);
        return this;
    }

    /**
     * Adds an entry action, run when this state is entered; several run in the order added.
     *
     * @param action run with the owner
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onEntry(StateAction<C> action) {
        state.onEntry(action);
        return this;
    }

    /**
     * Adds an entry action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onEntry(MachineStateAction<C> action) {
        state.onEntry(action);
        return this;
    }

    /**
     * Adds an exit action, run when this state is exited; several run in the order added.
     *
     * @param action run with the owner
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onExit(StateAction<C> action) {
        state.onExit(action);
        return this;
    }

    /**
     * Adds an exit action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onExit(MachineStateAction<C> action) {
        state.onExit(action);
        return this;
    }

    /**
     * Runs on every {@link Machine#update()} while this state is active, root to leaf.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onUpdate(StateAction<C> action) {
        state.onUpdate(action);
        return this;
    }

    /**
     * Adds an update action that also sees the machine; see {@link #onUpdate(StateAction)}.
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> onUpdate(MachineStateAction<C> action) {
        state.onUpdate(action);
        return this;
    }

    /**
     * Lets a handler object react to events that reach this state, after its declared
     * transitions. (The handler sees events as {@code Object}, and asks for targets by key.)
     *
     * @param handler the object whose {@link StateHandler#onEvent} is called; replaces an earlier one
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> handler(StateHandler<C> handler) {
        state.handler(handler);
        return this;
    }

    // ---------------------------------------------------------------- transitions

    /**
     * A transition triggered by one enum constant of the event type (or of an enum that
     * implements it). Only enum constants are matched this way; events with data are matched by
     * their class with {@link #on(Class)}.
     *
     * @param eventConstant the constant that triggers it
     * @return the transition, to declare its guard, action and targets
     * @throws IllegalArgumentException when {@code eventConstant} is not an enum constant
     */
    public TypedTransitionBuilder<C, S, E> on(E eventConstant) {
        return new TypedTransitionBuilder<>(state.on(eventConstant));
    }

    /**
     * A transition triggered by every event of a subtype of the event type: a record, or an
     * interface of a sealed hierarchy. Its guard and action receive the event as that subtype.
     *
     * @param <X>       the subtype
     * @param eventType the class whose instances trigger it
     * @return the transition, to declare its guard, action and targets
     */
    public <X extends E> TypedTransitionBuilder<C, S, X> on(Class<X> eventType) {
        return new TypedTransitionBuilder<>(state.on(eventType));
    }

    /**
     * A transition triggered by any event, including those the engine raises itself (completion
     * and error events), which is why it sees the event as {@code Object}.
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, Object> onAny() {
        return new TypedTransitionBuilder<>(state.onAny());
    }

    /**
     * A transition triggered when this state completes (its final child, or all its regions'
     * finals, are entered).
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, Done> onDone() {
        return new TypedTransitionBuilder<>(state.onDone());
    }

    /**
     * A transition triggered when the given state completes.
     *
     * @param completed the compound or parallel state whose completion triggers it
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, Done> onDone(S completed) {
        return new TypedTransitionBuilder<>(state.onDone(completed));
    }

    /**
     * A transition triggered by the {@link ExecutionError} event a machine raises when a user
     * action or guard throws and the chart's policy is {@link ErrorPolicy#RAISE_ERROR_EVENT}
     * (SCXML's {@code error.execution}): an event of the engine's, not of type {@code E}.
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, ExecutionError> onError() {
        return new TypedTransitionBuilder<>(state.on(ExecutionError.class));
    }

    /**
     * A transition taken when any child of this state finishes and the child did not declare its
     * own successor: the container decides ({@link StateBuilder#onChildFinished}).
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, Done> onChildFinished() {
        return new TypedTransitionBuilder<>(state.onChildFinished());
    }

    /**
     * An eventless transition, taken as soon as its guard holds after any step (SCXML's
     * transition without event).
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TypedTransitionBuilder<C, S, Object> always() {
        return new TypedTransitionBuilder<>(state.always());
    }

    /**
     * A polled transition whose condition reads the machine too, such as its designer variables:
     * tested by {@link Machine#update()} ticks like {@link #when(Condition, Condition...)}.
     *
     * @param condition the condition that must hold
     * @return the transition, to declare its action and targets
     */
    public TypedTransitionBuilder<C, S, Object> when(MachineCondition<C> condition) {
        return new TypedTransitionBuilder<>(state.when(condition));
    }

    /**
     * A polled transition, tested by {@link Machine#update()} ticks, enabled when every condition
     * holds ({@link StateBuilder#when(Condition, Condition...)}; a {@link Conditions#received}
     * among them makes it an event's transition, with an untyped event).
     *
     * @param first a condition that must hold
     * @param more  further conditions that must hold too
     * @return the transition, to declare its action and targets
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedTransitionBuilder<C, S, Object> when(Condition<C> first, Condition<C>... more) {
        return new TypedTransitionBuilder<>(state.when(first, more));
    }

    /**
     * A timed transition: {@link Machine#update()} takes it in the tick in which this state has
     * been active for {@code ticks} ticks ({@link StateBuilder#after}).
     *
     * @param ticks how long this state must have been active, at least 1
     * @return the transition, to declare its guard, action and targets
     * @throws IllegalArgumentException if {@code ticks} is less than 1
     */
    public TypedTransitionBuilder<C, S, Object> after(long ticks) {
        return new TypedTransitionBuilder<>(state.after(ticks));
    }

    // ---------------------------------------------------------------- deferral

    /**
     * Defers an enum constant of the event type while this state is active: when no enabled
     * transition takes it, the machine keeps it and offers it again once no active state defers
     * it ({@link StateBuilder#defer(Object)}).
     *
     * @param eventConstant the enum constant to defer
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> defer(E eventConstant) {
        state.defer(eventConstant);
        return this;
    }

    /**
     * Defers every event of a subtype of the event type (a record, or a sealed interface's
     * subtypes); see {@link #defer(Object)}.
     *
     * @param eventType the class whose instances are deferred
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> defer(Class<? extends E> eventType) {
        state.defer(eventType);
        return this;
    }

    // ---------------------------------------------------------------- components and completion

    /**
     * Attaches a reusable behaviour (the component HSM); the state finishes when any of its
     * behaviours reports finished.
     *
     * @param behavior the behaviour, shared by every machine of the chart
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> use(Behavior<C> behavior) {
        state.use(behavior);
        return this;
    }

    /**
     * The declared successor: when this state finishes, move to {@code successor}. Same as
     * {@code onDone().target(successor)}.
     *
     * @param successor the state to move to
     * @return this builder
     */
    public TypedStateBuilder<C, S, E> then(S successor) {
        state.then(successor);
        return this;
    }

    /**
     * The untyped builder of this same state, for what the typed face does not offer (named
     * events, {@code on("ping")}). States declared through it must still have keys of type
     * {@code S}: {@link TypedChartBuilder#build()} checks.
     *
     * @return the {@link StateBuilder} every method of this one hands its work to
     */
    public StateBuilder<C> untyped() {
        return state;
    }
}
