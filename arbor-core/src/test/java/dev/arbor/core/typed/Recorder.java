package dev.arbor.core.typed;

import dev.arbor.core.Action;
import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.StateAction;
import java.util.ArrayList;
import java.util.List;

/**
 * The owner and the listener of a typed chart's test: one ordered log of what a machine did. As a
 * listener it records {@code "enter X"}, {@code "exit X"}, {@code "unhandled E"} and
 * {@code "deferred E"}; as the owner every action receives, actions append their own records to
 * the same log, in the order they ran. {@link #rested} is extended state a guard can read.
 */
class Recorder implements MachineListener {
    private final List<String> log = new ArrayList<>();
    boolean rested;

    /** A transition action that appends one record, for an owner that is a recorder. */
    static <R extends Recorder, E> Action<R, E> say(String record) {
        return (r, e) -> r.log(record);
    }

    /** An entry, exit, initial or update action that appends one record, for an owner that is a recorder. */
    static <R extends Recorder> StateAction<R> note(String record) {
        return r -> r.log(record);
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
}
