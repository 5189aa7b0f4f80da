package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.fsm.StateMachine;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.StateKind;
import java.util.Objects;

/**
 * A gdx-ai {@link StateMachine} backed by an Arbor {@link Machine}: code that holds a
 * {@code StateMachine<E, S>} (and states written for gdx-ai's {@link DefaultStateMachine}) keeps
 * working, while the states run on a {@link GdxChart} that can grow into a hierarchy.
 *
 * <pre>{@code
 * // once, shared by every miner, like the enum
 * static final GdxChart<Miner, MinerState> MINER = GdxChart.flat("miner", MinerState.class);
 * // was: new DefaultStateMachine<>(this, MinerState.GO_HOME, MinerState.GLOBAL)
 * StateMachine<Miner, MinerState> fsm = new ArborStateMachine<>(MINER, this, MinerState.GO_HOME, MinerState.GLOBAL);
 * }</pre>
 *
 * <p>How each method maps (see {@link GdxChart} for the states themselves):
 * <ul>
 *   <li>{@link #update()}: the global state's {@code update} as a step of its own, then one
 *       Arbor tick ({@link Machine#update()}): polled transitions and timers declared in Arbor,
 *       then the current state's {@code update} (its ancestors' update actions first).</li>
 *   <li>{@link #changeState}: {@link Machine#goTo}, an external transition from the current leaf:
 *       gdx-ai's exit-then-enter, including for the current state itself; in a hierarchy, only
 *       the states below the common ancestor are exited and entered.</li>
 *   <li>{@link #revertToPreviousState()}: Arbor's state blip, {@link Machine#revert()}, back to
 *       the configuration before the last change (which becomes the previous one, as gdx-ai's
 *       swap does). Where the previous state is the current one (after {@code changeState} to the
 *       current state) gdx-ai exits and re-enters it, and so does this.</li>
 *   <li>{@link #getCurrentState()}, {@link #isInState}: the active leaf; {@link #getPreviousState()}:
 *       the leaf of Arbor's previous configuration. Both are null for {@link GdxChart#NO_STATE}
 *       and for leaves that are not gdx-ai states. Parent states are asked with
 *       {@code machine().isIn(KEY)}.</li>
 *   <li>{@link #setInitialState}: gdx-ai sets the state without calling {@code enter} (nor the
 *       old state's {@code exit}) and forgets the previous state; this is an Arbor
 *       {@link Machine#restore restore} of a configuration with nothing saved, whose cause,
 *       {@link Cause#RESTORE}, the bridged states' callbacks skip.</li>
 *   <li>{@link #setGlobalState}, {@link #getGlobalState()}: this machine's global state, which the
 *       chart's root runs (see {@link GdxChart}).</li>
 *   <li>{@link #handleMessage}: the telegram fired as a {@link GdxMessage}: the current state's
 *       {@code onMessage}, then its parents' declared transitions and bridged states, then the
 *       global state's; true when one of them took it.</li>
 * </ul>
 *
 * <p><b>Asked from inside a callback.</b> gdx-ai changes state at once, in the middle of the
 * calling state's code; Arbor queues what an action asks and does it when the action returns
 * (docs/architecture.md, "Moves"), in the order asked. Where {@code changeState} is the last thing
 * a callback does, as in gdx-ai's and Buckland's examples, the calls made are the same, in the same
 * order: {@code SideBySideTest} runs both machines on the same inputs and compares every call. Code
 * that reads {@link #getCurrentState()} right after asking for a change sees the old state here. A
 * message sent to a machine from inside one of its own callbacks (with no delay) is queued too, and
 * handled as an event of its own once the current step is done, after the changes asked for in that
 * step; {@link #handleMessage} then answers true (accepted) before it is handled.
 *
 * <p>Confined to one thread, like its machine.
 *
 * @param <E> the owner (entity) type
 * @param <S> the type of the gdx-ai states
 */
public final class ArborStateMachine<E, S extends State<E>> implements StateMachine<E, S> {

