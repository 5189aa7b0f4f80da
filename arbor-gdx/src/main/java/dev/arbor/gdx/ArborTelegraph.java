package dev.arbor.gdx;

import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import com.badlogic.gdx.ai.msg.Telegraph;
import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.Objects;
import java.util.function.Function;

/**
 * A gdx-ai {@link Telegraph} that hands every telegram to an Arbor {@link Machine}, so that a
 * machine of any chart can be registered with a {@link MessageDispatcher} (as a receiver, a
 * sender or a listener of message codes) beside gdx-ai's own agents.
 *
 * <pre>{@code
 * ArborTelegraph elsa = ArborTelegraph.of(elsaMachine);             // fires GdxMessage events
 * dispatcher.addListener(elsa, MSG_HI_HONEY);
 * // in Elsa's chart: s.on(GdxMessage.class).guard(GdxMessage.is(MSG_HI_HONEY)).target(COOK)
 *
 * ArborTelegraph bob = ArborTelegraph.of(bobMachine, t -> Msg.values()[t.message]); // or the chart's own events
 * }</pre>
 *
 * <p>{@link #handleMessage} keeps gdx-ai's meaning of its result: true when the machine took the
 * telegram, false when nothing did (Arbor reports the event unhandled, as gdx-ai's
 * {@code DefaultStateMachine} returns false when neither its current nor its global state
 * handles it). An event that an active state defers counts as taken. For machines run behind
 * gdx-ai's interface, {@link ArborStateMachine} is already a {@code Telegraph}.
 *
 * <p>Confined to the machine's thread, like the machine.
 */
public final class ArborTelegraph implements Telegraph {

    private final Machine<?> machine;
    /** Makes the event for a telegram; null: a {@link GdxMessage}. */
    private final Function<? super Telegram, ?> toEvent;
    /** Hears, during one {@link #handleMessage} only, what became of the event. */
    private final Outcome outcome = new Outcome();

    private ArborTelegraph(Machine<?> machine, Function<? super Telegram, ?> toEvent) {
        this.machine = Objects.requireNonNull(machine, "machine");
        this.toEvent = toEvent;
    }

    /**
     * Telegrams as {@link GdxMessage} events, matched with {@code on(GdxMessage.class)} and {@link GdxMessage#is}.
     *
     * @param machine the machine to fire the telegrams into
     * @return a telegraph to register with a dispatcher
     */
    public static ArborTelegraph of(Machine<?> machine) {
        return new ArborTelegraph(machine, null);
    }

    /**
     * Telegrams as the events a chart already reacts to, made by {@code toEvent} (for example
     * {@code t -> Msg.values()[t.message]}). The function must not return the telegram itself,
     * which the dispatcher recycles once {@code handleMessage} returns; it may return null to
     * drop a telegram, which then counts as not handled.
     *
     * @param machine the machine to fire the events into
     * @param toEvent makes the event for each telegram
     * @return a telegraph to register with a dispatcher
     */
    public static ArborTelegraph of(Machine<?> machine, Function<? super Telegram, ?> toEvent) {
        return new ArborTelegraph(machine, Objects.requireNonNull(toEvent, "toEvent"));
    }

    /** {@return the machine telegrams go to} */
    public Machine<?> machine() {
        return machine;
    }

    /**
     * Fires the telegram into the machine, to completion.
     *
     * @param telegram the dispatcher's telegram, recycled by it once this returns
     * @return whether the machine took it; true as well when the machine is inside a step (the
     *         telegram came from one of its own callbacks), where the event is queued and handled
     *         before the step ends, after this returns
     */
    @Override
    public boolean handleMessage(Telegram telegram) {
        Objects.requireNonNull(telegram, "telegram");
        boolean queued = machine.isStepping();
        Object event;
        if (toEvent == null) {
            event = GdxMessage.of(telegram, null, queued);
        } else {
            event = toEvent.apply(telegram);
            if (event == telegram) {
                throw new IllegalArgumentException("the event made for telegram " + telegram.message + " is the telegram"
                        + " itself, which gdx-ai's dispatcher recycles: make an event of the chart's, or use"
                        + " ArborTelegraph.of(machine) for GdxMessage events");
            }
            if (event == null) {
                return false;
            }
        }
        if (queued) {
            machine.fire(event);
            return true;
        }
        outcome.expect(event);
        machine.addListener(outcome);
        try {
            machine.fire(event);
        } finally {
            machine.removeListener(outcome);
        }
        return outcome.taken();
    }

    @Override
    public String toString() {
        return "ArborTelegraph[" + machine.chart().name() + "]";
    }

    /** The first thing the machine reports about the expected event decides: unhandled, or taken. */
    private static final class Outcome implements MachineListener {
        private Object expected;
        private boolean seen;
        private boolean decided;
        private boolean unhandled;

        void expect(Object event) {
            expected = event;
            seen = false;
            decided = false;
            unhandled = false;
        }

        boolean taken() {
            expected = null;
            return seen && !unhandled;
        }

        @Override
        public void onEvent(Machine<?> machine, Object event, Cause cause) {
            if (event == expected && !seen) {
                seen = true;
            }
        }

        private void decide(boolean wasUnhandled) {
            if (seen && !decided) {
                decided = true;
                unhandled = wasUnhandled;
            }
        }

        @Override
        public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
            decide(false);
        }

        @Override
        public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
            decide(false);
        }

        @Override
        public void onDeferred(Machine<?> machine, Object event, Cause cause) {
            decide(false);
        }

        @Override
        public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
            decide(true);
        }
    }
}
