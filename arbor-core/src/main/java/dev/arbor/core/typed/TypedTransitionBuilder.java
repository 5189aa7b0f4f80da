package dev.arbor.core.typed;

import dev.arbor.core.Action;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.TransitionBuilder;
import dev.arbor.core.TransitionKind;

/**
 * The declaration of one transition of a {@link TypedChart}: the typed face of a
 * {@link TransitionBuilder}, whose targets are states of type {@code S} and whose guards and
 * actions receive the event as {@code X}. Without a target the transition is internal.
 *
 * @param <C> the owner (context) type
 * @param <S> the type of the chart's state keys
 * @param <X> the type of the events that trigger it, as its guards and actions receive them
 */
public final class TypedTransitionBuilder<C, S, X> {
    private final TransitionBuilder<C, X> transition;

    TypedTransitionBuilder(TransitionBuilder<C, X> transition) {
        this.transition = transition;
    }

    /**
     * The transition is enabled only when the guard holds. A second guard replaces the first.
     *
     * @param guard tested with the owner and the event before the transition is taken
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> guard(Guard<C, X> guard) {
        transition.guard(guard);
        return this;
    }

    /**
     * A guard that reads the machine too, such as its designer variables. A second guard
     * replaces the first.
     *
     * @param guard tested with the machine, the owner and the event before the transition is taken
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> guard(MachineGuard<C, X> guard) {
        transition.guard(guard);
        return this;
    }

    /**
     * A guard on the owner alone. A second guard replaces the first.
     *
     * @param condition tested with the owner before the transition is taken
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> guard(Condition<C> condition) {
        transition.guard(condition);
        return this;
    }

    /**
     * Adds an action, run after the exits and before the entries; several run in the order added.
     *
     * @param action run with the owner and the event
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> action(Action<C, X> action) {
        transition.action(action);
        return this;
    }

    /**
     * Adds an action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine, the owner and the event, in the order added
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> action(MachineAction<C, X> action) {
        transition.action(action);
        return this;
    }

    /**
     * Sets the target state(s). Several targets must lie in different regions of a parallel
     * state; a history pseudo-state may be a target.
     *
     * @param targets the targets; none makes the transition internal again
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedTransitionBuilder<C, S, X> target(S... targets) {
        transition.target(targets);
        return this;
    }

    /**
     * Makes the transition's response a plan: a sequence of states run in order, the first being
     * the target ({@link TransitionBuilder#plan}).
     *
     * @param first the first step: the transition's target
     * @param rest  the steps after it, in order
     * @return this builder
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by the builder it is handed to
    public final TypedTransitionBuilder<C, S, X> plan(S first, S... rest) {
        transition.plan(first, rest);
        return this;
    }

    /**
     * Saves the configuration this transition interrupts, and returns to it when the
     * transition's target (or plan) has finished.
     *
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> resumeAfter() {
        transition.resumeAfter();
        return this;
    }

    /**
     * Makes the transition {@link TransitionKind#LOCAL local}.
     *
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> local() {
        transition.local();
        return this;
    }

    /**
     * Makes the transition {@link TransitionKind#EXTERNAL external} (the default).
     *
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> external() {
        transition.external();
        return this;
    }

    /**
     * Sets the transition's kind: {@link #local()} or {@link #external()} as a value.
     *
     * @param kind local or external
     * @return this builder
     */
    public TypedTransitionBuilder<C, S, X> kind(TransitionKind kind) {
        transition.kind(kind);
        return this;
    }
}
