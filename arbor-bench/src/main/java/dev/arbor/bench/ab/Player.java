package dev.arbor.bench.ab;

import dev.arbor.bench.regions.ArborPlayer;
import dev.arbor.bench.regions.PlayerEv;
import dev.arbor.bench.regions.PlayerOwner;
import dev.arbor.bench.regions.PlayerPeer;

/**
 * Workload 6's player: mode {@code cycle} (the whole cycle, 30 inputs) or {@code ticks}
 * ({@code POWER_UP} then six ticks, the timer firing on the third).
 */
public final class Player extends Cycle<PlayerEv> {
    private final PlayerPeer player = new ArborPlayer(new PlayerOwner(false));

    public Player(String mode) {
        super(switch (mode) {
            case "cycle" -> PlayerEv.CYCLE.toArray(new PlayerEv[0]);
            case "ticks" -> new PlayerEv[] {PlayerEv.POWER_UP, PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK,
                PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK};
            default -> throw new IllegalArgumentException("mode: cycle or ticks, not " + mode);
        });
        player.start();
    }

    @Override
    void take(PlayerEv input) {
        player.fire(input);
    }
}
