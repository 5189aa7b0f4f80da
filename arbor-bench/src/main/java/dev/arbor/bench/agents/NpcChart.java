package dev.arbor.bench.agents;

import dev.arbor.core.Chart;

/**
 * Workload 3's chart: small, hierarchical, no parallel regions, polled by {@code update()} ticks.
 *
 * <pre>
 * calm (initial patrol) ── when alarm ──▶ alert ── when !alarm ──▶ calm
 *   ├─ patrol   (update action: steps++)
 *   └─ rest
 * </pre>
 *
 * An idle tick tests calm's condition (false) and runs patrol's update action. When the owner's
 * alarm is raised, the tick takes calm → alert instead (exits patrol and calm, enters alert).
 */
public final class NpcChart {

    public enum S { CALM, PATROL, REST, ALERT }

    public static final Chart<Npc> CHART = Chart.<Npc>builder("npc")
            .allowUnreachable() // rest: a state a fuller chart would enter; it makes calm a real composite
            .initial(S.CALM)
            .state(S.CALM, s -> {
                s.initial(S.PATROL);
                s.when(n -> n.alarm).target(S.ALERT);
                s.state(S.PATROL, p -> p.onUpdate(n -> n.steps++));
                s.state(S.REST);
            })
            .state(S.ALERT, s -> s.when(n -> !n.alarm).target(S.CALM))
            .build();

    private NpcChart() {}
}
