package dev.arbor.bench.ab;

import dev.arbor.bench.regions.ArborPlayer;
import dev.arbor.bench.regions.PlayerEv;
import dev.arbor.bench.regions.PlayerOwner;
import dev.arbor.bench.regions.PlayerPeer;
import dev.arbor.bench.regions.SwitchPlayer;

/**
 * Workload 6's player: mode {@code cycle} (the whole cycle, 30 inputs) or {@code ticks}
 * ({@code POWER_UP} then six ticks, the timer firing on the third), taken by Arbor; or
 * {@code switch-cycle} and {@code switch-ticks}, the same inputs taken by the hand-written switch.
 */
public final class Player extends Cycle<PlayerEv> {
    private final PlayerPeer player;

    public Player(String mode) {
        super(switch (mode.replaceFirst("^switch-", "")) {
            case "cycle" -> PlayerEv.CYCLE.toArray(new PlayerEv[0]);
            case "ticks" -> new PlayerEv[] {PlayerEv.POWER_UP, PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK,
                PlayerEv.TICK, PlayerEv.TICK, PlayerEv.TICK};
            default -> throw new IllegalArgumentException(
                    "mode: cycle, ticks, switch-cycle or switch-ticks, not " + mode);
        });
        PlayerOwner owner = new PlayerOwner(false);
        player = mode.startsWith("switch-") ? new SwitchPlayer(owner) : new ArborPlayer(owner);
        player.start();
    }

    @Override
    void take(PlayerEv input) {
        player.fire(input);
    }
}
