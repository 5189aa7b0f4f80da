package dev.arbor.tutorial;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.List;
import java.util.Locale;

/**
 * A listener that writes what a machine does into a log, one line a record: the events it takes,
 * the states it exits and enters, and why when the cause is not an ordinary step.
 *
 * @param who the NPC's name, written at the start of each line
 * @param log where the lines go
 */
// tutorial:trace
public record Trace(String who, List<String> log) implements MachineListener {
    @Override
    public void onEvent(Machine<?> m, Object event, Cause cause) {
        add("event " + event, cause);
    }

    @Override
    public void onExit(Machine<?> m, int state, Cause cause) {
        add("exit " + m.chart().stateName(state), cause);
    }

    @Override
    public void onEntry(Machine<?> m, int state, Cause cause) {
        add("enter " + m.chart().stateName(state), cause);
    }

    private void add(String what, Cause cause) {
        log.add(who + ": " + what + (cause == Cause.NORMAL ? "" : " (" + cause.name().toLowerCase(Locale.ROOT) + ")"));
    }
}
// end
