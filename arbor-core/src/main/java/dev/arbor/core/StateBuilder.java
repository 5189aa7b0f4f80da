package dev.arbor.core;

import dev.arbor.core.model.StateDef;
import dev.arbor.core.model.TransitionDef;
import dev.arbor.core.model.Trigger;
import dev.arbor.core.semantics.UserCode;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The declaration of one state: its actions, its transitions and its children. A state with
 * children is compound unless declared {@link #parallel parallel}; one without is atomic.
 *
 * <pre>{@code
 * s.state(S1, s1 -> {
 *     s1.initial(S11);
 *     s1.onEntry(h -> h.log("s1-ENTRY"));
 *     s1.on(Sig.A).target(S1);
 *     s1.on(Sig.D).guard(h -> !h.foo).action((h, e) -> h.foo = true).target(S);
 *     s1.state(S11);
 * });
 * }</pre>
 *
 * @param <C> the owner (context) type
 */
public class StateBuilder<C> {
    final StateDef def;

    StateBuilder(StateDef def) {
        this.def = def;
    }

    // ---------------------------------------------------------------- children

    /**
     * Adds an atomic child state.
     *
     * @param key the child's key, unique in the chart
     * @return this builder
     */
    public StateBuilder<C> state(Object key) {
        return state(key, s -> { });
    }

    /**
     * Adds a child state; the spec declares what it contains and does.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's actions, transitions and children on the builder it is given
     * @return this builder
     */
    public StateBuilder<C> state(Object key, Consumer<StateBuilder<C>> spec) {
        child(key, StateDef.Declared.PLAIN, spec);
        return this;
    }

    /**
     * Adds a parallel child: each of its children is a region, all active together.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's regions, actions and transitions
     * @return this builder
     */
    public StateBuilder<C> parallel(Object key, Consumer<StateBuilder<C>> spec) {
        child(key, StateDef.Declared.PARALLEL, spec);
        return this;
    }

    /**
     * Adds a final child: entering it completes this state (a {@link Done} event).
     *
     * @param key the child's key, unique in the chart
     * @return this builder
     */
    public StateBuilder<C> finalState(Object key) {
        return finalState(key, s -> { });
    }

    /**
     * Adds a final child with entry and exit actions.
     *
     * @param key  the child's key, unique in the chart
     * @param spec declares the child's actions
     * @return this builder
     */
    public StateBuilder<C> finalState(Object key, Consumer<StateBuilder<C>> spec) {
        child(key, StateDef.Declared.FINAL, spec);
        return this;
    }

    /**
     * Adds a history pseudo-state. A transition that targets it enters what this state had active
     * when last exited, or the default targets (when none are given: this state's own initial
     * content) when it has never been exited.
     *
     * <p>A transition that targets a history state takes its domain from the history state
     * itself (so this state is exited and re-entered when the source lies inside it), not, as a
     * literal reading of SCXML would, from the states the history restores.
     *
     * @param key            the history state's key, unique in the chart
     * @param type           shallow or deep
     * @param defaultTargets the keys of the states entered while this state has never been exited
     * @return this builder
     */
    public StateBuilder<C> history(Object key, HistoryType type, Object... defaultTargets) {
        StateDef h = newChild(key, StateDef.Declared.HISTORY);
        h.deepHistory = Objects.requireNonNull(type, "type") == HistoryType.DEEP;
        for (Object t : defaultTargets) {
            h.initialTargets.add(Objects.requireNonNull(t, "default target"));
        }
        return this;
    }

    private void child(Object key, StateDef.Declared declared, Consumer<StateBuilder<C>> spec) {
        Objects.requireNonNull(spec, "spec");
        spec.accept(new StateBuilder<>(newChild(key, declared)));
    }

    private StateDef newChild(Object key, StateDef.Declared declared) {
        Objects.requireNonNull(key, "key");
        return def.addChild(new StateDef(key, declared));
    }

    // ---------------------------------------------------------------- initial and actions

    /**
     * Names the child entered when this state is entered by default. Several targets are allowed
     * when they lie in different regions of a parallel descendant.
     *
     * @param targets the keys of the states entered; they replace earlier ones
     * @return this builder
     */
    public StateBuilder<C> initial(Object... targets) {
        def.initialTargets.clear();
        for (Object t : targets) {
            def.initialTargets.add(Objects.requireNonNull(t, "initial target"));
        }
        return this;
    }

    /**
     * An action of the initial transition: runs after this state's entry, before the initial child is entered.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public StateBuilder<C> initialAction(StateAction<C> action) {
        def.initialActions.add(UserCode.ownerAction(action));
        return this;
    }

    /**
     * Adds an entry action, run when this state is entered; several run in the order added.
     *
     * @param action run with the owner
     * @return this builder
     */
    public StateBuilder<C> onEntry(StateAction<C> action) {
        def.entry.add(UserCode.ownerAction(action));
        return this;
    }

    /**
     * Adds an entry action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public StateBuilder<C> onEntry(MachineStateAction<C> action) {
        def.entry.add(UserCode.machineOwnerAction(action));
        return this;
    }

    /**
     * Adds an exit action, run when this state is exited; several run in the order added.
     *
     * @param action run with the owner
     * @return this builder
     */
    public StateBuilder<C> onExit(StateAction<C> action) {
        def.exit.add(UserCode.ownerAction(action));
        return this;
    }

    /**
     * Adds an exit action that also sees the machine (to raise events, or read the cause).
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public StateBuilder<C> onExit(MachineStateAction<C> action) {
        def.exit.add(UserCode.machineOwnerAction(action));
        return this;
    }

    /**
     * Runs on every {@link Machine#update()} while this state is active, root to leaf.
     *
     * @param action run with the owner; several run in the order added
     * @return this builder
     */
    public StateBuilder<C> onUpdate(StateAction<C> action) {
        def.update.add(UserCode.ownerAction(action));
        return this;
    }

    /**
     * Adds an update action that also sees the machine; see {@link #onUpdate(StateAction)}.
     *
     * @param action run with the machine and the owner, in the order added
     * @return this builder
     */
    public StateBuilder<C> onUpdate(MachineStateAction<C> action) {
        def.update.add(UserCode.machineOwnerAction(action));
        return this;
    }

    /**
     * Lets a handler object react to events that reach this state, after its declared transitions.
     *
     * @param handler the object whose {@link StateHandler#onEvent} is called; replaces an earlier one
     * @return this builder
     */
    public StateBuilder<C> handler(StateHandler<C> handler) {
        def.handler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    // ---------------------------------------------------------------- transitions

    /**
     * A transition triggered by one enum constant.
     *
     * @param <E>           the enum type
     * @param eventConstant the constant that triggers it
     * @return the transition, to declare its guard, action and targets
     */
    public <E> TransitionBuilder<C, E> on(E eventConstant) {
        return event(Trigger.of(eventConstant));
    }

    /**
     * A transition triggered by every event of a type (a record, or a sealed interface's subtypes).
     *
     * @param <E>       the event type
     * @param eventType the class whose instances trigger it
     * @return the transition, to declare its guard, action and targets
     */
    public <E> TransitionBuilder<C, E> on(Class<E> eventType) {
        return event(Trigger.of(eventType));
    }

    /**
     * A transition triggered by named events ({@link String} or {@link NamedEvent}), matched as
     * SCXML event descriptors: {@code "error"} matches {@code "error.execution"}; {@code "*"}
     * matches all. Several descriptors may be separated by spaces.
     *
     * @param names one or more event descriptors, separated by spaces
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Object> on(String names) {
        TransitionDef t = new TransitionDef(def, TransitionDef.Mode.EVENT);
        for (String n : names.strip().split("\\s+")) {
            t.triggers.add(Trigger.of(n));
        }
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }

    /**
     * A transition triggered by any event.
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Object> onAny() {
        return event(new Trigger(Trigger.Type.ANY, null));
    }

    /**
     * A transition triggered when this state completes (its final child, or all its regions' finals,
     * are entered).
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Done> onDone() {
        return event(new Trigger(Trigger.Type.DONE, null));
    }

    /**
     * A transition triggered when the state with this key completes.
     *
     * @param stateKey the key of the compound or parallel state whose completion triggers it
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Done> onDone(Object stateKey) {
        return event(new Trigger(Trigger.Type.DONE, Objects.requireNonNull(stateKey, "stateKey")));
    }

    /**
     * An eventless transition, taken as soon as its guard holds after any step (SCXML's transition
     * without event).
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Object> always() {
        TransitionDef t = new TransitionDef(def, TransitionDef.Mode.EVENTLESS);
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }

    /**
     * A polled transition whose condition reads the machine too, such as its designer variables:
     * tested by {@link Machine#update()} ticks like {@link #when(Condition, Condition...)}.
     *
     * @param condition the condition that must hold
     * @return the transition, to declare its action and targets
     */
    public TransitionBuilder<C, Object> when(MachineCondition<C> condition) {
        Objects.requireNonNull(condition, "condition");
        TransitionDef t = new TransitionDef(def, TransitionDef.Mode.POLLED);
        t.guard = UserCode.machineCondition(condition);
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }

    /**
     * A polled transition, tested by {@link Machine#update()} ticks (seeds 000 and 004), enabled
     * when every condition holds. If one of them is {@link Conditions#received received(X)}, the
     * transition is triggered by event X instead, the other conditions acting as its guard.
     *
     * @param first a condition that must hold
     * @param more  further conditions that must hold too
     * @return the transition, to declare its action and targets
     */
    @SafeVarargs
    public final TransitionBuilder<C, Object> when(Condition<C> first, Condition<C>... more) {
        java.util.List<Condition<C>> tests = new java.util.ArrayList<>();
        Object received = null;
        java.util.List<Condition<C>> all = new java.util.ArrayList<>();
        all.add(Objects.requireNonNull(first, "condition"));
        for (Condition<C> c : more) {
            all.add(Objects.requireNonNull(c, "condition"));
        }
        for (Condition<C> c : all) {
            if (c instanceof Conditions.Received<C> r) {
                if (received != null) {
                    throw new IllegalArgumentException("a transition is triggered by one event, not by "
                            + received + " and " + r.event());
                }
                received = r.event();
            } else {
                tests.add(c);
            }
        }
        TransitionDef t = new TransitionDef(def, received == null ? TransitionDef.Mode.POLLED : TransitionDef.Mode.EVENT);
        if (received != null) {
            t.triggers.add(Trigger.of(received));
        }
        if (!tests.isEmpty()) {
            t.guard = UserCode.condition(tests.size() == 1 ? tests.get(0) : Conditions.all(tests));
        }
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }

    /**
     * A timed transition (the networked HSM's timed stuns; XState's {@code after}): a polled transition
     * that {@link Machine#update()} takes in the tick in which this state has been active for
     * {@code ticks} ticks, counted from the tick it was entered in (so {@code after(1)} fires on
     * the first tick after the entry), and in any later tick while its guard did not hold or a
     * transition of higher priority fired instead. It fires once per activation: re-entering the
     * state restarts its count. It obeys the priority of every polled transition (outer states
     * first, one firing per region subtree); several timers of one state are tested in the order
     * of their due ticks, in declaration order where due ticks are equal.
     *
     * @param ticks how long this state must have been active, at least 1
     * @return the transition, to declare its guard, action and targets
     * @throws IllegalArgumentException if {@code ticks} is less than 1
     */
    public TransitionBuilder<C, Object> after(long ticks) {
        if (ticks < 1) {
            throw new IllegalArgumentException("after(" + ticks + ") in state '" + def.name
                    + "': a timer needs at least 1 tick");
        }
        TransitionDef t = new TransitionDef(def, TransitionDef.Mode.POLLED);
        t.after = ticks;
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }

    // ---------------------------------------------------------------- deferral

    /**
     * Defers an event while this state is active (UML 2 deferred events; QP's defer and recall):
     * when no enabled transition takes it, the machine keeps it instead of dropping it as
     * unhandled, and offers it again, oldest first and before any new external event, after a
     * step that leaves no active state deferring it. A transition that takes the event wins over
     * deferral. Completion events ({@link Done}) are never deferred.
     *
     * @param <E>           the enum type
     * @param eventConstant the enum constant to defer
     * @return this builder
     */
    public <E> StateBuilder<C> defer(E eventConstant) {
        def.defers.add(Trigger.of(Objects.requireNonNull(eventConstant, "eventConstant")));
        return this;
    }

    /**
     * Defers every event of a type (a record, or a sealed interface's subtypes); see {@link #defer(Object)}.
     *
     * @param eventType the class whose instances are deferred
     * @return this builder
     */
    public StateBuilder<C> defer(Class<?> eventType) {
        def.defers.add(Trigger.of(Objects.requireNonNull(eventType, "eventType")));
        return this;
    }

    /**
     * Defers named events, matched as {@link #on(String)} matches them (several descriptors
     * separated by spaces; {@code "*"} defers every event); see {@link #defer(Object)}.
     *
     * @param names the descriptors of the events to defer
     * @return this builder
     */
    public StateBuilder<C> defer(String names) {
        for (String n : names.strip().split("\\s+")) {
            def.defers.add(Trigger.of(n));
        }
        return this;
    }

    // ---------------------------------------------------------------- components and completion

    /**
     * Attaches a reusable behaviour (the component HSM). Several may be attached; the state finishes when
     * any of them reports finished.
     *
     * @param behavior the behaviour, shared by every machine of the chart
     * @return this builder
     */
    public StateBuilder<C> use(Behavior<C> behavior) {
        def.behaviors.add(Objects.requireNonNull(behavior, "behavior"));
        return this;
    }

    /**
     * The declared successor: when this state finishes (a behaviour reports finished, or its final
     * child is entered), move to {@code successor}. Same as {@code onDone().target(successor)}.
     *
     * @param successor the key of the state to move to
     * @return this builder
     */
    public StateBuilder<C> then(Object successor) {
        onDone().target(successor);
        return this;
    }

    /**
     * A transition taken when any child of this state finishes and the child did not declare its
     * own successor: the container decides (the component HSM's {@code onSubStateFinished}). The event's
     * {@link Done#state()} says which child finished.
     *
     * @return the transition, to declare its guard, action and targets
     */
    public TransitionBuilder<C, Done> onChildFinished() {
        return event(new Trigger(Trigger.Type.CHILD_DONE, null));
    }

    private <E> TransitionBuilder<C, E> event(Trigger trigger) {
        TransitionDef t = new TransitionDef(def, TransitionDef.Mode.EVENT);
        t.triggers.add(trigger);
        def.transitions.add(t);
        return new TransitionBuilder<>(t);
    }
}
