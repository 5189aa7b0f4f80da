package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import java.util.List;

/** Charts for the codec tests: seed 001's torch and player, and charts in the style of the core tests. */
final class TestCharts {
    private TestCharts() {}

    enum Ev { GO, BACK, NEXT, TOGGLE, MOVE, LEAVE, LIGHT, DOUSE, FLARE, CALM, EXHAUST, HIT, RECOVER, SNEAK, WALK }

    /** The torch's owner: its extended state and the data of its stateful states. */
    static final class Torch {
        /** Owner data, 0..1000. */
        int fuel = 1000;
        /** Glowing's data, 0..200. */
        int brightness = 10;
        /** Burning's data: the tick its burn was queued, 16 bits. */
        int burnTick;

        Torch() {}

        Torch(int fuel, int brightness, int burnTick) {
            this.fuel = fuel;
            this.brightness = brightness;
            this.burnTick = burnTick;
        }

        List<Integer> values() {
            return List.of(fuel, brightness, burnTick);
        }
    }

    /**
     * Seed 001's torch:
     * <pre>
     * root ─ Unlit
     *      ─ Lit (H: deep history) ─ Glowing ─ Dim, Bright
     *                              ─ Burning ─ Smoulder, Blaze
     *      ─ BurntOut (final)
     * </pre>
     */
    static Chart<Torch> torch() {
        return torchOf();
    }

    /** The torch chart for any owner type. */
    static <C> Chart<C> torchAsObject() {
        return torchOf();
    }

    private static <C> Chart<C> torchOf() {
        return Chart.<C>builder("torch")
                .initial("Unlit")
                .state("Unlit", s -> s.on(Ev.LIGHT).target("H"))
                .state("Lit", lit -> {
                    lit.initial("Glowing");
                    lit.history("H", HistoryType.DEEP);
                    lit.on(Ev.DOUSE).target("Unlit");
                    lit.on(Ev.EXHAUST).target("BurntOut");
                    lit.state("Glowing", g -> {
                        g.initial("Dim");
                        g.state("Dim", s -> s.on(Ev.FLARE).target("Bright"));
                        g.state("Bright", s -> s.on(Ev.FLARE).target("Burning"));
                    });
                    lit.state("Burning", b -> {
                        b.initial("Smoulder");
                        b.state("Smoulder", s -> s.on(Ev.FLARE).target("Blaze"));
                        b.state("Blaze", s -> s.on(Ev.CALM).target("Smoulder"));
                    });
                })
                .finalState("BurntOut")
                .build();
    }

    /** The torch's codec: Glowing's brightness, Burning's burn tick, the owner's fuel. */
    static SnapshotCodec.Builder<Torch> torchCodec(Chart<Torch> chart) {
        return SnapshotCodec.builder(chart)
                .stateData("Glowing", new StateData<Torch, Integer>() {
                    @Override
                    public void write(Torch owner, BitWriter out) {
                        out.writeBits(owner.brightness, 8);
                    }

                    @Override
                    public Integer read(BitReader in) throws SnapshotException {
                        int v = (int) in.readBits(8);
                        if (v > 200) {
                            throw new SnapshotException(SnapshotException.Reason.INVALID_DATA, "brightness " + v + " > 200");
                        }
                        return v;
                    }

                    @Override
                    public void apply(Torch owner, Integer value) {
                        owner.brightness = value;
                    }
                })
                .stateData("Burning", new StateData<Torch, Integer>() {
                    @Override
                    public void write(Torch owner, BitWriter out) {
                        out.writeBits(owner.burnTick, 16);
                    }

                    @Override
                    public Integer read(BitReader in) throws SnapshotException {
                        return (int) in.readBits(16);
                    }

                    @Override
                    public void apply(Torch owner, Integer value) {
                        owner.burnTick = value;
                    }
                })
                .ownerData(new OwnerData<Torch, Integer>() {
                    @Override
                    public void write(Torch owner, BitWriter out) {
                        out.writeBounded(owner.fuel, 1001);
                    }

                    @Override
                    public Integer read(BitReader in) throws SnapshotException {
                        long v = in.readBits(10);
                        if (v > 1000) {
                            // deliberately a RuntimeException: the codec must translate it
                            throw new IllegalArgumentException("fuel " + v + " > 1000");
                        }
                        return (int) v;
                    }

                    @Override
                    public void apply(Torch owner, Integer value) {
                        owner.fuel = value;
                    }
                });
    }

    /** Five flat states. */
    static <C> Chart<C> flat() {
        return Chart.<C>builder("flat")
                .initial("A")
                .state("A", s -> s.on(Ev.NEXT).target("B"))
                .state("B", s -> s.on(Ev.NEXT).target("C"))
                .state("C", s -> s.on(Ev.NEXT).target("D"))
                .state("D", s -> s.on(Ev.NEXT).target("E"))
                .state("E", s -> s.on(Ev.NEXT).target("A"))
                .build();
    }

