package dev.arbor.bench.regions;

/**
 * The floor: the player hand-written as three ints and a switch per region, doing what Arbor does
 * and nothing more (the same records in the same order, PlayerEquivalenceTest): each region's
 * transition is chosen first, then the exits (last region first), the actions and the entries
 * (first region first).
 */
public final class SwitchPlayer implements PlayerPeer {
    // movement
    private static final int IDLE = 0;
    private static final int WALK = 1;
    private static final int SNEAK = 2;
    // action
    private static final int NONE = 0;
    private static final int LIGHT_ATTACK = 1;
    private static final int HEAVY_ATTACK = 2;
    // status
    private static final int NORMAL = 0;
    private static final int STUNNED = 1;
    private static final int INVULNERABLE = 2;
    private static final int STAY = -1;

    private static final String[] MOVEMENT_ENTRY = {"IDLE-ENTRY", "WALK-ENTRY", "SNEAK-ENTRY"};
    private static final String[] MOVEMENT_EXIT = {"IDLE-EXIT", "WALK-EXIT", "SNEAK-EXIT"};
    private static final String[] ACTION_ENTRY = {"NONE-ENTRY", "LIGHT_ATTACK-ENTRY", "HEAVY_ATTACK-ENTRY"};
    private static final String[] ACTION_EXIT = {"NONE-EXIT", "LIGHT_ATTACK-EXIT", "HEAVY_ATTACK-EXIT"};
    private static final String[] STATUS_ENTRY = {"NORMAL-ENTRY", "STUNNED-ENTRY", "INVULNERABLE-ENTRY"};
    private static final String[] STATUS_EXIT = {"NORMAL-EXIT", "STUNNED-EXIT", "INVULNERABLE-EXIT"};
    private static final String[] MOVEMENT_NAME = {"IDLE", "WALK", "SNEAK"};
    private static final String[] ACTION_NAME = {"NONE", "LIGHT_ATTACK", "HEAVY_ATTACK"};
    private static final String[] STATUS_NAME = {"NORMAL", "STUNNED", "INVULNERABLE"};

    private final PlayerOwner owner;
    private int movement;
    private int action;
    private int status;
    /** Ticks since INVULNERABLE was entered. */
    private int invulnerableTicks;

    /** A player writing to {@code owner}. */
    public SwitchPlayer(PlayerOwner owner) {
        this.owner = owner;
    }

    @Override
    public void start() {
        movement = IDLE;
        action = NONE;
        status = NORMAL;
        owner.rec("IDLE-ENTRY");
        owner.rec("NONE-ENTRY");
        owner.rec("NORMAL-ENTRY");
    }

    @Override
    public void fire(PlayerEv event) {
        if (event == PlayerEv.TICK) {
            tick();
            return;
        }
        PlayerOwner o = owner;
        int m = STAY;
        String mRecord = null;
        switch (movement) {
            case IDLE -> {
                if (event == PlayerEv.MOVE && !o.heavy) {
                    m = WALK;
                    mRecord = "m-MOVE";
                }
            }
            case WALK -> {
                if (event == PlayerEv.CROUCH) {
                    m = SNEAK;
                    mRecord = "m-CROUCH";
                } else if (event == PlayerEv.HALT) {
                    m = IDLE;
                    mRecord = "m-HALT";
                }
            }
            default -> {
                if (event == PlayerEv.STAND) {
                    m = WALK;
                    mRecord = "m-STAND";
                } else if (event == PlayerEv.HALT) {
                    m = IDLE;
                    mRecord = "m-HALT";
                }
            }
        }
        int a = STAY;
        String aRecord = null;
        if (action == NONE) {
            if (event == PlayerEv.LIGHT) {
                a = LIGHT_ATTACK;
                aRecord = "a-LIGHT";
            } else if (event == PlayerEv.HEAVY) {
                a = HEAVY_ATTACK;
                aRecord = "a-HEAVY";
            }
        } else if (event == PlayerEv.DONE) {
            a = NONE;
            aRecord = "a-DONE";
        } else if (event == PlayerEv.HIT) {
            a = NONE;
            aRecord = "a-HIT";
        }
        int s = STAY;
        String sRecord = null;
        if (status == NORMAL) {
            if (event == PlayerEv.HIT) {
                s = STUNNED;
                sRecord = "s-HIT";
            } else if (event == PlayerEv.POWER_UP) {
                s = INVULNERABLE;
                sRecord = "s-POWER_UP";
            }
        } else if (status == STUNNED && event == PlayerEv.RECOVER) {
            s = NORMAL;
            sRecord = "s-RECOVER";
        }
        // exits, last region first; then the actions and the entries, first region first
        if (s != STAY) {
            o.rec(STATUS_EXIT[status]);
        }
        if (a != STAY) {
            exitAction();
        }
        if (m != STAY) {
            o.rec(MOVEMENT_EXIT[movement]);
        }
        if (mRecord != null) {
            o.rec(mRecord);
        }
        if (aRecord != null) {
            o.rec(aRecord);
        }
        if (sRecord != null) {
            o.rec(sRecord);
        }
        if (m != STAY) {
            movement = m;
            o.rec(MOVEMENT_ENTRY[m]);
        }
        if (a != STAY) {
            enterAction(a);
        }
        if (s != STAY) {
            enterStatus(s);
        }
    }

    private void exitAction() {
        if (action == HEAVY_ATTACK) {
            owner.heavy = false;
        }
        owner.rec(ACTION_EXIT[action]);
    }

    private void enterAction(int a) {
        action = a;
        if (a == HEAVY_ATTACK) {
            owner.heavy = true;
        }
        owner.rec(ACTION_ENTRY[a]);
    }

    private void enterStatus(int s) {
        status = s;
        invulnerableTicks = 0;
        owner.rec(STATUS_ENTRY[s]);
    }

    private void tick() {
        if (status == INVULNERABLE && ++invulnerableTicks >= 3) {
            owner.rec("INVULNERABLE-EXIT");
            owner.rec("s-EXPIRED");
            enterStatus(NORMAL);
        }
    }

    @Override
    public PlayerOwner owner() {
        return owner;
    }

    @Override
    public String configuration() {
        return MOVEMENT_NAME[movement] + "/" + ACTION_NAME[action] + "/" + STATUS_NAME[status];
    }
}
