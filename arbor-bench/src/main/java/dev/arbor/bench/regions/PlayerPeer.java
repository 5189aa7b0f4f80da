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

    /**
     * The region a leaf state of the player lies in.
     *
     * @param state a leaf's name, such as {@code "SNEAK"}
     * @return 0 for movement, 1 for action, 2 for status; -1 for a name that is no leaf
     */
    static int regionOf(String state) {
        return switch (state) {
            case "IDLE", "WALK", "SNEAK" -> 0;
            case "NONE", "LIGHT_ATTACK", "HEAVY_ATTACK" -> 1;
            case "NORMAL", "STUNNED", "INVULNERABLE" -> 2;
            default -> -1;
        };
    }

    /**
     * A configuration as {@link #configuration()} writes it.
     *
     * @param leaves the names of the active states, in any order (states that are no leaf are left out)
     * @return "MOVEMENT/ACTION/STATUS"
     */
    static String configurationOf(Iterable<String> leaves) {
        String[] regions = new String[3];
        for (String state : leaves) {
            int r = regionOf(state);
            if (r >= 0) {
                regions[r] = state;
            }
        }
        return String.join("/", regions);
    }
}
