package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;

/**
 * gdx-ai's {@link DefaultStateMachine} run by an Arbor {@link Machine}: it extends gdx-ai's class,
 * so code that declares a {@code DefaultStateMachine<E, S>} or a {@code StateMachine<E, S>}, and
 * states written for it, keep working, while the states run on a {@link GdxChart} that can grow
 * into a hierarchy. {@link ArborStackStateMachine} is the same for gdx-ai's {@code StackStateMachine}.
 *
 * <pre>{@code
 * // once, shared by every miner, like the enum
 * static final GdxChart<Miner, MinerState> MINER = GdxChart.flat("miner", MinerState.class);
 * // was: new DefaultStateMachine<>(this, MinerState.GO_HOME, MinerState.GLOBAL)
 * DefaultStateMachine<Miner, MinerState> fsm = new ArborStateMachine<>(MINER, this, MinerState.GO_HOME, MinerState.GLOBAL);
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
 *       the leaf of Arbor's previous configuration ({@link Machine#wasIn}). Both allocate nothing,
 *       and both are null for {@link GdxChart#NO_STATE} and for leaves that are not gdx-ai
 *       states. Parent states are asked with {@code machine().isIn(KEY)}.</li>
 *   <li>{@link #setInitialState}: gdx-ai sets the state without calling {@code enter} (nor the
 *       old state's {@code exit}) and forgets the previous state; this is an Arbor
 *       {@link Machine#restore restore} of a configuration with nothing saved, whose cause,
 *       {@link Cause#RESTORE}, the bridged states' callbacks skip.</li>
 *   <li>{@link #setOwner}, {@link #getOwner()}, {@link #setGlobalState}, {@link #getGlobalState()}:
 *       gdx-ai's own, on its fields {@code owner} and {@code globalState}, which the bridge reads
 *       (a subclass may set them directly); the machine is handed a new owner
 *       ({@link Machine#setOwner}) before its next step. The global state is this machine's; the
 *       chart's root runs it (see {@link GdxChart}).</li>
 *   <li>{@link #handleMessage}: the telegram fired as a {@link GdxMessage}: the current state's
 *       {@code onMessage}, then its parents' declared transitions and bridged states, then the
 *       global state's; true when one of them took it.</li>
 * </ul>
 * gdx-ai's fields {@code currentState} and {@code previousState} are not used: the state is the
 * Arbor machine's, which also moves on its own (declared transitions, timers, restores); a
 * subclass reads it with the getters.
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
 * <p>{@link #setInitialState} and {@link #setOwner} asked from inside a callback cannot be made
 * in the middle of an Arbor step (a restore and a new owner are made between steps), so they are
 * held, with every request made on this object after them in that step ({@code changeState},
 * {@code revertToPreviousState}, {@code handleMessage}, more of themselves), and made in the order
 * asked once the step ends: when the call on this object that ran the callback returns, or, for a
 * step started on {@link #machine()} directly, at the next call on this object. What a held
 * {@code revertToPreviousState} returns is what gdx-ai's would, after the held requests before it.
 *
 * <p>Confined to one thread, like its machine.
 *
 * @param <E> the owner (entity) type
 * @param <S> the type of the gdx-ai states
 */
public class ArborStateMachine<E, S extends State<E>> extends DefaultStateMachine<E, S> {

    /** Null only while gdx-ai's constructor runs, before this class's: see {@link #setInitialState}. */
    private final BridgedMachine<E, S> bridge;

    /**
     * A machine with no owner yet ({@link #setOwner} gives it one), no current state and no global
     * state: the counterpart of {@code new DefaultStateMachine<>()}.
     *
     * @param chart the chart, shared by every machine of its kind
     */
    public ArborStateMachine(GdxChart<E, S> chart) {
        this(chart, null, null, null);
    }

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
        super(); // sets no owner nor state; its calls to setInitialState come before the bridge exists
        this.owner = owner;
        this.globalState = globalState;
        this.bridge = new BridgedMachine<>(this, o -> this.owner = o, chart, false, initialState);
    }

    /**
     * The Arbor machine underneath: for listeners, the inspector, snapshots, history and hierarchy queries.
     *
     * @return the machine, which this object drives
     */
    public Machine<E> machine() {
        return bridge.machine();
    }

    /**
     * Gives the machine another owner, which every state receives from then on. From inside one of
     * the machine's callbacks, {@link #getOwner()} answers the new owner at once and the states
     * receive it once the step ends (see the class comment).
     *
     * @param owner the entity every state receives
     */
    @Override
    public void setOwner(E owner) {
        super.setOwner(owner);
        bridge.ownerChanged();
    }

    /**
     * The global state's {@code update}, then the current state's: the global state's as a step
     * of its own, then one Arbor tick ({@link Machine#update()}), so that a state the global state
     * changes to is the one that updates.
     */
    @Override
    public void update() {
        bridge.update();
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
        bridge.changeState(newState);
    }

    /**
     * Returns to the previous state, if there is one.
     *
     * @return false, changing nothing, when there is no previous state (none yet, or the machine
     *         had no current state before its last change)
     */
    @Override
    public boolean revertToPreviousState() {
        return bridge.revertToPreviousState();
    }

    /**
     * Sets the current state without entering it and forgets the previous state, as gdx-ai does;
     * the old state is not exited either. Made as an Arbor restore (see the class comment), it
     * also clears what else the machine had saved (history records, pushed configurations,
     * deferred events): a fresh start. From inside one of the machine's callbacks it is made once
     * the step ends, with the requests that follow it (see the class comment).
     *
     * @param state the leaf to make current; null for no state
     * @throws IllegalArgumentException when {@code state} is not an atomic state of the chart
     */
    @Override
    public void setInitialState(S state) {
        if (bridge != null) { // null: called by gdx-ai's constructor, whose state this one's sets
            bridge.setInitialState(state);
        }
    }

    /** The active leaf's gdx-ai state; null when there is none (or the leaf is one of Arbor's own states). */
    @Override
    public S getCurrentState() {
        return bridge.currentState();
    }

    /**
     * The leaf of the configuration before the last change, as a gdx-ai state; null when there is
     * none. Allocates nothing.
     */
    @Override
    public S getPreviousState() {
        return bridge.previousState();
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
        return bridge.handleMessage(telegram);
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
        return bridge.moveTo(newChart);
    }

    @Override
    public String toString() {
        return "ArborStateMachine[" + bridge + "]";
    }
}
