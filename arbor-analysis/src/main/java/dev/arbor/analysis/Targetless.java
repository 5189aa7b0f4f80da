package dev.arbor.analysis;

import dev.arbor.core.Chart;
import java.util.function.IntPredicate;

/**
 * Which transition without a target a machine took. Its listener hears only the state whose
 * transition consumed the event ({@code MachineListener.onInternal}); the engine selects, among
 * that state's transitions, the first in document order that takes the event and whose guard
 * holds, so knowing which guards held in the step is enough to name it.
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
        String name = event == null ? null : event instanceof Enum<?> e ? e.name() : event.toString();
        for (int t = 0; t < chart.transitionCount(); t++) {
            Chart.TransitionInfo info = chart.transitionInfo(t);
            if (info.source() != state || !info.targets().isEmpty() || !info.mode().declared()
                    || (name == null) == (info.mode() == Chart.TransitionInfo.Mode.EVENT)
                    || info.guarded() && !held.test(t)) {
                continue;
            }
            if (name == null || info.triggers().stream().anyMatch(d -> Findings.descriptorTakes(d, name))) {
                return t;
            }
        }
        return -1;
    }
}
