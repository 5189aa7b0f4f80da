package dev.arbor.net.rollback;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.core.dispatch.Receiver;
import dev.arbor.core.dispatch.Telegram;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A rollback timeline: it drives one machine tick by tick for a networked client and keeps the last
 * {@code capacity} ticks of inputs and end-of-tick snapshots, so that a {@link Confirmation} from
 * the server for an earlier tick can be applied by rollback (the networked HSM): restore the confirmed
 * state, tagged {@link Cause#RESTORE}, then re-simulate every later buffered tick up to the
 * present, firing the buffered (or corrected) inputs tagged {@link Cause#REPLAY}.
 *
 * <p>Tick numbers are passed in; nothing reads a clock, so two timelines fed the same calls hold
 * the same snapshots. Each tick runs: {@link TickListener#beforeTick}, then (with a dispatcher
 * attached) {@code dispatcher.deliver(tick)}, then the tick's inputs in order; the snapshot is
 * taken after them.
 *
 * <p>What a snapshot holds is what a rollback restores: the {@link dev.arbor.core.MachineState}
 * (configuration, history, halted), the owner's state through {@link OwnerState}, and the
 * dispatcher's pending telegrams. Anything else that influences the machine must be an input.
 *
 * <p>Confined to the game thread, like the machine. Not re-entrant: actions must not call
 * {@link #advance} or {@link #confirm}.
 *
 * @param <C> the owner (context) type
 * @param <S> the saved form of the owner's state
 */
public final class Timeline<C, S> {

    /**
     * A listener called at the start of every tick, first run or re-simulated (to reset per-tick
     * effect buffers, say).
     */
    @FunctionalInterface
    public interface TickListener {
        /**
         * Called before the tick's telegrams are delivered and its inputs applied.
         *
         * @param tick  the tick about to run
         * @param cause {@link Cause#NORMAL} the first time, {@link Cause#REPLAY} when re-simulated
         */
        void beforeTick(long tick, Cause cause);
    }

    /** One buffered tick: the inputs applied and the state after them. */
    private static final class Frame<S> {
        final long tick;
        List<Input> inputs;
        TickSnapshot<S> snapshot;

        Frame(long tick, List<Input> inputs, TickSnapshot<S> snapshot) {
            this.tick = tick;
            this.inputs = inputs;
            this.snapshot = snapshot;
        }
    }

    private final Machine<C> machine;
    private final OwnerState<C, S> ownerState;
    private final int capacity;
    private final Dispatcher dispatcher;
    private final TickListener tickListener;
    /** Oldest first; ticks consecutive; the last is the present. */
    private final ArrayDeque<Frame<S>> frames = new ArrayDeque<>();
    private long currentTick;
    private Cause cause = Cause.NORMAL;
    private boolean busy;
    /** How many of the running tick's inputs have been started. */
    private int applied;
    private long rollbacks;
    private long mispredictions;

    private Timeline(Builder<C, S> b) {
        this.machine = b.machine;
        this.ownerState = b.ownerState;
        this.capacity = b.capacity;
        this.dispatcher = b.dispatcher;
        this.tickListener = b.tickListener;
        currentTick = b.startTick;
        if (!machine.isStarted()) {
            machine.start();
        }
        frames.addLast(new Frame<>(b.startTick, List.of(), capture(b.startTick)));
    }

    /**
     * Starts describing a timeline for a machine; building it starts the machine if it is not
     * started and takes the snapshot of the start tick.
     *
     * @param machine    the machine the timeline drives; only the timeline should fire into it
     * @param ownerState copies the owner's state out at each tick and back in on rollback
     * @param <C>        the owner (context) type
     * @param <S>        the saved form of the owner's state
     * @return a builder with capacity 64, start tick 0 and no dispatcher
     */
    public static <C, S> Builder<C, S> builder(Machine<C> machine, OwnerState<C, S> ownerState) {
        return new Builder<>(machine, ownerState);
    }

    /**
     * The builder that configures a {@link Timeline}.
     *
     * @param <C> the owner (context) type
     * @param <S> the saved form of the owner's state
     */
    public static final class Builder<C, S> {
        private final Machine<C> machine;
        private final OwnerState<C, S> ownerState;
        private int capacity = 64;
        private long startTick;
        private Dispatcher dispatcher;
        private TickListener tickListener = (tick, cause) -> {};

        private Builder(Machine<C> machine, OwnerState<C, S> ownerState) {
            this.machine = Objects.requireNonNull(machine, "machine");
            this.ownerState = Objects.requireNonNull(ownerState, "ownerState");
        }

        /**
         * How many ticks (inputs and end-of-tick snapshots) are kept, present included; default 64.
         *
         * @param ticks at least 1; a confirmation may be at most {@code ticks - 1} ticks old
         * @return this builder
         * @throws IllegalArgumentException if {@code ticks} is below 1
         */
        public Builder<C, S> capacity(int ticks) {
            if (ticks < 1) {
                throw new IllegalArgumentException("capacity must be at least 1 tick: " + ticks);
            }
            this.capacity = ticks;
            return this;
        }

        /**
         * The tick of the machine's current state; the first {@link #advance} is for the next one. Default 0.
         *
         * @param tick the tick the machine's state belongs to when the timeline is built
         * @return this builder
         */
        public Builder<C, S> startTick(long tick) {
            this.startTick = tick;
            return this;
        }

        /**
         * Attaches a dispatcher: its pending telegrams become part of every snapshot, and each tick
         * begins with {@code dispatcher.deliver(tick)}. Register the machine with
         * {@link Timeline#receiver()} so that re-delivered telegrams are tagged REPLAY.
         *
         * @param d the dispatcher whose telegrams the machine receives, not null
         * @return this builder
         */
        public Builder<C, S> dispatcher(Dispatcher d) {
            this.dispatcher = Objects.requireNonNull(d, "dispatcher");
            return this;
        }

        /**
         * Sets the listener called at the start of every tick, first run or re-simulated; by
         * default, none.
         *
         * @param l the listener, not null
         * @return this builder
         */
        public Builder<C, S> tickListener(TickListener l) {
            this.tickListener = Objects.requireNonNull(l, "tickListener");
            return this;
        }

        /**
         * Builds the timeline: starts the machine if it is not started and takes the snapshot of
         * the start tick.
         *
         * @return the timeline, its present the start tick
         */
        public Timeline<C, S> build() {
            return new Timeline<>(this);
        }
    }

    // ---------------------------------------------------------------- queries

    /**
     * The machine this timeline drives.
     *
     * @return the machine given to {@link #builder}
     */
    public Machine<C> machine() {
        return machine;
    }

    /**
     * How many ticks are kept, present included.
     *
     * @return the capacity set on the builder
     */
    public int capacity() {
        return capacity;
    }

    /**
     * The last tick run (the start tick before any {@link #advance}).
     *
     * @return the present tick
     */
    public long present() {
        return frames.getLast().tick;
    }

    /**
     * The oldest tick still buffered: the oldest a {@link Confirmation} may be for.
     *
     * @return the oldest buffered tick
     */
    public long oldestTick() {
        return frames.getFirst().tick;
    }

    /**
     * The tick being run or re-simulated; {@link #present()} between calls. For actions that send telegrams.
     *
     * @return the tick the machine is in now
     */
    public long currentTick() {
        return busy || frames.isEmpty() ? currentTick : present();
    }

    /**
     * {@link Cause#REPLAY} while re-simulating, {@link Cause#RESTORE} while restoring, {@link Cause#NORMAL} otherwise.
     *
     * @return the cause of what the machine is doing now
     */
    public Cause cause() {
        return cause;
    }

    /**
     * Whether buffered ticks are being re-simulated (actions can also read {@code machine.cause()}).
     *
     * @return true while {@link #cause()} is {@link Cause#REPLAY}
     */
    public boolean isResimulating() {
        return cause == Cause.REPLAY;
    }

    /**
     * The snapshot at the end of a buffered tick.
     *
     * @param tick a tick from {@link #oldestTick()} to {@link #present()}
     * @return the snapshot taken after that tick's inputs
     * @throws IllegalArgumentException if the tick is not buffered
     */
    public TickSnapshot<S> snapshotAt(long tick) {
        return frame(tick, "snapshotAt").snapshot;
    }

    /**
     * The present snapshot.
     *
     * @return the snapshot at the end of {@link #present()}
     */
    public TickSnapshot<S> snapshot() {
        return frames.getLast().snapshot;
    }

    /**
     * The inputs applied (or, after a correction, to be applied) at a buffered tick.
     *
     * @param tick a tick from {@link #oldestTick()} to {@link #present()}
     * @return the tick's inputs in order, unmodifiable
     * @throws IllegalArgumentException if the tick is not buffered
     */
    public List<Input> inputsAt(long tick) {
        return frame(tick, "inputsAt").inputs;
    }

    /**
     * How many confirmations restored and re-simulated.
     *
     * @return the count since the timeline was built
     */
    public long rollbacks() {
        return rollbacks;
    }

    /**
     * How many rollbacks changed the present state (mispredictions corrected).
     *
     * @return the count since the timeline was built
     */
    public long mispredictionsCorrected() {
        return mispredictions;
    }

    /**
     * A receiver for the attached dispatcher that fires each telegram's event with the timeline's
     * cause (REPLAY while re-simulating), unlike {@link Receiver#of}, which always fires NORMAL.
     *
     * @return a receiver to register the machine with on the dispatcher
     */
    public Receiver receiver() {
        return (Telegram t) -> machine.fire(t.event(), cause == Cause.REPLAY ? Cause.REPLAY : Cause.NORMAL);
    }

    // ---------------------------------------------------------------- running

    /**
     * {@link #advance(long, List)} with inputs given inline.
     *
     * @param tick   must be {@link #present()} + 1
     * @param inputs the tick's inputs, in order
     * @return the snapshot at the end of the tick
     * @throws IllegalArgumentException if {@code tick} is not the next tick
     */
    public TickSnapshot<S> advance(long tick, Input... inputs) {
        return advance(tick, List.of(inputs));
    }

    /**
     * Runs the next tick with the given inputs (each tagged NORMAL), buffers the inputs and the
     * snapshot taken after them, and drops the oldest tick beyond the capacity.
     *
     * <p>If an action throws (with {@code ErrorPolicy} rethrowing), the tick is still buffered,
     * with the inputs applied up to and including the one that threw, and the error propagates.
     *
     * @param tick   must be {@link #present()} + 1
     * @param inputs the tick's inputs, in order (copied)
     * @return the snapshot at the end of the tick
     * @throws IllegalArgumentException if {@code tick} is not the next tick
     */
    public TickSnapshot<S> advance(long tick, List<Input> inputs) {
        List<Input> copy = List.copyOf(inputs);
        checkIdle("advance");
        if (tick != present() + 1) {
            throw new IllegalArgumentException("advance(" + tick + "): ticks run one at a time; the next tick is "
                    + (present() + 1));
        }
        busy = true;
        applied = 0;
        TickSnapshot<S> snap = null;
        try {
            snap = run(tick, copy, Cause.NORMAL);
            return snap;
        } finally {
            if (snap == null) { // an action threw: keep what was applied, so that replays stay faithful
                copy = copy.subList(0, applied);
                snap = capture(tick);
            }
            frames.addLast(new Frame<>(tick, copy, snap));
            while (frames.size() > capacity) {
                frames.removeFirst();
            }
            busy = false;
            cause = Cause.NORMAL;
        }
    }

    /**
     * Applies an authoritative state for an earlier (or the present) tick: checks it whole, then
     * restores the machine ({@link Cause#RESTORE}: exit and entry only for the states that change),
     * the owner and the dispatcher, replaces the buffered inputs of every corrected tick, and
     * re-simulates each tick after the confirmed one up to the present with {@link Cause#REPLAY}.
     * When the confirmed state equals the prediction for its tick and no correction changes an
     * input after it, nothing is restored or replayed. An action that throws while re-simulating
     * leaves the later ticks' snapshots as predicted; the error propagates.
     *
     * @param confirmation the server's state for a buffered tick, with its corrections
     * @return what was restored and re-simulated, and the present before and after
     * @throws IllegalArgumentException if the tick is older than {@link #oldestTick()} or after
     *                                  {@link #present()}, a correction is for a tick outside
     *                                  [tick, present], telegrams are given with no dispatcher
     *                                  attached or are inconsistent, or the machine state is not a
     *                                  state of the chart; the timeline, machine and owner are then
     *                                  unchanged
     */
    public RollbackResult<S> confirm(Confirmation<S> confirmation) {
        Objects.requireNonNull(confirmation, "confirmation");
        checkIdle("confirm");
        long t = confirmation.tick();
        long present = present();
        if (t > present) {
            throw new IllegalArgumentException("confirmation for tick " + t + " is in the future: the present is tick "
                    + present);
        }
        if (t < oldestTick()) {
            throw new IllegalArgumentException("confirmation for tick " + t + " is older than the buffer holds (ticks "
                    + oldestTick() + " to " + present + ", capacity " + capacity + ")");
        }
        for (Long k : confirmation.corrections().keySet()) {
            if (k < t || k > present) {
                throw new IllegalArgumentException("correction for tick " + k + " is outside the confirmed range (ticks "
                        + t + " to " + present + ")");
            }
        }
        Dispatcher.Snapshot telegrams = confirmation.telegrams();
        if (telegrams != null) {
            if (dispatcher == null) {
                throw new IllegalArgumentException("confirmation carries telegrams but no dispatcher is attached");
            }
            long max = 0;
            for (Telegram tg : telegrams.pending()) {
                max = Math.max(max, tg.receipt());
            }
            if (telegrams.nextReceipt() <= max) {
                throw new IllegalArgumentException("confirmation's telegrams: next receipt " + telegrams.nextReceipt()
                        + " is not above the pending receipts (" + max + ")");
            }
        }

        Frame<S> confirmedFrame = frame(t, "confirm");
        TickSnapshot<S> predictedAtT = confirmedFrame.snapshot;
        TickSnapshot<S> predictedNow = snapshot();
        if (dispatcher != null && telegrams == null) {
            telegrams = predictedAtT.telegrams(); // the server does not know them: keep the client's
        }
        TickSnapshot<S> confirmed = new TickSnapshot<>(t, confirmation.machine(), confirmation.owner(), telegrams);
        boolean differed = !confirmed.sameStateAs(predictedAtT);
        int changedInputs = 0;
        boolean laterInputChanged = false;
        for (Map.Entry<Long, List<Input>> e : confirmation.corrections().entrySet()) {
            if (!frame(e.getKey(), "confirm").inputs.equals(e.getValue())) {
                changedInputs++;
                laterInputChanged |= e.getKey() > t;
            }
        }
        int replay = (int) (present - t);
        if (!differed && !laterInputChanged) { // the prediction holds: only keep the server's record of tick t
            if (changedInputs > 0) {
                confirmedFrame.inputs = confirmation.corrections().get(t);
            }
            return new RollbackResult<>(t, false, 0, false, changedInputs, predictedNow, predictedNow);
        }

        busy = true;
        try {
            cause = Cause.RESTORE;
            currentTick = t;
            machine.restore(confirmation.machine(), Cause.RESTORE); // checks the state whole first
            ownerState.copyIn(confirmation.owner(), machine.owner());
            if (dispatcher != null) {
                dispatcher.restore(telegrams);
            }
            for (Map.Entry<Long, List<Input>> e : confirmation.corrections().entrySet()) {
                frame(e.getKey(), "confirm").inputs = e.getValue();
            }
            confirmedFrame.snapshot = capture(t);
            rollbacks++;
            Iterator<Frame<S>> it = frames.iterator();
            while (it.hasNext()) {
                Frame<S> f = it.next();
                if (f.tick > t) {
                    f.snapshot = run(f.tick, f.inputs, Cause.REPLAY);
                }
            }
        } finally {
            busy = false;
            cause = Cause.NORMAL;
        }
        RollbackResult<S> result = new RollbackResult<>(t, true, replay, differed, changedInputs, predictedNow,
                snapshot());
        if (result.mispredictionCorrected()) {
            mispredictions++;
        }
        return result;
    }

    // ---------------------------------------------------------------- internals

    private TickSnapshot<S> run(long tick, List<Input> inputs, Cause c) {
        currentTick = tick;
        cause = c;
        tickListener.beforeTick(tick, c);
        if (dispatcher != null) {
            dispatcher.deliver(tick);
        }
        for (Input in : inputs) {
            applied++;
            if (in instanceof Input.Fire f) {
                machine.fire(f.event(), c);
            } else {
                machine.update(c);
            }
        }
        return capture(tick);
    }

    private TickSnapshot<S> capture(long tick) {
        return new TickSnapshot<>(tick, machine.snapshot(), ownerState.copyOut(machine.owner()),
                dispatcher == null ? null : dispatcher.snapshot());
    }

    private Frame<S> frame(long tick, String what) {
        long oldest = oldestTick();
        long present = present();
        if (tick < oldest || tick > present) {
            throw new IllegalArgumentException(what + "(" + tick + "): tick not buffered (ticks " + oldest + " to "
                    + present + ")");
        }
        int index = (int) (tick - oldest);
        Iterator<Frame<S>> it = index <= frames.size() / 2 ? frames.iterator() : frames.descendingIterator();
        int steps = index <= frames.size() / 2 ? index : frames.size() - 1 - index;
        Frame<S> f = it.next();
        for (int i = 0; i < steps; i++) {
            f = it.next();
        }
        return f;
    }

    private void checkIdle(String what) {
        if (busy) {
            throw new IllegalStateException(what + "() called while the timeline is running a tick");
        }
    }

    /**
     * The inputs of every buffered tick after {@code tick}, oldest first (for sending to a server, say).
     *
     * @param tick the last tick the receiver already has (a confirmed tick, say)
     * @return one list of inputs per later buffered tick; empty when {@code tick} is the present or later
     */
    public List<List<Input>> inputsAfter(long tick) {
        List<List<Input>> out = new ArrayList<>();
        for (Frame<S> f : frames) {
            if (f.tick > tick) {
                out.add(f.inputs);
            }
        }
        return out;
    }
}
