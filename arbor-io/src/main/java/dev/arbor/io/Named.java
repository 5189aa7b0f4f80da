package dev.arbor.io;

import dev.arbor.core.Action;
import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.Guard;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineAction;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Reply;
import dev.arbor.core.StateAction;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;

/**
 * Components as a file configured them: each wrapper delegates to the component and prints as
 * the file wrote it ({@code MoveTo{speed=2.5}}, or the bare name), which is what diagrams and
 * traces show as the label of a guard or an action.
 */
final class Named {
    private Named() {}

    record NamedBehavior<C>(String label, Behavior<C> target) implements Behavior<C> {
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

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedCondition<C>(String label, Condition<C> target) implements Condition<C> {
        @Override
        public boolean test(C owner) {
            return target.test(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedGuard<C>(String label, Guard<C, Object> target) implements Guard<C, Object> {
        @Override
        public boolean test(C owner, Object event) {
            return target.test(owner, event);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedMachineCondition<C>(String label, dev.arbor.core.MachineCondition<C> target)
            implements dev.arbor.core.MachineCondition<C> {
        @Override
        public boolean test(dev.arbor.core.Machine<C> machine, C owner) {
            return target.test(machine, owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedMachineGuard<C>(String label, dev.arbor.core.MachineGuard<C, Object> target)
            implements dev.arbor.core.MachineGuard<C, Object> {
        @Override
        public boolean test(dev.arbor.core.Machine<C> machine, C owner, Object event) {
            return target.test(machine, owner, event);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedAction<C>(String label, Action<C, Object> target) implements Action<C, Object> {
        @Override
        public void run(C owner, Object event) {
            target.run(owner, event);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedMachineAction<C>(String label, MachineAction<C, Object> target) implements MachineAction<C, Object> {
        @Override
        public void run(Machine<C> machine, C owner, Object event) {
            target.run(machine, owner, event);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedStateAction<C>(String label, StateAction<C> target) implements StateAction<C> {
        @Override
        public void run(C owner) {
            target.run(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedMachineStateAction<C>(String label, MachineStateAction<C> target) implements MachineStateAction<C> {
        @Override
        public void run(Machine<C> machine, C owner) {
            target.run(machine, owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    record NamedHandler<C>(String label, StateHandler<C> target) implements StateHandler<C> {
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

        @Override
        public String toString() {
            return label;
        }
    }
}
