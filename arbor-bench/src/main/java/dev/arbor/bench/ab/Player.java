package dev.arbor.bench.ab;

import dev.arbor.bench.regions.ArborPlayer;
import dev.arbor.bench.regions.PlayerEv;
import dev.arbor.bench.regions.PlayerOwner;
import dev.arbor.bench.regions.PlayerPeer;

/**
 * Workload 6's player: mode {@code cycle} (the whole cycle, 30 inputs) or {@code ticks}
 * ({@code POWER_UP} then six ticks, the timer firing on the third).
 */
public final class Player implements TwoBuilds.Workload {
    private final PlayerPeer player = new ArborPlayer(new PlayerOwner(false));
    private final PlayerEv[] cycle;
    private int next;

    public Player(String mode) {
        cycle = switch (mode) {
            case "cycle" -> PlayerEv.CYCLE.toArray(new PlayerEv[0]);
            case "ticks" -> new PlayerEv[] {PlayerEv.POWER_UP, PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK,
                PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK};
            default -> throw new IllegalArgumentException("mode: cycle or ticks, not " + mode);
        };
        player.start();
    }

    @Override
    public long applyAsLong(long inputs) {
        long start = System.nanoTime();
        PlayerEv[] c = cycle;
        int i = next;
        for (long k = 0; k < inputs; k++) {
            player.fire(c[i]);
            i = i + 1 == c.length ? 0 : i + 1;
        }
        next = i;
        return System.nanoTime() - start;
    }
}