    /** The core history test's chart: nested, with shallow and deep history. */
    static <C> Chart<C> nestedHistory() {
        return Chart.<C>builder("history")
                .initial("OFF")
                .state("OFF", o -> {
                    o.on(Ev.GO).target("M");
                    o.on(Ev.TOGGLE).target("HS");
                    o.on(Ev.MOVE).target("HD");
                    o.on(Ev.BACK).target("HN");
                    o.on(Ev.CALM).target("HX");
                })
                .state("M", m -> {
                    m.initial("M1");
                    m.history("HS", HistoryType.SHALLOW, "M2");
                    m.history("HD", HistoryType.DEEP, "M2");
                    m.history("HN", HistoryType.SHALLOW);
                    m.history("HX", HistoryType.SHALLOW, "M2b");
                    m.on(Ev.LEAVE).target("OFF");
                    m.state("M1", s -> {
                        s.initial("M1a");
                        s.state("M1a", a -> a.on(Ev.NEXT).target("M1b"));
                        s.state("M1b", b -> b.on(Ev.FLARE).target("M2b"));
                    });
                    m.state("M2", s -> {
                        s.initial("M2a");
                        s.state("M2a", a -> a.on(Ev.NEXT).target("M2b"));
                        s.state("M2b");
                    });
                })
                .build();
    }

    /** The core history test's parallel chart: deep history of a parallel state and inside a region. */
    static <C> Chart<C> regions() {
        return Chart.<C>builder("history-in-regions")
                .allowUnreachable()
                .initial("P")
                .parallel("P", p -> {
                    p.history("PH", HistoryType.DEEP);
                    p.history("PS", HistoryType.SHALLOW);
                    p.on(Ev.LEAVE).target("OUT");
                    p.state("R1", r -> {
                        r.initial("A1");
                        r.history("R1H", HistoryType.DEEP);
                        r.state("A1", a -> a.on(Ev.NEXT).target("A2"));
                        r.state("A2", a -> {
                            a.initial("A2x");
                            a.state("A2x", x -> x.on(Ev.MOVE).target("A2y"));
                            a.state("A2y");
                        });
                    });
                    p.state("R2", r -> {
                        r.initial("B1");
                        r.history("R2S", HistoryType.SHALLOW);
                        r.state("B1", b -> b.on(Ev.NEXT).target("B2"));
                        r.state("B2");
                    });
                })
                .state("OUT", o -> {
                    o.on(Ev.GO).target("R1H");
                    o.on(Ev.BACK).target("PH");
                    o.on(Ev.TOGGLE).target("PS");
                })
                .build();
    }

    /** The core restore test's chart: deep history over a parallel state, and a top-level final state. */
    static <C> Chart<C> restoreChart() {
        return Chart.<C>builder("restore")
                .initial("IDLE")
                .state("IDLE", s -> {
                    s.on(Ev.GO).target("H");
                    s.on(Ev.BACK).target("END");
                })
                .state("BUSY", b -> {
                    b.initial("WORK");
                    b.history("H", HistoryType.DEEP);
                    b.on(Ev.BACK).target("IDLE");
                    b.parallel("WORK", w -> {
                        w.state("ARMS", r -> {
                            r.initial("A1");
                            r.state("A1", s -> s.on(Ev.TOGGLE).target("A2"));
                            r.state("A2", s -> s.on(Ev.TOGGLE).target("A1"));
                        });
                        w.state("LEGS", r -> {
                            r.initial("L1");
                            r.state("L1", s -> s.on(Ev.MOVE).target("L2"));
                            r.state("L2", s -> s.on(Ev.MOVE).target("L1"));
                        });
                    });
                })
                .finalState("END")
                .build();
    }

    /** A player in the style of seed 001's Cult of Personality player HSM (no parallel states). */
    static <C> Chart<C> player() {
        return Chart.<C>builder("player")
                .allowUnreachable()
                .initial("Alive")
                .state("Alive", a -> {
                    a.initial("Free");
                    a.history("AH", HistoryType.SHALLOW);
                    a.on(Ev.EXHAUST).target("Ghost");
                    a.state("Free", f -> {
                        f.initial("Idle");
                        f.on(Ev.HIT).target("Stunned");
                        f.state("Idle", s -> {
                            s.on(Ev.WALK).target("Walk");
                            s.on(Ev.SNEAK).target("Sneak");
                            s.on(Ev.GO).target("Interacting");
                        });
                        f.state("Moving", m -> {
                            m.initial("Walk");
                            m.on(Ev.CALM).target("Idle");
                            m.state("Walk", s -> s.on(Ev.SNEAK).target("Sneak"));
                            m.state("Sneak", s -> s.on(Ev.WALK).target("Walk"));
                            m.state("Run");
                        });
                        f.state("Attacking", at -> {
                            at.initial("Light");
                            at.on(Ev.CALM).target("Idle");
                            at.state("Light", s -> s.on(Ev.FLARE).target("Heavy"));
                            at.state("Heavy", h -> {
                                h.initial("Windup");
                                h.state("Windup", s -> s.on(Ev.NEXT).target("Swing"));
                                h.state("Swing", s -> s.on(Ev.NEXT).target("Recover"));
                                h.state("Recover");
                            });
                        });
                        f.state("Interacting", s -> s.on(Ev.BACK).target("Idle"));
                    });
                    a.state("Stunned", s -> s.on(Ev.RECOVER).target("AH"));
                    a.state("Invulnerable", inv -> {
                        inv.initial("Elevator");
                        inv.on(Ev.LEAVE).target("Free");
                        inv.state("Elevator");
                        inv.state("Cutscene");
                    });
                })
                .state("Ghost", g -> {
                    g.initial("Drifting");
                    g.on(Ev.RECOVER).target("Alive");
                    g.state("Drifting", s -> s.on(Ev.GO).target("Possessing"));
                    g.state("Possessing");
                })
                .build();
    }

    /** Every chart the round-trip tests cover (the torch separately, with data). */
    static List<Chart<Object>> all() {
        return List.of(flat(), nestedHistory(), regions(), restoreChart(), player());
    }
}
