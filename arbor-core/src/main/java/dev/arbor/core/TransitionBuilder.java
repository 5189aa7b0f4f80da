package dev.arbor.core;

import dev.arbor.core.model.TransitionDef;
import dev.arbor.core.semantics.UserCode;
import java.util.Objects;

/**
 * The declaration of one transition: its guard, action, targets and kind. Without a target the
 * transition is internal (it runs its action and consumes the event; nothing is exited).
 *
 * @param <C> the owner (context) type
 * @param <E> the type of the events that trigger it
 */
public final class TransitionBuilder<C, E> {
    private final TransitionDef def;

    TransitionBuilder(TransitionDef def) {
        this.def = def;
    }

    /**
     * The transition is enabled only when the guard holds. A second guard replaces the first.
     *
     * @param guard tested with the owner and the event before the transition is taken
     * @return this builder
     */
    public TransitionBuilder<C, E> guard(Guard<C, E> guard) {
        def.guard = UserCode.guard(guard);
        return this;
    }

    /**
     * A guard that reads the machine too, such as its designer variables. A second guard replaces the first.
     *
     * @param guard tested with the machine, the owner and the event before the transition is taken
     * @return this builder
     */
    public TransitionBuilder<C, E> guard(MachineGuard<C, E> guard) {
        def.guard = UserCode.machineGuard(guard);
        return this;
    }

    /**
     * A guard on the owner alone.
     *
     * @param condition tested with the owner before the transition is taken; replaces an earlier guard
     * @return this builder
     */
    public TransitionBuilder<C, E> guard(Condition<C> condition) {
        def.guard = UserCode.condition(condition);
        return this;
    }

    /**
     * Adds an action, run after the exits and before the entries; several run in the order added.
     *
     * @param action run with the owner and the event
     * @return this builder
     */
    public TransitionBuilder<C, E> action(Action<C, E> action) {
        def.actions.add(UserCode.eventAction(action));
        return this;
    }

    /**
     * Adds an action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine, the owner and the event, in the order added
     * @return this builder
     */
    public TransitionBuilder<C, E> action(MachineAction<C, E> action) {
        def.actions.add(UserCode.machineEventAction(action));
        return this;
    }

    /**
     * Sets the target state(s). Several targets must lie in different regions of a parallel state
     * (SCXML); a history pseudo-state may be a target.
     *
     * @param stateKeys the keys of the targets; none makes the transition internal again
     * @return this builder
     */
    public TransitionBuilder<C, E> target(Object... stateKeys) {
        Objects.requireNonNull(stateKeys, "stateKeys");
        def.targets.clear();
        for (Object k : stateKeys) {
            def.targets.add(Objects.requireNonNull(k, "target key"));
        }
        return this;
    }

    /**
     * Makes the transition {@link TransitionKind#LOCAL local}.
     *
     * @return this builder
     */
    public TransitionBuilder<C, E> local() {
        def.local = true;
        return this;
    }

    /**
     * Makes the transition {@link TransitionKind#EXTERNAL external} (the default).
     *
     * @return this builder
     */
    public TransitionBuilder<C, E> external() {
        def.local = false;
        return this;
    }

    /**
     * Makes the transition's response a plan (the component HSM): a sequence of states run in order. The
     * first is the target; when it finishes the next is entered, and so on. The plan belongs to
     * the steps' least common compound ancestor and is dropped if that state is exited.
     *
     * @param first the first step: the transition's target
     * @param rest  the steps after it, in order
     * @return this builder
     */
    public TransitionBuilder<C, E> plan(Object first, Object... rest) {
        target(first);
        def.plan.clear();
        for (Object k : rest) {
            def.plan.add(Objects.requireNonNull(k, "plan step"));
        }
        return this;
    }

    /**
     * Saves the configuration this transition interrupts, and returns to it when the transition's
     * target (or plan) has finished: persistence in fixed tasks (the component HSM).
     *
     * @return this builder
     */
    public TransitionBuilder<C, E> resumeAfter() {
        def.resumeAfter = true;
        return this;
    }

    /**
     * Sets the transition's kind: {@link #local()} or {@link #external()} as a value.
     *
     * @param kind local or external
     * @return this builder
     */
    public TransitionBuilder<C, E> kind(TransitionKind kind) {
        def.local = Objects.requireNonNull(kind, "kind") == TransitionKind.LOCAL;
        return this;
    }
}
