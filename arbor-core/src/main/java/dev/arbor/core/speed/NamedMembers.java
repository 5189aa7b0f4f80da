package dev.arbor.core.speed;

import dev.arbor.core.Machine;
import dev.arbor.core.StateHandler;
import dev.arbor.core.semantics.FlatStep;
import dev.arbor.core.semantics.HandlerStep;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.MicrostepHooks;
import dev.arbor.core.semantics.RegionStep;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.semantics.Ticks;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Part of the speed tier: the names of Arbor's own fields and methods that it reaches by string,
 * as Java has no literal for a member: the specializer's method handles ({@link SemanticsHooks},
 * {@link HandlerCases}, {@link UserCodeHandles}), the machine's configuration ({@link Machine})
 * and the members the chunks' class files use or override ({@link ChunkClassFile}). Each name is
 * here once, with its owner ({@link Of}); the code uses the constant, and {@code NamedMembersTest}
 * finds every one on its owner, so that renaming the member fails the build, not a chart at run
 * time.
 */
final class NamedMembers {

    /** The class that declares the member a constant names. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    @interface Of {
        Class<?> value();
    }

    private NamedMembers() {
    }

    // Machine's configuration, read by the chunks' routes

    @Of(MachineCore.class) static final String ACTIVE0 = "active0";

    // What a chunk's class file overrides

    @Of(SpecializedDispatch.Chunk.class) static final String RUN = "run";
    @Of(SpecializedDispatch.Chunk.class) static final String ROUTE = "route";

    // The hooks the specializer strings into its cases

    @Of(MicrostepHooks.class) static final String EXITING = "exiting";
    @Of(MicrostepHooks.class) static final String EXITED = "exited";
    @Of(MicrostepHooks.class) static final String ENTERING = "entering";
    @Of(MicrostepHooks.class) static final String EXITED_LOW = "exitedLow";
    @Of(MicrostepHooks.class) static final String ENTERING_LOW = "enteringLow";
    @Of(MicrostepHooks.class) static final String QUIET = "quiet";
    @Of(MicrostepHooks.class) static final String SUMMARISED = "summarised";
    @Of(MicrostepHooks.class) static final String MICROSTEP_TAKEN = "microstepTaken";
    @Of(MicrostepHooks.class) static final String ENTERED_QUIET = "enteredQuiet";
    @Of(MicrostepHooks.class) static final String BEHAVIORS_ENTERED = "behaviorsEntered";
    @Of(MicrostepHooks.class) static final String FINAL_ENTERED = "finalEntered";
    @Of(MicrostepHooks.class) static final String RECORD_HISTORY = "recordHistory";
    @Of(MicrostepHooks.class) static final String SAVE_PREVIOUS_CONFIGURATION = "savePreviousConfiguration";
    @Of(MicrostepHooks.class) static final String TRANSITION_TAKEN = "transitionTaken";
    @Of(MicrostepHooks.class) static final String INTERNAL_TAKEN = "internalTaken";
    @Of(MicrostepHooks.class) static final String ACTION_FAILED = "actionFailed";
    @Of(MicrostepHooks.class) static final String GUARD_FAILED = "guardFailed";
    @Of(MicrostepHooks.class) static final String EXECUTE_GENERAL = "executeGeneral";
    @Of(FlatStep.class) static final String HISTORY_CASE = "historyCase";
    @Of(Ticks.class) static final String TICK_FIRED = "tickFired";
    @Of(Ticks.class) static final String TICK_ONWARD = "tickOnward";
    @Of(Ticks.class) static final String TICK_QUIET = "tickQuiet";
    @Of(Ticks.class) static final String TICK_SETTLE = "tickSettle";
    @Of(StateHandler.class) static final String ON_EVENT = "onEvent";
    @Of(HandlerStep.class) static final String REQUEST = "request";
    @Of(HandlerStep.class) static final String REPLY_OF = "replyOf";
    @Of(HandlerStep.class) static final String FAILED = "failed";
    @Of(HandlerStep.class) static final String REPLIED = "replied";
    @Of(RegionStep.class) static final String PICKED = "picked";
    @Of(HandlerCases.class) static final String IS_UNHANDLED = "isUnhandled";
    @Of(HandlerCases.class) static final String IS_HANDLED = "isHandled";
    @Of(HandlerCases.class) static final String MOVE_KEY = "moveKey";
    @Of(SpecializedDispatch.Chunks.class) static final String RUN_FROM_CASE = "runFromCase";

    // The adapters through which compiled code calls the user's functions (UserCodeHandles): a guard's by its kind, an action's by its shape

    @Of(UserCodeHandles.class) static final String TEST_CONDITION = "testCondition";
    @Of(UserCodeHandles.class) static final String TEST_GUARD = "testGuard";
    @Of(UserCodeHandles.class) static final String TEST_MACHINE_CONDITION = "testMachineCondition";
    @Of(UserCodeHandles.class) static final String TEST_MACHINE_GUARD = "testMachineGuard";

    @Of(UserCodeHandles.class) static final String RUN_STATE_ACTION = "runStateAction";
    @Of(UserCodeHandles.class) static final String RUN_MACHINE_STATE_ACTION = "runMachineStateAction";
    @Of(UserCodeHandles.class) static final String RUN_EVENT_ACTION = "runEventAction";
    @Of(UserCodeHandles.class) static final String RUN_MACHINE_EVENT_ACTION = "runMachineEventAction";
    @Of(UserCodeHandles.class) static final String RUN_HANDLER_ENTRY = "runHandlerEntry";
    @Of(UserCodeHandles.class) static final String RUN_HANDLER_EXIT = "runHandlerExit";
    @Of(UserCodeHandles.class) static final String RUN_HANDLER_INITIAL = "runHandlerInitial";
    @Of(UserCodeHandles.class) static final String RUN_HANDLER_UPDATE = "runHandlerUpdate";

    /**
     * The {@link UserCodeHandles} adapter of the actions of {@code shape}
     * ({@link dev.arbor.core.model.UserAction#shape()}, all but a sequence).
     */
    static String actionAdapter(int shape) {
        return switch (shape) {
            case dev.arbor.core.model.UserAction.OWNER -> RUN_STATE_ACTION;
            case dev.arbor.core.model.UserAction.MACHINE_OWNER -> RUN_MACHINE_STATE_ACTION;
            case dev.arbor.core.model.UserAction.OWNER_EVENT -> RUN_EVENT_ACTION;
            case dev.arbor.core.model.UserAction.MACHINE_OWNER_EVENT -> RUN_MACHINE_EVENT_ACTION;
            case dev.arbor.core.model.UserAction.HANDLER_ENTRY -> RUN_HANDLER_ENTRY;
            case dev.arbor.core.model.UserAction.HANDLER_EXIT -> RUN_HANDLER_EXIT;
            case dev.arbor.core.model.UserAction.HANDLER_INITIAL -> RUN_HANDLER_INITIAL;
            case dev.arbor.core.model.UserAction.HANDLER_UPDATE -> RUN_HANDLER_UPDATE;
            default -> throw new IllegalArgumentException("no adapter for shape " + shape);
        };
    }
}
