package dev.arbor.bench.regions;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.StateBuilder;

/**
 * Arbor: the player as one parallel state of three regions. A heavy attack holds the player
 * still (MOVE's guard reads the owner's flag, which HEAVY_ATTACK's entry and exit keep); a hit
 * breaks off an attack and stuns in one step (two regions' transitions, SCXML's order: exits in
 * reverse document order, then the actions, then the entries in document order); invulnerability
 * ends three ticks after it began ({@code after(3)}).
 */
public final class ArborPlayer implements PlayerPeer {

    /** The compiled chart, shared by every machine. */
    public static final Chart<PlayerOwner> CHART = chart();

    private final PlayerOwner owner;
    private final Machine<PlayerOwner> machine;

    /** A player writing to {@code owner}. */
    public ArborPlayer(PlayerOwner owner) {
        this.owner = owner;
        this.machine = CHART.newMachine(owner);
    }

    private static void leaf(StateBuilder<PlayerOwner> s, String name) {
        String entry = name + "-ENTRY";
        String exit = name + "-EXIT";
        s.onEntry(o -> o.rec(entry)).onExit(o -> o.rec(exit));
    }

    static Chart<PlayerOwner> chart() {
        return Chart.<PlayerOwner>builder("player")
                .initial("PLAYER")
                .parallel("PLAYER", p -> {
                    p.state("MOVEMENT", r -> {
                        r.initial("IDLE");
                        r.state("IDLE", s -> {
                            leaf(s, "IDLE");
                            s.on(PlayerEv.MOVE).guard(o -> !o.heavy).action((o, e) -> o.rec("m-MOVE")).target("WALK");
                        });
                        r.state("WALK", s -> {
                            leaf(s, "WALK");
                            s.on(PlayerEv.CROUCH).action((o, e) -> o.rec("m-CROUCH")).target("SNEAK");
                            s.on(PlayerEv.HALT).action((o, e) -> o.rec("m-HALT")).target("IDLE");
                        });
                        r.state("SNEAK", s -> {
                            leaf(s, "SNEAK");
                            s.on(PlayerEv.STAND).action((o, e) -> o.rec("m-STAND")).target("WALK");
                            s.on(PlayerEv.HALT).action((o, e) -> o.rec("m-HALT")).target("IDLE");
                        });
                    });
                    p.state("ACTION", r -> {
                        r.initial("NONE");
                        r.state("NONE", s -> {
                            leaf(s, "NONE");
                            s.on(PlayerEv.LIGHT).action((o, e) -> o.rec("a-LIGHT")).target("LIGHT_ATTACK");
                            s.on(PlayerEv.HEAVY).action((o, e) -> o.rec("a-HEAVY")).target("HEAVY_ATTACK");
                        });
                        r.state("LIGHT_ATTACK", s -> {
                            leaf(s, "LIGHT_ATTACK");
                            s.on(PlayerEv.DONE).action((o, e) -> o.rec("a-DONE")).target("NONE");
                            s.on(PlayerEv.HIT).action((o, e) -> o.rec("a-HIT")).target("NONE");
                        });
                        r.state("HEAVY_ATTACK", s -> {
                            s.onEntry(o -> {
                                o.heavy = true;
                                o.rec("HEAVY_ATTACK-ENTRY");
                            }).onExit(o -> {
                                o.heavy = false;
                                o.rec("HEAVY_ATTACK-EXIT");
                            });
                            s.on(PlayerEv.DONE).action((o, e) -> o.rec("a-DONE")).target("NONE");
                            s.on(PlayerEv.HIT).action((o, e) -> o.rec("a-HIT")).target("NONE");
                        });
                    });
                    p.state("STATUS", r -> {
                        r.initial("NORMAL");
                        r.state("NORMAL", s -> {
                            leaf(s, "NORMAL");
                            s.on(PlayerEv.HIT).action((o, e) -> o.rec("s-HIT")).target("STUNNED");
                            s.on(PlayerEv.POWER_UP).action((o, e) -> o.rec("s-POWER_UP")).target("INVULNERABLE");
                        });
                        r.state("STUNNED", s -> {
                            leaf(s, "STUNNED");
                            s.on(PlayerEv.RECOVER).action((o, e) -> o.rec("s-RECOVER")).target("NORMAL");
                        });
                        r.state("INVULNERABLE", s -> {
                            leaf(s, "INVULNERABLE");
                            s.after(3).action((o, e) -> o.rec("s-EXPIRED")).target("NORMAL");
                        });
                    });
                })
                .build();
    }

    @Override
    public void start() {
        machine.start();
    }

    @Override
    public void fire(PlayerEv event) {
        if (event == PlayerEv.TICK) {
            machine.update();
        } else {
            machine.fire(event);
        }
    }

    @Override
    public PlayerOwner owner() {
        return owner;
    }

    @Override
    public String configuration() {
        StringBuilder b = new StringBuilder();
        for (Object leaf : machine.activeLeaves()) {
            b.append(b.length() == 0 ? "" : "/").append(leaf);
        }
        return b.toString();
    }
}
