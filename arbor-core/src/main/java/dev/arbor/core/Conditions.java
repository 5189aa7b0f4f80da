package dev.arbor.core;

import java.util.List;
import java.util.Objects;

/**
 * Conditions as components (the component HSM's {@code GCondition}): combine them, and name the event a
 * transition waits for with {@link #received}. {@link StateBuilder#when(Condition, Condition[])}
 * takes several and requires all of them.
 */
public final class Conditions {
    private Conditions() {}

    /**
     * Holds when every condition holds (and when there are none).
     *
     * @param <C>        the owner type
     * @param conditions the conditions to combine, tested in order until one fails
     * @return the combined condition
     */
    @SafeVarargs
    public static <C> Condition<C> allOf(Condition<C>... conditions) {
        List<Condition<C>> list = new java.util.ArrayList<>(conditions.length);
        for (Condition<C> c : conditions) {
            list.add(Objects.requireNonNull(c, "condition"));
        }
        return all(list);
    }

    static <C> Condition<C> all(List<Condition<C>> conditions) {
        return new AllOf<>(List.copyOf(conditions));
    }

    /**
     * Holds when at least one condition holds.
     *
     * @param <C>        the owner type
     * @param conditions the conditions to combine, tested in order until one holds
     * @return the combined condition
     */
    @SafeVarargs
    public static <C> Condition<C> anyOf(Condition<C>... conditions) {
        List<Condition<C>> list = new java.util.ArrayList<>(conditions.length);
        for (Condition<C> c : conditions) {
            list.add(Objects.requireNonNull(c, "condition"));
        }
        return new AnyOf<>(List.copyOf(list));
    }

    /**
     * Holds when a condition does not.
     *
     * @param <C>       the owner type
     * @param condition the condition to negate
     * @return the negated condition
     */
    public static <C> Condition<C> not(Condition<C> condition) {
        return new Not<>(Objects.requireNonNull(condition, "condition"));
    }

    // Named classes rather than lambdas, so that tools can show a combination by its parts (Chart.Labels).

    /** {@link #allOf}: holds when every part holds. */
    static final class AllOf<C> implements Condition<C> {
        final List<Condition<C>> parts;

        AllOf(List<Condition<C>> parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(C owner) {
            for (Condition<C> c : parts) {
                if (!c.test(owner)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** {@link #anyOf}: holds when a part holds. */
    static final class AnyOf<C> implements Condition<C> {
        final List<Condition<C>> parts;

        AnyOf(List<Condition<C>> parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(C owner) {
            for (Condition<C> c : parts) {
                if (c.test(owner)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** {@link #not}: holds when its part does not. */
    static final class Not<C> implements Condition<C> {
        final Condition<C> part;

        Not(Condition<C> part) {
            this.part = part;
        }

        @Override
        public boolean test(C owner) {
            return !part.test(owner);
        }
    }

    /**
     * "The agent has received event X" (the component HSM's {@code GIncident}): a transition given this
     * condition is triggered by the event, its other conditions acting as guards.
     *
     * @param <C>   the owner type
     * @param event the event that triggers the transition: an enum constant, an event class or a name
     * @return a marker for {@link StateBuilder#when}, never to be tested itself
     */
    public static <C> Condition<C> received(Object event) {
        return new Received<>(Objects.requireNonNull(event, "event"));
    }

    /** The marker {@link #received} returns; it is never tested on its own. */
    record Received<C>(Object event) implements Condition<C> {
        @Override
        public boolean test(C owner) {
            throw new IllegalStateException("received(" + event + ") is a trigger, not a condition to test");
        }
    }
}
