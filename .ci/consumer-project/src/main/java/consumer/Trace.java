package consumer;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;

/** Prints what a machine does, one line a step: the events, ticks, exits, transitions and entries. */
final class Trace implements MachineListener {

    @Override
    public void onEvent(Machine<?> machine, Object event, Cause cause) {
        System.out.println("  event " + event);
    }

    @Override
    public void onTick(Machine<?> machine, Cause cause) {
        System.out.println("  tick");
    }

    @Override
    public void onExit(Machine<?> machine, int state, Cause cause) {
        System.out.println("    exit  " + machine.chart().stateName(state));
    }

    @Override
    public void onTransition(Machine<?> machine, int transition, Object event, Cause cause) {
        System.out.println("    take  " + machine.chart().describeTransition(transition));
    }

    @Override
    public void onEntry(Machine<?> machine, int state, Cause cause) {
        System.out.println("    enter " + machine.chart().stateName(state));
    }

    @Override
    public void onInternal(Machine<?> machine, int state, Object event, Cause cause) {
        System.out.println("    internal in " + machine.chart().stateName(state));
    }

    @Override
    public void onUnhandled(Machine<?> machine, Object event, Cause cause) {
        System.out.println("    (unhandled)");
    }

    /** Where a class was loaded from: the proof that Arbor came from the repository under test. */
    static String jarOf(Class<?> type) {
        return String.valueOf(type.getProtectionDomain().getCodeSource().getLocation());
    }

    static void header(String title) {
        System.out.println("== " + title + " (arbor-core from " + jarOf(Chart.class) + ")");
    }
}
