package dev.arbor.core.speed;

import static dev.arbor.core.speed.SemanticsHooks.CASE;
import static dev.arbor.core.speed.SemanticsHooks.CHUNKS_RUN;
import static dev.arbor.core.speed.SemanticsHooks.HANDLER_FAILED;
import static dev.arbor.core.speed.SemanticsHooks.HANDLER_ON_EVENT;
import static dev.arbor.core.speed.SemanticsHooks.HANDLER_REPLIED;
import static dev.arbor.core.speed.SemanticsHooks.HANDLER_REPLY;
import static dev.arbor.core.speed.SemanticsHooks.HANDLER_REQUEST;
import static dev.arbor.core.speed.SemanticsHooks.INTERNAL_TAKEN;
import static dev.arbor.core.speed.SemanticsHooks.QUIET;
import static dev.arbor.core.speed.Steps.bothWays;
import static dev.arbor.core.speed.Steps.caught;
import static dev.arbor.core.speed.Steps.handled;
import static dev.arbor.core.speed.Steps.pair;
import static dev.arbor.core.speed.Steps.withTransition;
import static java.lang.invoke.MethodHandles.dropArguments;
import static java.lang.invoke.MethodHandles.foldArguments;
import static java.lang.invoke.MethodHandles.guardWithTest;
import static java.lang.invoke.MethodHandles.insertArguments;
import static java.lang.invoke.MethodHandles.permuteArguments;
import static java.lang.invoke.MethodType.methodType;

