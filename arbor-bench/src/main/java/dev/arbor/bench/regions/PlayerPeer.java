package dev.arbor.bench.regions;

/** One implementation of the three-region player. */
public interface PlayerPeer {
    /** Enters (IDLE, NONE, NORMAL). */
    void start();

    /** One event to completion, or a game tick for {@link PlayerEv#TICK}. */
    void fire(PlayerEv event);

    /** The owner the actions write to. */
    PlayerOwner owner();

    /** The three regions' states, as "MOVEMENT/ACTION/STATUS" (e.g. "WALK/NONE/NORMAL"). */
    String configuration();
}
