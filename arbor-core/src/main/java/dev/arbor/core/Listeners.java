package dev.arbor.core;

/** Combines listeners so that a machine still holds one reference and makes one null check. */
final class Listeners {
    private Listeners() {}

    static MachineListener both(MachineListener a, MachineListener b) {
        return new MachineListener() {
            @Override
            public void onEvent(Machine<?> m, Object event, Cause cause) {
                a.onEvent(m, event, cause);
                b.onEvent(m, event, cause);
            }

            @Override
            public void onEntry(Machine<?> m, int state, Cause cause) {
                a.onEntry(m, state, cause);
                b.onEntry(m, state, cause);
            }

            @Override
            public void onExit(Machine<?> m, int state, Cause cause) {
                a.onExit(m, state, cause);
                b.onExit(m, state, cause);
            }

            @Override
            public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
                a.onTransition(m, transition, event, cause);
                b.onTransition(m, transition, event, cause);
            }

            @Override
            public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
                a.onInternal(m, state, event, cause);
                b.onInternal(m, state, event, cause);
            }

            @Override
            public void onUpdate(Machine<?> m, int state, Cause cause) {
                a.onUpdate(m, state, cause);
                b.onUpdate(m, state, cause);
            }

            @Override
            public void onUnhandled(Machine<?> m, Object event, Cause cause) {
                a.onUnhandled(m, event, cause);
                b.onUnhandled(m, event, cause);
            }

            @Override
            public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
                a.onError(m, state, error, cause);
                b.onError(m, state, error, cause);
            }

            @Override
            public void onDeferred(Machine<?> m, Object event, Cause cause) {
                a.onDeferred(m, event, cause);
                b.onDeferred(m, event, cause);
            }

            @Override
            public void onRecalled(Machine<?> m, Object event, Cause cause) {
                a.onRecalled(m, event, cause);
                b.onRecalled(m, event, cause);
            }
        };
    }
}
