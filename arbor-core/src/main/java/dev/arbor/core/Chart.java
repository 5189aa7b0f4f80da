package dev.arbor.core;

import dev.arbor.core.model.ChartDef;
import dev.arbor.core.model.CompiledChart;
import dev.arbor.core.model.StateDef;
import dev.arbor.core.model.Trigger;
import dev.arbor.core.model.UserAction;
import dev.arbor.core.model.UserCodeSubstitution;
import dev.arbor.core.model.UserGuard;
import dev.arbor.core.semantics.ChartCore;
import dev.arbor.core.semantics.Migration;
import dev.arbor.core.semantics.RunToCompletion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable, compiled statechart: the states, transitions and actions shared by every
 * {@link Machine} made from it. Build one with {@link #builder(String)} (declared transitions) or
 * {@link #handlers(String)} (state objects that handle events in code); share it between any
 * number of machines and threads.
 *
 * <p>At run time states are small int ids in document order (root = 0); keys and names stay here
 * for tools and tests.
 *
 * @param <C> the owner (context) type: the object every action receives
 */
@SuppressWarnings("exports") // its engine-side superclass is not API: it adds no public member
public final class Chart<C> extends ChartCore {

    /** The key of every chart's root state. Its name is {@code "root"}. */
    public static final Object ROOT = new Object() {
        @Override
        public String toString() {
            return "root";
        }
    };

    /** What the builder made, kept to compile {@link #substituted} copies with the same numbering. */
    private final ChartDef definition;
    /** The substitutions this chart was compiled with, in order: a copy of a copy keeps the first. */
    private final UserCodeSubstitution applied;

    Chart(ChartDef definition, CompiledChart compiled) {
        this(definition, compiled, UserCodeSubstitution.NONE);
    }

    private Chart(ChartDef definition, CompiledChart compiled, UserCodeSubstitution applied) {
        super(compiled);
        this.definition = definition;
        this.applied = applied;
        for (int s = 0; s < compiled.stateCount; s++) {
            if (compiled.triggers.doneSets[s] != null) {
                doneEvents[s] = new Done(this, s, compiled.states.key[s], compiled.states.name[s]);
            }
        }
    }

    /** The chart a builder's definition compiles to. */
    static <C> Chart<C> of(ChartDef def) {
        return new Chart<>(def, compile(def));
    }

    /**
     * A copy of this chart, the same states, transitions, ids, events, variables and settings,
     * whose guards, actions and behaviours are those {@code substitution} gives in place of its
     * own (the rest kept). Machines of the copy run through the same engine; it is how analysis
     * and generated tests decide a guard's outcome, or leave out an effect they do not model. A
     * copy of a copy substitutes what the first copy runs.
     *
     * @param substitution what to run in place of which function
     * @return the copy, compiled anew
     */
    public Chart<C> substituted(Substitution<C> substitution) {
        Objects.requireNonNull(substitution, "substitution");
        UserCodeSubstitution next = new Substituting<>(substitution);
        UserCodeSubstitution chain = applied == UserCodeSubstitution.NONE ? next : new Chained(applied, next);
        return new Chart<>(definition, compileSubstituted(definition, chain), chain);
    }

    /** One substitution, then another on what the first gave: a substituted copy of a substituted copy. */
    private record Chained(UserCodeSubstitution first, UserCodeSubstitution then) implements UserCodeSubstitution {
        @Override
        public UserGuard guard(int transition, UserGuard original) {
            return then.guard(transition, first.guard(transition, original));
        }

        @Override
        public UserAction action(int site, int id, UserAction original) {
            return then.action(site, id, first.action(site, id, original));
        }

        @Override
        public Behavior<?> behavior(int state, Behavior<?> original) {
            return then.behavior(state, first.behavior(state, original));
        }
    }

    /** The public substitution, asked in the model's terms. */
    private record Substituting<C>(Substitution<C> user) implements UserCodeSubstitution {
        private static final Substitution.Site[] SITES = Substitution.Site.values();

        @Override
        public UserGuard guard(int transition, UserGuard original) {
            MachineGuard<C, Object> g = user.guard(transition, original.function());
            return g == null ? original : UserGuard.of(UserGuard.MACHINE_GUARD, g);
        }

        @Override
        public UserAction action(int site, int id, UserAction original) {
            MachineAction<C, Object> a = user.action(SITES[site], id, original.function());
            return a == null ? original : UserAction.of(UserAction.MACHINE_OWNER_EVENT, a);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Behavior<?> behavior(int state, Behavior<?> original) {
            Behavior<C> b = user.behavior(state, (Behavior<C>) original);
            return b == null ? original : b;
        }
    }

    /** The compiled model, for the API's other classes (the semantics reads the field). */
    CompiledChart compiled() {
        return compiled;
    }

    /**
     * Starts a chart whose transitions are declared with a fluent builder.
     *
     * @param <C>  the owner type of the chart's machines
     * @param name the chart's name, used in messages and by tools
     * @return a builder for the chart's root state
     */
    public static <C> ChartBuilder<C> builder(String name) {
        return new ChartBuilder<>(name);
    }

    /**
     * Starts a chart of handler-style states: objects that decide in code what each event does.
     *
     * @param <C>  the owner type of the chart's machines
     * @param name the chart's name, used in messages and by tools
     * @return a builder to register the states with
     */
    public static <C> HandlerChartBuilder<C> handlers(String name) {
        return new HandlerChartBuilder<>(name);
    }

    /**
     * Makes a new, not yet started machine for this owner.
     *
     * @param owner the object every action of the machine receives
     * @return the machine, to {@link Machine#start()}
     */
    public Machine<C> newMachine(C owner) {
        return compiled.variables.length > 0 || compiled.drawsRandom
                ? new Machine.WithVariables<>(this, owner) : new Machine<>(this, owner);
    }

    /**
     * The chart's name, as given to {@link #builder(String)} or {@link #handlers(String)}.
     *
     * @return the name
     */
    public String name() {
        return compiled.name;
    }

    /**
     * The number of states, including the root and history pseudo-states.
     *
     * @return the number of states; ids run from 0 (the root) to one less
     */
    public int stateCount() {
        return compiled.stateCount;
    }

    /**
     * The designer variables the chart declares, in declaration order: a variable's id is its
     * index here.
     *
     * @return the declarations, unmodifiable
     */
    public List<Variable> variables() {
        return List.of(compiled.variables);
    }

    /** {@return whether machines of this chart draw from their seeded generator ({@link ChartBuilder#drawsRandom})} */
    public boolean drawsRandom() {
        return compiled.drawsRandom;
    }

    /**
     * The id of the variable with this name.
     *
     * @param name the variable's name
     * @return its id
     * @throws IllegalArgumentException when the chart declares no such variable, listing those it declares
     */
    public int variableId(String name) {
        Integer id = compiled.variableIds.get(Objects.requireNonNull(name, "name"));
        if (id == null) {
            throw new IllegalArgumentException("chart '" + compiled.name + "' has no variable '" + name + "'"
                    + (compiled.variables.length == 0 ? " (it declares none)"
                    : " (it declares: " + String.join(", ", compiled.variableIds.keySet()) + ")"));
        }
        return id;
    }

    /**
     * The id of the state with this key (a String also finds a state by name).
     *
     * @param stateKey the state's key or name
     * @return the state's id
     * @throws IllegalArgumentException if the chart has no such state
     */
    public int stateId(Object stateKey) {
        return ChartCore.stateId(compiled, stateKey);
    }

    /** {@link #stateId} in chart {@code c}. */

    /**
     * Whether the chart has a state with this key or name.
     *
     * @param stateKey the key or name to look for
     * @return whether {@link #stateId} would find a state
     */
    public boolean hasState(Object stateKey) {
        return compiled.idOf(stateKey) >= 0;
    }

    /**
     * The key a state was declared with.
     *
     * @param state the state's id
     * @return the key ({@link #ROOT} for the root)
     */
    public Object stateKey(int state) {
        return compiled.states.key[state];
    }

    /**
     * The name of a state: its key's enum constant name, or its key as a string.
     *
     * @param state the state's id
     * @return the name ({@code "root"} for the root)
     */
    public String stateName(int state) {
        return compiled.states.name[state];
    }

    /**
     * The path of a state: the names from the root down, root excluded, joined by {@code '/'}
     * (such as {@code "patrol/walk"}; the root's path is empty). {@link Machine#moveTo} matches
     * states of two versions of a chart by their paths.
     *
     * @param state the state's id
     * @return the path
     */
    public String statePath(int state) {
        return Migration.path(compiled, state);
    }

    /**
     * The parent of a state.
     *
     * @param state the state's id
     * @return the parent's id, or -1 for the root
     */
    public int parent(int state) {
        return compiled.states.parent[state];
    }

    /**
     * The depth of a state: how many ancestors it has.
     *
     * @param state the state's id
     * @return the depth, 0 for the root
     */
    public int depth(int state) {
        return compiled.states.depth[state];
    }

    /**
     * The children of a state in document order (history pseudo-states excluded).
     *
     * @param state the state's id
     * @return a fresh array of the children's ids, empty for a leaf
     */
    public int[] children(int state) {
        return compiled.states.children[state].clone();
    }

    /**
     * What kind of state this is.
     *
     * @param state the state's id
     * @return its kind
     */
    public StateKind kind(int state) {
        return KINDS[compiled.states.kind[state]];
    }

    /** {@link StateKind#values()} once: that method copies its array on every call. */
    private static final StateKind[] KINDS = StateKind.values();

    /**
     * The number of transitions, declared or not: with the placeholders that handler decisions,
     * programmatic moves and plan steps are reported as ({@link TransitionInfo.Mode}).
     *
     * @return the number of transitions; ids run from 0 to one less
     */
    public int transitionCount() {
        return compiled.transitionCount;
    }

    /**
     * The state a transition is declared on.
     *
     * @param transition the transition's id
     * @return the source state's id
     */
    public int transitionSource(int transition) {
        return compiled.transitions.source[transition];
    }

    /**
     * The declared targets of a transition (empty for internal and handler transitions).
     *
     * @param transition the transition's id
     * @return a fresh array of the targets' ids
     */
    public int[] transitionTargets(int transition) {
        return compiled.transitions.targets[transition].clone();
    }

    /**
     * How many levels up a transition's target lies from its source: the update-driven HSM's "level", computed
     * by the compiler (positive: up the hierarchy; negative: down; 0: same level).
     *
     * @param transition the transition's id
     * @return the source's depth minus the first target's; 0 without a target
     */
    public int transitionLevel(int transition) {
        int[] targets = compiled.transitions.targets[transition];
        if (targets.length == 0) {
            return 0;
        }
        return compiled.states.depth[compiled.transitions.source[transition]] - compiled.states.depth[targets[0]];
    }

    /**
     * The most events a machine of this chart keeps deferred ({@link ChartBuilder#deferLimit}).
     *
     * @return the limit, at least 1
     */
    public int deferLimit() {
        return compiled.deferLimit;
    }

    /**
     * What machines of this chart do with an event it does not know ({@link ChartBuilder#unknownEvents}).
     *
     * @return the policy, the one chosen or the default of the JVM that built the chart
     */
    public UnknownEvents unknownEvents() {
        return compiled.rejectsUnknownEvents ? UnknownEvents.REJECT : UnknownEvents.IGNORE;
    }

    /**
     * Whether the chart knows an event: whether any of its triggers (of transitions or
     * deferrals) matches it, as {@link UnknownEvents} defines. An event it does not know is
     * treated as {@link #unknownEvents()} says.
     *
     * @param event an event, as {@link Machine#fire} takes it
     * @return whether the chart knows it
     */
    public boolean knowsEvent(Object event) {
        return RunToCompletion.knows(compiled, Objects.requireNonNull(event, "event"));
    }

    /**
     * Checks an event as a machine of this chart would, without a machine: for an adapter that
     * accepts an event before a machine fires it (a journal, a queue), so that an event the
     * machine would reject is refused at the door and never kept.
     *
     * @param event an event, as {@link Machine#fire} takes it
     * @throws IllegalArgumentException the one {@link Machine#fire} reports, when the chart does
     *                                  not know the event and its policy is {@link UnknownEvents#REJECT}
     */
    public void checkEvent(Object event) {
        IllegalArgumentException rejected = RunToCompletion.rejection(compiled, Objects.requireNonNull(event, "event"));
        if (rejected != null) {
            throw rejected;
        }
    }

    /**
     * The most configurations a machine of this chart keeps pushed ({@link ChartBuilder#pushLimit}).
     *
     * @return the limit, at least 1
     */
    public int pushLimit() {
        return compiled.pushLimit;
    }

    /**
     * Whether a timer fires once per activation of its source and leaves it active (it has no
     * target, or is local into its source), so that a snapshot must say whether it fired.
     *
     * @param transition the transition's id
     * @return true for such a timer; false for every other transition
     * @throws IndexOutOfBoundsException if the chart has no such transition
     */
    public boolean timerKeepsSource(int transition) {
        Objects.checkIndex(transition, compiled.transitionCount);
        return compiled.transitions.timerOnce[transition];
    }

    /**
     * The states a compiled microstep of {@code transition} from active leaf {@code leaf} exits,
     * innermost first: what {@link MachineListener#onMicrostep} stands for before the transition.
     *
     * @param leaf       the active leaf the microstep starts from
     * @param transition the transition's id
     * @return the states exited, a new array (empty for a transition without a target)
     * @throws IndexOutOfBoundsException if the chart has no such state or transition
     * @throws IllegalArgumentException  if the leaf is not below the transition's domain
     */
    public int[] microstepExits(int leaf, int transition) {
        Objects.checkIndex(leaf, compiled.stateCount);
        Objects.checkIndex(transition, compiled.transitionCount);
        int d = compiled.transitions.domain[transition];
        if (d == CompiledChart.NO_DOMAIN) {
            return new int[0];
        }
        int[] path = compiled.exitPath(leaf, d & ~CompiledChart.DOMAIN_STAYS_ACTIVE);
        if (path == null) {
            throw new IllegalArgumentException("chart '" + name() + "': state '" + stateName(leaf)
                    + "' is not below the domain of transition '" + describeTransition(transition) + "'");
        }
        return path;
    }

    /**
     * The states a compiled microstep of {@code transition} enters, outermost first: what
     * {@link MachineListener#onMicrostep} stands for after the transition. They do not depend on
     * the machine: a transition whose entries do (through a history state) is never reported whole.
     *
     * @param transition the transition's id
     * @return the states entered, a new array (empty for a transition without a target)
     * @throws IndexOutOfBoundsException if the chart has no such transition
     * @throws IllegalArgumentException  if the transition's entries are not fixed (it enters
     *                                   through history, or its chart is not compiled)
     */
    public int[] microstepEntries(int transition) {
        Objects.checkIndex(transition, compiled.transitionCount);
        if (compiled.transitions.domain[transition] == CompiledChart.NO_DOMAIN) {
            return new int[0];
        }
        int[] path = compiled.paths.entry[transition];
        if (path == null) {
            throw new IllegalArgumentException("chart '" + name() + "': transition '" + describeTransition(transition)
                    + "' has no fixed entries (it enters through history, or the chart is not compiled)");
        }
        int[] states = new int[path.length];
        for (int i = 0; i < path.length; i++) {
            states[i] = path[i] < 0 ? ~path[i] : path[i]; // ~s: s, then its initial action
        }
        return states;
    }

    /**
     * A short description of a transition, such as {@code "s1 A -> s1"}, {@code "STUNNED after 3
     * ticks -> IDLE"} or, for a plan's step, {@code "plan PATROL: TO_GATE -> WATCH_GATE"}.
     *
     * @param transition the transition's id
     * @return the description
     */
    public String describeTransition(int transition) {
        return compiled.transitions.label[transition];
    }

    // ---------------------------------------------------------------- introspection for tools

    /**
     * The events this chart names, in the order first declared: its enum constants and its event
     * names (as Strings; a name matches itself and its dotted descendants). Events matched by
     * class carry data and cannot be made from a name, so they are not listed. Tools that send
     * events by name (the inspector, the command line) choose from these.
     *
     * @return the enum constants and event names, as an immutable list
     */
    public List<Object> namedEvents() {
        return compiled.namedEvents();
    }

    /**
     * The event this chart names {@code name}: the enum constant whose {@link Enum#name()} it is,
     * or the name itself when the chart reacts to it (a declared name or a dotted descendant of
     * one); empty otherwise.
     *
     * @param name an enum constant's name, or an event name
     * @return the event to fire, or empty when the chart names none such
     */
    public Optional<Object> namedEvent(String name) {
        Objects.requireNonNull(name, "name");
        for (Object e : compiled.namedEvents()) {
            if (e instanceof Enum<?> en ? en.name().equals(name)
                    : Trigger.nameMatches((String) e, name)) {
                return Optional.of(e instanceof Enum<?> ? e : name);
            }
        }
        return Optional.empty();
    }

    /**
     * The history pseudo-states of a state, in document order (empty for most); {@link #children}
     * leaves them out.
     *
     * @param state the state's id
     * @return a fresh array of the history states' ids
     */
    public int[] historyStates(int state) {
        return compiled.states.historyChildren[state].clone();
    }

    /**
     * What a state declares besides its place in the tree, for exporters and inspectors.
     *
     * @param state the state's id
     * @return its declarations
     * @throws IndexOutOfBoundsException if the chart has no such state
     */
    public StateInfo stateInfo(int state) {
        CompiledChart c = compiled;
        Objects.checkIndex(state, c.stateCount);
        int[] initial = c.states.initialTargets[state];
        List<String> behaviors = new ArrayList<>();
        for (Behavior<?> b : c.states.behaviors[state]) {
            String label = Labels.of(b);
            behaviors.add(label != null ? label : "behavior");
        }
        List<String> deferred = new ArrayList<>();
        for (Trigger trig : c.states.defers[state]) {
            deferred.add(triggerText(trig));
        }
        return new StateInfo(state, c.states.name[state], kind(state), ids(initial), ids(c.states.historyChildren[state]),
                Callbacks.of(c.states.initialAction[state]), Callbacks.of(c.states.entryAction[state]),
                Callbacks.of(c.states.exitAction[state]), Callbacks.of(c.states.updateAction[state]), List.copyOf(behaviors),
                c.states.handler[state] != null, deferred);
    }

    /**
     * What a transition reacts to and does, for exporters and inspectors.
     *
     * @param transition the transition's id
     * @return its declaration
     * @throws IndexOutOfBoundsException if the chart has no such transition
     */
    public TransitionInfo transitionInfo(int transition) {
        CompiledChart c = compiled;
        Objects.checkIndex(transition, c.transitionCount);
        TransitionInfo.Mode mode = switch (c.transitions.mode[transition]) {
            case CompiledChart.EVENT -> TransitionInfo.Mode.EVENT;
            case CompiledChart.EVENTLESS -> TransitionInfo.Mode.EVENTLESS;
            case CompiledChart.POLLED -> c.transitions.after[transition] > 0 ? TransitionInfo.Mode.TIMER : TransitionInfo.Mode.POLLED;
            case CompiledChart.HANDLER -> TransitionInfo.Mode.HANDLER;
            case CompiledChart.PLAN -> TransitionInfo.Mode.PLAN;
            default -> TransitionInfo.Mode.MOVE;
        };
        List<String> triggers = new ArrayList<>();
        for (Trigger trig : c.transitions.triggers[transition]) {
            triggers.add(triggerText(trig));
        }
        Object guard = c.transitions.guard[transition] == null ? null : c.transitions.guard[transition].function();
        return new TransitionInfo(transition, c.transitions.source[transition], ids(c.transitions.targets[transition]), mode,
                List.copyOf(triggers), c.transitions.local[transition] == 1 && mode.declared()
                        ? TransitionKind.LOCAL : TransitionKind.EXTERNAL,
                guard != null, Optional.ofNullable(guard == null ? null : Labels.of(guard)),
                Callbacks.of(c.transitions.action[transition]), ids(c.transitions.plan[transition]), c.transitions.resume[transition],
                c.transitions.after[transition]);
    }

    /** A trigger as display text (see {@link TransitionInfo}). */
    private static String triggerText(Trigger trig) {
        return switch (trig.type()) {
            case CONSTANT -> ((Enum<?>) trig.value()).name();
            case CLASS -> ((Class<?>) trig.value()).getSimpleName();
            case NAME -> (String) trig.value();
            case DONE -> "done.state." + StateDef.nameOf(trig.value());
            case CHILD_DONE -> "done.child." + StateDef.nameOf(trig.value());
            case ANY -> "*";
        };
    }

    private static List<Integer> ids(int[] ids) {
        if (ids == null) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>(ids.length);
        for (int id : ids) {
            out.add(id);
        }
        return List.copyOf(out);
    }

    /**
     * The user code attached at one point of a chart (the actions of an entry, an exit, a tick or
     * a transition), as tools show it: how many functions run there, and the labels of those that
     * have one. A function's label is its {@code toString()} when its class declares one (a
     * component such as {@code MoveTo{speed=2.5}}), its class's simple name when it is a named
     * class that does not, and nothing for lambdas, method references and anonymous classes.
     *
     * @param count  how many functions run here (0: none)
     * @param labels the labels of those that have one, in the order they run
     */
    public record Callbacks(int count, List<String> labels) {
        static final Callbacks NONE = new Callbacks(0, List.of());

        /**
         * Copies the labels.
         *
         * @param count  how many functions run here (0: none)
         * @param labels the labels of those that have one, in the order they run
         */
        public Callbacks {
            labels = List.copyOf(labels);
        }

        static Callbacks of(UserAction act) {
            if (act == null) {
                return NONE;
            }
            List<Object> fns = act.functions();
            return fns.isEmpty() ? NONE : new Callbacks(fns.size(), Labels.ofAll(fns));
        }

        /**
         * Whether no function runs here.
         *
         * @return whether {@link #count()} is 0
         */
        public boolean isEmpty() {
            return count == 0;
        }
    }

    /**
     * What one state declares, as {@link #stateInfo(int)} reports it.
     *
     * @param state          the state's id
     * @param name           its name
     * @param kind           its kind; a history pseudo-state's kind says whether it is shallow or deep
     * @param initialTargets a compound state's (the root's too) initial targets, a history
     *                       state's default targets (its parent's initial content when it names
     *                       none); empty for other states
     * @param historyStates  its history pseudo-children, in document order
     * @param initialAction  the actions of its initial transition
     * @param entry          its entry actions
     * @param exit           its exit actions
     * @param update         its {@code onUpdate} actions (ticks)
     * @param behaviors      the labels of its behaviour components ({@code "behavior"} for one without)
     * @param hasHandler     whether a {@link StateHandler} decides in code what it does (its own
     *                       entry, exit, initial and update callbacks are not counted above)
     * @param deferred       the events it defers, as display text in the form of
     *                       {@link TransitionInfo#triggers()} (empty for most)
     */
    public record StateInfo(int state, String name, StateKind kind, List<Integer> initialTargets,
                            List<Integer> historyStates, Callbacks initialAction, Callbacks entry, Callbacks exit,
                            Callbacks update, List<String> behaviors, boolean hasHandler, List<String> deferred) {

        /**
         * Copies the lists.
         *
         * @param state          the state's id
         * @param name           its name
         * @param kind           its kind
         * @param initialTargets its initial or default targets
         * @param historyStates  its history pseudo-children
         * @param initialAction  the actions of its initial transition
         * @param entry          its entry actions
         * @param exit           its exit actions
         * @param update         its {@code onUpdate} actions
         * @param behaviors      the labels of its behaviour components
         * @param hasHandler     whether a {@link StateHandler} decides in code what it does
         * @param deferred       the events it defers, as display text
         */
        public StateInfo {
            initialTargets = List.copyOf(initialTargets);
            historyStates = List.copyOf(historyStates);
            behaviors = List.copyOf(behaviors);
            deferred = List.copyOf(deferred);
        }

        /**
         * The history type of a history pseudo-state.
         *
         * @return shallow or deep, as its {@link #kind()} says; empty for every other state
         */
        public Optional<HistoryType> historyType() {
            return switch (kind) {
                case SHALLOW_HISTORY -> Optional.of(HistoryType.SHALLOW);
                case DEEP_HISTORY -> Optional.of(HistoryType.DEEP);
                default -> Optional.empty();
            };
        }
    }

    /**
     * What one transition reacts to and does, as {@link #transitionInfo(int)} reports it.
     *
     * <p>Triggers are given as display text, one a trigger: an enum constant's name, an event
     * class's simple name, a name descriptor as declared ({@code "error.execution"}), {@code "*"}
     * for any event, {@code "done.state.S"} for the completion of state S and
     * {@code "done.child.S"} for the completion of any child of S.
     *
     * @param transition the transition's id
     * @param source     the state it is declared on
     * @param targets    its targets; empty for an internal transition
     * @param mode       when it is considered
     * @param triggers   the events it reacts to, as display text (empty unless {@link Mode#EVENT})
     * @param kind       {@link TransitionKind#LOCAL} or {@link TransitionKind#EXTERNAL} as declared
     *                   (see {@link #internal()} for transitions without a target)
     * @param guarded    whether a guard (for a polled transition: its condition) must hold
     * @param guard      the guard's label, when it has one
     * @param action     its actions
     * @param plan       the plan steps after its target (the component HSM), usually empty
     * @param resumeAfter whether it resumes the configuration it interrupts when its plan is done
     * @param after      for a {@link Mode#TIMER timer}, the ticks its source must have been active; 0 otherwise
     */
    public record TransitionInfo(int transition, int source, List<Integer> targets, Mode mode, List<String> triggers,
                                 TransitionKind kind, boolean guarded, Optional<String> guard, Callbacks action,
                                 List<Integer> plan, boolean resumeAfter, long after) {

        /** When a transition is considered. */
        public enum Mode {
            /** On an event that matches one of its triggers. */
            EVENT,
            /** After every step, with no event (SCXML's transition without an event). */
            EVENTLESS,
            /** On {@link Machine#update()} ticks, when its condition holds ({@code when(...)}). */
            POLLED,
            /**
             * On {@link Machine#update()} ticks, once its source has been active for {@link #after()}
             * ticks ({@code after(n)}), when its guard holds.
             */
            TIMER,
            /** Not declared: the placeholder a handler state's decisions are reported as. */
            HANDLER,
            /** Not declared: the placeholder programmatic moves ({@code goTo}, {@code revert}, ...) are reported as. */
            MOVE,
            /**
             * Not declared: a plan moving on from a finished step to its next step (its target), or
             * back to the configuration it saved (no target); its source is the plan's container,
             * and {@link Chart#describeTransition} says what happened, such as
             * {@code "plan PATROL: TO_GATE -> WATCH_GATE"}.
             */
            PLAN;

            /**
             * Whether transitions of this mode are declared in the chart (and belong in a diagram).
             *
             * @return true for {@link #EVENT}, {@link #EVENTLESS}, {@link #POLLED} and {@link #TIMER}
             */
            public boolean declared() {
                return this == EVENT || this == EVENTLESS || this == POLLED || this == TIMER;
            }
        }

        /**
         * Copies the lists.
         *
         * @param transition  the transition's id
         * @param source      the state it is declared on
         * @param targets     its targets
         * @param mode        when it is considered
         * @param triggers    the events it reacts to, as display text
         * @param kind        local or external, as declared
         * @param guarded     whether a guard must hold
         * @param guard       the guard's label, when it has one
         * @param action      its actions
         * @param plan        the plan steps after its target
         * @param resumeAfter whether it resumes the configuration it interrupts
         * @param after       a timer's ticks; 0 otherwise
         */
        public TransitionInfo {
            targets = List.copyOf(targets);
            triggers = List.copyOf(triggers);
            plan = List.copyOf(plan);
        }

        /**
         * Whether it is internal: declared without a target, so it runs its action and exits nothing.
         *
         * @return true for a declared transition without targets
         */
        public boolean internal() {
            return targets.isEmpty() && mode.declared();
        }

        /**
         * Its triggers as one line: the triggers separated by spaces for an event transition,
         * {@code "always"} for an eventless one, {@code "when"} for a polled one, {@code "after 30
         * ticks"} for a timer, {@code "handler"}, {@code "move"} and {@code "plan"} for the
         * transitions that are not declared.
         *
         * @return the line, as an exporter or inspector shows it on an edge
         */
        public String triggerText() {
            return switch (mode) {
                case EVENT -> String.join(" ", triggers);
                case EVENTLESS -> "always";
                case POLLED -> "when";
                case TIMER -> "after " + after + (after == 1 ? " tick" : " ticks");
                case HANDLER -> "handler";
                case MOVE -> "move";
                case PLAN -> "plan";
            };
        }
    }

    @Override
    public String toString() {
        return "Chart[" + compiled.name + ", " + compiled.stateCount + " states, "
                + compiled.transitionCount + " transitions: " + Arrays.toString(compiled.states.name) + "]";
    }
}
