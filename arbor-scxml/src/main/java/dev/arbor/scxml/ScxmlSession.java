package dev.arbor.scxml;

import dev.arbor.core.Cause;
import dev.arbor.core.Done;
import dev.arbor.core.ExecutionError;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.NamedEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One running SCXML session: an Arbor {@link Machine} over the document's chart whose owner is
 * this session, holding the data model, the external queue and a virtual clock. Time never moves
 * by itself: {@link #runToCompletion()} advances it to each delayed event in turn while the
 * machine is idle, and {@link #advanceTime(long)} moves it by a given amount.
 *
 * <pre>{@code
 * ScxmlSession s = ScxmlLoader.load(path).newSession(System.out::println);
 * s.start();                 // initial configuration, data bound, scripts run
 * s.fire("start");           // one external event, and whatever is due now
 * s.runToCompletion();       // delayed events too, until halted or nothing is pending
 * s.finalState();            // "pass", for a W3C test that passed
 * }</pre>
 *
 * <p>A session is confined to one thread, like the machine it runs.
 */
public final class ScxmlSession {
    /** The type URI of the SCXML Event I/O processor. */
    public static final String SCXML_TYPE = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor";
    private static final int MAX_EVENTS = 100_000;
    /** How deep sessions may invoke sessions: the root is at depth 0; an {@code <invoke>} deeper fails with {@code error.execution}. */
    static final int MAX_INVOKE_DEPTH = 16;
    /** How many sessions a tree may hold at once; an {@code <invoke>} beyond fails with {@code error.execution}. */
    static final int MAX_SESSIONS = 1_000;

    private final ScxmlDocument document;
    private final Consumer<String> log;
    private final Scheduler scheduler;
    private final ScxmlSession parent;
    private final String invokeId;
    private final Map<String, Object> invokeParams;
    private final String sessionId;
    private final int depth;
    private final DataModel dm;
    /** The executable element running now, for the error events it raises; null outside executable content. */
    Site site;
    private final Machine<ScxmlSession> machine;
    private final Set<String> bound = new HashSet<>();
    private final Set<String> historyRequests = new HashSet<>();
    private final Set<String> exitedOnce = new HashSet<>();
    private final Map<String, Object> doneData = new HashMap<>();
    private final List<Invoke> pendingInvokes = new ArrayList<>();
    private final Map<Invoke, ScxmlSession> children = new LinkedHashMap<>();
    private Object topDoneData;
    private String finalState;
    private boolean ended;
    /** The external event being handed to the engine, whose finalize has not run yet. */
    private ScxmlEvent delivering;
    private int counter;

    ScxmlSession(ScxmlDocument document, Consumer<String> log, Scheduler scheduler, ScxmlSession parent,
                 String invokeId, Map<String, Object> invokeParams) {
        this.document = document;
        this.log = log;
        this.scheduler = scheduler;
        this.parent = parent;
        this.invokeId = invokeId;
        this.invokeParams = invokeParams == null ? Map.of() : invokeParams;
        this.depth = parent == null ? 0 : parent.depth + 1;
        this.sessionId = scheduler.register(this);
        this.dm = document.newDataModel();
        dm.init(this);
        this.machine = document.chart().newMachine(this);
        machine.addListener(new MachineListener() {
            @Override
            public void onEvent(Machine<?> m, Object event, Cause cause) {
                eventProcessed(event);
            }
        });
    }

    // ================================================================ public API

    /**
     * The document this session runs.
     *
     * @return the document, shared with its other sessions
     */
    public ScxmlDocument document() {
        return document;
    }

    /**
     * Attaches an Arbor listener to the session's machine: the trace stream (events taken,
     * entries, exits, transitions, errors). The machine itself stays inside the session, so that
     * every event goes through the session's queues.
     *
     * @param listener hears the machine's trace; attach it before {@link #start()} to hear the start
     * @return this session
     */
    public ScxmlSession addListener(MachineListener listener) {
        machine.addListener(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * The session id ({@code _sessionid}), unique among the sessions of one tree.
     *
     * @return the id, fixed when the session is made
     */
    public String sessionId() {
        return sessionId;
    }

    /**
     * The document's {@code name} attribute ({@code _name}), or null.
     *
     * @return the name, or null when the document has none
     */
    public String name() {
        return document.name();
    }

    /**
     * The virtual clock, in milliseconds since the session's tree was made.
     *
     * @return the time, shared by the sessions of one tree
     */
    public long now() {
        return scheduler.now();
    }

    /** Enters the initial configuration (binding data and running top-level scripts first). Idempotent. */
    public void start() {
        if (machine.isStarted()) {
            return;
        }
        machine.start();
        afterMacrostep();
    }

    /**
     * Places an external event on this session's queue; it is processed by the next run.
     *
     * @param event the event, due now
     */
    public void send(ScxmlEvent event) {
        scheduler.schedule(null, this, Objects.requireNonNull(event, "event"), 0, null);
    }

    /**
     * Sends an external event by name, then processes everything due now (the clock does not move).
     * Starts the session first if it is not started.
     *
     * @param eventName the dotted name of an external event without data
     * @throws dev.arbor.core.LivelockException if one run delivers more than 100,000 events
     */
    public void fire(String eventName) {
        fire(ScxmlEvent.external(eventName));
    }

    /**
     * Sends an external event, then processes everything due now (the clock does not move).
     * Starts the session first if it is not started.
     *
     * @param event the event, due now
     * @throws dev.arbor.core.LivelockException if one run delivers more than 100,000 events
     */
    public void fire(ScxmlEvent event) {
        start();
        send(event);
        scheduler.run(this, scheduler.now(), MAX_EVENTS);
    }

    /**
     * Moves the clock forward by {@code millis}, processing the events that fall due on the way.
     * Starts the session first if it is not started; the clock stops early if it halts.
     *
     * @param millis how far to move the clock, in milliseconds, not negative
     * @throws IllegalArgumentException if {@code millis} is negative
     * @throws dev.arbor.core.LivelockException if one run delivers more than 100,000 events
     */
    public void advanceTime(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("time moves forward: " + millis);
        }
        start();
        scheduler.run(this, scheduler.now() + millis, MAX_EVENTS);
    }

    /**
     * Processes queued events, moving the clock to each delayed event while the machine is idle,
     * until the session halts or nothing is pending.
     *
     * @return whether the session halted
     * @throws dev.arbor.core.LivelockException if one run delivers more than 100,000 events
     */
    public boolean runToCompletion() {
        start();
        scheduler.run(this, Long.MAX_VALUE, MAX_EVENTS);
        return isHalted();
    }

    /**
     * Whether the session reached a top-level final state (or was cancelled by its parent).
     *
     * @return true once the session has ended; it processes no more events
     */
    public boolean isHalted() {
        return ended || machine.isHalted();
    }

    /**
     * The id of the top-level final state the session halted in, or null.
     *
     * @return the final state's id, or null if the session has not halted in one
     */
    public String finalState() {
        return finalState;
    }

    /**
     * Whether the state with this id is active.
     *
     * @param stateId an SCXML state id; an id the document lacks is never active
     * @return true if the state is in the active configuration
     */
    public boolean isIn(String stateId) {
        return document.chart().hasState(stateId) && machine.isIn(stateId);
    }

    /**
     * The ids of the active states, in document order.
     *
     * @return a new unmodifiable list of state ids
     */
    public List<String> activeStates() {
        List<String> out = new ArrayList<>();
        for (Object k : machine.activeStates()) {
            if (k instanceof String s) {
                out.add(s);
            }
        }
        return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() {
        return "ScxmlSession[" + sessionId + " " + activeStates() + (isHalted() ? " halted in " + finalState : "") + "]";
    }

    // ================================================================ called by the chart's actions

    DataModel dm() {
        return dm;
    }

    void log(String line) {
        log.accept(line);
    }

    /** The root's initial action: data bound (all of it, or the top level's when binding is late), then top-level scripts. */
    void initialize(List<ScxmlDocument.DataDecl> data, List<ScxmlDocument.DataDecl> lateData,
                    List<Exec[]> scripts) {
        if (!dm.hasVariables()) {
            // the null data model declares nothing (B.1): its <data> elements, if any, are ignored
            for (Exec[] s : scripts) {
                runBlock(s);
            }
            return;
        }
        for (ScxmlDocument.DataDecl d : lateData) {
            dm.declare(d.id(), null);
        }
        bind(data);
        Set<String> declared = new HashSet<>();
        data.forEach(d -> declared.add(d.id()));
        lateData.forEach(d -> declared.add(d.id()));
        invokeParams.forEach((k, v) -> {
            if (declared.contains(k)) {
                dm.declare(k, dm.importValue(v)); // a value passed by the invoker replaces the document's own
            }
        });
        for (Exec[] s : scripts) {
            runBlock(s);
        }
    }

    void bindLate(String stateId, List<ScxmlDocument.DataDecl> data) {
        if (bound.add(stateId) && dm.hasVariables()) {
            bind(data);
        }
    }

    private void bind(List<ScxmlDocument.DataDecl> data) {
        for (ScxmlDocument.DataDecl d : data) {
            if (invokeParams.containsKey(d.id())) {
                continue; // a value the invoker passed replaces the document's
            }
            try {
                dm.declare(d.id(), d.value().get(this));
            } catch (RuntimeException e) {
                dm.declare(d.id(), null);
                raiseError(new Site.Error(d.site(), e));
            }
        }
    }

    /** Runs a block of executable content; an error stops it and raises {@code error.execution}. */
    void runBlock(Exec[] block) {
        try {
            Content.runAll(this, block);
        } catch (RuntimeException e) {
            raiseError(e);
        }
    }

    /** A transition's {@code cond}: an error makes it false and raises {@code error.execution} naming the transition. */
    boolean cond(String expr, Site at) {
        try {
            return dm.cond(expr);
        } catch (RuntimeException e) {
            raiseError(new Site.Error(at, e));
            return false;
        }
    }

    void raiseInternal(ScxmlEvent event) {
        machine.raise(event);
    }

    private void raiseError(RuntimeException e) {
        Site at = site;
        RuntimeException error = e;
        if (e instanceof Site.Error placed) {
            at = placed.site;
            error = placed.error;
        }
        if (error instanceof ExecError x) {
            machine.raise(ScxmlEvent.platform(x.event, x.sendid, Site.errorData(at, x.getMessage())));
        } else {
            machine.raise(ScxmlEvent.platform("error.execution", null, Site.errorData(at, String.valueOf(error))));
        }
    }

    /**
     * Places an error event on the internal queue (processed in the current macrostep when one is
     * running); its data names the element that is running, when there is one.
     */
    void raiseError(String name, String message) {
        machine.raise(ScxmlEvent.platform(name, null, Site.errorData(site, message)));
    }

    String newSendId() {
        return sessionId + ".send" + (++counter);
    }

    /** {@code <send>}: to this session's external queue, its internal queue, its parent, a child or another session. */
    void send(String name, String target, String type, long delay, String sendid, Object data) {
        if (type != null && !type.equals(SCXML_TYPE) && !type.equals("scxml")) {
            throw new ExecError("unsupported send type " + type);
        }
        if (name == null) {
            throw new ExecError("<send> without an event name");
        }
        String origin = "#_scxml_" + sessionId;
        data = dm.exportValue(data); // every receiver, this session included, gets a copy made now (SCXML 6.2: evaluated when sent)
        ScxmlEvent event = new ScxmlEvent(name, "external", sendid, origin, SCXML_TYPE, null, data);
        if (target == null) {
            scheduler.schedule(this, this, event, delay, sendid);
        } else if (target.equals("#_internal")) {
            raiseInternal(new ScxmlEvent(name, "internal", sendid, origin, SCXML_TYPE, null, data));
        } else if (target.equals("#_parent")) {
            if (parent == null || parent.isHalted()) {
                raiseError("error.communication", "no parent session");
                return;
            }
            scheduler.schedule(this, parent, new ScxmlEvent(name, "external", sendid, origin, SCXML_TYPE, invokeId, data),
                    delay, sendid);
        } else if (target.startsWith("#_scxml_")) {
            ScxmlSession to = scheduler.session(target.substring("#_scxml_".length()));
            if (to == null) {
                raiseError("error.communication", "no session " + target);
                return;
            }
            if (to == parent) {
                // an invoked session writing to its parent by id is still the child it invoked: invokeid set, finalize runs
                event = new ScxmlEvent(name, "external", sendid, origin, SCXML_TYPE, invokeId, data);
            }
            scheduler.schedule(this, to, event, delay, sendid);
        } else if (target.startsWith("#_")) {
            ScxmlSession to = child(target.substring(2));
            if (to == null) {
                raiseError("error.communication", "no invoked session " + target);
                return;
            }
            scheduler.schedule(this, to, event, delay, sendid);
        } else {
            throw new ExecError("unsupported send target " + target);
        }
    }

    private ScxmlSession child(String id) {
        for (ScxmlSession c : children.values()) {
            if (id.equals(c.invokeId) && !c.isHalted()) {
                return c;
            }
        }
        return null;
    }

    void cancel(String sendid) {
        scheduler.cancel(this, sendid);
    }

    void doneData(String parentId, Content.Data data) {
        Object value;
        try {
            value = data.get(this);
        } catch (RuntimeException e) {
            raiseError(e);
            value = null;
        }
        if (parentId == null) {
            try {
                topDoneData = dm.exportValue(value); // for the parent session: a copy
            } catch (RuntimeException e) {
                raiseError(e);
                topDoneData = null;
            }
        } else {
            doneData.put("done.state." + parentId, value);
        }
    }

    /** A transition targets history state {@code historyId}: its default content may run when its parent is entered. */
    void historyRequested(String historyId) {
        historyRequests.add(historyId);
    }

    /** The parent of a history state with default content was entered. */
    void historyEntered(String historyId, String parentId, Exec[] defaultContent) {
        if (historyRequests.remove(historyId)) {
            historyDefault(parentId, defaultContent);
        }
    }

    /** A history state's default content runs only while its parent has never been exited (nothing recorded). */
    void historyDefault(String parentId, Exec[] defaultContent) {
        if (!exitedOnce.contains(parentId)) {
            runBlock(defaultContent);
        }
    }

    /** How many history requests wait for their parent's entry: none between macrosteps. */
    int pendingHistoryRequests() {
        return historyRequests.size();
    }

    void historyParentExited(String parentId) {
        exitedOnce.add(parentId);
    }

    void reachedFinal(String stateId) {
        finalState = stateId;
    }

    void invokeRequested(Invoke i) {
        pendingInvokes.add(i);
    }

    void invokeCancelled(Invoke i) {
        pendingInvokes.remove(i);
        ScxmlSession child = children.remove(i);
        if (child != null) {
            child.end();
        }
    }

    // ================================================================ the event loop

    /** The listener saw the engine take an event: it becomes {@code _event}. */
    private void eventProcessed(Object event) {
        ScxmlEvent e;
        if (event instanceof ScxmlEvent s) {
            e = s;
        } else if (event instanceof Done d) {
            e = ScxmlEvent.platform(d.name(), null, doneData.remove(d.name()));
        } else if (event instanceof ExecutionError x) {
            e = ScxmlEvent.platform(x.name(), null, String.valueOf(x.error()));
        } else if (event instanceof NamedEvent n) {
            e = ScxmlEvent.internal(n.name(), null);
        } else {
            e = ScxmlEvent.internal(String.valueOf(event), null);
        }
        dm.setEvent(e);
        if (event == delivering) {
            delivering = null;
            runFinalize(e);
        }
    }

    /**
     * SCXML 6.5: an event from an invoked session runs that invocation's {@code <finalize>} before
     * the event is selected for transitions; the engine has taken the event, so an error goes to
     * the internal queue and is processed after it, in the same macrostep.
     */
    private void runFinalize(ScxmlEvent event) {
        if (event.invokeid() == null) {
            return;
        }
        for (Map.Entry<Invoke, ScxmlSession> c : children.entrySet()) {
            if (event.invokeid().equals(c.getValue().invokeId) && c.getKey().finalize.length > 0) {
                runBlock(c.getKey().finalize);
            }
        }
    }

    /** An external event taken from the queue: finalize, autoforward, then one macrostep. */
    void deliver(ScxmlEvent event) {
        if (isHalted()) {
            return;
        }
        for (Map.Entry<Invoke, ScxmlSession> c : children.entrySet()) {
            if (c.getKey().autoforward && !c.getValue().isHalted()) {
                scheduler.schedule(this, c.getValue(), event, 0, null);
            }
        }
        delivering = event; // finalize runs when the engine takes it (eventProcessed)
        try {
            machine.fire(event);
        } finally {
            delivering = null;
        }
        afterMacrostep();
    }

    /** After a macrostep: a halted session ends; otherwise the invocations of states still active start. */
    private void afterMacrostep() {
        historyRequests.clear(); // a request whose parent was not entered in this macrostep is void
        if (machine.isHalted()) {
            if (!ended) {
                machine.stop(); // SCXML exits every active state when a session halts
                end();
                if (parent != null) {
                    scheduler.schedule(this, parent, new ScxmlEvent("done.invoke." + invokeId, "external", null,
                            "#_scxml_" + sessionId, SCXML_TYPE, invokeId, topDoneData), 0, null);
                }
            }
            return;
        }
        while (!pendingInvokes.isEmpty() && !isHalted()) {
            List<Invoke> start = new ArrayList<>(pendingInvokes);
            pendingInvokes.clear();
            for (Invoke i : start) {
                if (machine.isIn(i.stateId) && !children.containsKey(i)) {
                    startInvoke(i);
                }
            }
        }
    }

    private void startInvoke(Invoke i) {
        String id = i.id;
        try {
            if (id == null) {
                id = i.stateId + "." + sessionId + ".invoke" + (++counter);
                if (i.idlocation != null) {
                    dm.assign(i.idlocation, id);
                }
            }
            Object type = i.type.get(this);
            String t = type == null ? null : dm.asString(type);
            if (t != null && !t.equals(Invoke.SCXML_INVOKE_TYPE) && !t.equals("scxml") && !t.equals(SCXML_TYPE)
                    && !t.equals(Invoke.SCXML_INVOKE_TYPE.substring(0, Invoke.SCXML_INVOKE_TYPE.length() - 1))) {
                throw new ExecError("unsupported invoke type " + t);
            }
            if (depth >= MAX_INVOKE_DEPTH) {
                throw new ExecError("<invoke> refused: sessions nested deeper than " + MAX_INVOKE_DEPTH);
            }
            if (scheduler.liveSessions() >= MAX_SESSIONS) {
                throw new ExecError("<invoke> refused: more than " + MAX_SESSIONS + " sessions at once");
            }
            ScxmlDocument doc = i.resolve(this);
            Map<String, Object> params = new LinkedHashMap<>();
            for (Content.Named n : i.params) {
                params.put(n.name(), dm.exportValue(n.value().get(this))); // the child gets a copy
            }
            ScxmlSession child = new ScxmlSession(doc, log, scheduler, this, id, params);
            children.put(i, child);
            child.start();
        } catch (RuntimeException e) {
            raiseError(e); // between macrosteps: processed at once, as the spec's loop does with the internal queue
            afterMacrostep();
        }
    }

    /** Stops this session and what it invoked; events on their way to it are dropped. */
    private void end() {
        ended = true;
        for (ScxmlSession c : children.values()) {
            c.end();
        }
        children.clear();
        pendingInvokes.clear();
        scheduler.ended(this);
    }
}
