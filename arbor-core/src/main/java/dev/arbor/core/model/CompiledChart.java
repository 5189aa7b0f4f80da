package dev.arbor.core.model;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart compiled to flat arrays: the only form the engine reads, safe to share between threads
 * and machines. Its data is a few tables of parallel arrays, each made by one compiler phase and
 * read as {@code chart.table.column[id]}:
 *
 * <ul>
 * <li>{@link #states} ({@link StateTable}, by {@link StateNumbering}): per state, its key, name,
 *     parent, depth, kind, subtree end, children, initial targets, actions, handler, behaviours and
 *     deferrals, and the masks over states;
 * <li>{@link #transitions} ({@link TransitionTable}, by {@link TransitionResolution}): per
 *     transition, its source, targets, mode, domain, guard, action, triggers, label, plan and timer;
 * <li>{@link #triggers} ({@link TriggerIndex}, by {@link TriggerIndexing}): each state's
 *     transitions by kind and by trigger, the done events' sets and the deferral masks;
 * <li>{@link #paths} ({@link PathTable}, by {@link PathPrecomputation}): the entry paths of the
 *     flat and region paths, each history's entries and where it keeps its record;
 * <li>{@link #ticks} ({@link TickTable}, by {@link TickLists}): clocks, timers and what a tick
 *     polls and updates.
 * </ul>
 *
 * <p>{@link ChartChecks} checks what needs the tables. The sizes and the flags of what the chart
 * uses are fields here. The tables are fixed when the chart is constructed, but for two memos that
 * grow as the chart runs, each named: {@link #events} (which triggers an event matches, for events
 * first seen at run time) and {@link #handlerMove} (the path of a handler's requested transition,
 * made on its first request; a race makes it twice, equal).
 *
 * <p>States are numbered in document order (a preorder walk, root = 0), so that "document order"
 * is integer order, a state's descendants are exactly the ids in {@code (s, end[s])}, and
 * ancestry is two comparisons. Transitions are numbered in document order of their source and
 * declaration. Events are resolved to small sets of dense trigger ids; each state has, per
 * trigger, the list of its transitions that the trigger enables.
 */
public final class CompiledChart {

    // State kinds.
    public static final byte ATOMIC = 0;
    public static final byte COMPOUND = 1;
    public static final byte PARALLEL = 2;
    public static final byte FINAL = 3;
    public static final byte HISTORY_SHALLOW = 4;
    public static final byte HISTORY_DEEP = 5;

    // Transition modes.
    public static final byte EVENT = 0;
    public static final byte EVENTLESS = 1;
    public static final byte POLLED = 2;
    /** The placeholder transition of a handler state; its target is chosen at run time. */
    public static final byte HANDLER = 3;
    /** The placeholder transition of programmatic moves (goTo, revert, push, pop). */
    public static final byte MOVE = 4;
    /** A plan's step to its next step (or back to the configuration it saved), reported when the step before finishes. */
    public static final byte PLAN = 5;

    /** Set in a domain returned by {@link #domainOf} when the domain state itself stays active. */
    public static final int DOMAIN_STAYS_ACTIVE = 1 << 30;
    public static final int NO_DOMAIN = -1;

    static final int[] NONE = {};

    /**
     * The most cases (states it can record, plus "recorded nothing") a history state's entries
     * are precomputed for: a deep history holds one path per leaf below its parent, and the
     * tables of a larger one are not worth their memory.
     */
    public static final int MAX_HISTORY_CASES = 1024;

    public final String name;

    // The tables, each made by one phase of the constructor.
    /** Per state: structure, declaration and masks ({@link StateNumbering}). */
    public final StateTable states;
    /** Per transition: source, targets, domain, guard, action, triggers, plans, timers ({@link TransitionResolution}). */
    public final TransitionTable transitions;
    /** Each state's transitions by kind and by trigger, done sets and deferral masks ({@link TriggerIndexing}). */
    public final TriggerIndex triggers;
    /** Precomputed entry paths, history entries and history slots ({@link PathPrecomputation}). */
    public final PathTable paths;
    /** Clocks, timers and what each tick polls and updates ({@link TickLists}). */
    public final TickTable ticks;
    /** Which triggers an event matches: the one part of the chart that grows as it runs. */
    public final EventSets events;

    // Sizes.
    public final int stateCount;
    public final int transitionCount;
    public final int triggerCount;
    /** The longs of a mask over state ids. */
    public final int words;
    /** The id of the placeholder transition reported for programmatic moves; the {@link #PLAN} transitions follow it. */
    public final int moveTransition;
    /** The most atomic states that can be active at once. */
    public final int maxActiveLeaves;

    // What the chart uses, so that what it does not use costs nothing.
    /**
     * Whether the fast path applies: no parallel states, so one active leaf, and paths
     * precomputed. Off for every chart compiled without precomputed paths (system property
     * {@code arbor.flat=off}, read by {@code ChartCore}), which runs everything on the general SCXML
     * step: the tier the others are compared with.
     */
    public final boolean flat;
    /**
     * Whether the chart has parallel states and may take the region path: no handler states, and
     * paths precomputed. Its transitions whose domain holds no parallel state
     * have an entry path as in a flat chart ({@link #inOneRegion}).
     */
    public final boolean regions;
    /** Whether any state is a handler state ({@code StateHandler}). */
    public final boolean hasHandlers;
    public final boolean hasPlans;
    public final boolean hasTimers;
    /** Whether any state has behaviours. */
    public final boolean hasBehaviors;
    public final boolean hasDeferral;
    public final boolean hasEventless;
    public final boolean hasHistory;

    // Chart-wide settings.
    public final int deferLimit;
    /** The most configurations a machine's {@code push} keeps. */
    public final int pushLimit;
    /** Whether a user function that throws raises an error event (else the first error is rethrown after the step). */
    public final boolean raisesErrorEvents;
    /** Whether a tick polls and updates outer states before inner ones (else inner first). */
    public final boolean updatesOuterFirst;
    public final UserAction unhandled;
    /** Whether an event the chart does not know ({@link #knowsEvent}) is an error (the API's {@code UnknownEvents.REJECT}). */
    public final boolean rejectsUnknownEvents;
    public final int maxMicrosteps;
    /** The designer variables, in declaration order; a variable's id is its index. */
    public final dev.arbor.core.Variable[] variables;
    /** Variable ids by name. */
    public final Map<String, Integer> variableIds;
    /** Whether machines draw from their seeded generator ({@code ChartBuilder.drawsRandom}). */
    public final boolean drawsRandom;

    /** The chart's triggers by id, as declared. */
    private final Trigger[] declaredTriggers;
    private final Map<Object, Integer> idByKey;
    /** The first enum type (constants without bodies) among the state keys, and the ids of its constants by ordinal (-1: not a key). */
    private final Class<?> keyEnum;
    private final int[] keyEnumIds;
    private final Map<String, Integer> idByName;
    /** Per handler state, by target; rows made on first use. */
    private final HandlerMove[][] handlerMoves;

    /**
     * Compiles a chart: the phases in order, each making one table from the ones before. The
     * problems every phase finds are reported together, in document order of the states they name.
     *
     * @throws ChartDefinitionException when the chart has problems
     */
    /**
     * Compiles a chart definition.
     *
     * @param def        the chart as the builders made it
     * @param precompute whether to precompute the flat and region paths (else every transition
     *                   takes the general step)
     * @throws dev.arbor.core.ChartDefinitionException naming every problem of the definition
     */
    public CompiledChart(ChartDef def, boolean precompute) {
        this(def, precompute, UserCodeSubstitution.NONE);
    }

    /**
     * Compiles a chart definition with other functions in place of its own.
     *
     * @param def        the chart as the builders made it
     * @param precompute whether to precompute the flat and region paths
     * @param code       what each guard, action and behaviour is replaced with
     * @throws dev.arbor.core.ChartDefinitionException naming every problem of the definition
     */
    public CompiledChart(ChartDef def, boolean precompute, UserCodeSubstitution code) {
        List<Problem> problems = new ArrayList<>();
        this.name = def.name;
        this.variables = def.variables.toArray(dev.arbor.core.Variable[]::new);
        Map<String, Integer> vars = new LinkedHashMap<>();
        for (int i = 0; i < variables.length; i++) {
            vars.put(variables[i].name(), i);
        }
        this.variableIds = Collections.unmodifiableMap(vars);
        this.drawsRandom = def.drawsRandom;
        this.deferLimit = def.deferLimit;
        this.pushLimit = def.pushLimit;
        this.raisesErrorEvents = def.raisesErrorEvents;
        this.updatesOuterFirst = def.updatesOuterFirst;
        this.unhandled = def.unhandled;
        this.rejectsUnknownEvents = def.rejectsUnknownEvents;
        this.maxMicrosteps = def.maxMicrosteps;

        // 1. Number states in document order; check each state's own declaration.
        StateNumbering numbering = new StateNumbering(def, code, problems);
        this.states = numbering.table;
        this.stateCount = states.kind.length;
        this.words = numbering.words;
        this.idByKey = numbering.idByKey;
        this.idByName = numbering.idByName;
        this.keyEnum = numbering.keyEnum;
        this.keyEnumIds = numbering.keyEnumIds;
        this.maxActiveLeaves = states.maxLeaves(0);

        // 2. Resolve transitions; once all is known, their domains and plans, and check what needs the tables.
        TransitionResolution resolution = new TransitionResolution(numbering, code, problems);
        this.transitions = resolution.table;
        this.transitionCount = transitions.source.length;
        this.moveTransition = resolution.moveTransition;
        this.hasPlans = resolution.hasPlans;
        ChartChecks checks = new ChartChecks(this, problems);
        if (problems.isEmpty()) {
            resolution.resolveDomains(this);
            StateNumbering.fillHistoryDefaults(states);
            checks.checkHistoryTargets();
            checks.checkTargetsCompatible();
        }

        // 3. Index transitions by state and trigger; the event sets the chart's own events match.
        this.declaredTriggers = resolution.triggers();
        this.triggerCount = declaredTriggers.length;
        this.events = new EventSets(declaredTriggers, states.key, states.parent, takesEveryEvent(transitions, states));
        this.triggers = TriggerIndexing.index(states, transitions, resolution.triggerIds, events, words);

        boolean parallel = false;
        boolean anyHandler = false;
        boolean anyHistory = false;
        boolean anyEventless = false;
        boolean anyBehavior = false;
        boolean anyDefer = false;
        for (int s = 0; s < stateCount; s++) {
            parallel |= states.kind[s] == PARALLEL;
            anyHandler |= states.handler[s] != null;
            anyHistory |= states.isHistory(s);
            anyEventless |= triggers.eventlessTransitions[s].length > 0;
            anyBehavior |= states.behaviors[s].length > 0;
            anyDefer |= states.defers[s].length > 0;
        }
        boolean anyTimer = false;
        for (int t = 0; t < transitionCount; t++) {
            anyTimer |= transitions.after[t] > 0;
        }
        this.hasHandlers = anyHandler;
        this.hasHistory = anyHistory;
        this.hasEventless = anyEventless;
        this.hasBehaviors = anyBehavior;
        this.hasDeferral = anyDefer;
        this.hasTimers = anyTimer;
        this.flat = !parallel && problems.isEmpty() && precompute;
        this.regions = parallel && !anyHandler && problems.isEmpty() && precompute;
        this.handlerMoves = flat && anyHandler ? new HandlerMove[stateCount][] : null;

        // 4. Precompute entry paths and history entries; lay out the history slots.
        this.paths = PathPrecomputation.precompute(states, transitions, flat, regions, anyHistory, hasPlans);

        // 5. What each tick polls and updates.
        this.ticks = TickLists.build(states, transitions, triggers, words, flat, updatesOuterFirst);

        if (problems.isEmpty() && !def.allowUnreachable && !def.dynamicTargets) {
            checks.checkReachability();
        }
        if (!problems.isEmpty()) {
            // Report in document order of the states named, whatever phase found each problem.
            Map<String, Integer> position = new HashMap<>();
            for (int i = stateCount - 1; i >= 0; i--) {
                position.put(states.name[i], i);
            }
            List<Problem> sorted = new ArrayList<>(problems);
            sorted.sort(Comparator.comparingInt(p -> position.getOrDefault(p.state(), stateCount)));
            throw new ChartDefinitionException(name, sorted);
        }
    }

    // ---------------------------------------------------------------- geometry

    /**
     * The states a microstep from active leaf {@code leaf} exits, innermost first, up to but not
     * including {@code base} (-1: every state); null when {@code base} is not above the leaf.
     */
    public int[] exitPath(int leaf, int base) {
        int n = 0;
        for (int st = leaf; st != base; st = states.parent[st]) {
            if (st < 0) {
                return null;
            }
            n++;
        }
        int[] path = new int[n];
        for (int st = leaf, i = 0; st != base; st = states.parent[st]) {
            path[i++] = st;
        }
        return path;
    }

    /** Whether {@code a} is a proper descendant of {@code b}. */
    public boolean isDescendant(int a, int b) {
        return a > b && a < states.end[b];
    }

    /**
     * The domain of a transition: the state whose active descendants it exits and below which it
     * enters (SCXML §3.13 getTransitionDomain, extended with local transitions to an ancestor).
     * The same code serves declared transitions at compile time and handler transitions at run
     * time.
     *
     * @return {@link #NO_DOMAIN} for a targetless transition; otherwise the domain, with
     *         {@link #DOMAIN_STAYS_ACTIVE} set when the domain stays active (a local transition to an ancestor,
     *         or a transition to the root)
     */
    public int domainOf(int source, int[] targets, int count, boolean local) {
        if (count == 0) {
            return NO_DOMAIN;
        }
        if (local) {
            if (states.kind[source] == COMPOUND) {
                boolean allInside = true;
                for (int i = 0; i < count; i++) {
                    allInside &= isDescendant(targets[i], source);
                }
                if (allInside) {
                    return source;
                }
            }
            if (count == 1 && isDescendant(source, targets[0])) {
                return targets[0] | DOMAIN_STAYS_ACTIVE;
            }
        }
        if (count == 1 && targets[0] == 0) {
            return DOMAIN_STAYS_ACTIVE; // the root is never exited: re-enter below it
        }
        int anc = leastCommonCompoundAncestor(source, targets, count);
        return anc >= 0 ? anc : DOMAIN_STAYS_ACTIVE; // a target is the root itself
    }

    /**
     * SCXML findLCCA: the deepest compound state (or the root) that is a proper ancestor of
     * {@code first} and of the first {@code count} of {@code others}; -1 when one of them is the root.
     */
    public int leastCommonCompoundAncestor(int first, int[] others, int count) {
        for (int anc = states.parent[first]; anc >= 0; anc = states.parent[anc]) {
            if (states.kind[anc] == PARALLEL) {
                continue; // parallel states are skipped, as SCXML's findLCCA does
            }
            boolean all = true;
            for (int i = 0; i < count && all; i++) {
                all = isDescendant(others[i], anc);
            }
            if (all) {
                return anc;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- events

    /**
     * The events the chart names, in the order their triggers were first declared: each enum
     * constant, and each event name (as a String). Events matched by class or wildcard are left out.
     */
    public List<Object> namedEvents() {
        List<Object> out = new ArrayList<>();
        for (Trigger t : declaredTriggers) {
            if (t.type() == Trigger.Type.CONSTANT || t.type() == Trigger.Type.NAME) {
                out.add(t.value());
            }
        }
        return List.copyOf(out);
    }

    /**
     * Whether a trigger of the chart matches the event, or it is a constant of an enum whose
     * constants are triggers ({@link EventSets#knows}), or a completion event. (The engine's
     * error events are known too: the semantics, which raises them, says so.) A lookup, made
     * only for events that nothing took.
     */
    public boolean knowsEvent(Object event) {
        return event instanceof dev.arbor.core.Done || events.knows(event);
    }

    /** {@link StateChoices#after} among this chart's states: what a message about a key it does not have goes on with. */
    public String unknownStateHint(Object key) {
        return new StateChoices(Arrays.asList(states.key).subList(1, stateCount),
                Arrays.asList(states.name).subList(1, stateCount)).after(key);
    }

    /**
     * The message of an event the chart does not know: the event and its type, the chart, the
     * events it knows, and the nearest of them by name.
     */
    public String unknownEventMessage(Object event) {
        return events.unknownEventMessage(name, event);
    }

    /** Whether a wildcard (a transition's or a handler's, or a deferral's {@code "*"}) takes every event. */
    private static boolean takesEveryEvent(TransitionTable tt, StateTable st) {
        for (boolean any : tt.anyTrigger) {
            if (any) {
                return true;
            }
        }
        for (Trigger[] defers : st.defers) {
            for (Trigger trig : defers) {
                if (trig.type() == Trigger.Type.ANY) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether any transition is taken by an event (rather than by a handler, a tick or nothing). */
    public boolean declaresTriggers() {
        for (int[] ts : triggers.eventTransitions) {
            if (ts.length > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The transitions of state {@code st} an event of trigger set {@code set} would try, in the
     * order the engine tries them (document order); guards not evaluated.
     */
    public int[] candidates(int st, int[] set) {
        if (set.length == 1) {
            int base = st * triggerCount + set[0];
            return Arrays.copyOfRange(triggers.table, triggers.tableStart[base], triggers.tableStart[base + 1]);
        }
        List<Integer> out = new ArrayList<>();
        for (int t : triggers.eventTransitions[st]) {
            if (matches(t, set)) {
                out.add(t);
            }
        }
        return toArray(out);
    }

    /** Whether transition {@code t} is triggered by an event of trigger set {@code set}. */
    public boolean matches(int t, int[] set) {
        if (transitions.anyTrigger[t]) {
            return true;
        }
        for (int id : transitions.triggerIds[t]) {
            for (int x : set) {
                if (x == id) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * In a chart with {@link #regions}: whether transition {@code t} changes one region only
     * (internal, or its domain holds no parallel state, and no history decides its entries), so
     * that it can be taken like a flat chart's, from the one active leaf below its domain. Two
     * such transitions selected from different leaves never conflict.
     */
    public boolean inOneRegion(int t) {
        return transitions.domain[t] == NO_DOMAIN || paths.entry[t] != null;
    }

    /**
     * What a handler state's request for a transition does on the flat path: its domain and, when
     * it does not depend on history, the states it enters (the encoding of {@link PathTable#entry}).
     * Made on first request and kept; a race makes the same value twice.
     *
     * @param source the handler state
     * @param target the state it asked for, with QP's local semantics (itself: exited and re-entered)
     */
    public HandlerMove handlerMove(int source, int target) {
        HandlerMove[] moves = handlerMoves[source];
        if (moves == null) {
            handlerMoves[source] = moves = new HandlerMove[stateCount];
        }
        HandlerMove m = moves[target];
        if (m == null) {
            int[] targets = {target};
            int d = domainOf(source, targets, 1, source != target);
            int base = d & ~DOMAIN_STAYS_ACTIVE;
            boolean keep = (d & DOMAIN_STAYS_ACTIVE) != 0;
            int kept = keep && target == base && states.kind[base] == COMPOUND ? base : -1;
            moves[target] = m = new HandlerMove(d, PathPrecomputation.flatEntryPath(states, base, keep, targets), kept);
        }
        return m;
    }

    /**
     * A handler's requested transition on the flat path (see {@link #handlerMove}).
     *
     * @param domain      the transition's domain, with {@link #DOMAIN_STAYS_ACTIVE} when the domain is not exited
     * @param entryPath   the states entered in order ({@code ~s}: then s's initial action), or null when history decides
     * @param keptInitial the kept domain whose initial action runs before the entries, or -1
     */
    public record HandlerMove(int domain, int[] entryPath, int keptInitial) {}

    /** The id of the state with this key (or, for a String, this name), or -1. */
    public int idOf(Object stateKey) {
        // Enum keys (a handler's to.state(KEY)) without hashing; small enough to be inlined.
        return stateKey.getClass() == keyEnum ? keyEnumIds[((Enum<?>) stateKey).ordinal()] : idByKeyOrName(stateKey);
    }

    private int idByKeyOrName(Object stateKey) {
        Integer id = idByKey.get(stateKey);
        if (id == null && stateKey instanceof String s) {
            id = idByName.get(s);
        }
        return id == null ? -1 : id;
    }

    /**
     * Which of history state {@code h}'s {@link PathTable#historyEntries} applies: 0 when it has
     * recorded nothing ({@code recorded} < 0), else the case of the state it recorded (in a flat
     * chart a record holds one state). Only for histories with entries.
     */
    public int historyCase(int h, int recorded) {
        return recorded < 0 ? 0 : paths.historyCases[h][recorded - states.parent[h]];
    }

    /**
     * The {@link #PLAN} transition from container's step {@code from} to {@code to} (-1: resuming
     * the saved configuration), or the placeholder {@link #moveTransition} when no plan declares
     * that step (the finished state lies deeper than a step).
     */
    public int planMove(int container, int from, int to) {
        for (int t = moveTransition + 1; t < transitionCount; t++) {
            boolean match = to < 0 ? transitions.targets[t].length == 0 // a resume's container is the interrupting transition's domain
                    : transitions.source[t] == container && transitions.targets[t].length == 1 && transitions.targets[t][0] == to;
            if (match && transitions.planFrom[t] == from) {
                return t;
            }
        }
        return moveTransition;
    }

    public static int[] toArray(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }
}