    private final Class<S> stateType;
    private final Machine<E> machine;
    private S globalState;
    /** The event that runs {@link #globalState}'s update; null when there is no global state. */
    private GdxChart.GlobalUpdate globalUpdate;

    /**
     * A machine with no current state and no global state, as {@code new DefaultStateMachine<>(owner)}.
     *
     * @param chart the chart, shared by every machine of its kind
     * @param owner the entity every state receives
     */
    public ArborStateMachine(GdxChart<E, S> chart, E owner) {
        this(chart, owner, null, null);
    }

    /**
     * A machine in {@code initialState} (not entered, as in gdx-ai), without a global state.
     *
     * @param chart        the chart, shared by every machine of its kind
     * @param owner        the entity every state receives
     * @param initialState the current state to begin in, or null for none
     * @throws IllegalArgumentException when {@code initialState} is not an atomic state of the chart
     */
    public ArborStateMachine(GdxChart<E, S> chart, E owner, S initialState) {
        this(chart, owner, initialState, null);
    }

    /**
     * A machine in {@code initialState} (not entered, as in gdx-ai) with a global state: the
     * counterpart of {@code new DefaultStateMachine<>(owner, initialState, globalState)}.
     *
     * @param chart        the chart, shared by every machine of its kind
     * @param owner        the entity every state receives
     * @param initialState the current state to begin in, or null for none
     * @param globalState  the global state, or null for none
     * @throws IllegalArgumentException when {@code initialState} is not an atomic state of the chart
     */
    public ArborStateMachine(GdxChart<E, S> chart, E owner, S initialState, S globalState) {
        Objects.requireNonNull(chart, "chart");
        this.stateType = chart.stateType();
        this.machine = chart.chart().newMachine(owner);
        setInitialState(initialState);
        setGlobalState(globalState);
    }

    /**
     * The Arbor machine underneath: for listeners, the inspector, snapshots, history and hierarchy queries.
     *
     * @return the machine, which this object drives
     */
    public Machine<E> machine() {
        return machine;
    }

    /** {@return the entity every state receives} */
    public E getOwner() {
        return machine.owner();
    }

    @Override
    public void update() {
        if (globalUpdate != null) {
            machine.fire(globalUpdate);
        }
        machine.update();
    }

    /**
     * Moves to {@code newState} (null: to no state), exiting the current state and entering the
     * new one even when they are the same.
     *
     * @param newState the gdx-ai state to move to; null for no state
     * @throws IllegalArgumentException when the chart has no such state
     */
    @Override
    public void changeState(S newState) {
        machine.goTo(keyOf(newState, "changeState"));
    }

    /**
     * Returns to the previous state, if there is one.
     *
     * @return false, changing nothing, when there is no previous state (none yet, or the machine
     *         had no current state before its last change)
     */
    @Override
    public boolean revertToPreviousState() {
        int previous = leafOf(machine.snapshot().previous());
        if (previous < 0 || machine.chart().stateKey(previous) == GdxChart.NO_STATE) {
            return false;
        }
        if (machine.isIn(previous)) {
            // The last change re-entered the current state: gdx-ai's revert does so again.
            machine.goTo(machine.chart().stateKey(previous));
        } else {
            machine.revert();
        }
        return true;
    }

    /**
     * Sets the current state without entering it and forgets the previous state, as gdx-ai does;
     * the old state is not exited either. Made as an Arbor restore (see the class comment), it
     * also clears what else the machine had saved (history records, pushed configurations,
     * deferred events): a fresh start.
     *
     * @param state the leaf to make current; null for no state
     * @throws IllegalArgumentException when {@code state} is not an atomic state of the chart
     * @throws IllegalStateException    when called from inside one of this machine's callbacks;
     *                                  {@link #changeState} is the move to ask for there
     */
    @Override
    public void setInitialState(S state) {
        Chart<E> chart = machine.chart();
        int leaf = chart.stateId(keyOf(state, "setInitialState"));
        if (chart.kind(leaf) != StateKind.ATOMIC) {
            throw new IllegalArgumentException("setInitialState(" + state + "): state '" + chart.statePath(leaf)
                    + "' of chart '" + chart.name() + "' has children; the initial state must be a leaf");
        }
        if (machine.isStepping()) {
            throw new IllegalStateException("setInitialState(" + state + ") called from inside a callback of machine '"
                    + chart.name() + "': ask for changeState there");
        }
        int[] active = new int[chart.depth(leaf) + 1];
        for (int st = leaf, i = active.length - 1; st >= 0; st = chart.parent(st)) {
            active[i--] = st;
        }
        machine.restore(new MachineState(active, new int[chart.stateCount()][0], false), Cause.RESTORE);
    }

