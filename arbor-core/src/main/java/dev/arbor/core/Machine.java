package dev.arbor.core;

import dev.arbor.core.internal.Act;
import dev.arbor.core.internal.Check;
import dev.arbor.core.internal.CompiledChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One running instance of a {@link Chart}: its owner, its active configuration and its history.
 * Confined to one thread (the game loop); other threads hand it events with {@link #post}.
 *
 * <p>{@link #fire} runs one run-to-completion step for an event, following the SCXML algorithm
 * (W3C SCXML 1.0, Appendix D): transitions are selected from each active atomic state outward,
 * conflicts between regions are removed, then exits run innermost first, transition actions in
 * selection order, entries outermost first; eventless transitions and internally raised events are
 * processed before {@code fire} returns. {@link #update} runs one game tick: polled transitions,
 * then every active state's update action.
 *
 * <p>A user action that throws never leaves a half-made configuration: the step finishes, then the
 * error is reported as the chart's {@link ErrorPolicy} says.
 *
 * @param <C> the owner (context) type
 */
public final class Machine<C> {

    private static final byte NEW = 0;
    private static final byte RUNNING = 1;
    private static final byte HALTED = 2;
    private static final byte STOPPED = 3;

    private static final int MOVE_GOTO = 0;
    private static final int MOVE_REVERT = 1;
    private static final int MOVE_PUSH = 2;
    private static final int MOVE_POP = 3;
    /** A selected transition's targets are in {@code Step.dynTargets}. */
    private static final int MULTI_TARGET = -3;

    private final Chart<C> chart;
    private final CompiledChart c;
    private final C owner;
    /** The active configuration: bit s is set when state s is active. */
    private final long[] active;
    /** History slots, made on first record: per history state, a count and the recorded ids. */
    private int[] history;
    private MachineListener listener;
    /** Working memory of a step, made on first use so idle machines stay small. */
    private Step step;
    private volatile ConcurrentLinkedQueue<Object> posted;
    /** Behaviour clocks and plan stacks (seed 004), made only for charts that use them. */
    private Tasks tasks;
    private byte status;
    private boolean busy;
    private Cause cause = Cause.NORMAL;

    Machine(Chart<C> chart, C owner) {
        this.chart = chart;
        this.c = chart.compiled;
        this.owner = owner;
        this.active = new long[c.words];
    }

    // ================================================================ public API

    public Chart<C> chart() {
        return chart;
    }

    public C owner() {
        return owner;
    }

    /** Why the current step runs; {@link Cause#NORMAL} outside steps. */
    public Cause cause() {
        return cause;
    }

    /** Whether {@link #start} (or a first {@code fire}/{@code update}) has run. */
    public boolean isStarted() {
        return status != NEW;
    }

    /** Whether a top-level final state was entered; a halted machine ignores events. */
    public boolean isHalted() {
        return status == HALTED;
    }

    /**
     * Attaches a listener; several may be attached and are called in the order added. With none
     * attached, observing costs one null check.
     */
    public Machine<C> addListener(MachineListener l) {
        Objects.requireNonNull(l, "listener");
        listener = listener == null ? l : Listeners.both(listener, l);
        return this;
    }

    /** Enters the initial configuration and runs to completion. */
    public void start() {
        start(Cause.NORMAL);
    }

    /** Enters the initial configuration with a given cause and runs to completion. */
    public void start(Cause startCause) {
        if (busy) {
            throw new IllegalStateException("start() called from inside a step of machine '" + c.name + "'");
        }
        if (status != NEW) {
            throw new IllegalStateException("machine '" + c.name + "' is already started");
        }
        busy = true;
        cause = startCause;
        try {
            status = RUNNING;
            Step s = step();
            clear(s.enterSet);
            clear(s.defaultEntry);
            clear(s.historyDefault);
            s.keptCount = 0;
            addDescendants(s, 0);
            enterStates(s);
            runToCompletion(s);
            drainExternal(s);
        } finally {
            busy = false;
            cause = Cause.NORMAL;
        }
        rethrowPending();
    }

    /** Processes one event to completion, as an ordinary input. */
    public void fire(Object event) {
        fire(event, Cause.NORMAL);
    }

    /**
     * Processes one event to completion. Called from inside an action, the event is queued and
     * processed after the current step (an action never re-enters the engine). A machine not yet
     * started is started first; a halted one ignores the event.
     */
    public void fire(Object event, Cause eventCause) {
        Objects.requireNonNull(event, "event");
        Step s = step();
        if (busy) {
            s.external.add(event);
            return;
        }
        if (status == NEW) {
            start(eventCause);
        }
        if (status != RUNNING) {
            return;
        }
        busy = true;
        cause = eventCause;
        try {
            macrostep(s, event);
            drainExternal(s);
        } finally {
            busy = false;
            cause = Cause.NORMAL;
        }
        rethrowPending();
    }

    /**
     * Places an event on the internal queue, processed before the current step ends. Outside a
     * step it is the same as {@link #fire(Object)}.
     */
    public void raise(Object event) {
        Objects.requireNonNull(event, "event");
        if (!busy) {
            fire(event);
            return;
        }
        step().internal.add(event);
    }

    /** Hands an event to the machine from any thread; it is fired by the owning thread's next {@link #update} or {@link #drainPosted}. */
    public void post(Object event) {
        Objects.requireNonNull(event, "event");
        ConcurrentLinkedQueue<Object> q = posted;
        if (q == null) {
            synchronized (this) {
                q = posted;
                if (q == null) {
                    posted = q = new ConcurrentLinkedQueue<>();
                }
            }
        }
        q.add(event);
    }

    /** Fires, in order, every event posted from other threads. Call on the owning thread. */
    public void drainPosted() {
        ConcurrentLinkedQueue<Object> q = posted;
        if (q == null) {
            return;
        }
        for (Object e = q.poll(); e != null; e = q.poll()) {
            fire(e);
        }
    }

    /**
     * Runs one tick: fires posted events, then tests polled transitions from the root down (or
     * from the leaves up, as the chart chooses) and fires at most one per region subtree, then
     * runs every active state's update action, root to leaf.
     */
    public void update() {
        if (busy) {
            throw new IllegalStateException("update() called from inside a step of machine '" + c.name + "'");
        }
        drainPosted();
        if (status == NEW) {
            start();
        }
        if (status != RUNNING) {
            return;
        }
        Step s = step();
        busy = true;
        if (tasks != null) {
            tasks.ticks++;
        }
        try {
            if (c.updateOrder == UpdateOrder.OUTER_FIRST) {
                pollOuterFirst(s);
            } else {
                pollInnerFirst(s);
            }
            runToCompletion(s);
            runUpdateActions(s);
            runToCompletion(s);
            drainExternal(s);
        } finally {
            busy = false;
        }
        rethrowPending();
    }

    /** Exits every active state, innermost first, and stops the machine; later events are ignored. */
    public void stop() {
        if (busy) {
            throw new IllegalStateException("stop() called from inside a step of machine '" + c.name + "'");
        }
        if (status == NEW || status == STOPPED) {
            status = STOPPED;
            return;
        }
        Step s = step();
        busy = true;
        try {
            System.arraycopy(active, 0, s.exitSet, 0, active.length);
            exitStates(s);
            status = STOPPED;
        } finally {
            busy = false;
        }
        rethrowPending();
    }

    // ---------------------------------------------------------------- programmatic moves

    /**
     * Moves to a state, as an external transition from the active leaf nearest to it (Buckland's
     * {@code ChangeState}, generalised to hierarchies): exits up to the least common compound
     * ancestor and enters down to the target, then its initial content. A history state may be the
     * target. Asked from inside an action, the move is queued and runs after the current
     * microstep, as a step of its own; asked outside, it runs at once, to completion.
     */
    public void goTo(Object stateKey) {
        requestMove(MOVE_GOTO, chart.stateId(stateKey));
    }

    /**
     * Returns to the configuration before the last change (a state blip, seed 002): only the states
     * that differ are exited and entered.
     */
    public void revert() {
        requestMove(MOVE_REVERT, -1);
    }

    /** Saves the current configuration on a stack, then moves to the state (an interruption). */
    public void push(Object stateKey) {
        requestMove(MOVE_PUSH, chart.stateId(stateKey));
    }

    /** Returns to the configuration saved by the matching {@link #push} (resuming the interrupted task). */
    public void pop() {
        requestMove(MOVE_POP, -1);
    }

    /** How many configurations {@link #push} has saved that {@link #pop} has not restored. */
    public int pushedDepth() {
        return step == null ? 0 : step.stackDepth;
    }

    private void requestMove(int kind, int target) {
        Step s = step();
        if (busy) {
            s.moves.add(kind, target);
            return;
        }
        if (status == NEW) {
            start();
        }
        if (status != RUNNING) {
            return;
        }
        busy = true;
        try {
            applyMove(s, kind, target);
            runToCompletion(s);
            drainExternal(s);
        } finally {
            busy = false;
        }
        rethrowPending();
    }

    /** Applies one programmatic move as a microstep, with paths computed by the same code as declared transitions. */
    private void applyMove(Step s, int kind, int target) {
        int domain;
        s.selCount = 0;
        if (kind == MOVE_GOTO || kind == MOVE_PUSH) {
            if (kind == MOVE_PUSH) {
                s.pushConfiguration(active);
            }
            s.oneTarget[0] = target;
            domain = c.domainOf(nearestActiveLeaf(target), s.oneTarget, 1, false);
            select(s, c.moveTransition, domain, target);
        } else if (kind == MOVE_REVERT) {
            if (!s.hasPrevious) {
                reportError(0, new IllegalStateException("revert(): machine '" + c.name
                        + "' has no previous configuration"));
                return;
            }
            moveToConfiguration(s, s.previous);
            return;
        } else {
            if (s.stackDepth == 0) {
                reportError(0, new IllegalStateException("pop(): machine '" + c.name + "' has nothing pushed"));
                return;
            }
            moveToConfiguration(s, s.stack[--s.stackDepth]);
            return;
        }
        microstep(s, null);
    }

    /** Moves to a saved configuration: only what differs moves; the domain is the LCCA of the leaves that change. */
    private void moveToConfiguration(Step s, long[] goal) {
        s.selCount = 0;
        int domain;
        {
            int changed = 0;
            for (int st = 0; st < c.stateCount; st++) {
                if ((c.kind[st] == CompiledChart.ATOMIC || c.kind[st] == CompiledChart.FINAL)
                        && isActive(st) != isSet(goal, st)) {
                    s.dynTargets[changed++] = st;
                }
            }
            if (changed == 0) {
                return;
            }
            int anc = c.lcca(s.dynTargets[0], s.dynTargets, changed);
            domain = anc < 0 ? CompiledChart.KEEP : anc;
            int base = domain & ~CompiledChart.KEEP;
            s.dynCount = 0;
            for (int st = base + 1; st < c.end[base]; st++) {
                if ((c.kind[st] == CompiledChart.ATOMIC || c.kind[st] == CompiledChart.FINAL) && isSet(goal, st)) {
                    s.dynTargets[s.dynCount++] = st;
                }
            }
            select(s, c.moveTransition, domain, MULTI_TARGET);
        }
        microstep(s, null);
    }

    /** The active leaf whose common ancestor with {@code target} is deepest (document order breaks ties). */
    private int nearestActiveLeaf(int target) {
        int best = 0;
        int bestDepth = -1;
        for (int st = 0; st < c.stateCount; st++) {
            if ((c.kind[st] == CompiledChart.ATOMIC || c.kind[st] == CompiledChart.FINAL) && isActive(st)) {
                int anc = st;
                while (anc != target && !c.isDescendant(target, anc)) {
                    anc = c.parent[anc];
                }
                if (c.depth[anc] > bestDepth) {
                    best = st;
                    bestDepth = c.depth[anc];
                }
            }
        }
        return best;
    }

    /** Whether the state with this key (or name) is active. */
    public boolean isIn(Object stateKey) {
        return isActive(chart.stateId(stateKey));
    }

    /** Whether the state with this id is active: one array read. */
    public boolean isIn(int state) {
        return isActive(state);
    }

    /**
     * The active states below the root, in document order (seed 000's {@code getStates}): for a
     * chart without parallel states, the path from the top down to the current leaf.
     */
    public List<Object> activeStates() {
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                out.add(c.key[s]);
            }
        }
        return out;
    }

    /** The active atomic and final states, in document order. */
    public List<Object> activeLeaves() {
        List<Object> out = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s) && (c.kind[s] == CompiledChart.ATOMIC || c.kind[s] == CompiledChart.FINAL)) {
                out.add(c.key[s]);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        List<String> names = new ArrayList<>();
        for (int s = 1; s < c.stateCount; s++) {
            if (isActive(s)) {
                names.add(c.stateName[s]);
            }
        }
        return "Machine[" + c.name + " " + names + (status == HALTED ? " halted" : "") + "]";
    }

    // ================================================================ steps

    private Step step() {
        Step s = step;
        if (s == null) {
            step = s = new Step(c);
        }
        return s;
    }

    private void drainExternal(Step s) {
        while (status == RUNNING && !s.external.isEmpty()) {
            macrostep(s, s.external.poll());
        }
        s.external.clear();
    }

    /** One external event: select, execute, then run eventless transitions and the internal queue. */
    private void macrostep(Step s, Object event) {
        MachineListener l = listener;
        if (l != null) {
            l.onEvent(this, event, cause);
        }
        if (selectTransitions(s, event) > 0) {
            microstep(s, event);
        } else {
            unhandled(event);
        }
        runToCompletion(s);
    }

    private void runToCompletion(Step s) {
        int steps = 0;
        while (status == RUNNING) {
            if (++steps > c.maxMicrosteps) {
                s.internal.clear();
                s.moves.clear();
                throw new IllegalStateException("machine '" + c.name + "' took more than " + c.maxMicrosteps
                        + " microsteps without settling (a cycle of eventless transitions or raised events?); "
                        + "it stopped in " + this);
            }
            if (!s.moves.isEmpty()) {
                int kind = s.moves.peekKind();
                int target = s.moves.peekTarget();
                s.moves.remove();
                applyMove(s, kind, target);
                continue;
            }
            if (selectEventless(s) > 0) {
                microstep(s, null);
                continue;
            }
            Object e = s.internal.poll();
            if (e == null) {
                break;
            }
            if (tasks != null && tasks.planSize > 0 && e instanceof Done d && d.chartToken == chart
                    && continuePlan(s, d.stateId)) {
                continue; // a plan decided what follows the finished state
            }
            MachineListener l = listener;
            if (l != null) {
                l.onEvent(this, e, cause);
            }
            if (selectTransitions(s, e) > 0) {
                microstep(s, e);
            } else {
                unhandled(e);
            }
        }
    }

    // ================================================================ selection

    /** SCXML selectTransitions: from each active atomic state, innermost first, the first enabled transition. */
    private int selectTransitions(Step s, Object event) {
        int[] set = event instanceof Done d && d.chartToken == chart ? c.doneSets[d.stateId] : c.triggerSet(event);
        s.selCount = 0;
        s.handlersAsked = 0;
        final long[] act = active;
        final long[] leaves = c.leafMask;
        final int[] parent = c.parent;
        for (int w = 0; w < act.length; w++) {
            long bits = act[w] & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                for (int st = leaf; st >= 0; st = parent[st]) {
                    if (selectIn(s, st, set, event)) {
                        break;
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(s);
        }
        return s.selCount;
    }

    /** Whether state {@code st} has a transition for the event (or its handler took it). */
    private boolean selectIn(Step s, int st, int[] set, Object event) {
        if (set.length == 1) {
            int base = st * c.triggerCount + set[0];
            int[] list = c.stList;
            for (int k = c.stOffset[base], e = c.stOffset[base + 1]; k < e; k++) {
                int t = list[k];
                if (guardHolds(t, event)) {
                    select(s, t, c.tDomain[t], -1);
                    return true;
                }
            }
        } else {
            for (int t : c.eventTransitions[st]) {
                if (matches(t, set) && guardHolds(t, event)) {
                    select(s, t, c.tDomain[t], -1);
                    return true;
                }
            }
        }
        return c.handler[st] != null && askHandler(s, st, event);
    }

    private boolean matches(int t, int[] set) {
        if (c.tAnyTrigger[t]) {
            return true;
        }
        for (int id : c.tTriggerIds[t]) {
            for (int x : set) {
                if (x == id) {
                    return true;
                }
            }
        }
        return false;
    }

    private int selectEventless(Step s) {
        s.selCount = 0;
        final long[] act = active;
        final long[] leaves = c.leafMask;
        for (int w = 0; w < act.length; w++) {
            long bits = act[w] & leaves[w];
            while (bits != 0) {
                int leaf = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                outer:
                for (int st = leaf; st >= 0; st = c.parent[st]) {
                    for (int t : c.eventlessTransitions[st]) {
                        if (guardHolds(t, null)) {
                            select(s, t, c.tDomain[t], -1);
                            break outer;
                        }
                    }
                }
            }
        }
        if (s.selCount > 1) {
            removeConflicts(s);
        }
        return s.selCount;
    }

    private void select(Step s, int t, int domain, int dynamicTarget) {
        if (dynamicTarget < 0) {
            for (int i = 0; i < s.selCount; i++) {
                if (s.sel[i] == t) {
                    return; // reached again from another region's leaf
                }
            }
        }
        int i = s.selCount++;
        s.sel[i] = t;
        s.selDomain[i] = domain;
        s.selTarget[i] = dynamicTarget;
    }

    /**
     * Runs a handler state's own code. A handler shared by several active regions is asked once
     * per event: its code has effects, so its first reply is remembered.
     */
    private boolean askHandler(Step s, int st, Object event) {
        for (int i = 0; i < s.handlersAsked; i++) {
            if (s.handlerState[i] == st) {
                return s.handlerReply[i] != Reply.UNHANDLED;
            }
        }
        @SuppressWarnings("unchecked")
        StateHandler<Object> h = (StateHandler<Object>) c.handler[st];
        Reply reply;
        s.requestedTarget = -1;
        try {
            reply = h.onEvent(owner, event, s);
            if (reply == Reply.TRANSITION && s.requestedTarget < 0) {
                throw new IllegalStateException("handler of state '" + c.stateName[st]
                        + "' returned TRANSITION without calling to.state(...)");
            }
            if (reply == null) {
                throw new IllegalStateException("handler of state '" + c.stateName[st] + "' returned null");
            }
        } catch (Throwable e) {
            reportError(st, e);
            reply = Reply.HANDLED; // its code ran part-way: do not offer the event to ancestors too
        }
        if (s.handlersAsked < s.handlerState.length) {
            s.handlerState[s.handlersAsked] = st;
            s.handlerReply[s.handlersAsked++] = reply;
        }
        int t = c.handlerTransition[st];
        switch (reply) {
            case TRANSITION -> {
                s.oneTarget[0] = s.requestedTarget;
                select(s, t, c.domainOf(st, s.oneTarget, 1, st != s.requestedTarget), s.requestedTarget);
                return true;
            }
            case HANDLED -> {
                select(s, t, CompiledChart.NO_DOMAIN, -2);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** SCXML removeConflictingTransitions: keep the earlier of two with overlapping exit sets, unless the later's source is a descendant. */
    private void removeConflicts(Step s) {
        int kept = 0;
        for (int i = 0; i < s.selCount; i++) {
            int t1 = s.sel[i];
            int d1 = s.selDomain[i];
            boolean preempted = false;
            int removed = 0;
            for (int j = 0; j < kept; j++) {
                if (exitSetsOverlap(d1, s.keepDomain[j])) {
                    if (c.isDescendant(c.tSource[t1], c.tSource[s.keepSel[j]])) {
                        s.keepSel[j] = -1; // t1's source is deeper: it preempts t2
                        removed++;
                    } else {
                        preempted = true;
                        break;
                    }
                }
            }
            if (preempted) {
                continue;
            }
            if (removed > 0) {
                int w = 0;
                for (int j = 0; j < kept; j++) {
                    if (s.keepSel[j] >= 0) {
                        s.keepSel[w] = s.keepSel[j];
                        s.keepDomain[w] = s.keepDomain[j];
                        s.keepTarget[w++] = s.keepTarget[j];
                    }
                }
                kept = w;
            }
            s.keepSel[kept] = t1;
            s.keepDomain[kept] = d1;
            s.keepTarget[kept++] = s.selTarget[i];
        }
        System.arraycopy(s.keepSel, 0, s.sel, 0, kept);
        System.arraycopy(s.keepDomain, 0, s.selDomain, 0, kept);
        System.arraycopy(s.keepTarget, 0, s.selTarget, 0, kept);
        s.selCount = kept;
    }

    /** Exit sets are the active proper descendants of each domain: they meet iff one domain contains the other. */
    private boolean exitSetsOverlap(int d1, int d2) {
        if (d1 == CompiledChart.NO_DOMAIN || d2 == CompiledChart.NO_DOMAIN) {
            return false;
        }
        int a = d1 & ~CompiledChart.KEEP;
        int b = d2 & ~CompiledChart.KEEP;
        return a == b || c.isDescendant(a, b) || c.isDescendant(b, a);
    }

    // ================================================================ execution

    /** SCXML microstep: exit, transition actions, enter. */
    private void microstep(Step s, Object event) {
        clear(s.exitSet);
        boolean changes = false;
        for (int i = 0; i < s.selCount; i++) {
            int d = s.selDomain[i];
            if (d != CompiledChart.NO_DOMAIN) {
                int base = d & ~CompiledChart.KEEP;
                orRange(s.exitSet, active, base + 1, c.end[base]);
                changes = true;
            }
        }
        if (changes) {
            System.arraycopy(active, 0, s.previous, 0, active.length); // for revert()
            s.hasPrevious = true;
            if (c.hasPlans) {
                for (int i = 0; i < s.selCount; i++) {
                    int t = s.sel[i];
                    if (c.tPlan[t].length > 0 || c.tResume[t]) {
                        tasks().pushPlan(t, s.selDomain[i] & ~CompiledChart.KEEP, active);
                    }
                }
            }
        }
        exitStates(s);

        MachineListener l = listener;
        for (int i = 0; i < s.selCount; i++) {
            int t = s.sel[i];
            if (l != null) {
                if (s.selDomain[i] == CompiledChart.NO_DOMAIN) {
                    l.onInternal(this, c.tSource[t], event, cause);
                } else {
                    l.onTransition(this, t, event, cause);
                }
            }
            Act a = c.tAction[t];
            if (a != null) {
                try {
                    a.run(this, owner, event);
                } catch (Throwable e) {
                    reportError(c.tSource[t], e);
                }
            }
        }

        clear(s.enterSet);
        clear(s.defaultEntry);
        clear(s.historyDefault);
        s.keptCount = 0;
        for (int i = 0; i < s.selCount; i++) {
            if (s.selDomain[i] != CompiledChart.NO_DOMAIN) {
                computeEntrySet(s, i);
            }
        }
        enterStates(s);
    }

    private void exitStates(Step s) {
        long[] exit = s.exitSet;
        if (c.historySlotsSize > 0) {
            recordHistory(exit);
        }
        MachineListener l = listener;
        for (int w = exit.length - 1; w >= 0; w--) {
            long bits = exit[w];
            while (bits != 0) {
                int b = 63 - Long.numberOfLeadingZeros(bits);
                bits &= ~(1L << b);
                int st = (w << 6) + b;
                if (l != null) {
                    l.onExit(this, st, cause);
                }
                if (tasks != null) {
                    tasks.exit(st);
                }
                Act a = c.exitAction[st];
                if (a != null) {
                    try {
                        a.run(this, owner, null);
                    } catch (Throwable e) {
                        reportError(st, e);
                    }
                }
                active[w] &= ~(1L << b);
            }
        }
    }

    /** Before anything is exited, every exiting state with history children records its configuration. */
    private void recordHistory(long[] exit) {
        for (int w = 0; w < exit.length; w++) {
            long bits = exit[w];
            while (bits != 0) {
                int st = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                for (int h : c.historyChildren[st]) {
                    if (history == null) {
                        history = new int[c.historySlotsSize];
                    }
                    int off = c.historyOffset[h];
                    int n = 0;
                    if (c.kind[h] == CompiledChart.HISTORY_DEEP) {
                        for (int d = st + 1; d < c.end[st]; d++) {
                            if (isActive(d) && (c.kind[d] == CompiledChart.ATOMIC || c.kind[d] == CompiledChart.FINAL)) {
                                history[off + 1 + n++] = d;
                            }
                        }
                    } else {
                        for (int child : c.children[st]) {
                            if (isActive(child)) {
                                history[off + 1 + n++] = child;
                            }
                        }
                    }
                    history[off] = n;
                }
            }
        }
    }

    /** SCXML computeEntrySet for one selected transition. */
    private void computeEntrySet(Step s, int i) {
        int t = s.sel[i];
        int d = s.selDomain[i];
        int base = d & ~CompiledChart.KEEP;
        int[] targets;
        int count;
        if (s.selTarget[i] >= 0) {
            s.oneTarget[0] = s.selTarget[i];
            targets = s.oneTarget;
            count = 1;
        } else if (s.selTarget[i] == MULTI_TARGET) {
            targets = s.dynTargets;
            count = s.dynCount;
        } else {
            targets = c.tTargets[t];
            count = targets.length;
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if ((d & CompiledChart.KEEP) != 0 && target == base) {
                enterBelow(s, base);
            } else {
                addDescendants(s, target);
            }
        }
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            if (target != base) {
                addAncestorsOfEffectiveTarget(s, target, base);
            }
        }
    }

    /** A target that stays active (local transition to an ancestor, or the root): enter its default content below it. */
    private void enterBelow(Step s, int st) {
        if (c.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!anyInRange(s.enterSet, child, c.end[child])) {
                    addDescendants(s, child);
                }
            }
            return;
        }
        s.kept[s.keptCount++] = st;
        for (int target : c.initialTargets[st]) {
            addDescendants(s, target);
        }
        for (int target : c.initialTargets[st]) {
            addAncestorsOfEffectiveTarget(s, target, st);
        }
    }

    /** SCXML addDescendantStatesToEnter. */
    private void addDescendants(Step s, int st) {
        byte k = c.kind[st];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int p = c.parent[st];
            int off = c.historyOffset[st];
            int n = history == null ? 0 : history[off];
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addDescendants(s, history[off + j]);
                }
                for (int j = 1; j <= n; j++) {
                    addAncestors(s, history[off + j], p);
                }
            } else {
                set(s.historyDefault, p);
                s.historyDefaultOf[p] = st;
                for (int target : c.initialTargets[st]) {
                    addDescendants(s, target);
                }
                for (int target : c.initialTargets[st]) {
                    addAncestorsOfEffectiveTarget(s, target, p);
                }
            }
            return;
        }
        set(s.enterSet, st);
        if (k == CompiledChart.COMPOUND) {
            set(s.defaultEntry, st);
            for (int target : c.initialTargets[st]) {
                addDescendants(s, target);
            }
            for (int target : c.initialTargets[st]) {
                addAncestorsOfEffectiveTarget(s, target, st);
            }
        } else if (k == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!anyInRange(s.enterSet, child, c.end[child])) {
                    addDescendants(s, child);
                }
            }
        }
    }

    /** addAncestorStatesToEnter over getEffectiveTargetStates: a history target stands for what it will enter. */
    private void addAncestorsOfEffectiveTarget(Step s, int target, int upTo) {
        byte k = c.kind[target];
        if (k == CompiledChart.HISTORY_SHALLOW || k == CompiledChart.HISTORY_DEEP) {
            int off = c.historyOffset[target];
            int n = history == null ? 0 : history[off];
            if (n > 0) {
                for (int j = 1; j <= n; j++) {
                    addAncestors(s, history[off + j], upTo);
                }
            } else {
                for (int d : c.initialTargets[target]) {
                    addAncestorsOfEffectiveTarget(s, d, upTo);
                }
            }
            return;
        }
        addAncestors(s, target, upTo);
    }

    /** SCXML addAncestorStatesToEnter: the proper ancestors of {@code st} below {@code upTo}. */
    private void addAncestors(Step s, int st, int upTo) {
        for (int anc = c.parent[st]; anc >= 0 && anc != upTo; anc = c.parent[anc]) {
            set(s.enterSet, anc);
            if (c.kind[anc] == CompiledChart.PARALLEL) {
                for (int child : c.children[anc]) {
                    if (!anyInRange(s.enterSet, child, c.end[child])) {
                        addDescendants(s, child);
                    }
                }
            }
        }
    }

    /** SCXML enterStates, in document order, with initial and history-default actions and completion events. */
    private void enterStates(Step s) {
        for (int k = 0; k < s.keptCount; k++) {
            runInitialAction(s.kept[k]);
        }
        MachineListener l = listener;
        long[] enter = s.enterSet;
        for (int w = 0; w < enter.length; w++) {
            long bits = enter[w];
            while (bits != 0) {
                int b = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int st = (w << 6) + b;
                active[w] |= 1L << b;
                if (l != null) {
                    l.onEntry(this, st, cause);
                }
                Act a = c.entryAction[st];
                if (a != null) {
                    try {
                        a.run(this, owner, null);
                    } catch (Throwable e) {
                        reportError(st, e);
                    }
                }
                if (c.behaviors[st].length > 0) {
                    tasks().enter(st);
                }
                if (isSet(s.defaultEntry, st)) {
                    runInitialAction(st);
                }
                if (isSet(s.historyDefault, st)) {
                    runInitialAction(s.historyDefaultOf[st]);
                }
                if (c.kind[st] == CompiledChart.FINAL) {
                    completed(s, st);
                }
            }
        }
    }

    private void runInitialAction(int st) {
        Act a = c.initialAction[st];
        if (a != null) {
            try {
                a.run(this, owner, null);
            } catch (Throwable e) {
                reportError(st, e);
            }
        }
    }

    /** A final state was entered: halt at the top, or raise done for its parent (and a completed parallel grandparent). */
    private void completed(Step s, int finalState) {
        int p = c.parent[finalState];
        if (p == 0) {
            status = HALTED;
            return;
        }
        s.internal.add(chart.doneEvents[p]);
        int gp = c.parent[p];
        if (gp >= 0 && c.kind[gp] == CompiledChart.PARALLEL && inFinalState(gp)) {
            s.internal.add(chart.doneEvents[gp]);
        }
    }

    private boolean inFinalState(int st) {
        if (c.kind[st] == CompiledChart.COMPOUND) {
            for (int child : c.children[st]) {
                if (c.kind[child] == CompiledChart.FINAL && isActive(child)) {
                    return true;
                }
            }
            return false;
        }
        if (c.kind[st] == CompiledChart.PARALLEL) {
            for (int child : c.children[st]) {
                if (!inFinalState(child)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    // ================================================================ ticks

    /** Outer states first: walk the active tree in document order; a firing skips its domain's subtree. */
    private void pollOuterFirst(Step s) {
        int st = 0;
        while (st < c.stateCount && status == RUNNING) {
            if (!isActive(st)) {
                st = c.end[st];
                continue;
            }
            int resume = firePolled(s, st);
            st = resume >= 0 ? resume : st + 1;
        }
    }

    /** Innermost first: from each active leaf up; a firing skips the rest of its domain. */
    private void pollInnerFirst(Step s) {
        int st = 0;
        while (st < c.stateCount && status == RUNNING) {
            if (!isActive(st)) {
                st = c.end[st];
                continue;
            }
            if (c.kind[st] != CompiledChart.ATOMIC && c.kind[st] != CompiledChart.FINAL) {
                st++;
                continue;
            }
            int resume = -1;
            for (int up = st; up >= 0 && resume < 0; up = c.parent[up]) {
                resume = firePolled(s, up);
            }
            st = resume >= 0 ? Math.max(resume, st + 1) : st + 1;
        }
    }

    /** Fires the first polled transition of {@code st} that holds; returns where the walk resumes, or -1. */
    private int firePolled(Step s, int st) {
        for (int t : c.polledTransitions[st]) {
            if (guardHolds(t, null)) {
                s.selCount = 0;
                select(s, t, c.tDomain[t], -1);
                microstep(s, null);
                int d = c.tDomain[t];
                return d == CompiledChart.NO_DOMAIN ? c.end[st] : c.end[d & ~CompiledChart.KEEP];
            }
        }
        return -1;
    }

    private void runUpdateActions(Step s) {
        for (int st = 0; st < c.stateCount && status == RUNNING; st++) {
            Act a = c.updateAction[st];
            if (a != null && isActive(st)) {
                MachineListener l = listener;
                if (l != null) {
                    l.onUpdate(this, st, cause);
                }
                try {
                    a.run(this, owner, null);
                } catch (Throwable e) {
                    reportError(st, e);
                }
            }
            if (c.behaviors[st].length > 0 && isActive(st)) {
                tasks().update(st);
            }
        }
    }

    /** Moves on to the next step of the innermost plan whose container holds the finished state. */
    private boolean continuePlan(Step s, int finished) {
        Tasks t = tasks;
        for (int i = t.planSize - 1; i >= 0; i--) {
            int container = t.planContainer[i];
            if ((finished == container || c.isDescendant(finished, container)) && isActive(container)) {
                if (finished == container) {
                    return false; // the container itself finished: its plan no longer applies
                }
                int step = t.planStep[i];
                long[] config = t.planConfig[i];
                t.removePlanEntry(i);
                if (step >= 0) {
                    applyMove(s, MOVE_GOTO, step);
                } else {
                    moveToConfiguration(s, config);
                }
                return true;
            }
        }
        return false;
    }

    private Tasks tasks() {
        Tasks t = tasks;
        if (t == null) {
            tasks = t = new Tasks();
        }
        return t;
    }

    // ================================================================ errors and unhandled events

    private boolean guardHolds(int t, Object event) {
        Check g = c.tGuard[t];
        if (g == null) {
            return true;
        }
        try {
            return g.test(this, owner, event);
        } catch (Throwable e) {
            reportError(c.tSource[t], e); // a guard that throws is false, as in SCXML
            return false;
        }
    }

    private void unhandled(Object event) {
        MachineListener l = listener;
        if (l != null) {
            l.onUnhandled(this, event, cause);
        }
        Act a = c.unhandled;
        if (a != null) {
            try {
                a.run(this, owner, event);
            } catch (Throwable e) {
                reportError(0, e);
            }
        }
    }

    private void reportError(int state, Throwable e) {
        if (e instanceof VirtualMachineError vme) {
            throw vme;
        }
        MachineListener l = listener;
        if (l != null) {
            l.onError(this, state, e, cause);
        }
        Step s = step();
        if (c.errorPolicy == ErrorPolicy.RAISE_ERROR_EVENT) {
            s.internal.add(new ExecutionError(e, c.key[state]));
        } else if (s.firstError == null) {
            s.firstError = e;
        } else if (s.firstError != e) {
            s.firstError.addSuppressed(e);
        }
    }

    private void rethrowPending() {
        Step s = step;
        if (s == null || s.firstError == null) {
            return;
        }
        Throwable e = s.firstError;
        s.firstError = null;
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e instanceof Error err) {
            throw err;
        }
        throw new ActionFailedException("an action of machine '" + c.name + "' threw", e);
    }

    // ================================================================ bits

    private boolean isActive(int st) {
        return (active[st >>> 6] & (1L << st)) != 0;
    }

    private static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    private static void clear(long[] bits) {
        for (int i = 0; i < bits.length; i++) {
            bits[i] = 0;
        }
    }

    /** dst |= src over ids in [from, to). */
    private static void orRange(long[] dst, long[] src, int from, int to) {
        if (from >= to) {
            return;
        }
        int wf = from >>> 6;
        int wt = (to - 1) >>> 6;
        for (int w = wf; w <= wt; w++) {
            long mask = -1L;
            if (w == wf) {
                mask &= -1L << (from & 63);
            }
            if (w == wt) {
                mask &= -1L >>> (63 - ((to - 1) & 63));
            }
            dst[w] |= src[w] & mask;
        }
    }

    private static boolean anyInRange(long[] bits, int from, int to) {
        int wf = from >>> 6;
        int wt = (to - 1) >>> 6;
        for (int w = wf; w <= wt; w++) {
            long mask = -1L;
            if (w == wf) {
                mask &= -1L << (from & 63);
            }
            if (w == wt) {
                mask &= -1L >>> (63 - ((to - 1) & 63));
            }
            if ((bits[w] & mask) != 0) {
                return true;
            }
        }
        return false;
    }

    // ================================================================ working memory

    /**
     * Seed 004's runtime: when each state with behaviours was entered (in ticks), which have
     * finished in their current activation, and the stack of pending plan steps and saved
     * configurations. Doubles as the {@link Activity} handed to behaviours.
     */
    private final class Tasks implements Activity<C> {
        long ticks;
        final long[] enteredAt = new long[c.stateCount];
        final long[] finished = new long[c.words];
        int current;
        int[] planContainer = new int[4];
        int[] planStep = new int[4];
        long[][] planConfig = new long[4][];
        int planSize;

        @Override
        public Machine<C> machine() {
            return Machine.this;
        }

        @Override
        public Object state() {
            return c.key[current];
        }

        @Override
        public long ticks() {
            return ticks - enteredAt[current];
        }

        @Override
        public void finish() {
            if (!isSet(finished, current)) {
                set(finished, current);
                step().internal.add(chart.doneEvents[current]);
            }
        }

        @SuppressWarnings("unchecked")
        private Behavior<C>[] behaviorsOf(int st) {
            return (Behavior<C>[]) c.behaviors[st];
        }

        void enter(int st) {
            enteredAt[st] = ticks;
            finished[st >>> 6] &= ~(1L << st);
            for (Behavior<C> b : behaviorsOf(st)) {
                current = st;
                try {
                    b.onEnter(owner, this);
                } catch (Throwable e) {
                    reportError(st, e);
                }
            }
        }

        void update(int st) {
            for (Behavior<C> b : behaviorsOf(st)) {
                current = st;
                try {
                    b.onUpdate(owner, this);
                    current = st;
                    if (!isSet(finished, st) && b.isFinished(owner, this)) {
                        finish();
                    }
                } catch (Throwable e) {
                    reportError(st, e);
                }
            }
        }

        void exit(int st) {
            if (c.behaviors[st].length > 0) {
                for (Behavior<C> b : behaviorsOf(st)) {
                    current = st;
                    try {
                        b.onExit(owner, this);
                    } catch (Throwable e) {
                        reportError(st, e);
                    }
                }
            }
            for (int i = planSize - 1; i >= 0; i--) {
                if (planContainer[i] == st && !resumedLater(i, st)) {
                    removePlanEntry(i); // the plan's container is left for good: the plan is abandoned
                }
            }
        }

        /** Whether a saved configuration above entry i will make {@code container} active again. */
        private boolean resumedLater(int i, int container) {
            for (int j = i + 1; j < planSize; j++) {
                if (planStep[j] < 0 && isSet(planConfig[j], container)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Pushes what follows transition t: the configuration it interrupts (kept while its domain
         * stays active), then the later plan steps, last first (kept while the steps' container
         * stays active).
         */
        void pushPlan(int t, int domain, long[] configuration) {
            if (c.tResume[t]) {
                add(domain, -1, configuration.clone());
            }
            int[] plan = c.tPlan[t];
            for (int k = plan.length - 1; k >= 0; k--) {
                add(c.tPlanContainer[t], plan[k], null);
            }
        }

        private void add(int container, int step, long[] config) {
            if (planSize == planContainer.length) {
                planContainer = java.util.Arrays.copyOf(planContainer, planSize * 2);
                planStep = java.util.Arrays.copyOf(planStep, planSize * 2);
                planConfig = java.util.Arrays.copyOf(planConfig, planSize * 2);
            }
            planContainer[planSize] = container;
            planStep[planSize] = step;
            planConfig[planSize++] = config;
        }

        void removePlanEntry(int i) {
            System.arraycopy(planContainer, i + 1, planContainer, i, planSize - i - 1);
            System.arraycopy(planStep, i + 1, planStep, i, planSize - i - 1);
            System.arraycopy(planConfig, i + 1, planConfig, i, planSize - i - 1);
            planConfig[--planSize] = null;
        }
    }

    /** The scratch arrays and queues of a step, sized once from the chart. */
    private final class Step implements Transitions {
        final int[] sel;
        final int[] selDomain;
        final int[] selTarget;
        int selCount;
        final int[] keepSel;
        final int[] keepDomain;
        final int[] keepTarget;
        final long[] exitSet;
        final long[] enterSet;
        final long[] defaultEntry;
        final long[] historyDefault;
        final int[] historyDefaultOf;
        final int[] kept;
        int keptCount;
        final int[] handlerState;
        final Reply[] handlerReply;
        int handlersAsked;
        final int[] oneTarget = new int[1];
        int requestedTarget = -1;
        final EventQueue internal = new EventQueue();
        final MoveQueue moves = new MoveQueue();
        final long[] previous;
        boolean hasPrevious;
        long[][] stack = new long[0][];
        int stackDepth;
        final int[] dynTargets;
        int dynCount;
        final EventQueue external = new EventQueue();
        Throwable firstError;

        Step(CompiledChart c) {
            int cap = Math.max(1, c.maxActiveLeaves + 1);
            sel = new int[cap];
            selDomain = new int[cap];
            selTarget = new int[cap];
            keepSel = new int[cap];
            keepDomain = new int[cap];
            keepTarget = new int[cap];
            exitSet = new long[c.words];
            enterSet = new long[c.words];
            defaultEntry = new long[c.words];
            historyDefault = new long[c.words];
            historyDefaultOf = new int[c.stateCount];
            kept = new int[cap];
            handlerState = new int[cap];
            handlerReply = new Reply[cap];
            previous = new long[c.words];
            dynTargets = new int[c.stateCount];
        }

        void pushConfiguration(long[] configuration) {
            if (stackDepth == stack.length) {
                stack = java.util.Arrays.copyOf(stack, Math.max(4, stack.length * 2));
            }
            if (stack[stackDepth] == null) {
                stack[stackDepth] = new long[configuration.length];
            }
            System.arraycopy(configuration, 0, stack[stackDepth++], 0, configuration.length);
        }

        @Override
        public Reply state(Object stateKey) {
            requestedTarget = chart.stateId(stateKey);
            return Reply.TRANSITION;
        }
    }
}