import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.semantics.HandlerRequest;
import dev.arbor.core.semantics.HandlerStep;
import dev.arbor.core.semantics.MachineCore;
import dev.arbor.core.semantics.SpecializedDispatch;
import dev.arbor.core.speed.Steps.SizedHandle;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles the handler states ({@link StateHandler}) of a chart: the link of a case's chain that
 * asks one, after its state's declared transitions ({@link #askHandler}), each handler's
 * {@code onEvent} from a call site of its own, its reply an int the chain switches on; and the
 * table of the transitions handlers may request. A requested transition is taken by a call from
 * the case into that table of compiled microsteps, one per (active leaf, handler state, target),
 * in chunks of their own: nested inside the case, the handler calls and the microstep together
 * went past the JIT's inlining depth. (Noting the request on the machine and looking the
 * microstep up after the case returned was slower, by up to 14 % on QHsmTst in handler style.) A
 * chart with more than {@link Specializer#MAX_HANDLER_MOVES} takes its handlers' requests by the
 * interpreter's flat microstep.
 */
final class HandlerCases {

    private static final MethodHandle IS_UNHANDLED;
    private static final MethodHandle IS_HANDLED;
    /** {@code (int, int)int}: a handler's reply as the key of its move in a row of moves. */
    private static final MethodHandle MOVE_KEY;

    static {
        try {
            IS_UNHANDLED = MethodHandles.lookup().findStatic(HandlerCases.class, NamedMembers.IS_UNHANDLED, methodType(boolean.class, int.class));
            IS_HANDLED = MethodHandles.lookup().findStatic(HandlerCases.class, NamedMembers.IS_HANDLED, methodType(boolean.class, int.class));
            MOVE_KEY = MethodHandles.lookup().findStatic(HandlerCases.class, NamedMembers.MOVE_KEY, methodType(int.class, int.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CompiledChart c;
    private final Microsteps microsteps;

    /**
     * By {@link Steps#pair}{@code (leaf, st)}: the transitions handler state {@code st} may ask for from
     * active leaf {@code leaf}, {@code (reply, Machine, owner, event)boolean}; null when the
     * chart has too many to compile.
     */
    private final Map<Long, MethodHandle> handlerMoves;

    /** Compiles the table of chart {@code c}'s handler moves, each by its microstep from {@code microsteps}. */
    HandlerCases(CompiledChart c, Microsteps microsteps) throws Throwable {
        this.c = c;
        this.microsteps = microsteps;
        this.handlerMoves = handlerMoves();
    }

    /**
     * Handler state {@code st} asked from active leaf {@code leaf}: its {@code onEvent} called
     * from a call site of its own, then a switch on the reply: unhandled goes on to {@code rest}
     * (the states outside it), handled is an internal step, and a transition is taken by a call
     * to its compiled microstep ({@link #handlerMoves}), or by the interpreter's flat microstep
     * in a chart with too many to compile.
     */
    SizedHandle askHandler(int leaf, int st, MethodHandle rest) {
        MethodHandle onEvent = HANDLER_ON_EVENT.bindTo(c.states.handler[st]) // (owner, event, to)Reply
                .asType(methodType(Reply.class, Object.class, Object.class, HandlerRequest.class));
        MethodHandle asked = permuteArguments(dropArguments(onEvent, 0, MachineCore.class), // (to, Machine, owner, event)Reply
                methodType(Reply.class, HandlerRequest.class, MachineCore.class, Object.class, Object.class), 1, 2, 3, 0);
        // replyOf(Machine, asked(to, Machine, owner, event), to), the request read once
        MethodHandle reply = MethodHandles.collectArguments(insertArguments(HANDLER_REPLY, 3, st), 1, asked);
        reply = permuteArguments(reply, methodType(int.class, HandlerRequest.class, MachineCore.class, Object.class, Object.class),
                1, 0, 1, 2, 3, 0);
        reply = foldArguments(reply, 0, HANDLER_REQUEST); // (Machine, owner, event)int
        reply = caught(reply, HANDLER_FAILED, st);

        MethodHandle handled = handled(List.of(withTransition(INTERNAL_TAKEN, st))).handle();
        MethodHandle transition = handlerMoves != null ? handlerMoves.get(pair(leaf, st))
                : permuteArguments(insertArguments(HANDLER_REPLIED, 1, st), // the interpreter's
                        methodType(boolean.class, int.class, MachineCore.class, Object.class, Object.class), 1, 0, 3);
        MethodHandle dispatch = guardWithTest(dropArguments(IS_UNHANDLED, 1, CASE.parameterList()), // (reply, Machine, owner, event)boolean
                dropArguments(rest, 0, int.class),
                guardWithTest(dropArguments(IS_HANDLED, 1, CASE.parameterList()), dropArguments(handled, 0, int.class), transition));
        // (Machine, reply, owner, event) as the switch's (reply, Machine, owner, event)
        return new SizedHandle(foldArguments(dispatch, 0, reply), 4);
    }

    private static boolean isUnhandled(int reply) {
        return reply == HandlerStep.UNHANDLED;
    }

    private static boolean isHandled(int reply) {
        return reply == HandlerStep.HANDLED;
    }

    /**
     * Every transition a handler can ask for, compiled: one table, a row for each leaf and each
     * handler state active with it, in the row the microstep to each target; and for each row,
     * the call into the table with the key a reply names, through
     * {@link SpecializedDispatch.Chunks#runFromCase}. Null when the chart has more than
     * {@link Specializer#MAX_HANDLER_MOVES}.
     */
    private Map<Long, MethodHandle> handlerMoves() throws Throwable {
        int n = c.stateCount;
        List<int[]> owners = new ArrayList<>(); // (leaf, state) pairs
        for (int leaf = 0; leaf < n; leaf++) {
            for (int st = leaf; st >= 0 && Specializer.isLeaf(c, leaf); st = c.states.parent[st]) {
                if (c.states.handler[st] != null) {
                    owners.add(new int[] {leaf, st});
                }
            }
        }
        if ((long) owners.size() * n > Specializer.MAX_HANDLER_MOVES) {
            return null;
        }
        SizedHandle[] pieces = new SizedHandle[owners.size() * n];
        for (int row = 0; row < owners.size(); row++) {
            for (int target = 0; target < n; target++) {
                pieces[row * n + target] = handlerMove(owners.get(row)[0], owners.get(row)[1], target);
            }
        }
        MethodHandle run = CHUNKS_RUN.bindTo(HiddenChunks.chunked(pieces)); // (key, Machine, owner, event)boolean
        Map<Long, MethodHandle> byLeafAndState = new HashMap<>();
        for (int row = 0; row < owners.size(); row++) {
            byLeafAndState.put(pair(owners.get(row)[0], owners.get(row)[1]),
                    MethodHandles.filterArguments(run, 0, insertArguments(MOVE_KEY, 0, row * n)));
        }
        return byLeafAndState;
    }

    /** The key of the move a handler's reply {@code TARGET + target} asks for, in the row of moves from {@code row} on. */
    private static int moveKey(int row, int reply) {
        return row + reply - HandlerStep.TARGET;
    }

    /** Handler state {@code st}'s request for {@code target}, taken from active leaf {@code leaf}. */
    private SizedHandle handlerMove(int leaf, int st, int target) {
        CompiledChart.HandlerMove move = c.handlerMove(st, target);
        int t = c.transitions.ofHandler[st];
        if (move.entryPath() == null || c.hasPlans) {
            MethodHandle general = insertArguments(HANDLER_REPLIED, 1, st, HandlerStep.TARGET + target);
            return new SizedHandle(dropArguments(general, 1, Object.class), 1);
        }
        return bothWays(QUIET, microsteps.microstep(leaf, t, move.domain(), move.keptInitial(), move.entryPath(), true, false),
                microsteps.microstep(leaf, t, move.domain(), move.keptInitial(), move.entryPath(), false, false));
    }
}
