package com.example.watchman;

import dev.arbor.core.typed.TypedMachine;

/** The game loop: one call, one tick. */
public final class GameLoop {

    public static void tick(Village village, TypedMachine<?, ?, ?>... npcs) {
        village.tick++;
        village.log.add("tick " + village.tick);
        village.dispatcher.deliver(village.tick);  // telegrams due now are fired into their machines
        for (TypedMachine<?, ?, ?> npc : npcs) {
            npc.update();                          // timers and polled transitions, then behaviours
        }
    }

    private GameLoop() {}
}
