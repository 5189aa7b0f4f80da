package dev.arbor.gdx;

import com.badlogic.gdx.ai.fsm.State;
import com.badlogic.gdx.ai.msg.Telegram;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.MachineStateAction;
import dev.arbor.core.Reply;
import dev.arbor.core.StateBuilder;
import dev.arbor.core.StateHandler;
import dev.arbor.core.StateKind;
import dev.arbor.core.Transitions;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * An Arbor chart whose states are gdx-ai {@link State}s, made to be run by {@link ArborStateMachine}
 * or {@link ArborStackStateMachine}:
 * the chart (immutable, shared by every machine, like the enum it is made from) and the type of
 * its gdx-ai states.
 *
 * <p>How gdx-ai's concepts land on Arbor's:
 * <ul>
 *   <li><b>A state</b> ({@link #state(State)}) is an Arbor state keyed by the gdx-ai state object
 *       (its enum constant): {@code enter} is its entry action, {@code exit} its exit action,
 *       {@code update} its update action, and {@code onMessage} its {@link StateHandler}, asked
 *       with every {@link GdxMessage}; true consumes the message, false lets it bubble to the
 *       parent, as an event unhandled by a state does in a statechart. The state's code is
 *       unchanged: it still receives the owner and the {@link Telegram}.</li>
 *   <li><b>The global state</b> is the chart's root, Arbor's global state: events no state
 *       handles bubble up to it, so a message the current state refuses goes to the global
 *       state's {@code onMessage} (gdx-ai's order exactly), and then, in a hierarchy, after every
 *       parent in between. Which global state a machine has is the machine's, not the chart's
 *       (gdx-ai's {@code setGlobalState} is per machine): it travels with the events the
 *       machine fires, so the shared chart stays the same.</li>
 *   <li><b>The global state's update</b> runs as a step of its own, an internal transition of
 *       the root on a per-tick event, before the tick that updates the states, and not as the
 *       root's update action. The reason is ordering: gdx-ai reads the current state after the
 *       global state's {@code update} has run, so a {@code changeState} asked by the global
 *       state (Buckland's Elsa, called to the bathroom from wherever she is) is made before the
 *       current state updates, and it is the <em>new</em> state that updates in that frame. In an
 *       Arbor tick, moves asked by update actions are made after all of them have run; a step of
 *       its own for the global state gives gdx-ai's order.</li>
 *   <li><b>No current state</b> (gdx-ai's null, before an initial state is set or after
 *       {@code changeState(null)}) is a state of its own, {@link #NO_STATE}, with no callbacks.
 *       It keeps the previous configuration ({@code revertToPreviousState}) exact.</li>
 *   <li><b>Restoring a snapshot</b> does not call the gdx-ai states' {@code enter} and
 *       {@code exit}: the owner's data, restored with the snapshot, already reflects them, and a
 *       gdx-ai state cannot ask why it is entered. Arbor actions declared beside them see
 *       {@link Cause#RESTORE} and decide for themselves. Every other cause (ordinary steps, a
 *       rollback's replayed inputs, hot reload) calls them.</li>
 * </ul>
 *
 * <p>{@link #flat} makes gdx-ai's flat machine from an enum; {@link #build} lets the same states
 * be nested into a hierarchy, declared with Arbor's builder:
 *
 * <pre>{@code
 * GdxChart<Miner, MinerState> chart = GdxChart.build("miner", MinerState.class, root -> root
 *     .state(Shift.OUT, out -> {
 *         out.initial(MinerState.DIG);
 *         out.on(GdxMessage.class).guard(GdxMessage.is(MSG_NIGHTFALL)).target(MinerState.GO_HOME); // once, for all three
 *         out.state(MinerState.DIG, GdxChart.state(MinerState.DIG));
 *         out.state(MinerState.BANK, GdxChart.state(MinerState.BANK));
 *         out.state(MinerState.SALOON, GdxChart.state(MinerState.SALOON));
 *     })
 *     .state(MinerState.GO_HOME, GdxChart.state(MinerState.GO_HOME)));
 * }</pre>
 *
 * @param <E> the owner (entity) type, gdx-ai's {@code E}
 * @param <S> the type of the gdx-ai states, usually an enum
 */
public final class GdxChart<E, S extends State<E>> {

    /**
     * The key of the state that stands for gdx-ai's "no current state" (null). Every chart made
     * here has it, as a child of the root with no callbacks; its name is {@code "(no state)"}.
     */
    public static final Object NO_STATE = new Object() {
        @Override
        public String toString() {
            return "(no state)";
        }
    };

    /** {@link #NO_STATE}'s id in every chart made here: the root's first child. */
    static final int NO_STATE_ID = 1;

    /**
     * How many previous states an {@link ArborStackStateMachine} keeps at most, unless the chart
     * says otherwise: the {@code pushLimit} of every chart made here, which
     * {@code root.pushLimit(n)} in {@link #build} changes. gdx-ai's stack has no bound; Arbor's is
     * part of the machine's state, which its snapshots (and their codec) hold whole.
     */
    public static final int STACK_LIMIT = 1024;

    private final Chart<E> chart;
    private final Class<S> stateType;

    private GdxChart(Chart<E> chart, Class<S> stateType) {
        this.chart = chart;
        this.stateType = stateType;
    }

    /**
     * gdx-ai's flat machine: one state for every constant of the enum, directly under the root,
     * as a {@code DefaultStateMachine} has them.
     *
     * @param name   the chart's name (shown by tools, and in errors)
     * @param states the enum of gdx-ai states
     * @param <E>    the owner (entity) type
     * @param <S>    the enum of gdx-ai states
     * @return the chart, to share between every machine of its kind
     */
    public static <E, S extends Enum<S> & State<E>> GdxChart<E, S> flat(String name, Class<S> states) {
        Objects.requireNonNull(states, "states");
        S[] constants = states.getEnumConstants();
        if (constants == null) {
            throw new IllegalArgumentException(states.getName() + " is not an enum");
        }
        return build(name, states, root -> {
            for (S s : constants) {
                root.state(s, state(s));
            }
        });
    }

    /**
     * A chart declared with Arbor's builder, on a root that the bridge has prepared (the global
     * state's handlers, {@link #NO_STATE}, unreachable states allowed since gdx-ai states are
     * entered by {@code changeState}). Declare gdx-ai states with {@link #state(State)}, at any
     * depth, beside states, transitions and actions of Arbor's own.
     *
     * @param name      the chart's name
     * @param stateType the type of the gdx-ai states; {@link ArborStateMachine#getCurrentState()}
     *                  reports the active leaf when it is of this type
     * @param spec      declares the states below the root
     * @param <E>       the owner (entity) type
     * @param <S>       the type of the gdx-ai states
     * @return the chart, to share between every machine of its kind
     * @throws dev.arbor.core.ChartDefinitionException listing every rule the chart breaks
     * @throws IllegalArgumentException                when the chart has a parallel state (a gdx-ai
     *                                                 machine has one current state)
     */
    public static <E, S extends State<E>> GdxChart<E, S> build(String name, Class<S> stateType,
                                                                Consumer<ChartBuilder<E>> spec) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(stateType, "stateType");
        Objects.requireNonNull(spec, "spec");
        ChartBuilder<E> root = Chart.<E>builder(name)
                .allowUnreachable() // gdx-ai states are entered by changeState, not by declared transitions
                .pushLimit(STACK_LIMIT)
                .initial(NO_STATE)
                .handler(new GlobalMessages<>())
                .state(NO_STATE);
        root.on(GlobalUpdate.class).action((owner, tick) -> tick.update(owner));
        spec.accept(root);
        Chart<E> chart = root.build();
        if (chart.stateId(NO_STATE) != NO_STATE_ID) { // the bridge reads it without a lookup
            throw new IllegalStateException("chart '" + name + "': the no-state state has id " + chart.stateId(NO_STATE)
                    + ", not " + NO_STATE_ID + ": Arbor numbers states in another order than the bridge expects");
        }
        for (int st = 1; st < chart.stateCount(); st++) {
            if (chart.kind(st) == StateKind.PARALLEL) {
                throw new IllegalArgumentException("chart '" + name + "': state '" + chart.statePath(st)
                        + "' is parallel, but a gdx-ai StateMachine has one current state");
            }
        }
        return new GdxChart<>(chart, stateType);
    }

    /**
     * Declares a gdx-ai state as an Arbor state, unchanged: {@code parent.state(DIG, GdxChart.state(DIG))}.
     * The result may be combined with more of the state's declarations:
     * {@code GdxChart.state(DIG).andThen(s -> s.after(100).target(GO_HOME))}.
     *
     * @param state the gdx-ai state, also the key of the Arbor state
     * @param <E>   the owner (entity) type
     * @return the state's declaration, to pass to {@code state(key, ...)} on a builder
     */
    public static <E> Consumer<StateBuilder<E>> state(State<E> state) {
        Objects.requireNonNull(state, "state");
        Bridged<E> bridged = new Bridged<>(state);
        return s -> {
            s.onEntry(bridged.enter);
            s.onExit(bridged.exit);
            s.onUpdate(state::update);
            s.handler(bridged);
        };
    }

    /**
     * The compiled chart, to make machines from, draw, inspect or move machines onto.
     *
     * @return the Arbor chart
     */
    public Chart<E> chart() {
        return chart;
    }

    /** {@return the type of the gdx-ai states} */
    public Class<S> stateType() {
        return stateType;
    }

    @Override
    public String toString() {
        return "GdxChart[" + chart.name() + ", " + stateType.getSimpleName() + "]";
    }

    // ---------------------------------------------------------------- the bridge's callbacks

    /** A gdx-ai state's callbacks on an Arbor state; its label (for tools) names the state. */
    private static final class Bridged<E> implements StateHandler<E> {
        private final State<E> state;
        final MachineStateAction<E> enter;
        final MachineStateAction<E> exit;

        Bridged(State<E> state) {
            this.state = state;
            this.enter = (machine, owner) -> {
                if (machine.cause() != Cause.RESTORE) {
                    state.enter(owner);
                }
            };
            this.exit = (machine, owner) -> {
                if (machine.cause() != Cause.RESTORE) {
                    state.exit(owner);
                }
            };
        }

        @Override
        public Reply onEvent(E owner, Object event, Transitions to) {
            if (event instanceof GdxMessage m && state.onMessage(owner, m.telegram())) {
                m.outcome = GdxMessage.HANDLED;
                return Reply.HANDLED;
            }
            return Reply.UNHANDLED;
        }

        @Override
        public String toString() {
            return "gdx-ai " + state;
        }
    }

    /** The root's handler: a message no state took goes to the machine's global state, if any. */
    private static final class GlobalMessages<E> implements StateHandler<E> {
        @Override
        @SuppressWarnings("unchecked")
        public Reply onEvent(E owner, Object event, Transitions to) {
            if (event instanceof GdxMessage m) {
                State<E> global = (State<E>) m.global;
                if (global != null && global.onMessage(owner, m.telegram())) {
                    m.outcome = GdxMessage.HANDLED;
                    return Reply.HANDLED;
                }
                m.outcome = GdxMessage.UNHANDLED;
            }
            return Reply.UNHANDLED;
        }

        @Override
        public String toString() {
            return "gdx-ai global state";
        }
    }

    /**
     * The event that runs a machine's global state's {@code update}: one per machine and global
     * state, fired by {@link ArborStateMachine#update()} before the tick.
     */
    static final class GlobalUpdate {
        final State<?> state;

        GlobalUpdate(State<?> state) {
            this.state = Objects.requireNonNull(state, "state");
        }

        @SuppressWarnings("unchecked")
        void update(Object owner) {
            ((State<Object>) state).update(owner);
        }

        @Override
        public String toString() {
            return "gdx-ai global update (" + state + ")";
        }
    }
}
