package dev.arbor.bench.regions;

import java.util.List;

/** What the player is told; {@code TICK} is a game tick ({@code update()}), not an event. */
public enum PlayerEv {
    /** Movement: IDLE to WALK, unless a heavy attack holds the player still. */
    MOVE,
    /** Movement: WALK to SNEAK. */
    CROUCH,
    /** Movement: SNEAK to WALK. */
    STAND,
    /** Movement: WALK or SNEAK to IDLE. */
    HALT,
    /** Action: NONE to LIGHT. */
    LIGHT,
    /** Action: NONE to HEAVY. */
    HEAVY,
    /** Action: LIGHT or HEAVY to NONE. */
    DONE,
    /** Status NORMAL to STUNNED, and an attack under way is broken off (two regions at once). */
    HIT,
    /** Status: STUNNED to NORMAL. */
    RECOVER,
    /** Status: NORMAL to INVULNERABLE, which lasts three ticks. */
    POWER_UP,
    /** A game tick. */
    TICK;

    /**
     * A cycle that takes every transition of the chart, from and back to (IDLE, NONE, NORMAL): a
     * move blocked by a heavy attack, a hit that breaks off an attack in the same step, and the
     * invulnerability running out on its third tick.
     */
    public static final List<PlayerEv> CYCLE = List.of(
            MOVE, CROUCH, STAND, CROUCH, HALT, MOVE, HALT,
            LIGHT, DONE, HEAVY, MOVE, DONE,
            HIT, RECOVER, LIGHT, HIT, RECOVER, MOVE, HEAVY, HIT, HALT, RECOVER, DONE,
            POWER_UP, TICK, MOVE, TICK, HALT, TICK, TICK);
}
