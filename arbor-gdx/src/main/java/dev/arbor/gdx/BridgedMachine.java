package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.DefaultStateMachine;
import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The Arbor side of a bridged gdx-ai machine, shared by {@link ArborStateMachine} and
 * {@link ArborStackStateMachine}, which extend gdx-ai's two classes and hand every method here.
 * The owner and the global state stay in gdx-ai's fields of the public object ({@code face}),
 * read from it when needed, so that a subclass that sets them directly is obeyed too.
 *
 * <p><b>Held requests.</b> gdx-ai's {@code setInitialState} and {@code setOwner} take effect at
 * once, even from inside a state's callback. The engine cannot change the configuration without
 * callbacks ({@link Machine#restore}) nor the owner ({@link Machine#setOwner}) in the middle of a
 * step, so asked from inside one, they are held, with every request made through the bridge after
 * them in that step, and replayed in order once the step ends (the engine call the bridge made
 * returns, or the next call on the bridge when the step was started on {@link #machine()} itself).
 * What a held {@code revertToPreviousState} returns is worked out as gdx-ai would, from the
 * machine as the hold found it and the held requests before it.
 */
final class BridgedMachine<E, S extends State<E>> {

    private static final byte CHANGE = 0;
    private static final byte REVERT = 1;
    private static final byte INITIAL = 2;
    private static final byte OWNER = 3;
    private static final byte MESSAGE = 4;

    /** A held request: its kind and its argument (a state, a message, or null). */
    private record Held(byte kind, Object argument) {
    }

    private final DefaultStateMachine<E, S> face;
    /** Sets the face's {@code owner} field, without telling this: for replaying held {@code setOwner}s. */
    private final Consumer<E> ownerField;
    /** gdx-ai's {@code StackStateMachine} semantics: {@code changeState} pushes, {@code revertToPreviousState} pops. */
    private final boolean stack;
    private final Class<S> stateType;
    private final Machine<E> machine;
    /** The event that runs the global state's update, made for the last global state seen; null before. */
    private GdxChart.GlobalUpdate globalUpdate;

    /** Requests held until the step ends, oldest first; null until the first. */
    private List<Held> held;
    /** Whether requests made within a step are held: a hold began in it. */
    private boolean holding;
    /** Where the next held request goes: before those that were held earlier and still wait. */
    private int holdAt;
    /** Whether {@link #settle} is replaying: the requests replayed must not settle again. */
    private boolean replaying;
    /** gdx-ai's current state (and whether there is one), previous state and stack depth as the held requests leave them. */
    private S heldCurrent;
    private boolean heldHasCurrent;
    private S heldPrevious;
    private int heldDepth;

    BridgedMachine(DefaultStateMachine<E, S> face, Consumer<E> ownerField, GdxChart<E, S> chart, boolean stack,
                   S initialState) {
        Objects.requireNonNull(chart, "chart");
        this.face = face;
        this.ownerField = ownerField;
        this.stack = stack;
        this.stateType = chart.stateType();
        this.machine = chart.chart().newMachine(face.getOwner());
        setInitialState(initialState); // a restore: the machine is started with no callback
    }

    Machine<E> machine() {
        return machine;
    }

    // ---------------------------------------------------------------- requests

    void update() {
        prepare();
        S global = face.getGlobalState();
        if (global != null) {
            GdxChart.GlobalUpdate g = globalUpdate;
            if (g == null || g.state != global) {
                globalUpdate = g = new GdxChart.GlobalUpdate(global);
            }
            machine.fire(g);
            settle();
        }
        machine.update();
        settle();
    }

    void changeState(S newState) {
        Object key = newState == null ? GdxChart.NO_STATE : newState;
        if (holdingNow()) {
            keyOf(newState, "changeState"); // refused now, not when the held requests are made
            hold(CHANGE, newState);
            return;
        }
        prepare();
        try {
            if (stack && currentLeaf() != GdxChart.NO_STATE_ID) { // gdx-ai pushes a current state, not "none"
                int depth = machine.pushedDepth();
                int limit = machine.chart().pushLimit();
                if (depth >= limit) {
                    throw new IllegalStateException("changeState(" + newState + "): machine '" + machine.chart().name()
                            + "' already keeps " + depth + " previous states, its chart's pushLimit (gdx-ai's stack has"
                            + " no bound): revert, clear them with setInitialState, or raise the limit in GdxChart.build");
                }
                machine.push(key);
            } else {
                machine.goTo(key);
            }
        } catch (IllegalArgumentException e) {
            keyOf(newState, "changeState"); // the bridge's own words when the chart has no such state
            throw e;                        // else an action's, rethrown after its step
        }
        settle();
    }

    boolean revertToPreviousState() {
        if (holdingNow()) {
            hold(REVERT, null);
            return heldRevert();
        }
        prepare();
        boolean reverted = stack ? pop() : revert();
        settle();
        return reverted;
    }

    /** gdx-ai's {@code DefaultStateMachine}: back to the previous state, which becomes the current one's. */
    private boolean revert() {
        int previous = previousLeaf();
        if (previous < 0 || previous == GdxChart.NO_STATE_ID) {
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

    /** gdx-ai's {@code StackStateMachine}: back to the state on top of the stack, which is removed. */
    private boolean pop() {
        int top = topLeaf();
        if (top < 0) {
            return false;
        }
        boolean same = currentLeaf() == top;
        machine.pop();
        if (same) {
            // The state on top is the current one: the pop moves nothing, and gdx-ai exits and re-enters it.
            machine.goTo(machine.chart().stateKey(top));
        }
        return true;
    }

    void setInitialState(S state) {
        int leaf = leafOf(state);
        if (machine.isStepping()) {
            hold(INITIAL, state);
            return;
        }
        prepare();
        Chart<E> chart = machine.chart();
        int[] active = new int[chart.depth(leaf) + 1];
        for (int st = leaf, i = active.length - 1; st >= 0; st = chart.parent(st)) {
            active[i--] = st;
        }
        machine.restore(new MachineState(active, new int[chart.stateCount()][0], false), Cause.RESTORE);
        settle();
    }

    /** The face's owner changed: the machine takes it now, or when the step ends. */
    void ownerChanged() {
        E owner = face.getOwner();
        if (machine.isStepping()) {
            hold(OWNER, owner);
            return;
        }
        if (held != null && !held.isEmpty()) {
            settle(); // what an earlier step held comes first, with the owners it was asked with
            ownerField.accept(owner);
        }
        prepare();
    }

    boolean handleMessage(Telegram telegram) {
        Objects.requireNonNull(telegram, "telegram");
        S global = face.getGlobalState();
        if (holdingNow()) {
            hold(MESSAGE, GdxMessage.of(telegram, global, true));
            return true;
        }
        prepare();
        boolean queued = machine.isStepping();
        GdxMessage message = GdxMessage.of(telegram, global, queued);
        machine.fire(message);
        settle();
        return queued || message.outcome != GdxMessage.UNHANDLED;
    }

    MigrationReport moveTo(GdxChart<E, S> newChart) {
        Objects.requireNonNull(newChart, "newChart");
        if (newChart.stateType() != stateType) {
            throw new IllegalArgumentException("moveTo(" + newChart + "): its states are " + newChart.stateType().getName()
                    + ", this machine's are " + stateType.getName());
        }
        prepare();
        MigrationReport report = machine.moveTo(newChart.chart());
        settle();
        return report;
    }

    // ---------------------------------------------------------------- queries (nothing allocated)

    S currentState() {
        int leaf = currentLeaf();
        return leaf < 0 ? null : stateOf(machine.chart().stateKey(leaf));
    }

    S previousState() {
        int leaf = stack ? topLeaf() : previousLeaf();
        return leaf < 0 ? null : stateOf(machine.chart().stateKey(leaf));
    }

    /** The deepest active state: in a chart without parallel states, the active leaf (descendants have larger ids). */
    private int currentLeaf() {
        for (int st = machine.chart().stateCount() - 1; st > 0; st--) {
            if (machine.isIn(st)) {
                return st;
            }
        }
        return -1;
    }

    /** The leaf of the configuration before the last change; -1 when there is none. */
    private int previousLeaf() {
        for (int st = machine.chart().stateCount() - 1; st > 0; st--) {
            if (machine.wasIn(st)) {
                return st;
            }
        }
        return -1;
    }

    /** The leaf of the configuration on top of the stack; -1 when the stack is empty. */
    private int topLeaf() {
        int top = machine.pushedDepth() - 1;
        if (top < 0) {
            return -1;
        }
        for (int st = machine.chart().stateCount() - 1; st > 0; st--) {
            if (machine.isInPushed(top, st)) {
                return st;
            }
        }
        return -1;
    }

    private S stateOf(Object key) {
        return stateType.isInstance(key) ? stateType.cast(key) : null;
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

    /** The id of the leaf {@code setInitialState(state)} makes current, checked before anything changes. */
    private int leafOf(S state) {
        Chart<E> chart = machine.chart();
        int leaf = chart.stateId(keyOf(state, "setInitialState"));
        if (chart.kind(leaf) != StateKind.ATOMIC) {
            throw new IllegalArgumentException("setInitialState(" + state + "): state '" + chart.statePath(leaf)
                    + "' of chart '" + chart.name() + "' has children; the initial state must be a leaf");
        }
        return leaf;
    }

    // ---------------------------------------------------------------- holding and replaying

    /**
     * Before a request between steps: replays what an earlier step held, and hands the machine the
     * face's owner. Inside a step, nothing: both wait for the step's end.
     */
    private void prepare() {
        if (machine.isStepping()) {
            return;
        }
        if (held != null && !held.isEmpty()) {
            settle();
        }
        E owner = face.getOwner();
        if (machine.owner() != owner) {
            machine.setOwner(owner);
        }
    }

    /** Whether a request is to be held: it is made within a step in which a hold began. */
    private boolean holdingNow() {
        return holding && machine.isStepping();
    }

    /** Holds a request, beginning a hold if none is running, and moves gdx-ai's view of the held requests on. */
    @SuppressWarnings("unchecked")
    private void hold(byte kind, Object argument) {
        if (!holding) {
            holding = true;
            if (!replaying) {
                holdAt = held == null ? 0 : held.size(); // after what an interrupted replay left
            }
            int leaf = currentLeaf();
            heldCurrent = currentState();
            heldHasCurrent = leaf >= 0 && leaf != GdxChart.NO_STATE_ID;
            heldPrevious = previousState();
            heldDepth = machine.pushedDepth();
        }
        if (held == null) {
            held = new ArrayList<>();
        }
        held.add(holdAt++, new Held(kind, argument));
        if (kind == CHANGE) {
            S state = (S) argument;
            heldDepth += heldHasCurrent ? 1 : 0;
            heldPrevious = heldCurrent;
            heldCurrent = state;
            heldHasCurrent = state != null;
        } else if (kind == INITIAL) {
            S state = (S) argument;
            heldCurrent = state;
            heldHasCurrent = state != null;
            heldPrevious = null;
            heldDepth = 0;
        }
    }

    /** What gdx-ai's revert returns after the held requests before it, moving the view on as it does. */
    private boolean heldRevert() {
        if (stack) {
            if (heldDepth == 0) {
                return false;
            }
            heldDepth--;
            heldHasCurrent = true; // a stack holds no "none"
            return true;
        }
        if (heldPrevious == null) {
            return false;
        }
        S was = heldCurrent;
        heldCurrent = heldPrevious;
        heldPrevious = was;
        heldHasCurrent = true;
        return true;
    }

    /**
     * Once no step runs, replays the held requests in order, each as if made between steps. What
     * a replayed request's own step holds goes before the requests still waiting.
     */
    @SuppressWarnings("unchecked")
    private void settle() {
        List<Held> queue = held;
        if (replaying || queue == null || queue.isEmpty() || machine.isStepping()) {
            return;
        }
        replaying = true;
        try {
            // The owner as it was when the requests were made: gdx-ai's, until a held setOwner changes it.
            ownerField.accept(machine.owner());
            while (!queue.isEmpty()) {
                Held next = queue.remove(0);
                holding = false;
                holdAt = 0;
                switch (next.kind) {
                    case CHANGE -> changeState((S) next.argument);
                    case REVERT -> revertToPreviousState();
                    case INITIAL -> setInitialState((S) next.argument);
                    case OWNER -> {
                        ownerField.accept((E) next.argument);
                        prepare();
                    }
                    default -> machine.fire(next.argument);
                }
            }
        } finally {
            replaying = false;
            holding = false;
            holdAt = 0;
        }
    }

    @Override
    public String toString() {
        return machine.chart().name() + ", current " + currentState() + ", global " + face.getGlobalState();
    }
}
