package dev.arbor.examples;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import java.io.PrintStream;

/** Prints a machine's entries, exits, transitions and unhandled events, one line each. */
final class TraceLog implements MachineListener {
    private final PrintStream out;

    TraceLog(PrintStream out) {
        this.out = out;
    }

    @Override
    public void onEntry(Machine<?> m, int state, Cause cause) {
        out.println("  enter " + m.chart().stateName(state));
    }

    @Override
    public void onExit(Machine<?> m, int state, Cause cause) {
        out.println("  exit  " + m.chart().stateName(state));
    }

    @Override
    public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
        Chart<?> chart = m.chart();
        out.println("  take  " + chart.describeTransition(transition));
    }

    @Override
    public void onUnhandled(Machine<?> m, Object event, Cause cause) {
        out.println("  unhandled " + event);
    }
}
