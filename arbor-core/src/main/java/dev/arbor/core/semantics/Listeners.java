package dev.arbor.core.semantics;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
/** Combines listeners so that a machine still holds one reference and makes one null check. */
public final class Listeners {
    private Listeners() {}

    public static MachineListener both(MachineListener a, MachineListener b) {
        return new Both(a, b);
    }

    /** The chain without {@code l} (every occurrence); the same object when {@code l} is not in it; null when nothing is left. */
    public static MachineListener without(MachineListener chain, MachineListener l) {
        if (chain == l) {
            return null;
        }
        if (!(chain instanceof Both pair)) {
            return chain;
        }
        MachineListener a = without(pair.a, l);
        MachineListener b = without(pair.b, l);
        if (a == pair.a && b == pair.b) {
            return chain;
        }
        return a == null ? b : b == null ? a : new Both(a, b);
    }

    /** Two listeners called in order: a chain of them is a left-leaning tree of pairs. */
    private static final class Both implements MachineListener {
        final MachineListener a;
        final MachineListener b;

        Both(MachineListener a, MachineListener b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public boolean takesMicrosteps() {
            return a.takesMicrosteps() && b.takesMicrosteps();
        }

        @Override
        public void onMicrostep(Machine<?> m, int leaf, int transition, Object event, Cause cause) {
            a.onMicrostep(m, leaf, transition, event, cause);
            b.onMicrostep(m, leaf, transition, event, cause);
        }

        @Override
        public void onEvent(Machine<?> m, Object event, Cause cause) {
            a.onEvent(m, event, cause);
            b.onEvent(m, event, cause);
        }

        @Override
        public void onTick(Machine<?> m, Cause cause) {
            a.onTick(m, cause);
            b.onTick(m, cause);
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

        @Override
        public void onLog(Machine<?> m, int state, String line, Cause cause) {
            a.onLog(m, state, line, cause);
            b.onLog(m, state, line, cause);
        }

        @Override
        public void onVariable(Machine<?> m, int variable, int value, Cause cause) {
            a.onVariable(m, variable, value, cause);
            b.onVariable(m, variable, value, cause);
        }

        @Override
        public void onStepEnd(Machine<?> m) {
            a.onStepEnd(m);
            b.onStepEnd(m);
        }
    }
}
