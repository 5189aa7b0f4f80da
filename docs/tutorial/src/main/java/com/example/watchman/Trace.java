package com.example.watchman;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.util.List;
import java.util.Locale;

/** A listener that writes the events a machine takes and the states it exits and enters into a log. */
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
