package dev.arbor.analysis;

import dev.arbor.core.Chart;
import java.util.function.IntPredicate;

/**
 * Which transition without a target a machine took. Its listener hears only the state whose
 * transition consumed the event ({@code MachineListener.onInternal}); the engine selects, among
 * that state's transitions, the first in document order that takes the event and whose guard
 * holds, so knowing which guards held in the step is enough to name it. Without that knowledge
 * ({@link #guessed}) it can be named only where the chart leaves no choice.
 */
final class Targetless {
    private Targetless() {}

    /**
     * The transition without a target that consumed {@code event} in {@code state}.
     *
     * @param chart  the chart
     * @param state  the state {@code onInternal} names
     * @param event  the event, or null for an eventless, polled or timer transition
     * @param held   whether a transition's guard held in this step
     * @return the transition's id, or -1 when none fits (a handler consumed it)
     */
    static int taken(Chart<?> chart, int state, Object event, IntPredicate held) {
        String name = name(event);
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (takes(chart, t, state, event, name) && (!chart.transitionInfo(t).guarded() || held.test(t))) {
                return t;
            }
        }
        return -1;
    }

    /**
     * The transition without a target that consumed {@code event} in {@code state}, named without
     * knowing which guards held: the only one of the state's that takes the event, else the first
     * that takes it and has no guard (exact when no guarded one is declared before it; otherwise
     * one of those may have been taken instead, and it is credited to this one).
     *
     * @param chart the chart
     * @param state the state {@code onInternal} names
     * @param event the event, or null for an eventless, polled or timer transition
     * @return the transition's id, or -1 when the chart leaves a choice between guarded ones, or
     *         none fits (a handler consumed it)
     */
    static int guessed(Chart<?> chart, int state, Object event) {
        String name = name(event);
        int first = -1;
        int count = 0;
        int unguarded = -1;
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (takes(chart, t, state, event, name)) {
                first = count++ == 0 ? t : first;
                if (unguarded < 0 && !chart.transitionInfo(t).guarded()) {
                    unguarded = t;
                }
            }
        }
        boolean sole = count == 1 && !chart.stateInfo(state).hasHandler(); // a handler may have consumed it
        return sole ? first : unguarded;
    }

    /**
     * Whether {@code t} is a declared transition of {@code state} without a target that takes the
     * event: by its name (SCXML prefix matching), or by its class's simple name or a superclass's
     * (a trigger declared by class is shown as the class's simple name).
     */
    private static boolean takes(Chart<?> chart, int t, int state, Object event, String name) {
        Chart.TransitionInfo info = chart.transitionInfo(t);
        if (info.source() != state || !info.targets().isEmpty() || !info.mode().declared()
                || (name == null) == (info.mode() == Chart.TransitionInfo.Mode.EVENT)) {
            return false;
        }
        if (name == null) {
            return true;
        }
        for (String d : info.triggers()) {
            if (Findings.descriptorTakes(d, name)) {
                return true;
            }
            for (Class<?> c = event instanceof String ? null : event.getClass(); c != null && c != Object.class;
                    c = c.getSuperclass()) {
                if (d.equals(c.getSimpleName())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String name(Object event) {
        return event == null ? null : event instanceof Enum<?> e ? e.name() : event.toString();
    }
}
