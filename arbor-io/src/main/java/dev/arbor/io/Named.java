package dev.arbor.io;

import dev.arbor.core.Action;
import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineGuard;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Reply;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;

/**
 * A component as a file configured it: it passes every call on to the component and prints as the
 * file wrote it ({@code MoveTo{speed=2.5}}, or the bare name), which is what diagrams and traces
 * show as the label of a guard or an action. The label, its printing and the equality live here
 * once; the engine takes each kind of component by its own interface, so each kind has a subclass
 * that only passes that interface's calls on.
 *
 * @param <T> the component's interface
 */
abstract class Named<T> {
    final String label;
    final T target;
    /** The component the file named, when {@link #target} adapts it (a lambda fitting it to its place); else null. */
    private Object component;

    private Named(String label, T target) {
        this.label = label;
        this.target = target;
    }

    @Override
    public final String toString() {
        return label;
    }

    /** Records the component the target adapts, so that tools can tell which component runs ({@link BuiltIn#isExact}). */
    final Named<T> adapting(Object made) {
        this.component = made;
        return this;
    }

    /** The component the file named: the one the target adapts, or the target itself. */
    final Object component() {
        return component != null ? component : target;
    }

    /** Equal when of one kind, with equal labels and equal components. */
    @Override
    public final boolean equals(Object o) {
        return o instanceof Named<?> n && n.getClass() == getClass() && label.equals(n.label) && target.equals(n.target);
    }

    @Override
    public final int hashCode() {
        return 31 * label.hashCode() + target.hashCode();
    }

    static final class NamedBehavior<C> extends Named<Behavior<C>> implements Behavior<C> {
        NamedBehavior(String label, Behavior<C> target) {
            super(label, target);
        }

        @Override
        public void onEnter(C owner, Activity<C> activity) {
            target.onEnter(owner, activity);
        }

        @Override
        public void onUpdate(C owner, Activity<C> activity) {
            target.onUpdate(owner, activity);
        }

        @Override
        public void onExit(C owner, Activity<C> activity) {
            target.onExit(owner, activity);
        }

        @Override
        public boolean isFinished(C owner, Activity<C> activity) {
            return target.isFinished(owner, activity);
        }
    }

    static final class NamedHandler<C> extends Named<StateHandler<C>> implements StateHandler<C> {
        NamedHandler(String label, StateHandler<C> target) {
            super(label, target);
        }

        @Override
        public void onEntry(C owner) {
            target.onEntry(owner);
        }

        @Override
        public void onExit(C owner) {
            target.onExit(owner);
        }

        @Override
        public void onInitial(C owner) {
            target.onInitial(owner);
        }

        @Override
        public void onUpdate(C owner) {
            target.onUpdate(owner);
        }

        @Override
        public Reply onEvent(C owner, Object event, Transitions to) {
            return target.onEvent(owner, event, to);
        }
    }

    static final class NamedCondition<C> extends Named<Condition<C>> implements Condition<C> {
        NamedCondition(String label, Condition<C> target) {
            super(label, target);
        }

        @Override
        public boolean test(C owner) {
            return target.test(owner);
        }
    }

    static final class NamedGuard<C> extends Named<Guard<C, Object>> implements Guard<C, Object> {
        NamedGuard(String label, Guard<C, Object> target) {
            super(label, target);
        }

        @Override
        public boolean test(C owner, Object event) {
            return target.test(owner, event);
        }
    }

    static final class NamedMachineGuard<C> extends Named<MachineGuard<C, Object>> implements MachineGuard<C, Object> {
        NamedMachineGuard(String label, MachineGuard<C, Object> target) {
            super(label, target);
        }

        @Override
        public boolean test(Machine<C> machine, C owner, Object event) {
            return target.test(machine, owner, event);
        }
    }

    static final class NamedAction<C> extends Named<Action<C, Object>> implements Action<C, Object> {
        NamedAction(String label, Action<C, Object> target) {
            super(label, target);
        }

        @Override
        public void run(C owner, Object event) {
            target.run(owner, event);
        }
    }

    static final class NamedMachineAction<C> extends Named<MachineAction<C, Object>> implements MachineAction<C, Object> {
        NamedMachineAction(String label, MachineAction<C, Object> target) {
            super(label, target);
        }

        @Override
        public void run(Machine<C> machine, C owner, Object event) {
            target.run(machine, owner, event);
        }
    }

    static final class NamedStateAction<C> extends Named<StateAction<C>> implements StateAction<C> {
        NamedStateAction(String label, StateAction<C> target) {
            super(label, target);
        }

        @Override
        public void run(C owner) {
            target.run(owner);
        }
    }

    static final class NamedMachineStateAction<C> extends Named<MachineStateAction<C>> implements MachineStateAction<C> {
        NamedMachineStateAction(String label, MachineStateAction<C> target) {
            super(label, target);
        }

        @Override
        public void run(Machine<C> machine, C owner) {
            target.run(machine, owner);
        }
    }
}
