package dev.arbor.bench.ab;

import dev.arbor.bench.agents.Npc;
import dev.arbor.bench.agents.NpcChart;
import dev.arbor.core.Machine;

/**
 * Workload 3's agents, a smaller crowd: 100,000 machines of the polled NPC chart, each input one
 * agent's tick, round the crowd. Mode {@code idle}: nothing changes, so each tick polls and runs
 * update actions; {@code busy}: each agent's alarm flips before its tick, so every tick takes a
 * transition.
 */
public final class Agents implements TwoBuilds.Workload {
    private static final int AGENTS = 100_000;

    private final Npc[] npcs = new Npc[AGENTS];
    private final Machine<?>[] machines = new Machine<?>[AGENTS];
    private final boolean busy;
    private int next;

    public Agents(String mode) {
        busy = switch (mode) {
            case "idle" -> false;
            case "busy" -> true;
            default -> throw new IllegalArgumentException("mode: idle or busy, not " + mode);
        };
        for (int i = 0; i < AGENTS; i++) {
            npcs[i] = new Npc();
            Machine<Npc> m = NpcChart.CHART.newMachine(npcs[i]);
            m.start();
            m.update();
            machines[i] = m;
        }
    }

    @Override
    public long applyAsLong(long inputs) {
        long start = System.nanoTime();
        int i = next;
        for (long k = 0; k < inputs; k++) {
            if (busy) {
                npcs[i].alarm = !npcs[i].alarm;
            }
            machines[i].update();
            i = i + 1 == AGENTS ? 0 : i + 1;
        }
        next = i;
        return System.nanoTime() - start;
    }
}
