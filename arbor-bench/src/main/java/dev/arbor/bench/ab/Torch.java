package dev.arbor.bench.ab;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;

/**
 * {@code TimerBenchmark}'s torch, 1,000 machines each ticked once a pass: mode {@code short} (its
 * timers, due on four ticks in ten) or {@code long} (twenty times longer, due on one tick in
 * fifty, as timers of seconds are at a game's rate). An input is one machine's tick.
 */
public final class Torch implements TwoBuilds.Workload {
    private final Machine<?>[] machines = new Machine<?>[1_000];

    public Torch(String mode) {
        int scale = switch (mode) {
            case "short" -> 1;
            case "long" -> 20;
            default -> throw new IllegalArgumentException("mode: short or long, not " + mode);
        };
        Chart<long[]> chart = Chart.<long[]>builder("torch")
                .initial("LIT")
                .state("LIT", lit -> {
                    lit.initial("BRIGHT");
                    lit.after(1).action((crackles, e) -> crackles[0]++);
                    lit.state("BRIGHT", s -> s.after(3 * scale).target("DIM"));
                    lit.state("DIM", s -> s.after(5 * scale).target("OUT"));
                })
                .state("OUT", s -> s.after(2 * scale).target("LIT"))
                .build();
        for (int i = 0; i < machines.length; i++) {
            Machine<long[]> m = chart.newMachine(new long[1]);
            m.start();
            for (int k = 0; k < i % (10 * scale + 1); k++) {
                m.update(); // spread the machines over the cycle
            }
            machines[i] = m;
        }
    }

    @Override
    public long applyAsLong(long inputs) {
        long start = System.nanoTime();
        for (long k = 0; k < inputs; k += machines.length) {
            for (Machine<?> m : machines) {
                m.update();
            }
        }
        return System.nanoTime() - start;
    }
}
