package dev.arbor.tutorial;

import dev.arbor.core.Machine;

/** The tutorial's game loop: one call, one tick. */
final class GameLoop {

    // tutorial:loop
    static void tick(Village village, Machine<?>... npcs) {
        village.tick++;
        village.log.add("tick " + village.tick);
        village.dispatcher.deliver(village.tick);  // telegrams due now are fired into their machines
        for (Machine<?> npc : npcs) {
            npc.update();                          // timers and polled transitions, then behaviours
        }
    }
    // end

    private GameLoop() {}
}
