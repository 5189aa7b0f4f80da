package dev.arbor.core.model;

import dev.arbor.core.ChartDefinitionException.Problem;
import dev.arbor.core.ChartDefinitionException.Rule;
import dev.arbor.core.ChartDefinitionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart compiled to flat arrays: the only form the engine reads, safe to share between threads
 * and machines. Its tables are fixed when it is constructed, but for two memos that grow as the
 * chart runs, each named: {@link #events} (which triggers an event matches, for events first seen
 * at run time) and {@link #handlerMove} (the path of a handler's requested transition, made on its
 * first request; a race makes it twice, equal).
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
    public final int stateCount;
    public final Object[] key;
    public final String[] stateName;
    public final int[] parent;
    public final int[] depth;
    public final byte[] kind;
    /** Exclusive end of each state's subtree in id order. */
    public final int[] end;
    public final int[][] children;
    /** Per state: its history pseudo-children (empty for most). */
    public final int[][] historyChildren;
    /** Per compound state: targets of its initial transition; per history state: its default targets. */
    public final int[][] initialTargets;
    public final UserAction[] initialAction;
    public final UserAction[] entryAction;
    public final UserAction[] exitAction;
    public final UserAction[] updateAction;
    public final Object[] handler;
    /** Per state: its behaviour components (empty for most). */
    public final dev.arbor.core.Behavior<?>[][] behaviors;
    /** Per handler state: the id of its placeholder transition. */
    public final int[] handlerTransition;
    /** The id of the placeholder transition reported for programmatic moves. */
    public final int moveTransition;
    /** Per {@link #PLAN} transition: the step whose finishing it follows; -1 for every other transition. */
    public final int[] tPlanFrom;
    /** The most atomic states that can be active at once. */
    public final int maxActiveLeaves;
    public final int words;
    /** Bit masks over state ids: atomic and final states (the states events are offered to). */
    public final long[] leafMask;
    /** Per state, its children (history pseudo-states aside) as a mask over state ids: {@code words} longs from {@code st * words}. */
    public final long[] childMask;

    // Transitions.
    public final int transitionCount;
    public final int[] tSource;
    public final int[][] tTargets;
    public final byte[] tMode;
    public final byte[] tLocal;
    /** Precomputed domain, with {@link #DOMAIN_STAYS_ACTIVE} set when the domain itself is not exited. */
    public final int[] tDomain;
    public final UserGuard[] tGuard;
    public final UserAction[] tAction;
    public final int[][] tTriggerIds;
    /** Per transition: its triggers as declared (done triggers resolved to their state), for tools. */
    public final Trigger[][] tTriggers;
    public final boolean[] tAnyTrigger;
    public final String[] tLabel;
    /** Per transition: the plan steps after its target (empty for most). */
    public final int[][] tPlan;
    /** Per transition: whether it saves the configuration it interrupts, to resume after its plan. */
    public final boolean[] tResume;
    /** Per plan transition: the container its steps run in (their least common compound ancestor). */
    public final int[] tPlanContainer;
    public final boolean hasPlans;
    /** Per transition: for a timer, the ticks its source must have been active; 0 for every other transition. */
    public final long[] tAfter;
    /**
     * Per transition: whether it is a timer that leaves its source active when it fires (internal,
     * or local into the source), so that the machine must remember it fired in this activation.
     */
    public final boolean[] tTimerOnce;
    /** Per state: whether a machine keeps its clock (ticks since entry): it has behaviours or timers. */
    public final boolean[] clocked;
    /** Per state: its largest timer ({@code after}) in ticks; 0 when it has none. */
    public final long[] maxAfter;
    public final boolean hasTimers;
    /** Whether any state has behaviours. */
    public final boolean hasBehaviors;
    /** Per state: the event selectors it defers, as declared (empty for most). */
    public final Trigger[][] defers;
    /** Per trigger id: the states that defer events of that trigger, as a mask over state ids; null when none. */
    public final long[][] deferMasks;
    /** The states that defer every event ({@code "*"}); null when none. */
    public final long[] deferAnyMask;
    public final boolean hasDeferral;
    public final int deferLimit;
    /** The most configurations a machine's {@code push} keeps. */
    public final int pushLimit;

    // Per-state transition lists.
    public final int[][] eventTransitions;
    public final int[][] eventlessTransitions;
    public final int[][] polledTransitions;
    public final int triggerCount;
    /** Transitions of state s enabled by trigger t: {@code triggerTable[triggerTableStart[s*T+t] .. triggerTableStart[s*T+t+1])}. */
    public final int[] triggerTableStart;
    public final int[] triggerTable;

    // Event resolution.
    private final Trigger[] triggers;
    /** Which triggers an event matches: the one part of the chart that grows as it runs. */
    public final EventSets events;
    /** Per compound or parallel state: the trigger set of its done event. */
    public final int[][] doneSets;
    // History slots: per history state, an offset into the machine's int[] (count, then ids).
    public final int[] historyOffset;
    public final int historySlotsSize;

    // The flat fast path (charts without parallel states): precomputed entry paths.
    /**
     * Whether the fast path applies: no parallel states, so one active leaf. Off for every chart
     * when the system property {@code arbor.flat} is {@code off}, which runs everything on the
     * general SCXML step: the tier the others are compared with.
     */
    public final boolean flat;
    /**
     * Whether the chart has parallel states and may take the region path: no handler states, and
     * {@code arbor.flat} not {@code off}. Its transitions whose domain holds no parallel state
     * have an entry path as in a flat chart ({@link #inOneRegion}).
     */
    public final boolean regions;
    /** Whether any state is a handler state ({@code StateHandler}). */
    public final boolean hasHandlers;
    /** {@link #flat} is allowed: the system property {@code arbor.flat} is not {@code off}. */
    static final boolean FLAT_PATH = !"off".equals(System.getProperty("arbor.flat", "on").trim());
    /**
     * Per transition, when its entry does not depend on history: the states it enters in order;
     * a negative entry {@code ~s} enters s and then runs s's initial action. Null otherwise.
     */
    public final int[][] tEntryPath;
    /** Per transition: the kept domain whose initial action runs before the entries, or -1. */
    public final int[] tKeptInitial;
    /** The states entered when a machine starts (same encoding), or null if history is involved. */
    public final int[] startPath;
    /**
     * Per transition of a flat chart that targets a history state with {@link #historyEntries}:
     * that history state; -1 for every other transition. Such a transition has no
     * {@link #tEntryPath}: it enters {@link #tHistoryPrefix}, then the history's entries.
     */
    public final int[] tHistoryTarget;
    /**
     * Per transition with a {@link #tHistoryTarget}: the states it enters before the history
     * decides, from below its domain down to the history's parent (same encoding as
     * {@link #tEntryPath}; empty when the domain is the parent itself); null otherwise.
     */
    public final int[][] tHistoryPrefix;
    /**
     * Per history state of a flat chart: the states entered below its parent, one path per case
     * of {@link #historyCase} (same encoding as {@link #tEntryPath}). Case 0 is "recorded
     * nothing": the default targets' entry (the history's own default action, which runs just
     * after its parent's entry, is not in the path). The others follow the states it can record,
     * in document order: the parent's children (shallow, each entered by default below), or the
     * leaves below the parent (deep, entered with their ancestors and nothing by default). Null
     * when some case's entry passes through another history state, or a history has more than
     * {@link #MAX_HISTORY_CASES} cases: then transitions to it take the general microstep.
     */
    public final int[][][] historyEntries;
    /** Per history state with {@link #historyEntries}: its case by recorded state id minus its parent's id; -1 for states it cannot record. */
    private final int[][] historyCases;
    /**
     * Per transition: whether the flat microstep takes it (its entries are precomputed, or it
     * enters nothing) rather than the general one. False for every transition of a chart with plans.
     */
    public final boolean[] tPrecomputed;
    /** Bit masks over state ids: states with polled transitions; with update actions or behaviours. */
    /**
     * For flat charts without behaviours, per active leaf: the polled transitions a tick tests,
     * in the order it tests them (the active states are the leaf's ancestors, so the order is
     * known in advance), and the states whose update actions run, root to leaf. Null otherwise.
     */
    public final int[][] tickPolled;
    public final int[][] tickUpdates;
    public final long[] polledMask;
    public final long[] updateMask;
    public final boolean hasEventless;
    public final boolean hasHistory;

    // Chart-wide settings.
    /** Whether a user function that throws raises an error event (else the first error is rethrown after the step). */
    public final boolean raisesErrorEvents;
    /** Whether a tick polls and updates outer states before inner ones (else inner first). */
    public final boolean updatesOuterFirst;
    public final UserAction unhandled;
    public final int maxMicrosteps;

    private final Map<Object, Integer> idByKey;
    /** The first enum type (constants without bodies) among the state keys, and the ids of its constants by ordinal (-1: not a key). */
    private final Class<?> keyEnum;
    private final int[] keyEnumIds;
    private final Map<String, Integer> idByName;
    /** The designer variables, in declaration order; a variable's id is its index. */
    public final dev.arbor.core.Variable[] variables;
    /** Variable ids by name. */
    public final Map<String, Integer> variableIds;
    /** Whether machines draw from their seeded generator ({@code ChartBuilder.drawsRandom}). */
    public final boolean drawsRandom;

    public CompiledChart(ChartDef def) {
        List<Problem> problems = new ArrayList<>();
        ChartChecks checks = new ChartChecks(this, problems);
        this.name = def.name;
        this.variables = def.variables.toArray(dev.arbor.core.Variable[]::new);
        Map<String, Integer> vars = new java.util.LinkedHashMap<>();
        for (int i = 0; i < variables.length; i++) {
            vars.put(variables[i].name(), i);
        }
        this.variableIds = java.util.Collections.unmodifiableMap(vars);
        this.drawsRandom = def.drawsRandom;

        // 1. Number states in document order.
        List<StateDef> order = new ArrayList<>();
        preorder(def.root, order);
        int n = order.size();
        this.stateCount = n;
        key = new Object[n];
        stateName = new String[n];
        parent = new int[n];
        depth = new int[n];
        kind = new byte[n];
        end = new int[n];
        children = new int[n][];
        historyChildren = new int[n][];
        idByKey = new HashMap<>();
        idByName = new HashMap<>();
        Map<StateDef, Integer> idOf = new HashMap<>();
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            key[i] = s.key;
            stateName[i] = s.name;
            idOf.put(s, i);
            String badName = i == 0 ? null : nameProblem(s.name);
            if (badName != null) {
                problems.add(new Problem(s.name, Rule.INVALID_NAME, badName));
            }
            if (idByKey.putIfAbsent(s.key, i) != null) {
                problems.add(new Problem(s.name, Rule.DUPLICATE_NAME, "the key " + s.key + " is declared more than once"));
            } else if (idByName.putIfAbsent(s.name, i) != null) {
                problems.add(new Problem(s.name, Rule.DUPLICATE_NAME,
                        "two different keys share the name '" + s.name + "'"));
            }
        }
        Class<?> keyType = null;
        for (int i = 1; i < n && keyType == null; i++) {
            if (key[i] instanceof Enum<?> e && e.getClass() == e.getDeclaringClass()) {
                keyType = e.getClass();
            }
        }
        keyEnum = keyType;
        keyEnumIds = keyType == null ? null : new int[keyType.getEnumConstants().length];
        if (keyType != null) {
            Arrays.fill(keyEnumIds, -1);
            for (int i = n - 1; i >= 1; i--) {
                if (key[i].getClass() == keyType) {
                    keyEnumIds[((Enum<?>) key[i]).ordinal()] = i;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            parent[i] = s.parent == null ? -1 : idOf.get(s.parent);
            depth[i] = s.parent == null ? 0 : depth[parent[i]] + 1;
            end[i] = i + subtreeSize(s);
            List<Integer> real = new ArrayList<>();
            List<Integer> hist = new ArrayList<>();
            for (StateDef c : s.children) {
                (c.declared == StateDef.Declared.HISTORY ? hist : real).add(idOf.get(c));
            }
            children[i] = toArray(real);
            historyChildren[i] = toArray(hist);
            kind[i] = kindOf(s, real.size(), problems);
        }
        this.words = (n + 63) >>> 6;
        leafMask = new long[words];
        boolean parallel = false;
        for (int i = 0; i < n; i++) {
            if (kind[i] == ATOMIC || kind[i] == FINAL) {
                leafMask[i >>> 6] |= 1L << i;
            }
            parallel |= kind[i] == PARALLEL;
        }
        childMask = new long[n * words];
        for (int i = 0; i < n; i++) {
            for (int child : children[i]) {
                childMask[i * words + (child >>> 6)] |= 1L << child;
            }
        }
        if (kind[0] != COMPOUND && kind[0] != PARALLEL) {
            problems.add(new Problem(stateName[0], Rule.INVALID_STRUCTURE, "the root must contain at least one state"));
        }

        // 2. Initial transitions, history defaults, entry/exit/update actions, handlers.
        initialTargets = new int[n][];
        initialAction = new UserAction[n];
        entryAction = new UserAction[n];
        exitAction = new UserAction[n];
        updateAction = new UserAction[n];
        handler = new Object[n];
        behaviors = new dev.arbor.core.Behavior<?>[n][];
        for (int i = 0; i < n; i++) {
            behaviors[i] = order.get(i).behaviors.toArray(new dev.arbor.core.Behavior<?>[0]);
        }
        for (int i = 0; i < n; i++) {
            StateDef s = order.get(i);
            entryAction[i] = UserAction.sequence(s.entry);
            exitAction[i] = UserAction.sequence(s.exit);
            updateAction[i] = UserAction.sequence(s.update);
            initialAction[i] = UserAction.sequence(s.initialActions);
            handler[i] = s.handler;
            initialTargets[i] = resolveInitial(i, s, problems);
        }

        // 3. Transitions, numbered by source in document order then declaration order.
        List<TransitionDef> defs = new ArrayList<>();
        List<Integer> handlerStates = new ArrayList<>();
        for (StateDef s : order) {
            defs.addAll(s.transitions);
        }
        handlerTransition = new int[n];
        Arrays.fill(handlerTransition, -1);
        for (int i = 0; i < n; i++) {
            if (handler[i] != null) {
                handlerStates.add(i);
            }
        }
        int planMoves = 0;
        for (TransitionDef d : defs) {
            if (!d.plan.isEmpty() || d.resumeAfter) {
                planMoves += d.plan.size() + (d.resumeAfter ? 1 : 0);
            }
        }
        int m = defs.size() + handlerStates.size() + 1 + planMoves;
        transitionCount = m;
        tSource = new int[m];
        tTargets = new int[m][];
        tMode = new byte[m];
        tLocal = new byte[m];
        tDomain = new int[m];
        tGuard = new UserGuard[m];
        tAction = new UserAction[m];
        tTriggerIds = new int[m][];
        tTriggers = new Trigger[m][];
        Arrays.fill(tTriggers, new Trigger[0]);
        tAnyTrigger = new boolean[m];
        tLabel = new String[m];
        tPlan = new int[m][];
        tResume = new boolean[m];
        tPlanContainer = new int[m];
        tAfter = new long[m];
        tTimerOnce = new boolean[m];
        tPlanFrom = new int[m];
        Arrays.fill(tPlanFrom, -1);
        Arrays.fill(tPlan, NONE);
        boolean anyPlan = false;

        // Dense trigger ids; 0 stands for "no declared trigger matches" (wildcards only).
        Map<Trigger, Integer> triggerIds = new LinkedHashMap<>();
        triggerIds.put(new Trigger(Trigger.Type.ANY, null), 0);
        for (int t = 0; t < defs.size(); t++) {
            TransitionDef d = defs.get(t);
            int src = idOf.get(d.source);
            tSource[t] = src;
            tMode[t] = switch (d.mode) {
                case EVENT -> EVENT;
                case EVENTLESS -> EVENTLESS;
                case POLLED -> POLLED;
            };
            tLocal[t] = (byte) (d.local ? 1 : 0);
            tAfter[t] = d.after;
            tGuard[t] = d.guard;
            tAction[t] = UserAction.sequence(d.actions);
            int[] targets = new int[d.targets.size()];
            for (int k = 0; k < targets.length; k++) {
                Integer id = idByKey.get(d.targets.get(k));
                if (id == null) {
                    problems.add(new Problem(d.source.name, Rule.UNKNOWN_TARGET,
                            "transition " + describe(d) + " targets '" + StateDef.nameOf(d.targets.get(k))
                            + "', which the chart does not have"));
                    id = 0;
                }
                targets[k] = id;
            }
            tTargets[t] = targets;
            int[] plan = new int[d.plan.size()];
            for (int k = 0; k < plan.length; k++) {
                Integer id = idByKey.get(d.plan.get(k));
                if (id == null) {
                    problems.add(new Problem(d.source.name, Rule.UNKNOWN_TARGET,
                            "transition " + describe(d) + " plans '" + StateDef.nameOf(d.plan.get(k))
                            + "', which the chart does not have"));
                    id = 0;
                }
                plan[k] = id;
            }
            tPlan[t] = plan;
            tResume[t] = d.resumeAfter;
            anyPlan |= plan.length > 0 || d.resumeAfter;
            List<Integer> ids = new ArrayList<>();
            List<Trigger> declared = new ArrayList<>();
            for (Trigger trig : d.triggers) {
                Trigger resolved = (trig.type() == Trigger.Type.DONE || trig.type() == Trigger.Type.CHILD_DONE)
                        && trig.value() == null ? new Trigger(trig.type(), d.source.key) : trig;
                declared.add(resolved);
                if (resolved.type() == Trigger.Type.ANY) {
                    tAnyTrigger[t] = true;
                    continue;
                }
                if (resolved.type() == Trigger.Type.DONE && !idByKey.containsKey(resolved.value())) {
                    problems.add(new Problem(d.source.name, Rule.UNKNOWN_TARGET,
                            "transition waits for the completion of '" + StateDef.nameOf(resolved.value())
                            + "', which the chart does not have"));
                }
                ids.add(triggerIds.computeIfAbsent(resolved, x -> triggerIds.size()));
            }
            tTriggerIds[t] = toArray(ids);
            tTriggers[t] = declared.toArray(new Trigger[0]);
            tLabel[t] = describe(d);
        }
        defers = new Trigger[n][];
        for (int i = 0; i < n; i++) {
            defers[i] = order.get(i).defers.toArray(new Trigger[0]);
            for (Trigger trig : defers[i]) {
                if (trig.type() != Trigger.Type.ANY) {
                    triggerIds.computeIfAbsent(trig, x -> triggerIds.size());
                }
            }
        }
        for (int k = 0; k < handlerStates.size(); k++) {
            int t = defs.size() + k;
            int s = handlerStates.get(k);
            handlerTransition[s] = t;
            tSource[t] = s;
            tTargets[t] = NONE;
            tMode[t] = HANDLER;
            tLocal[t] = 1;
            tTriggerIds[t] = NONE;
            tAnyTrigger[t] = true;
            tLabel[t] = stateName[s] + " handler";
        }
        hasPlans = anyPlan;
        moveTransition = defs.size() + handlerStates.size();
        for (int t = moveTransition; t < m; t++) {
            tTargets[t] = NONE;
            tTriggerIds[t] = NONE;
            tMode[t] = t == moveTransition ? MOVE : PLAN;
        }
        tLabel[moveTransition] = "(programmatic move)";
        if (problems.isEmpty()) {
            for (int t = 0; t < m; t++) {
                tDomain[t] = tMode[t] >= HANDLER ? NO_DOMAIN
                        : domainOf(tSource[t], tTargets[t], tTargets[t].length, tLocal[t] == 1);
                if (tPlan[t].length > 0) {
                    int anc = leastCommonCompoundAncestor(tTargets[t][0], tPlan[t], tPlan[t].length);
                    tPlanContainer[t] = Math.max(anc, 0);
                }
            }
            numberPlanMoves(defs.size(), moveTransition + 1);
            // A history without default targets enters as its parent would.
            for (int i = 0; i < n; i++) {
                if ((kind[i] == HISTORY_SHALLOW || kind[i] == HISTORY_DEEP) && initialTargets[i] == null) {
                    int p = parent[i];
                    initialTargets[i] = kind[p] == PARALLEL ? children[p].clone() : initialTargets[p];
                }
            }
            checks.checkHistoryTargets();
            for (int t = 0; t < m; t++) {
                if (tTargets[t].length > 1) {
                    checks.checkTargetsCompatible(stateName[tSource[t]], "transition " + tLabel[t], tTargets[t]);
                }
            }
            for (int s = 0; s < n; s++) {
                if (initialTargets[s] != null && initialTargets[s].length > 1) {
                    checks.checkTargetsCompatible(stateName[s], kind[s] == COMPOUND ? "initial" : "history default",
                            initialTargets[s]);
                }
            }
        }

        // 4. Per-state lists and the state x trigger table.
        triggers = triggerIds.keySet().toArray(new Trigger[0]);
        triggerCount = triggers.length;
        eventTransitions = new int[n][];
        eventlessTransitions = new int[n][];
        polledTransitions = new int[n][];
        for (int s = 0; s < n; s++) {
            List<Integer> ev = new ArrayList<>();
            List<Integer> el = new ArrayList<>();
            List<Integer> po = new ArrayList<>();
            for (int t = 0; t < m; t++) {
                if (tSource[t] != s) {
                    continue;
                }
                switch (tMode[t]) {
                    case EVENT -> ev.add(t);
                    case EVENTLESS -> el.add(t);
                    case POLLED -> po.add(t);
                    default -> { }
                }
            }
            eventTransitions[s] = toArray(ev);
            eventlessTransitions[s] = toArray(el);
            polledTransitions[s] = timersByDueTick(toArray(po));
        }
        int T = triggerCount;
        triggerTableStart = new int[n * T + 1];
        List<Integer> flat = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            for (int trig = 0; trig < T; trig++) {
                triggerTableStart[s * T + trig] = flat.size();
                for (int t : eventTransitions[s]) {
                    if (tAnyTrigger[t] || contains(tTriggerIds[t], trig)) {
                        flat.add(t);
                    }
                }
            }
        }
        triggerTableStart[n * T] = flat.size();
        triggerTable = toArray(flat);

        // 5. Event resolution: the sets the chart's own events match, made now; the rest as events arrive.
        events = new EventSets(triggers, key, parent);
        doneSets = new int[n][];
        for (int s = 0; s < n; s++) {
            if (kind[s] != HISTORY_SHALLOW && kind[s] != HISTORY_DEEP) {
                doneSets[s] = events.doneSet(s, "done.state." + stateName[s]);
            }
        }
        // 6. History slots: a count followed by room for every state it may record.
        historyOffset = new int[n];
        Arrays.fill(historyOffset, -1);
        int slots = 0;
        for (int h = 0; h < n; h++) {
            if (kind[h] == HISTORY_SHALLOW || kind[h] == HISTORY_DEEP) {
                int p = parent[h];
                int cap = kind[h] == HISTORY_DEEP ? maxLeaves(p) : (kind[p] == PARALLEL ? children[p].length : 1);
                historyOffset[h] = slots;
                slots += 1 + cap;
            }
        }
        historySlotsSize = slots;
        maxActiveLeaves = maxLeaves(0);

        // 6b. Timers, clocks and deferral.
        clocked = new boolean[n];
        maxAfter = new long[n];
        boolean anyTimer = false;
        for (int t = 0; t < m; t++) {
            if (tAfter[t] > 0) {
                anyTimer = true;
                int s = tSource[t];
                maxAfter[s] = Math.max(maxAfter[s], tAfter[t]);
                int d = tDomain[t];
                // A domain is never exited itself (only what is active below it), DOMAIN_STAYS_ACTIVE or not: the
                // source stays active exactly when it is the domain.
                tTimerOnce[t] = tTargets[t].length == 0 || (d != NO_DOMAIN && (d & ~DOMAIN_STAYS_ACTIVE) == s);
            }
        }
        for (int s = 0; s < n; s++) {
            clocked[s] = behaviors[s].length > 0 || maxAfter[s] > 0;
        }
        hasTimers = anyTimer;
        deferMasks = new long[triggerCount][];
        long[] anyMask = null;
        boolean anyDefer = false;
        for (int s = 0; s < n; s++) {
            for (Trigger trig : defers[s]) {
                anyDefer = true;
                long[] mask;
                if (trig.type() == Trigger.Type.ANY) {
                    mask = anyMask == null ? anyMask = new long[words] : anyMask;
                } else {
                    int id = triggerIds.get(trig);
                    mask = deferMasks[id] == null ? deferMasks[id] = new long[words] : deferMasks[id];
                }
                mask[s >>> 6] |= 1L << s;
            }
        }
        deferAnyMask = anyMask;
        hasDeferral = anyDefer;
        deferLimit = def.deferLimit;
        pushLimit = def.pushLimit;

        raisesErrorEvents = def.raisesErrorEvents;
        updatesOuterFirst = def.updatesOuterFirst;
        unhandled = def.unhandled;
        maxMicrosteps = def.maxMicrosteps;

        // 7. The fast path's precomputation.
        boolean anyHandler = false;
        boolean anyHistory = false;
        boolean anyEventless = false;
        polledMask = new long[words];
        updateMask = new long[words];
        for (int s = 0; s < n; s++) {
            anyHandler |= handler[s] != null;
            anyHistory |= kind[s] == HISTORY_SHALLOW || kind[s] == HISTORY_DEEP;
            anyEventless |= eventlessTransitions[s].length > 0;
            if (polledTransitions[s].length > 0) {
                polledMask[s >>> 6] |= 1L << s;
            }
            if (updateAction[s] != null || behaviors[s].length > 0) {
                updateMask[s >>> 6] |= 1L << s;
            }
        }
        hasEventless = anyEventless;
        hasHistory = anyHistory;
        this.flat = !parallel && problems.isEmpty() && FLAT_PATH;
        this.hasHandlers = anyHandler;
        this.handlerMoves = this.flat && anyHandler ? new HandlerMove[n][] : null;
        tEntryPath = new int[m][];
        tKeptInitial = new int[m];
        Arrays.fill(tKeptInitial, -1);
        this.regions = parallel && !anyHandler && problems.isEmpty() && FLAT_PATH;
        int[] start = null;
        if (this.flat || this.regions) {
            for (int t = 0; t < m; t++) {
                if (tMode[t] < HANDLER && tDomain[t] != NO_DOMAIN && (this.flat || withinOneRegion(tDomain[t] & ~DOMAIN_STAYS_ACTIVE))) {
                    int d = tDomain[t];
                    int base = d & ~DOMAIN_STAYS_ACTIVE;
                    boolean keep = (d & DOMAIN_STAYS_ACTIVE) != 0;
                    tEntryPath[t] = flatEntryPath(base, keep, tTargets[t]);
                    if (keep && tTargets[t].length == 1 && tTargets[t][0] == base && kind[base] == COMPOUND) {
                        tKeptInitial[t] = base;
                    }
                }
            }
            start = this.flat ? flatEntryPath(-1, false, new int[] {0}) : null;
        }
        startPath = start;
        historyEntries = new int[n][][];
        historyCases = new int[n][];
        tHistoryTarget = new int[m];
        Arrays.fill(tHistoryTarget, -1);
        tHistoryPrefix = new int[m][];
        if (this.flat && anyHistory) {
            for (int h = 0; h < n; h++) {
                if (kind[h] == HISTORY_SHALLOW || kind[h] == HISTORY_DEEP) {
                    precomputeHistoryEntries(h);
                }
            }
            for (int t = 0; t < m; t++) {
                if (tMode[t] < HANDLER && tDomain[t] != NO_DOMAIN && tTargets[t].length == 1
                        && historyEntries[tTargets[t][0]] != null) {
                    int h = tTargets[t][0];
                    tHistoryTarget[t] = h;
                    tHistoryPrefix[t] = ancestorsBelow(tDomain[t] & ~DOMAIN_STAYS_ACTIVE, h);
                }
            }
        }
        tPrecomputed = new boolean[m];
        for (int t = 0; t < m; t++) {
            tPrecomputed[t] = this.flat && !anyPlan && (tEntryPath[t] != null || tHistoryTarget[t] >= 0 || tDomain[t] == NO_DOMAIN);
        }
        boolean anyBehavior = false;
        for (int s = 0; s < n; s++) {
            anyBehavior |= behaviors[s].length > 0;
        }
        hasBehaviors = anyBehavior;
        if (this.flat && !anyBehavior && !anyTimer) {
            tickPolled = new int[n][];
            tickUpdates = new int[n][];
            for (int leaf = 0; leaf < n; leaf++) {
                List<Integer> chain = new ArrayList<>(); // root to leaf
                for (int st = leaf; st >= 0; st = parent[st]) {
                    chain.add(0, st);
                }
                List<Integer> polled = new ArrayList<>();
                List<Integer> updates = new ArrayList<>();
                for (int i = 0; i < chain.size(); i++) {
                    int st = chain.get(updatesOuterFirst ? i : chain.size() - 1 - i);
                    for (int t : polledTransitions[st]) {
                        polled.add(t);
                    }
                    if (updateAction[chain.get(i)] != null) {
                        updates.add(chain.get(i));
                    }
                }
                tickPolled[leaf] = toArray(polled);
                tickUpdates[leaf] = toArray(updates);
            }
        } else {
            tickPolled = null;
            tickUpdates = null;
        }

        if (problems.isEmpty() && !def.allowUnreachable && !def.dynamicTargets) {
            checks.checkReachability();
        }
        if (!problems.isEmpty()) {
            // Report in document order of the states named, whatever phase found each problem.
            Map<String, Integer> position = new HashMap<>();
            for (int i = n - 1; i >= 0; i--) {
                position.put(stateName[i], i);
            }
            List<Problem> sorted = new ArrayList<>(problems);
            sorted.sort(java.util.Comparator.comparingInt(p -> position.getOrDefault(p.state(), n)));
            throw new ChartDefinitionException(name, sorted);
        }
    }

    // ---------------------------------------------------------------- structure

    /**
     * Why a state's name cannot stand in a path (names joined by '/', as hot reload matches
     * states by them), or null when it can.
     */
    private static String nameProblem(String name) {
        if (name.isEmpty()) {
            return "a state's name must not be empty";
        }
        if (name.indexOf('/') >= 0) {
            return "a state's name must not contain '/', which separates the names of a state path";
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                return "a state's name must not contain control characters (found U+"
                        + String.format("%04X", (int) name.charAt(i)) + ")";
            }
        }
        if (!name.strip().equals(name)) {
            return "a state's name must not begin or end with white space";
        }
        return null;
    }

    private static void preorder(StateDef s, List<StateDef> out) {
        out.add(s);
        for (StateDef c : s.children) {
            preorder(c, out);
        }
    }

    private static int subtreeSize(StateDef s) {
        int size = 1;
        for (StateDef c : s.children) {
            size += subtreeSize(c);
        }
        return size;
    }

    private byte kindOf(StateDef s, int realChildren, List<Problem> problems) {
        switch (s.declared) {
            case FINAL:
                if (!s.children.isEmpty()) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a final state cannot have children"));
                }
                return FINAL;
            case HISTORY:
                if (!s.children.isEmpty()) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a history state cannot have children"));
                }
                if (s.parent == null || s.parent.children.stream().noneMatch(c -> c.declared != StateDef.Declared.HISTORY)) {
                    problems.add(new Problem(s.name, Rule.HISTORY_OUTSIDE_COMPOUND,
                            "a history state must be the child of a compound or parallel state"));
                }
                return s.deepHistory ? HISTORY_DEEP : HISTORY_SHALLOW;
            case PARALLEL:
                if (realChildren == 0) {
                    problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE, "a parallel state needs at least one region"));
                }
                return PARALLEL;
            default:
                return realChildren == 0 ? ATOMIC : COMPOUND;
        }
    }

    private int[] resolveInitial(int i, StateDef s, List<Problem> problems) {
        byte k = kind[i];
        boolean history = k == HISTORY_SHALLOW || k == HISTORY_DEEP;
        if (k != COMPOUND && !history) {
            if (!s.initialTargets.isEmpty()) {
                problems.add(new Problem(s.name, Rule.INVALID_STRUCTURE,
                        "only a compound state has an initial transition"));
            }
            return NONE;
        }
        int scope = history ? parent[i] : i;
        if (s.initialTargets.isEmpty()) {
            if (history) {
                return null; // no default of its own: what entering its parent enters (filled in once all initials are known)
            }
            if (children[i].length == 1) {
                return new int[] {children[i][0]};
            }
            List<String> names = new ArrayList<>();
            for (int c : children[i]) {
                names.add(stateName[c]);
            }
            problems.add(new Problem(s.name, Rule.MISSING_INITIAL, i == 0
                    ? "it has " + names.size() + " top-level states (" + String.join(", ", names)
                            + "); its \"initial\" must name the one it starts in"
                    : "a compound state with " + names.size() + " children (" + String.join(", ", names)
                            + ") must name its initial child"));
            return NONE;
        }
        int[] out = new int[s.initialTargets.size()];
        for (int k2 = 0; k2 < out.length; k2++) {
            Object target = s.initialTargets.get(k2);
            Integer id = idByKey.get(target);
            if (id == null) {
                problems.add(new Problem(s.name, Rule.UNKNOWN_TARGET,
                        (history ? "history default" : "initial") + " targets '" + StateDef.nameOf(target)
                        + "', which the chart does not have"));
                continue;
            }
            if (scope < 0 || !isDescendant(id, scope)) {
                problems.add(new Problem(s.name, Rule.INITIAL_NOT_DESCENDANT,
                        (history ? "history default" : "initial") + " target '" + stateName[id]
                        + "' is not a descendant of '" + (scope < 0 ? "?" : stateName[scope]) + "'"));
            }
            out[k2] = id;
        }
        return out;
    }

    /**
     * The states a transition of a flat chart enters, in order, as the general algorithm would:
     * the target's ancestors below the domain, the target, then initial transitions down to a
     * leaf. Null when history decides (a history target or a history initial), since then the
     * path depends on the machine.
     */
    private int[] flatEntryPath(int base, boolean keep, int[] targets) {
        if (targets.length != 1) {
            return null;
        }
        int target = targets[0];
        List<Integer> path = new ArrayList<>();
        int cur;
        if (keep && target == base) {
            cur = base; // the kept domain's initial action is run separately, before the entries
        } else {
            if (kind[target] == HISTORY_SHALLOW || kind[target] == HISTORY_DEEP) {
                return null;
            }
            List<Integer> chain = new ArrayList<>();
            for (int a = parent[target]; a != base && a >= 0; a = parent[a]) {
                chain.add(0, a);
            }
            path.addAll(chain);
            path.add(kind[target] == COMPOUND ? ~target : target);
            cur = target;
        }
        while (kind[cur] == COMPOUND) {
            int[] init = initialTargets[cur];
            if (init == null || init.length != 1) {
                return null;
            }
            int next = init[0];
            if (kind[next] == HISTORY_SHALLOW || kind[next] == HISTORY_DEEP) {
                return null;
            }
            List<Integer> chain = new ArrayList<>();
            for (int a = parent[next]; a != cur; a = parent[a]) {
                chain.add(0, a);
            }
            path.addAll(chain);
            path.add(kind[next] == COMPOUND ? ~next : next);
            cur = next;
        }
        return toArray(path);
    }

    /**
     * Fills {@link #historyEntries} and {@link #historyCases} for history state {@code h} of a
     * flat chart, as SCXML's addDescendantStatesToEnter enters a history: what it recorded (a
     * shallow record's child with its default content below, a deep record's leaf with the
     * ancestors between), or its default targets when it recorded nothing. Leaves both null when
     * an entry depends on another history or there are too many cases.
     */
    private void precomputeHistoryEntries(int h) {
        int p = parent[h];
        List<Integer> recordable = new ArrayList<>();
        if (kind[h] == HISTORY_SHALLOW) {
            for (int child : children[p]) {
                recordable.add(child);
            }
        } else {
            for (int st = p + 1; st < end[p]; st++) {
                if (kind[st] == ATOMIC || kind[st] == FINAL) {
                    recordable.add(st);
                }
            }
        }
        if (1 + recordable.size() > MAX_HISTORY_CASES) {
            return;
        }
        int[][] entries = new int[1 + recordable.size()][];
        int[] cases = new int[end[p] - p];
        Arrays.fill(cases, -1);
        entries[0] = flatEntryPath(p, false, initialTargets[h]);
        for (int k = 0; k < recordable.size(); k++) {
            int st = recordable.get(k);
            entries[k + 1] = flatEntryPath(p, false, new int[] {st});
            cases[st - p] = k + 1;
        }
        for (int[] path : entries) {
            if (path == null) {
                return; // another history decides what is entered below: the general step's job
            }
        }
        historyEntries[h] = entries;
        historyCases[h] = cases;
    }

    /**
     * Which of history state {@code h}'s {@link #historyEntries} applies: 0 when it has recorded
     * nothing ({@code recorded} < 0), else the case of the state it recorded (in a flat chart a
     * record holds one state). Only for histories with entries.
     */
    public int historyCase(int h, int recorded) {
        return recorded < 0 ? 0 : historyCases[h][recorded - parent[h]];
    }

    /** The proper ancestors of {@code st} below {@code base}, outermost first, entered without default entry. */
    private int[] ancestorsBelow(int base, int st) {
        List<Integer> chain = new ArrayList<>();
        for (int a = parent[st]; a != base && a >= 0; a = parent[a]) {
            chain.add(0, a);
        }
        return toArray(chain);
    }

    private int maxLeaves(int s) {
        switch (kind[s]) {
            case ATOMIC:
            case FINAL:
                return 1;
            case PARALLEL: {
                int sum = 0;
                for (int c : children[s]) {
                    sum += maxLeaves(c);
                }
                return sum;
            }
            case COMPOUND: {
                int max = 0;
                for (int c : children[s]) {
                    max = Math.max(max, maxLeaves(c));
                }
                return max;
            }
            default:
                return 0;
        }
    }

    // ---------------------------------------------------------------- geometry

    /**
     * The states a microstep from active leaf {@code leaf} exits, innermost first, up to but not
     * including {@code base} (-1: every state); null when {@code base} is not above the leaf.
     */
    public int[] exitPath(int leaf, int base) {
        int n = 0;
        for (int st = leaf; st != base; st = parent[st]) {
            if (st < 0) {
                return null;
            }
            n++;
        }
        int[] path = new int[n];
        for (int st = leaf, i = 0; st != base; st = parent[st]) {
            path[i++] = st;
        }
        return path;
    }

    /** Whether {@code a} is a proper descendant of {@code b}. */
    public boolean isDescendant(int a, int b) {
        return a > b && a < end[b];
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
            if (kind[source] == COMPOUND) {
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
     * {@code first} and of the given states; -1 when one of them is the root.
     */
    public int leastCommonCompoundAncestor(int first, int[] states, int count) {
        for (int anc = parent[first]; anc >= 0; anc = parent[anc]) {
            if (kind[anc] == PARALLEL) {
                continue; // parallel states are skipped, as SCXML's findLCCA does
            }
            boolean all = true;
            for (int i = 0; i < count && all; i++) {
                all = isDescendant(states[i], anc);
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
    public java.util.List<Object> namedEvents() {
        java.util.List<Object> out = new java.util.ArrayList<>();
        for (Trigger t : triggers) {
            if (t.type() == Trigger.Type.CONSTANT || t.type() == Trigger.Type.NAME) {
                out.add(t.value());
            }
        }
        return java.util.List.copyOf(out);
    }

    /** Whether any transition is taken by an event (rather than by a handler, a tick or nothing). */
    public boolean declaresTriggers() {
        for (int[] ts : eventTransitions) {
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
            return Arrays.copyOfRange(triggerTable, triggerTableStart[base], triggerTableStart[base + 1]);
        }
        List<Integer> out = new ArrayList<>();
        for (int t : eventTransitions[st]) {
            if (matches(t, set)) {
                out.add(t);
            }
        }
        return toArray(out);
    }

    /** Whether transition {@code t} is triggered by an event of trigger set {@code set}. */
    public boolean matches(int t, int[] set) {
        if (tAnyTrigger[t]) {
            return true;
        }
        for (int id : tTriggerIds[t]) {
            for (int x : set) {
                if (x == id) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- reachability

    // ---------------------------------------------------------------- lookup

    /** The id of the state with this key (or, for a String, this name), or -1. */
    /** Whether no state in the subtree of {@code st} (itself included) is parallel: at most one of its leaves is ever active. */
    private boolean withinOneRegion(int st) {
        for (int s = st; s < end[st]; s++) {
            if (kind[s] == PARALLEL) {
                return false;
            }
        }
        return true;
    }

    /**
     * In a chart with {@link #regions}: whether transition {@code t} changes one region only
     * (internal, or its domain holds no parallel state, and no history decides its entries), so
     * that it can be taken like a flat chart's, from the one active leaf below its domain. Two
     * such transitions selected from different leaves never conflict.
     */
    public boolean inOneRegion(int t) {
        return tDomain[t] == NO_DOMAIN || tEntryPath[t] != null;
    }

    /**
     * What a handler state's request for a transition does on the flat path: its domain and, when
     * it does not depend on history, the states it enters (the encoding of {@link #tEntryPath}).
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
            int kept = keep && target == base && kind[base] == COMPOUND ? base : -1;
            moves[target] = m = new HandlerMove(d, flatEntryPath(base, keep, targets), kept);
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

    /** Per handler state, by target; rows made on first use. */
    private final HandlerMove[][] handlerMoves;

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

    private String describe(TransitionDef d) {
        StringBuilder b = new StringBuilder(d.source.name).append(' ');
        switch (d.mode) {
            case EVENT -> {
                List<Trigger> shown = new ArrayList<>(); // "done" and "child done" name the source when they name no state
                for (Trigger trig : d.triggers) {
                    shown.add((trig.type() == Trigger.Type.DONE || trig.type() == Trigger.Type.CHILD_DONE)
                            && trig.value() == null ? new Trigger(trig.type(), d.source.key) : trig);
                }
                b.append(shown.isEmpty() ? "?" : shown.size() == 1 ? shown.get(0).toString() : shown.toString());
            }
            case EVENTLESS -> b.append("always");
            case POLLED -> b.append(d.after > 0 ? "after " + d.after + (d.after == 1 ? " tick" : " ticks") : "when");
        }
        if (!d.targets.isEmpty()) {
            b.append(" -> ");
            for (int i = 0; i < d.targets.size(); i++) {
                b.append(i == 0 ? "" : " ").append(StateDef.nameOf(d.targets.get(i)));
            }
            if (d.local) {
                b.append(" (local)");
            }
        }
        return b.toString();
    }

    /**
     * Makes the {@link #PLAN} transitions of every plan, from {@code next} on: one per step after
     * the first, and one back to the saved configuration for a plan that resumes, each labelled
     * with what happens ({@code "plan PATROL: TO_GATE -> WATCH_GATE"}).
     */
    private void numberPlanMoves(int declared, int next) {
        for (int t = 0; t < declared; t++) {
            if (tPlan[t].length == 0 && !tResume[t]) {
                continue;
            }
            int container = tPlan[t].length > 0 ? tPlanContainer[t] : tSource[t];
            int[] steps = new int[1 + tPlan[t].length];
            steps[0] = tTargets[t].length > 0 ? tTargets[t][0] : tSource[t];
            System.arraycopy(tPlan[t], 0, steps, 1, tPlan[t].length);
            String plan = "plan " + stateName[container] + ": ";
            for (int k = 1; k < steps.length; k++, next++) {
                tSource[next] = container;
                tTargets[next] = new int[] {steps[k]};
                tPlanFrom[next] = steps[k - 1];
                tLabel[next] = plan + stateName[steps[k - 1]] + " -> " + stateName[steps[k]];
            }
            if (tResume[t]) {
                tSource[next] = container;
                tPlanFrom[next] = steps[steps.length - 1];
                tLabel[next++] = plan + stateName[steps[steps.length - 1]] + " -> resume";
            }
        }
    }

    /**
     * The {@link #PLAN} transition from container's step {@code from} to {@code to} (-1: resuming
     * the saved configuration), or the placeholder {@link #moveTransition} when no plan declares
     * that step (the finished state lies deeper than a step).
     */
    public int planMove(int container, int from, int to) {
        for (int t = moveTransition + 1; t < transitionCount; t++) {
            boolean match = to < 0 ? tTargets[t].length == 0 // a resume's container is the interrupting transition's domain
                    : tSource[t] == container && tTargets[t].length == 1 && tTargets[t][0] == to;
            if (match && tPlanFrom[t] == from) {
                return t;
            }
        }
        return moveTransition;
    }

    /**
     * A state's polled transitions with its timers in the order of their due ticks (declaration
     * order where equal), each timer taking the place of one timer in declaration order, so that
     * {@code when} transitions keep their places.
     */
    private int[] timersByDueTick(int[] polled) {
        List<Integer> timers = new ArrayList<>();
        for (int t : polled) {
            if (tAfter[t] > 0) {
                timers.add(t);
            }
        }
        timers.sort(java.util.Comparator.comparingLong(t -> tAfter[t])); // stable: ties keep declaration order
        int[] out = polled.clone();
        int next = 0;
        for (int i = 0; i < out.length; i++) {
            if (tAfter[out[i]] > 0) {
                out[i] = timers.get(next++);
            }
        }
        return out;
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