    @Override
    public void setGlobalState(S state) {
        globalState = state;
        globalUpdate = state == null ? null : new GdxChart.GlobalUpdate(state);
    }

    /** The active leaf's gdx-ai state; null when there is none (or the leaf is one of Arbor's own states). */
    @Override
    public S getCurrentState() {
        Chart<E> chart = machine.chart();
        for (int st = chart.stateCount() - 1; st > 0; st--) {
            if (machine.isIn(st)) {
                return stateOf(chart.stateKey(st)); // the deepest active state: descendants have larger ids
            }
        }
        return null;
    }

    @Override
    public S getGlobalState() {
        return globalState;
    }

    /**
     * The leaf of the configuration before the last change, as a gdx-ai state; null when there is
     * none. Reads it from a {@link Machine#snapshot()}, so it allocates.
     */
    @Override
    public S getPreviousState() {
        int previous = leafOf(machine.snapshot().previous());
        return previous < 0 ? null : stateOf(machine.chart().stateKey(previous));
    }

    /** Whether {@code state} is the current state (null: whether there is none), as gdx-ai compares. */
    @Override
    public boolean isInState(S state) {
        return getCurrentState() == state;
    }

    /**
     * Handles a telegram: the current state's {@code onMessage}, then (in a hierarchy) its
     * parents', then the global state's; the first to take it stops it.
     *
     * @param telegram the dispatcher's telegram; copied when the message must be queued
     * @return whether a state took it; true as well when the machine is inside one of its own
     *         callbacks, where the message is queued, to be handled once the current step is done
     */
    @Override
    public boolean handleMessage(Telegram telegram) {
        boolean queued = machine.isStepping();
        GdxMessage message = GdxMessage.of(telegram, globalState, queued);
        machine.fire(message);
        return queued || message.outcome != GdxMessage.UNHANDLED;
    }

    /**
     * Moves the machine onto another version of its chart (hot reload, {@link Machine#moveTo}):
     * states are matched by path, the current state is kept when it still exists.
     *
     * @param newChart the new version of the chart, with states of the same type
     * @return what the move kept, exited, entered, mapped and cleared
     * @throws IllegalArgumentException when the new chart's states are of another type
     */
    public MigrationReport moveTo(GdxChart<E, S> newChart) {
        Objects.requireNonNull(newChart, "newChart");
        if (newChart.stateType() != stateType) {
            throw new IllegalArgumentException("moveTo(" + newChart + "): its states are " + newChart.stateType().getName()
                    + ", this machine's are " + stateType.getName());
        }
        return machine.moveTo(newChart.chart());
    }

    private Object keyOf(S state, String method) {
        if (state == null) {
            return GdxChart.NO_STATE;
        }
        if (!machine.chart().hasState(state)) {
            throw new IllegalArgumentException(method + "(" + state + "): chart '" + machine.chart().name()
                    + "' has no state " + state + " (declare it with GdxChart.state)");
        }
        return state;
    }

    private S stateOf(Object key) {
        return stateType.isInstance(key) ? stateType.cast(key) : null;
    }

    /** The leaf of a configuration given as ids in document order: its last id; -1 when empty. */
    private static int leafOf(int[] configuration) {
        return configuration.length == 0 ? -1 : configuration[configuration.length - 1];
    }

    @Override
    public String toString() {
        return "ArborStateMachine[" + machine.chart().name() + ", current " + getCurrentState()
                + ", global " + globalState + "]";
    }
}
