package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.StackStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;

/**
 * gdx-ai's {@link StackStateMachine} run by an Arbor {@link Machine}: it extends gdx-ai's class,
 * so code that declares a {@code StackStateMachine<E, S>} (or a {@code DefaultStateMachine}, or a
 * {@code StateMachine}) keeps working. It is {@link ArborStateMachine} in every respect (the
 * global state, telegrams, requests from inside callbacks, held {@code setInitialState} and
 * {@code setOwner}) but the two methods in which gdx-ai's stack machine differs:
 *
 * <ul>
 *   <li>{@link #changeState}: {@link Machine#push}, which saves the configuration on the
 *       machine's stack and moves to the new state, exiting and entering as gdx-ai does; from no
 *       current state, a {@link Machine#goTo} (gdx-ai pushes no "none").</li>
 *   <li>{@link #revertToPreviousState()}: {@link Machine#pop}, back to the configuration on top
 *       of the stack, which is removed; false with an empty stack. So GO_HOME, DIG, BANK, then two
 *       reverts, ends at GO_HOME, where {@link ArborStateMachine} (and gdx-ai's
 *       {@code DefaultStateMachine}) would be back at BANK, flipping between the last two. Where
 *       the state on top is the current one, gdx-ai exits and re-enters it, and so does this.</li>
 *   <li>{@link #getPreviousState()}: the state on top of the stack ({@link Machine#isInPushed},
 *       nothing allocated); null when it is empty.</li>
 *   <li>{@link #setInitialState}: also empties the stack, as gdx-ai's does.</li>
 * </ul>
 *
 * <p>The stack is Arbor's, part of the machine's snapshot. gdx-ai's grows without bound (every
 * {@code changeState} pushes); this one holds up to the chart's {@code pushLimit}
 * ({@link GdxChart#STACK_LIMIT} unless the chart sets another), and a {@code changeState} beyond
 * it throws {@link IllegalStateException}, changing nothing.
 *
 * <p>Confined to one thread, like its machine.
 *
 * @param <E> the owner (entity) type
 * @param <S> the type of the gdx-ai states
 */
public class ArborStackStateMachine<E, S extends State<E>> extends StackStateMachine<E, S> {

    /** Null only while gdx-ai's constructor runs, before this class's: see {@link #setInitialState}. */
    private final BridgedMachine<E, S> bridge;

    /**
     * A machine with no owner yet ({@link #setOwner} gives it one), no current state and no global
     * state: the counterpart of {@code new StackStateMachine<>()}.
     *
     * @param chart the chart, shared by every machine of its kind
     */
    public ArborStackStateMachine(GdxChart<E, S> chart) {
        this(chart, null, null, null);
    }

    /**
     * A machine with no current state and no global state, as {@code new StackStateMachine<>(owner)}.
     *
     * @param chart the chart, shared by every machine of its kind
     * @param owner the entity every state receives
     */
    public ArborStackStateMachine(GdxChart<E, S> chart, E owner) {
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
    public ArborStackStateMachine(GdxChart<E, S> chart, E owner, S initialState) {
        this(chart, owner, initialState, null);
    }

    /**
     * A machine in {@code initialState} (not entered, as in gdx-ai) with a global state: the
     * counterpart of {@code new StackStateMachine<>(owner, initialState, globalState)}.
     *
     * @param chart        the chart, shared by every machine of its kind
     * @param owner        the entity every state receives
     * @param initialState the current state to begin in, or null for none
     * @param globalState  the global state, or null for none
     * @throws IllegalArgumentException when {@code initialState} is not an atomic state of the chart
     */
    public ArborStackStateMachine(GdxChart<E, S> chart, E owner, S initialState, S globalState) {
        super(); // sets no owner nor state; its calls to setInitialState come before the bridge exists
        this.owner = owner;
        this.globalState = globalState;
        this.bridge = new BridgedMachine<>(this, o -> this.owner = o, chart, true, initialState);
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
     * Gives the machine another owner, as {@link ArborStateMachine#setOwner} does.
     *
     * @param owner the entity every state receives
     */
    @Override
    public void setOwner(E owner) {
        super.setOwner(owner);
        bridge.ownerChanged();
    }

    /** The global state's {@code update}, then the current state's, as {@link ArborStateMachine#update()}. */
    @Override
    public void update() {
        bridge.update();
    }

    /**
     * Pushes the current state (if there is one) and moves to {@code newState} (null: to no state),
     * exiting the current state and entering the new one even when they are the same.
     *
     * @param newState the gdx-ai state to move to; null for no state
     * @throws IllegalArgumentException when the chart has no such state
     * @throws IllegalStateException    when the stack already holds the chart's {@code pushLimit}
     *                                  states; nothing is changed
     */
    @Override
    public void changeState(S newState) {
        bridge.changeState(newState);
    }

    /**
     * Returns to the state on top of the stack, removing it.
     *
     * @return false, changing nothing, when the stack is empty
     */
    @Override
    public boolean revertToPreviousState() {
        return bridge.revertToPreviousState();
    }

    /**
     * Sets the current state without entering it (nor exiting the old one) and empties the stack,
     * as gdx-ai does; made as {@link ArborStateMachine#setInitialState} is.
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

    /** The state on top of the stack, which a revert returns to; null when it is empty. Allocates nothing. */
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
     * Handles a telegram as {@link ArborStateMachine#handleMessage} does.
     *
     * @param telegram the dispatcher's telegram; copied when the message must be queued
     * @return whether a state took it (true as well when it is queued)
     */
    @Override
    public boolean handleMessage(Telegram telegram) {
        return bridge.handleMessage(telegram);
    }

    /**
     * Moves the machine onto another version of its chart, as {@link ArborStateMachine#moveTo} does;
     * the stack's configurations are mapped with it.
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
        return "ArborStackStateMachine[" + bridge + "]";
    }
}
