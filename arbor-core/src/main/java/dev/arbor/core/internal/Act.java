package dev.arbor.core.internal;

import dev.arbor.core.Machine;

/** Every user action, normalised by the builders to one shape the engine calls. */
@FunctionalInterface
public interface Act {
    void run(Machine<?> machine, Object owner, Object event);

    /** Runs several actions in order as one. */
    static Act sequence(java.util.List<Act> acts) {
        if (acts.isEmpty()) {
            return null;
        }
        if (acts.size() == 1) {
            return acts.get(0);
        }
        Act[] all = acts.toArray(new Act[0]);
        return (m, o, e) -> {
            for (Act a : all) {
                a.run(m, o, e);
            }
        };
    }
}
