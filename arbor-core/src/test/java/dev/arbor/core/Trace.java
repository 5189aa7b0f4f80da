package dev.arbor.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The owner and the listener of a feature test: one ordered log of what a machine did.
 *
 * <p>As a {@link MachineListener} it records {@code "enter X"}, {@code "exit X"} and
 * {@code "unhandled E"}, {@code "deferred E"} and {@code "recalled E"}; as the owner it is what every action receives, so actions append their
 * own records ({@code t -> t.log("go")}) to the same log, in the order they ran. Errors reported
 * to the listener are kept apart in {@link #errors()} ({@code "STATE: message"}), so that traces
 * do not depend on when, within a state's exit or entry, the listener hears of them.
 *
 * <p>Tests that need extended state use {@link #flag(String)} / {@link #set(String, boolean)} or
 * a subclass.
 */
class Trace implements MachineListener {
    private final List<String> log = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final Map<String, Boolean> flags = new HashMap<>();

    /** Makes a machine for this owner, attaches the owner as its listener and starts it. */
    static <T extends Trace> Machine<T> started(Chart<T> chart, T owner) {
        Machine<T> m = chart.newMachine(owner);
        m.addListener(owner);
        m.start();
        return m;
    }

    /** A started machine whose owner is a new trace. */
    static Machine<Trace> started(Chart<Trace> chart) {
        return started(chart, new Trace());
    }

    /** A transition action that appends one record. */
    static <E> Action<Trace, E> say(String record) {
        return (t, e) -> t.log(record);
    }

    /** An entry, exit, initial or update action that appends one record. */
    static StateAction<Trace> note(String record) {
        return t -> t.log(record);
    }

    void log(String record) {
        log.add(record);
    }

    /** The records so far, clearing the log. */
    List<String> take() {
        List<String> out = List.copyOf(log);
        log.clear();
        return out;
    }

    /** The errors reported so far ("STATE: message"), clearing them. */
    List<String> errors() {
        List<String> out = List.copyOf(errors);
        errors.clear();
        return out;
    }

    boolean flag(String name) {
        return flags.getOrDefault(name, false);
    }

    Trace set(String name, boolean value) {
        flags.put(name, value);
        return this;
    }

    @Override
    public void onEntry(Machine<?> machine, int state, Cause cause) {
        log.add("enter " + machine.chart().stateName(state));
    }

    @Override
    public void onExit(Machine<?> machine, int state, Cause cause) {
        log.add("exit " + machine.chart().stateName(state));
    }

    @Override
    public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
        log.add("unhandled " + event);
    }

    @Override
    public void onDeferred(Machine<?> machine, Object event, Cause cause) {
        log.add("deferred " + event);
    }

    @Override
    public void onRecalled(Machine<?> machine, Object event, Cause cause) {
        log.add("recalled " + event);
    }

    @Override
    public void onError(Machine<?> machine, int state, Throwable error, Cause cause) {
        errors.add(machine.chart().stateName(state) + ": " + error.getMessage());
    }
}
