package dev.arbor.core.reference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A small, slow interpreter written directly from the W3C SCXML 1.0 recommendation, Appendix D
 * ("Algorithm for SCXML Interpretation"), over the plain {@link RefState} tree. It shares nothing
 * with Arbor's engine or compiler: ordered sets are {@link LinkedHashSet}s, document order is
 * {@link RefState#order}, and every function below carries the name it has in the appendix.
 *
 * <p>Where Arbor deliberately extends or differs from SCXML, the difference is modelled here and
 * marked "Arbor:" in a comment:
 * <ul>
 *   <li>the root is a compound state that is entered on start (entry recorded, initial action
 *       run) and never exited; it may have transitions of its own;</li>
 *   <li>a transition whose single target is the root keeps the root and re-enters its initial
 *       content below it (the root's initial action runs first);</li>
 *   <li>a LOCAL transition whose single target is a proper ancestor of its source keeps the
 *       target active, exits its active descendants and enters its initial content below it
 *       (the target's initial action runs before every entry of the microstep);</li>
 *   <li>a final child of the root halts the machine: no further event is processed and the
 *       configuration is kept (no exit of everything as in SCXML's exitInterpreter);</li>
 *   <li>events an action sends to the machine itself ({@code fire} inside a step) wait on the
 *       external queue and are processed, each as a macrostep, before {@code fire} returns;</li>
 *   <li>a failing action skips the rest of its block (all entry actions of a state, all actions
 *       of a transition); under RAISE_ERROR_EVENT {@code error.execution} is raised as in SCXML,
 *       under RETHROW the first error escapes {@code fire}/{@code start} once the step is done;</li>
 *   <li>run-to-completion counts loop iterations and declares a livelock past
 *       {@code maxMicrosteps}, exactly where Arbor's {@code runToCompletion} does;</li>
 *   <li>the domain of a transition to a history state: see {@link HistoryDomain}.</li>
 * </ul>
 *
 * <p>Trace records (the same strings the differential test's Arbor listener writes):
 * {@code E:event} an event is processed, {@code U:event} nobody handled it, {@code +s} /
 * {@code -s} state entered / exited (before its entry / exit actions run, as Arbor's listener is
 * called), {@code T:source} / {@code I:source} a transition with / without targets (before its
 * actions), {@code ERROR:state:exception} an action failed, {@code D:event} / {@code R:event} an
 * event deferred / recalled (issue 12), and the records of the actions. Ticks ({@link #update()})
 * test polled transitions and timers as docs/architecture.md ("Ticks") and
 * docs/time-and-deferral.md say.
 */
final class ReferenceInterpreter {

    /**
     * What the RETHROW policy throws after a step in which an event to be deferred found the
     * deferred events at the chart's limit (Arbor: {@code DeferralOverflowException}).
     */
    static final class Overflow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Overflow(String event, int limit) {
            super("already " + limit + " deferred events (the limit): " + event + " dropped", null, false, false);
        }
    }

    /** Thrown when one run-to-completion step does not settle within {@code maxMicrosteps}. */
    static final class Livelock extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Livelock(String message) {
            super(message);
        }
    }

    private static final Comparator<RefState> DOCUMENT_ORDER = Comparator.comparingInt(s -> s.order);

    /**
     * How the domain of a transition that targets a history pseudo-state is computed. SCXML's
     * getTransitionDomain uses the <em>effective</em> targets (the recorded history or its
     * default). Arbor precomputes every domain at build time from the declared targets (the
     * history pseudo-state itself, a child of the history's parent). They differ only when the
     * effective-target domain lies strictly inside the history's parent, and then literal
     * Appendix D enters that (still active) domain again without exiting it, because
     * addDescendantStatesToEnter adds the restored states' ancestors up to the history's parent.
     * Arbor's rule exits and re-enters it instead: the consistent choice, so the random run
     * models it. See DifferentialTest's historyTargetDomain_* tests.
     */
    enum HistoryDomain { SCXML_EFFECTIVE_TARGETS, ARBOR_DECLARED_TARGETS }

    private final RefChart chart;
    private final Env env;
    private final int maxMicrosteps;
    private final HistoryDomain historyDomain;

    private final Set<RefState> configuration = new LinkedHashSet<>();
    private final Map<RefState, List<RefState>> historyValue = new HashMap<>();
    /** An event: its name (what descriptors match) and how the trace shows it. */
    private record Event(String name, String text) {
        static Event of(String name) {
            return new Event(name, name);
        }
    }

    private final Deque<Event> internalQueue = new ArrayDeque<>();
    /** Events that actions sent to the machine itself: processed, in order, after the current macrostep. */
    private final Deque<String> externalQueue = new ArrayDeque<>();
    /** RETHROW policy: the first error of the current step, thrown when the step has finished. */
    private RuntimeException firstError;
    private boolean running;
    private boolean halted;

    // Issue 12, written from docs/architecture.md ("Ticks", "Timers", "Deferral") and
    // docs/time-and-deferral.md:
    /** Ticks so far: {@code update()} calls. */
    private long ticks;
    /** The tick each active state was entered in. */
    private final Map<RefState, Long> enteredAt = new HashMap<>();
    /** Timers that fired and left their source active, in the source's current activation. */
    private final Set<RefTransition> firedOnce = new java.util.HashSet<>();
    /** Deferred events, oldest first. */
    private final List<Event> kept = new ArrayList<>();
    /** The ids of the transitions taken, in the order their content ran (cleared by whoever reads it). */
    final List<Integer> taken = new ArrayList<>();
    /** How often each feature was exercised (the test asserts the generator reaches all of them). */
    private final Map<String, Integer> coverage;

    ReferenceInterpreter(RefChart chart, Env env, int maxMicrosteps, HistoryDomain historyDomain) {
        this.chart = chart;
        this.env = env;
        this.maxMicrosteps = maxMicrosteps;
        this.historyDomain = historyDomain;
        this.coverage = new TreeMap<>();
    }

    Map<String, Integer> coverage() {
        return coverage;
    }

    private void cover(String feature) {
        coverage.merge(feature, 1, Integer::sum);
    }

    // ================================================================ public surface

    /** Enters the initial configuration and runs to completion (SCXML interpret + the first macrostep). */
    void start() {
        running = true;
        // Arbor: the root itself is entered (SCXML enters the targets of the <scxml> initial transition).
        EntrySets sets = new EntrySets();
        addDescendantStatesToEnter(chart.root, sets);
        enterStatesFrom(sets);
        runToCompletion();
        drainExternalQueue();
        rethrowPending();
    }

    /** One external event, then every event actions sent meanwhile: SCXML's mainEventLoop over the externalQueue. */
    void fire(String event) {
        if (!running) {
            return; // Arbor: a halted machine ignores events
        }
        macrostep(Event.of(event));
        drainExternalQueue();
        rethrowPending();
    }

    /** Arbor's RETHROW policy: after the whole step, the first error escapes fire/start. */
    private void rethrowPending() {
        RuntimeException e = firstError;
        firstError = null;
        if (e != null) {
            throw e;
        }
    }

    /** The end of a macrostep: recall, then each event actions sent, each followed by a recall. */
    private void drainExternalQueue() {
        recall();
        while (running && !externalQueue.isEmpty()) {
            cover("sent event processed");
            macrostep(Event.of(externalQueue.poll()));
            recall();
        }
        externalQueue.clear();
    }

    /**
     * One tick: from the root down, in document order, each active state's polled transitions
     * ({@code when}, and timers due since their source has been active that many ticks, in the
     * order of their due ticks, each once per activation); the first that holds fires, and the
     * rest of its domain is not tested in this tick. Then the step runs to completion.
     */
    void update() {
        if (!running) {
            return;
        }
        ticks++;
        List<RefState> states = chart.states;
        for (int i = 0; i < states.size() && running; i++) {
            RefState s = states.get(i);
            if (!configuration.contains(s)) {
                continue;
            }
            RefTransition t = firstPolledThatHolds(s);
            if (t == null) {
                continue;
            }
            cover(t.after > 0 ? "timer fired" : "when fired");
            RefState domain = t.targets.isEmpty() ? s : getTransitionDomain(t);
            if (t.after > 0 && (t.targets.isEmpty()
                    || (domain == s && (t.local || s == chart.root)))) {
                firedOnce.add(t); // its source stays active
            }
            microstep(List.of(t));
            while (i + 1 < states.size() && isDescendant(states.get(i + 1), domain)) {
                i++; // nothing else inside the domain is tested in this tick
            }
        }
        runToCompletion();
        // Arbor: the update actions, then a run to completion again (docs/architecture.md, "The path
        // of a tick"). Generated charts have no update actions, so with guards that read the
        // configuration this run finds nothing; a decider is told, as it may decide otherwise.
        if (env.decider != null) {
            env.decider.settlesAgain();
        }
        runToCompletion();
        drainExternalQueue();
        rethrowPending();
    }

    private RefTransition firstPolledThatHolds(RefState s) {
        List<RefTransition> polled = new ArrayList<>();
        List<RefTransition> timers = new ArrayList<>();
        for (RefTransition t : s.transitions) {
            if (t.polled) {
                polled.add(t);
                if (t.after > 0) {
                    timers.add(t);
                }
            }
        }
        timers.sort(Comparator.comparingLong(t -> t.after)); // stable: declaration order on ties
        int next = 0;
        for (int k = 0; k < polled.size(); k++) {
            if (polled.get(k).after > 0) {
                polled.set(k, timers.get(next++));
            }
        }
        for (RefTransition t : polled) {
            if (t.after > 0 && (ticks - enteredAt.get(s) < t.after || firedOnce.contains(t))) {
                continue;
            }
            if (t.guardHolds(env)) {
                return t;
            }
        }
        return null;
    }

    /** Whether an active state defers the event; completion events are never deferred. */
    private boolean deferredNow(Event e) {
        if (e.name().startsWith("done.state.")) {
            return false;
        }
        for (RefState s : configuration) {
            for (String d : s.defers) {
                if (nameMatch(d, e.name())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * No transition took the event: kept if an active state defers it, else unhandled. Arbor:
     * with {@link RefChart#deferLimit} events kept already, the event is dropped and reported by
     * the error policy, against the first active state (in document order) that defers it.
     */
    private void unhandled(Event e) {
        if (deferredNow(e) && kept.size() == chart.deferLimit) {
            cover("deferral overflow");
            RefState at = null;
            for (RefState s : configuration()) {
                for (String d : s.defers) {
                    if (at == null && nameMatch(d, e.name())) {
                        at = s;
                    }
                }
            }
            reportError(at, new Overflow(e.text(), chart.deferLimit));
        } else if (deferredNow(e)) {
            cover("deferred");
            kept.add(e);
            env.trace.add("D:" + e.text());
        } else {
            env.trace.add("U:" + e.text());
        }
    }

    /** Offers again, oldest first, the kept events no active state defers, each a macrostep; then from the oldest again. */
    private void recall() {
        int i = 0;
        int recalled = 0;
        while (i < kept.size() && running) {
            Event e = kept.get(i);
            if (deferredNow(e)) {
                i++;
                continue;
            }
            kept.remove(i);
            if (++recalled > maxMicrosteps) { // Arbor: bounded like a run-to-completion step
                throw new Livelock("reference recalled more than " + maxMicrosteps + " deferred events");
            }
            cover("recalled");
            env.trace.add("R:" + e.text());
            macrostep(e);
            i = 0;
        }
    }

    /**
     * Runs one block of executable content (all the entry actions of a state, all the actions of
     * a transition, ...). SCXML: an error skips the rest of the block and places
     * {@code error.execution} on the internal queue; Arbor does so under RAISE_ERROR_EVENT and
     * otherwise remembers the first error to throw after the step.
     */
    private void runBlock(List<Effect> block, RefState errorState) {
        try {
            for (Effect e : block) {
                env.apply(e, name -> internalQueue.add(Event.of(name)), externalQueue::add);
            }
        } catch (Env.Boom boom) {
            cover("action failed");
            reportError(errorState, boom);
        }
    }

    /** An error against a state: {@code error.execution} raised, or (RETHROW) the step's first error kept. */
    private void reportError(RefState errorState, RuntimeException error) {
        env.trace.add("ERROR:" + errorState.name + ":" + error);
        if (chart.raiseErrorEvents) {
            internalQueue.add(new Event("error.execution", "error.execution(" + errorState.name + ": " + error + ")"));
        } else if (firstError == null) {
            firstError = error;
        }
    }

    private void macrostep(Event event) {
        env.trace.add("E:" + event.text());
        List<RefTransition> enabled = selectTransitions(event);
        if (!enabled.isEmpty()) {
            microstep(enabled);
        } else {
            unhandled(event);
        }
        runToCompletion();
    }

    boolean isHalted() {
        return halted;
    }

    /** The active states in document order, the root included. */
    List<RefState> configuration() {
        List<RefState> out = new ArrayList<>(configuration);
        out.sort(DOCUMENT_ORDER);
        return out;
    }

    // ================================================================ mainEventLoop (inner part)

    /** Eventless transitions first, then one internal event at a time, until both are exhausted. */
    private void runToCompletion() {
        int steps = 0;
        while (running) {
            // Arbor counts every iteration of this loop, including the last one that finds nothing.
            if (++steps > maxMicrosteps) {
                internalQueue.clear();
                throw new Livelock("reference took more than " + maxMicrosteps + " microsteps");
            }
            List<RefTransition> enabled = selectEventlessTransitions();
            if (!enabled.isEmpty()) {
                microstep(enabled);
                continue;
            }
            Event internalEvent = internalQueue.poll();
            if (internalEvent == null) {
                break;
            }
            cover(internalEvent.name().startsWith("done.") ? "done event processed"
                    : internalEvent.name().startsWith("error.") ? "error event processed" : "raised event processed");
            env.trace.add("E:" + internalEvent.text());
            enabled = selectTransitions(internalEvent);
            if (!enabled.isEmpty()) {
                microstep(enabled);
            } else {
                unhandled(internalEvent);
            }
        }
    }

    // ================================================================ selection

    private List<RefState> atomicStatesInDocumentOrder() {
        List<RefState> atomic = new ArrayList<>();
        for (RefState s : configuration) {
            if (s.isAtomic()) {
                atomic.add(s);
            }
        }
        atomic.sort(DOCUMENT_ORDER);
        return atomic;
    }

    /** SCXML selectEventlessTransitions. */
    private List<RefTransition> selectEventlessTransitions() {
        Set<RefTransition> enabledTransitions = new LinkedHashSet<>();
        for (RefState state : atomicStatesInDocumentOrder()) {
            loop:
            for (RefState s : selfAndProperAncestors(state)) {
                for (RefTransition t : s.transitions) {
                    if (t.event == null && !t.polled && t.guardHolds(env)) {
                        enabledTransitions.add(t);
                        break loop;
                    }
                }
            }
        }
        return removeConflictingTransitions(new ArrayList<>(enabledTransitions));
    }

    /** SCXML selectTransitions. */
    private List<RefTransition> selectTransitions(Event event) {
        Set<RefTransition> enabledTransitions = new LinkedHashSet<>();
        for (RefState state : atomicStatesInDocumentOrder()) {
            loop:
            for (RefState s : selfAndProperAncestors(state)) {
                for (RefTransition t : s.transitions) {
                    if (t.event != null && nameMatch(t.event, event.name()) && t.guardHolds(env)) {
                        enabledTransitions.add(t);
                        break loop;
                    }
                }
            }
        }
        return removeConflictingTransitions(new ArrayList<>(enabledTransitions));
    }

    /**
     * SCXML §3.12.1 event descriptor matching: the event attribute is a space-separated list of
     * descriptors; one matches when it is {@code "*"} or a prefix of the event name made of whole
     * dot-separated tokens.
     */
    private boolean nameMatch(String descriptors, String event) {
        for (String descriptor : descriptors.split(" ")) {
            if (descriptor.equals("*")) {
                cover("matched by *");
                return true;
            }
            if (event.equals(descriptor)) {
                return true;
            }
            if (event.startsWith(descriptor + ".")) {
                cover("matched by a descriptor prefix");
                return true;
            }
        }
        return false;
    }

    /** SCXML removeConflictingTransitions. */
    private List<RefTransition> removeConflictingTransitions(List<RefTransition> enabledTransitions) {
        List<RefTransition> filteredTransitions = new ArrayList<>();
        for (RefTransition t1 : enabledTransitions) {
            boolean t1Preempted = false;
            List<RefTransition> transitionsToRemove = new ArrayList<>();
            for (RefTransition t2 : filteredTransitions) {
                if (intersects(computeExitSet(List.of(t1)), computeExitSet(List.of(t2)))) {
                    if (isDescendant(t1.source, t2.source)) {
                        transitionsToRemove.add(t2);
                    } else {
                        t1Preempted = true;
                        break;
                    }
                }
            }
            if (t1Preempted) {
                cover("conflict: later transition preempted");
            }
            if (!transitionsToRemove.isEmpty()) {
                cover("conflict: descendant source preempts earlier");
            }
            if (!t1Preempted) {
                filteredTransitions.removeAll(transitionsToRemove);
                filteredTransitions.add(t1);
            }
        }
        return filteredTransitions;
    }

    private static boolean intersects(Set<RefState> a, Set<RefState> b) {
        for (RefState s : a) {
            if (b.contains(s)) {
                return true;
            }
        }
        return false;
    }

    // ================================================================ microstep

    /** SCXML microstep. */
    private void microstep(List<RefTransition> enabledTransitions) {
        cover("microstep");
        if (enabledTransitions.size() > 1) {
            cover("microstep with several transitions");
        }
        for (RefTransition t : enabledTransitions) {
            cover(t.event == null ? "eventless transition" : t.doneOf != null ? "done transition" : "event transition");
            if (t.targets.isEmpty()) {
                cover("targetless transition");
            } else if (t.targets.size() > 1) {
                cover("multi-target transition");
            }
            if (t.local) {
                cover("local transition");
            }
        }
        exitStates(enabledTransitions);
        executeTransitionContent(enabledTransitions);
        enterStates(enabledTransitions);
    }

    /** SCXML exitStates, with history recording before any exit. */
    private void exitStates(List<RefTransition> enabledTransitions) {
        List<RefState> statesToExit = new ArrayList<>(computeExitSet(enabledTransitions));
        statesToExit.sort(DOCUMENT_ORDER.reversed());
        for (RefState s : statesToExit) {
            for (RefState h : s.historyChildren()) {
                List<RefState> recorded = new ArrayList<>();
                for (RefState s0 : configuration) {
                    boolean take = h.kind == RefState.Kind.DEEP_HISTORY
                            ? s0.isAtomic() && isDescendant(s0, s)
                            : s0.parent == s;
                    if (take) {
                        recorded.add(s0);
                    }
                }
                recorded.sort(DOCUMENT_ORDER);
                historyValue.put(h, recorded);
                cover("history recorded (" + h.kind + ")");
            }
        }
        for (RefState s : statesToExit) {
            env.trace.add("-" + s.name);
            runBlock(s.onExit, s);
            configuration.remove(s);
        }
    }

    /** SCXML computeExitSet. */
    private Set<RefState> computeExitSet(List<RefTransition> transitions) {
        Set<RefState> statesToExit = new LinkedHashSet<>();
        for (RefTransition t : transitions) {
            if (!t.targets.isEmpty()) {
                RefState domain = getTransitionDomain(t);
                for (RefState s : configuration) {
                    if (isDescendant(s, domain)) {
                        statesToExit.add(s);
                    }
                }
            }
        }
        return statesToExit;
    }

    /** SCXML executeTransitionContent. */
    private void executeTransitionContent(List<RefTransition> enabledTransitions) {
        for (RefTransition t : enabledTransitions) {
            env.trace.add((t.targets.isEmpty() ? "I:" : "T:") + t.source.name);
            taken.add(t.id);
            runBlock(t.actions, t.source);
        }
    }

    /** The three sets computeEntrySet fills, plus Arbor's states kept active whose initial content is entered. */
    private static final class EntrySets {
        final Set<RefState> statesToEnter = new LinkedHashSet<>();
        final Set<RefState> statesForDefaultEntry = new LinkedHashSet<>();
        final Map<RefState, RefState> defaultHistoryContent = new LinkedHashMap<>();
        /** Arbor: domains kept active and re-entered below themselves (root target, local to ancestor). */
        final List<RefState> kept = new ArrayList<>();
    }

    /** SCXML enterStates. */
    private void enterStates(List<RefTransition> enabledTransitions) {
        EntrySets sets = new EntrySets();
        computeEntrySet(enabledTransitions, sets);
        enterStatesFrom(sets);
    }

    private void enterStatesFrom(EntrySets sets) {
        // Arbor: the initial action of a kept state runs before every entry of the microstep.
        for (RefState k : sets.kept) {
            runBlock(k.initialAction, k);
        }
        List<RefState> toEnter = new ArrayList<>(sets.statesToEnter);
        toEnter.sort(DOCUMENT_ORDER);
        for (RefState s : toEnter) {
            configuration.add(s);
            enteredAt.put(s, ticks); // its clock starts: timers count from the tick of entry
            firedOnce.removeIf(t -> t.source == s);
            env.trace.add("+" + s.name);
            runBlock(s.onEntry, s);
            if (sets.statesForDefaultEntry.contains(s)) {
                runBlock(s.initialAction, s);
            }
            // defaultHistoryContent: the generated history pseudo-states carry no actions.
            if (s.kind == RefState.Kind.FINAL) {
                if (s.parent == chart.root) {
                    cover("halt");
                    running = false; // Arbor: halt, keep the configuration
                    halted = true;
                } else {
                    RefState parent = s.parent;
                    RefState grandparent = parent.parent;
                    internalQueue.add(Event.of("done.state." + parent.name));
                    if (grandparent != null && grandparent.kind == RefState.Kind.PARALLEL) {
                        boolean all = true;
                        for (RefState c : grandparent.childStates()) {
                            all &= isInFinalState(c);
                        }
                        if (all) {
                            cover("parallel done");
                            internalQueue.add(Event.of("done.state." + grandparent.name));
                        }
                    }
                }
            }
        }
    }

    /** SCXML computeEntrySet, with Arbor's enter-below for a target that is its own (kept) domain. */
    private void computeEntrySet(List<RefTransition> transitions, EntrySets sets) {
        for (RefTransition t : transitions) {
            if (t.targets.isEmpty()) {
                continue;
            }
            RefState ancestor = getTransitionDomain(t);
            for (RefState s : t.targets) {
                if (s == ancestor) {
                    enterBelow(s, sets); // Arbor: root target, or LOCAL transition to an ancestor
                } else {
                    addDescendantStatesToEnter(s, sets);
                }
            }
            for (RefState s : getEffectiveTargetStates(t)) {
                if (s != ancestor) {
                    addAncestorStatesToEnter(s, ancestor, sets);
                }
            }
        }
    }

    /**
     * Arbor: a state that stays active while its descendants are exited and re-entered. A compound
     * is re-entered through its initial transition (its initial action runs, no entry of its own);
     * a parallel state re-enters every region.
     */
    private void enterBelow(RefState state, EntrySets sets) {
        cover(state == chart.root ? "enter below the root" : "enter below a kept ancestor (" + state.kind + ")");
        if (state.kind == RefState.Kind.PARALLEL) {
            for (RefState child : state.childStates()) {
                if (!anyDescendantOrSelf(sets.statesToEnter, child)) {
                    addDescendantStatesToEnter(child, sets);
                }
            }
            return;
        }
        sets.kept.add(state);
        for (RefState s : state.initial) {
            addDescendantStatesToEnter(s, sets);
        }
        for (RefState s : state.initial) {
            addAncestorStatesToEnter(s, state, sets);
        }
    }

    private static boolean anyDescendantOrSelf(Set<RefState> set, RefState of) {
        for (RefState s : set) {
            if (s == of || isDescendant(s, of)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyDescendant(Set<RefState> set, RefState of) {
        for (RefState s : set) {
            if (isDescendant(s, of)) {
                return true;
            }
        }
        return false;
    }

    /** SCXML addDescendantStatesToEnter. */
    private void addDescendantStatesToEnter(RefState state, EntrySets sets) {
        if (state.isHistory()) {
            List<RefState> recorded = historyValue.get(state);
            if (recorded != null && !recorded.isEmpty()) {
                cover("history restored (" + state.kind + ")");
                for (RefState s : recorded) {
                    addDescendantStatesToEnter(s, sets);
                }
                for (RefState s : recorded) {
                    addAncestorStatesToEnter(s, state.parent, sets);
                }
            } else {
                cover("history default (" + state.kind + ")");
                sets.defaultHistoryContent.put(state.parent, state);
                for (RefState s : state.initial) {
                    addDescendantStatesToEnter(s, sets);
                }
                for (RefState s : state.initial) {
                    addAncestorStatesToEnter(s, state.parent, sets);
                }
            }
        } else {
            sets.statesToEnter.add(state);
            if (state.kind == RefState.Kind.COMPOUND) {
                sets.statesForDefaultEntry.add(state);
                for (RefState s : state.initial) {
                    addDescendantStatesToEnter(s, sets);
                }
                for (RefState s : state.initial) {
                    addAncestorStatesToEnter(s, state, sets);
                }
            } else if (state.kind == RefState.Kind.PARALLEL) {
                for (RefState child : state.childStates()) {
                    if (!anyDescendant(sets.statesToEnter, child)) {
                        addDescendantStatesToEnter(child, sets);
                    }
                }
            }
        }
    }

    /** SCXML addAncestorStatesToEnter. */
    private void addAncestorStatesToEnter(RefState state, RefState ancestor, EntrySets sets) {
        for (RefState anc : getProperAncestors(state, ancestor)) {
            sets.statesToEnter.add(anc);
            if (anc.kind == RefState.Kind.PARALLEL) {
                for (RefState child : anc.childStates()) {
                    if (!anyDescendant(sets.statesToEnter, child)) {
                        addDescendantStatesToEnter(child, sets);
                    }
                }
            }
        }
    }

    /** SCXML isInFinalState. */
    private boolean isInFinalState(RefState s) {
        if (s.kind == RefState.Kind.COMPOUND) {
            for (RefState c : s.childStates()) {
                if (c.kind == RefState.Kind.FINAL && configuration.contains(c)) {
                    return true;
                }
            }
            return false;
        }
        if (s.kind == RefState.Kind.PARALLEL) {
            for (RefState c : s.childStates()) {
                if (!isInFinalState(c)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    // ================================================================ domains

    /** SCXML getTransitionDomain, with Arbor's two extensions (root target, local to an ancestor). */
    private RefState getTransitionDomain(RefTransition t) {
        List<RefState> tstates = historyDomain == HistoryDomain.SCXML_EFFECTIVE_TARGETS
                ? getEffectiveTargetStates(t) : t.targets;
        if (tstates.isEmpty()) {
            return null;
        }
        if (t.local && t.source.kind == RefState.Kind.COMPOUND) {
            boolean all = true;
            for (RefState s : tstates) {
                all &= isDescendant(s, t.source);
            }
            if (all) {
                cover("domain: local source kept");
                return t.source;
            }
        }
        // Arbor: a LOCAL transition to a proper ancestor keeps the ancestor (its domain) active.
        if (t.local && t.targets.size() == 1 && isDescendant(t.source, t.targets.get(0))) {
            return t.targets.get(0);
        }
        // Arbor: the root is never exited; a transition to it re-enters below it.
        if (t.targets.size() == 1 && t.targets.get(0) == chart.root) {
            return chart.root;
        }
        List<RefState> states = new ArrayList<>();
        states.add(t.source);
        states.addAll(tstates);
        RefState leastCommonCompoundAncestor = findLCCA(states);
        return leastCommonCompoundAncestor == null ? chart.root : leastCommonCompoundAncestor; // Arbor: a transition of the root itself has the root as domain
    }

    /** SCXML getEffectiveTargetStates. */
    private List<RefState> getEffectiveTargetStates(RefTransition t) {
        Set<RefState> targets = new LinkedHashSet<>();
        for (RefState s : t.targets) {
            addEffective(s, targets);
        }
        return new ArrayList<>(targets);
    }

    private void addEffective(RefState s, Set<RefState> targets) {
        if (s.isHistory()) {
            List<RefState> recorded = historyValue.get(s);
            if (recorded != null && !recorded.isEmpty()) {
                targets.addAll(recorded);
            } else {
                for (RefState d : s.initial) {
                    addEffective(d, targets);
                }
            }
        } else {
            targets.add(s);
        }
    }

    /** SCXML findLCCA: the first proper ancestor of states[0] that is compound (or the root) and contains the rest. */
    private static RefState findLCCA(List<RefState> states) {
        for (RefState anc : getProperAncestors(states.get(0), null)) {
            if (anc.kind == RefState.Kind.COMPOUND) {
                boolean all = true;
                for (int i = 1; i < states.size(); i++) {
                    all &= isDescendant(states.get(i), anc);
                }
                if (all) {
                    return anc;
                }
            }
        }
        return null;
    }

    // ================================================================ tree helpers

    /**
     * SCXML getProperAncestors: the ancestors of state1 in ancestry order up to but not including
     * state2 (all of them when state2 is null); empty when state2 is state1, its parent, or a
     * descendant of it.
     */
    private static List<RefState> getProperAncestors(RefState state1, RefState state2) {
        List<RefState> out = new ArrayList<>();
        if (state2 != null && (state2 == state1 || isDescendant(state2, state1))) {
            return out;
        }
        for (RefState p = state1.parent; p != null && p != state2; p = p.parent) {
            out.add(p);
        }
        return out;
    }

    private static List<RefState> selfAndProperAncestors(RefState s) {
        List<RefState> out = new ArrayList<>();
        out.add(s);
        out.addAll(getProperAncestors(s, null));
        return out;
    }

    /** SCXML isDescendant: whether state1 is a proper descendant of state2. */
    private static boolean isDescendant(RefState state1, RefState state2) {
        return state1.isDescendantOf(state2);
    }
}
