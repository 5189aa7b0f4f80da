package dev.arbor.core.speed;

import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.Transitions;
import dev.arbor.core.semantics.FlatStep;
import dev.arbor.core.semantics.HandlerRequest;
import dev.arbor.core.semantics.HandlerStep;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.MicrostepHooks;
import dev.arbor.core.semantics.RegionStep;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.Ticks;
import static java.lang.invoke.MethodHandles.constant;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodType.methodType;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The method handles of the engine steps that compiled cases call: the semantics' hooks
 * ({@link MicrostepHooks}, {@link FlatStep}, {@link Ticks}, {@link HandlerStep},
 * {@link RegionStep}), package-private there and found through {@link #SEMANTICS}, a
 * full-privilege lookup in the semantics' package; a handler's {@code onEvent}; the call from one
 * table's case into another's ({@link SpecializedDispatch.Chunks#runFromCase}); and the type of
 * every case, {@link #CASE}, with its constant outcomes. Each is the same method the interpreter
 * calls, so that a compiled case and the interpreter take the same steps; every name is a
 * {@link NamedMembers} constant.
 */
final class SemanticsHooks {

    /** {@code (Machine, Object owner, Object event)boolean}: every case, and every effect. */
    static final MethodType CASE = methodType(boolean.class, MachineCore.class, Object.class, Object.class);
    static final MethodHandle HANDLED = dropArguments(constant(boolean.class, true), 0, CASE.parameterList());
    static final MethodHandle UNHANDLED = dropArguments(constant(boolean.class, false), 0, CASE.parameterList());

    static final MethodHandle EXITING;
    static final MethodHandle EXITED;
    static final MethodHandle EXITED_LOW;
    static final MethodHandle ENTERING;
    static final MethodHandle ENTERING_LOW;
    static final MethodHandle QUIET;
    static final MethodHandle SUMMARISED;
    static final MethodHandle MICROSTEP_TAKEN;
    static final MethodHandle ENTERED_QUIET;
    static final MethodHandle ENTERED_QUIET_LOW;
    static final MethodHandle BEHAVIORS_ENTERED;
    static final MethodHandle FINAL_ENTERED;
    static final MethodHandle RECORD_HISTORY;
    static final MethodHandle SAVE_PREVIOUS;
    static final MethodHandle TRANSITION_TAKEN;
    static final MethodHandle INTERNAL_TAKEN;
    static final MethodHandle ACTION_FAILED;
    static final MethodHandle GUARD_FAILED;
    static final MethodHandle EXECUTE_GENERAL;
    static final MethodHandle HISTORY_CASE;
    /** The switch on a history record's fallback: never taken, as records are checked where they come from (StateCheck). */
    static final MethodHandle UNRECORDABLE;
    static final MethodHandle TICK_FIRED;
    static final MethodHandle TICK_ONWARD;
    static final MethodHandle TICK_QUIET;
    static final MethodHandle TICK_SETTLE;
    static final MethodHandle HANDLER_ON_EVENT;
    static final MethodHandle HANDLER_REQUEST;
    static final MethodHandle HANDLER_REPLY;
    static final MethodHandle HANDLER_FAILED;
    static final MethodHandle HANDLER_REPLIED;
    /** {@code (Chunks, int, Machine, Object, Object)boolean}: a table's cases, run from another table's case. */
    static final MethodHandle CHUNKS_RUN;
    static final MethodHandle PICKED;

    /**
     * A full-privilege lookup in the semantics' package, which this module's own code may take
     * ({@code privateLookupIn} within one module): the hooks the cases call are the semantics'
     * package-private methods, and each chunk is defined there as a hidden class, so that its
     * code reads the machine's configuration as the semantics does.
     */
    static final MethodHandles.Lookup SEMANTICS;

    static {
        try {
            SEMANTICS = MethodHandles.privateLookupIn(SpecializedDispatch.class, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static {
        MethodHandles.Lookup l = SEMANTICS;
        try {
            MethodType ofState = methodType(void.class, int.class);
            MethodType ofTransition = methodType(void.class, int.class, Object.class);
            EXITING = hook(l, MicrostepHooks.class, NamedMembers.EXITING, ofState);
            EXITED = hook(l, MicrostepHooks.class, NamedMembers.EXITED, ofState);
            ENTERING = hook(l, MicrostepHooks.class, NamedMembers.ENTERING, ofState);
            EXITED_LOW = hook(l, MicrostepHooks.class, NamedMembers.EXITED_LOW, methodType(void.class, long.class));
            ENTERING_LOW = hook(l, MicrostepHooks.class, NamedMembers.ENTERING_LOW, methodType(void.class, int.class, long.class));
            QUIET = hook(l, MicrostepHooks.class, NamedMembers.QUIET, methodType(boolean.class));
            SUMMARISED = hook(l, MicrostepHooks.class, NamedMembers.SUMMARISED, methodType(boolean.class));
            MICROSTEP_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.MICROSTEP_TAKEN, methodType(void.class, int.class, int.class, Object.class));
            ENTERED_QUIET = hook(l, MicrostepHooks.class, NamedMembers.ENTERED_QUIET, ofState);
            ENTERED_QUIET_LOW = hook(l, MicrostepHooks.class, NamedMembers.ENTERED_QUIET, methodType(void.class, long.class));
            BEHAVIORS_ENTERED = hook(l, MicrostepHooks.class, NamedMembers.BEHAVIORS_ENTERED, ofState);
            FINAL_ENTERED = hook(l, MicrostepHooks.class, NamedMembers.FINAL_ENTERED, ofState);
            RECORD_HISTORY = hook(l, MicrostepHooks.class, NamedMembers.RECORD_HISTORY, ofState);
            SAVE_PREVIOUS = hook(l, MicrostepHooks.class, NamedMembers.SAVE_PREVIOUS_CONFIGURATION, methodType(void.class));
            TRANSITION_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.TRANSITION_TAKEN, ofTransition);
            INTERNAL_TAKEN = hook(l, MicrostepHooks.class, NamedMembers.INTERNAL_TAKEN, ofTransition);
            ACTION_FAILED = hook(l, MicrostepHooks.class, NamedMembers.ACTION_FAILED, methodType(void.class, Throwable.class, int.class));
            GUARD_FAILED = hook(l, MicrostepHooks.class, NamedMembers.GUARD_FAILED, methodType(boolean.class, Throwable.class, int.class));
            EXECUTE_GENERAL = hook(l, MicrostepHooks.class, NamedMembers.EXECUTE_GENERAL, methodType(boolean.class, int.class, Object.class));
            HISTORY_CASE = hook(l, FlatStep.class, NamedMembers.HISTORY_CASE, methodType(int.class, int.class));
            UNRECORDABLE = dropArguments(MethodHandles.throwException(void.class, IllegalStateException.class)
                    .bindTo(new IllegalStateException("a history record names a state the history cannot record")),
                    0, int.class, MachineCore.class, Object.class, Object.class);
            TICK_FIRED = hook(l, Ticks.class, NamedMembers.TICK_FIRED, ofState);
            TICK_ONWARD = hook(l, Ticks.class, NamedMembers.TICK_ONWARD, methodType(void.class));
            TICK_QUIET = hook(l, Ticks.class, NamedMembers.TICK_QUIET, methodType(boolean.class));
            TICK_SETTLE = hook(l, Ticks.class, NamedMembers.TICK_SETTLE, methodType(void.class));
            HANDLER_ON_EVENT = l.findVirtual(StateHandler.class, NamedMembers.ON_EVENT,
                    methodType(Reply.class, Object.class, Object.class, Transitions.class));
            HANDLER_REQUEST = hook(l, HandlerStep.class, NamedMembers.REQUEST, methodType(HandlerRequest.class));
            HANDLER_REPLY = hook(l, HandlerStep.class, NamedMembers.REPLY_OF,
                    methodType(int.class, Reply.class, HandlerRequest.class, int.class));
            HANDLER_FAILED = hook(l, HandlerStep.class, NamedMembers.FAILED, methodType(int.class, Throwable.class, int.class));
            PICKED = hook(l, RegionStep.class, NamedMembers.PICKED, methodType(boolean.class, int.class));
            HANDLER_REPLIED = hook(l, HandlerStep.class, NamedMembers.REPLIED, methodType(boolean.class, int.class, int.class, Object.class));
            CHUNKS_RUN = l.findVirtual(SpecializedDispatch.Chunks.class, NamedMembers.RUN_FROM_CASE, CASE.insertParameterTypes(0, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SemanticsHooks() {
    }

    /** A hook of the engine's tiers: a static method whose first parameter is the machine, of the given type after it. */
    private static MethodHandle hook(MethodHandles.Lookup l, Class<?> tier, String name, MethodType type)
            throws ReflectiveOperationException {
        return l.findStatic(tier, name, type.insertParameterTypes(0, MachineCore.class));
    }
}
