package dev.arbor.core;

import dev.arbor.core.internal.Act;
import dev.arbor.core.internal.Check;
import java.util.Objects;

/** Adapts the typed user-facing callbacks to the engine's one shape. The casts are safe: the engine only passes matching owners and events. */
final class Acts {
    private Acts() {}

    @SuppressWarnings("unchecked")
    static <C> Act ofState(StateAction<C> a) {
        Objects.requireNonNull(a, "action");
        return (m, o, e) -> a.run((C) o);
    }

    @SuppressWarnings("unchecked")
    static <C> Act ofState(MachineStateAction<C> a) {
        Objects.requireNonNull(a, "action");
        return (m, o, e) -> a.run((Machine<C>) m, (C) o);
    }

    @SuppressWarnings("unchecked")
    static <C, E> Act of(Action<C, E> a) {
        Objects.requireNonNull(a, "action");
        return (m, o, e) -> a.run((C) o, (E) e);
    }

    @SuppressWarnings("unchecked")
    static <C, E> Act of(MachineAction<C, E> a) {
        Objects.requireNonNull(a, "action");
        return (m, o, e) -> a.run((Machine<C>) m, (C) o, (E) e);
    }

    @SuppressWarnings("unchecked")
    static <C, E> Check ofGuard(Guard<C, E> g) {
        Objects.requireNonNull(g, "guard");
        return (m, o, e) -> g.test((C) o, (E) e);
    }

    @SuppressWarnings("unchecked")
    static <C> Check ofCondition(Condition<C> g) {
        Objects.requireNonNull(g, "condition");
        return (m, o, e) -> g.test((C) o);
    }
}
