package dev.arbor.io;

import dev.arbor.core.Condition;
import dev.arbor.core.Conditions;
import dev.arbor.core.Guard;
import dev.arbor.core.MachineCondition;
import dev.arbor.core.MachineGuard;
import java.util.ArrayList;
import java.util.List;

/**
 * A chart file's conditions and guards, of whatever kind each component is: conditions on the
 * owner ({@link Condition}), conditions that read the machine too ({@link MachineCondition}, the
 * built-in ones), and guards that see the event ({@link Guard}, {@link MachineGuard}). Combinations
 * ({@code not}, {@code allOf}, {@code anyOf}) stay conditions on the owner when every part is one,
 * as before, and become a machine condition as soon as one part reads the machine.
 */
final class Guards {
    private Guards() {}

    /**
     * A component as the condition or guard it is, named with its label. A condition that reads
     * the machine is taken as it is: the built-in ones name themselves, and every wrapper is a
     * call more on each test of a guard.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object named(String label, Object component) {
        if (component instanceof Condition c) {
            return new Named.NamedCondition<>(label, c);
        }
        if (component instanceof MachineCondition) {
            return component;
        }
        if (component instanceof MachineGuard g) {
            return new Named.NamedMachineGuard<>(label, g);
        }
        return new Named.NamedGuard<>(label, (Guard<Object, Object>) component);
    }

    /** {@code not}: of a condition (on the owner or the machine). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object not(Object part) {
        String label = "not(" + part + ")";
        if (part instanceof Condition c) {
            return new Named.NamedCondition<>(label, Conditions.not(c));
        }
        return new Not<>(label, (MachineCondition) part);
    }

    /** {@code allOf} or {@code anyOf} of conditions (on the owner or the machine). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object combine(String op, List<Object> parts) {
        List<String> labels = new ArrayList<>();
        parts.forEach(p -> labels.add(p.toString()));
        String label = op + "(" + String.join(", ", labels) + ")";
        boolean all = op.equals("allOf");
        if (parts.stream().allMatch(p -> p instanceof Condition)) {
            Condition[] array = parts.toArray(new Condition[0]);
            return new Named.NamedCondition<>(label, all ? Conditions.allOf(array) : Conditions.anyOf(array));
        }
        MachineCondition[] lifted = new MachineCondition[parts.size()];
        for (int i = 0; i < lifted.length; i++) {
            lifted[i] = lift(parts.get(i));
        }
        return all ? new AllOf<>(label, lifted) : new AnyOf<>(label, lifted);
    }

    /**
     * A combination that reads the machine. It is a guard as well as a condition, so that a
     * transition takes it without a wrapper around it.
     */
    abstract static class Combined<C> implements MachineCondition<C>, MachineGuard<C, Object> {
        private final String label;

        Combined(String label) {
            this.label = label;
        }

        @Override
        public final boolean test(dev.arbor.core.Machine<C> machine, C owner, Object event) {
            return test(machine, owner);
        }

        @Override
        public final String toString() {
            return label;
        }

        /** The conditions combined, as tested. */
        abstract List<Object> parts();
    }

    private static final class AllOf<C> extends Combined<C> {
        private final MachineCondition<C>[] parts;

        AllOf(String label, MachineCondition<C>[] parts) {
            super(label);
            this.parts = parts;
        }

        @Override
        List<Object> parts() {
            return List.of((Object[]) parts);
        }

        @Override
        public boolean test(dev.arbor.core.Machine<C> machine, C owner) {
            for (MachineCondition<C> c : parts) {
                if (!c.test(machine, owner)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class AnyOf<C> extends Combined<C> {
        private final MachineCondition<C>[] parts;

        AnyOf(String label, MachineCondition<C>[] parts) {
            super(label);
            this.parts = parts;
        }

        @Override
        List<Object> parts() {
            return List.of((Object[]) parts);
        }

        @Override
        public boolean test(dev.arbor.core.Machine<C> machine, C owner) {
            for (MachineCondition<C> c : parts) {
                if (c.test(machine, owner)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final class Not<C> extends Combined<C> {
        private final MachineCondition<C> part;

        Not(String label, MachineCondition<C> part) {
            super(label);
            this.part = part;
        }

        @Override
        List<Object> parts() {
            return List.of(part);
        }

        @Override
        public boolean test(dev.arbor.core.Machine<C> machine, C owner) {
            return !part.test(machine, owner);
        }
    }

    /** A condition on the owner read as one on the machine; a machine condition as it is. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MachineCondition lift(Object part) {
        if (part instanceof Condition c) {
            return (machine, owner) -> c.test(owner);
        }
        return (MachineCondition) part;
    }

    /**
     * A guard that reads the machine, as a transition takes it: a machine condition ignores the
     * event; a machine guard is itself.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <C> MachineGuard<C, Object> withEvent(Object guard) {
        if (guard instanceof MachineGuard g) {
            return g;
        }
        MachineCondition m = (MachineCondition) guard;
        return new Named.NamedMachineGuard<C>(guard.toString(), (machine, owner, event) -> m.test(machine, owner));
    }
}
