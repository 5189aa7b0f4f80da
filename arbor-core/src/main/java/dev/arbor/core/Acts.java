package dev.arbor.core;

import dev.arbor.core.internal.Act;
import dev.arbor.core.internal.Check;

/** Adapts the typed user-facing callbacks to the engine's one shape, keeping each builder's overloads apart. */
final class Acts {
    private Acts() {}

    static Act ofState(StateAction<?> a) {
        return Act.ofOwner(a);
    }

    static Act ofState(MachineStateAction<?> a) {
        return Act.ofMachineOwner(a);
    }

    static Act of(Action<?, ?> a) {
        return Act.ofOwnerEvent(a);
    }

    static Act of(MachineAction<?, ?> a) {
        return Act.ofMachineOwnerEvent(a);
    }

    static Check ofGuard(Guard<?, ?> g) {
        return Check.of(g);
    }

    static Check ofCondition(Condition<?> c) {
        return Check.of(c);
    }
}
