package dev.arbor.core.semantics;

import dev.arbor.core.Reply;
import dev.arbor.core.StateHandler;
import dev.arbor.core.model.CompiledChart;

/**
 * Handler states (Samek's QP style) in a chart without parallel states: from the active leaf
 * outward, each state's declared transitions, then its {@link StateHandler}, until one takes the
 * event. A handler's reply is one int ({@link #UNHANDLED}, {@link #HANDLED} or
 * {@link #TARGET} plus the state it asked for), so that the compiled code can switch on it;
 * a transition it asks for is taken by a precomputed flat microstep
 * ({@code CompiledChart.handlerMove}). Charts with regions ask handlers in {@link ScxmlStep}.
 */
public final class HandlerStep {

    private HandlerStep() {
    }

    /**
     * The flat dispatch of a chart with handler states: from the active leaf outward, each state's
     * declared transitions, then its handler, until one takes the event.
     */
    static void dispatch(MachineCore m, CompiledChart c, Object event) {
        int[] set = ScxmlStep.triggerSet(m, c, event);
        for (int st = m.highestActive(c); st >= 0; st = c.states.parent[st]) {
            int t = ScxmlStep.findTransition(m, c, st, set, event);
            if (t >= 0) {
                RunToCompletion.execute(m, c, t, event);
                return;
            }
            if (c.states.handler[st] != null) {
                int reply = askHandler(m, c, st, event);
                if (reply != UNHANDLED) {
                    replied(m, st, reply, event);
                    return;
                }
            }
        }
        RunToCompletion.unhandled(m, event);
    }

    // A handler's reply as one int: what the compiled code switches on.
    /** The handler passed the event to its parent. */
    public static final int UNHANDLED = 0;
    /** The handler consumed the event and asked for no transition. */
    public static final int HANDLED = 1;
    /** The handler asked for a transition to state {@code reply - TARGET}. */
    public static final int TARGET = 2;

    /** Asks state {@code st}'s handler; its reply as one int. */
    static int askHandler(MachineCore m, CompiledChart c, int st, Object event) {
        @SuppressWarnings("unchecked")
        StateHandler<Object> h = (StateHandler<Object>) c.states.handler[st];
        try {
            HandlerRequest to = request(m);
            return replyOf(m, h.onEvent(m.owner, event, to), to, st);
        } catch (Throwable e) {
            return failed(m, e, st);
        }
    }

    // The hooks below are called from specialized code; each stays under the JIT's 35 bytes for
    // inlining at any call site, its rare paths in methods of their own.

    /** The request object handed to a handler, cleared. */
    static HandlerRequest request(MachineCore m) {
        MachineCore.Extras x = m.extras;
        HandlerRequest r = x == null ? null : x.request;
        if (r == null) {
            return newRequest(m);
        }
        r.target = -1;
        return r;
    }

    private static HandlerRequest newRequest(MachineCore m) {
        MachineCore.Extras x = m.extras();
        if (x.request == null) {
            x.request = new HandlerRequest(m);
        }
        x.request.target = -1;
        return x.request;
    }

    /**
     * A handler's reply, given request {@code to}, as one int ({@link #UNHANDLED}, …); a reply
     * that breaks the contract is reported, and handled.
     */
    static int replyOf(MachineCore m, Reply reply, HandlerRequest to, int st) {
        return reply == Reply.UNHANDLED ? UNHANDLED : reply == Reply.HANDLED ? HANDLED : requested(m, reply, to, st);
    }

    private static int requested(MachineCore m, Reply reply, HandlerRequest to, int st) {
        int target = to.target;
        return reply != null && target >= 0 ? TARGET + target : broke(m, reply, st);
    }

    private static int broke(MachineCore m, Reply reply, int st) {
        CompiledChart c = m.chart.compiled;
        return failed(m, new IllegalStateException(reply == null
                ? "handler of state '" + c.states.name[st] + "' returned null"
                : "handler of state '" + c.states.name[st] + "' returned TRANSITION without calling to.state(...)"), st);
    }

    /** A handler threw: reported, and the event counts as handled (its code ran part-way; ancestors are not asked). */
    static int failed(MachineCore m, Throwable e, int st) {
        RunToCompletion.reportError(m, st, e);
        return HANDLED;
    }

    /** Takes what handler state {@code st} replied (handled, or a transition), by the interpreter's flat path. */
    static boolean replied(MachineCore m, int st, int reply, Object event) {
        if (reply == HANDLED) {
            MicrostepHooks.internalTaken(m, st, event);
            return true;
        }
        CompiledChart c = m.chart.compiled;
        int t = c.transitions.ofHandler[st];
        int target = reply - TARGET;
        CompiledChart.HandlerMove move = c.handlerMove(st, target);
        if (move.entryPath() != null && !c.hasPlans) {
            FlatStep.microstepFlat(m, c, t, move.domain(), move.keptInitial(), move.entryPath(), event);
        } else {
            Scratch s = m.step();
            s.selCount = 0;
            ScxmlStep.select(s, t, move.domain(), target);
            ScxmlStep.microstep(m, s, event);
        }
        return true;
    }
}
