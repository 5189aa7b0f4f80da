package dev.arbor.examples;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.demo.Stage;
import dev.arbor.net.codec.BitReader;
import dev.arbor.net.codec.BitWriter;
import dev.arbor.net.codec.OwnerData;
import dev.arbor.net.codec.SnapshotCodec;
import dev.arbor.net.codec.SnapshotException;
import dev.arbor.net.codec.StateData;
import dev.arbor.net.rollback.Confirmation;
import dev.arbor.net.rollback.Input;
import dev.arbor.net.rollback.OwnerState;
import dev.arbor.net.rollback.RollbackResult;
import dev.arbor.net.rollback.Timeline;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The networked HSM over a real network: a server and a client in one process, talking UDP on 127.0.0.1.
 * The client predicts two machines — a torch (ticked glow, time-queued burn, history) and the
 * player's hero — from its own inputs; the server runs them authoritatively with the inputs that
 * reached it and events the client cannot know (other players lighting, fanning, dousing the
 * torch), and sends back compact snapshots; the client confirms them with a rollback timeline,
 * re-predicting from the confirmed tick. Latency and packet loss are simulated; everything is
 * tick-synchronous and seeded, so a run is deterministic although the packets really cross the
 * loopback interface.
 */
public final class NetplayDemo {

    // ------------------------------------------------------------------ the torch (the networked HSM)

    enum TorchEv { LIGHT, FAN, DOUSE }

    enum TorchSt { UNLIT, LIT, LIT_HISTORY, GLOWING, DIM, BRIGHT, BURNING, SMOULDER, BLAZE, BURNT_OUT }

    static final class Torch {
        int fuel = 60;
        int glow;
        int burnLeft;
    }

    static Chart<Torch> torchChart() {
        return Chart.<Torch>builder("torch")
                .initial(TorchSt.UNLIT)
                .state(TorchSt.UNLIT, s -> s.on(TorchEv.LIGHT).target(TorchSt.LIT_HISTORY))
                .state(TorchSt.LIT, lit -> {
                    lit.initial(TorchSt.GLOWING);
                    lit.history(TorchSt.LIT_HISTORY, HistoryType.DEEP);
                    lit.onUpdate(t -> t.fuel = Math.max(0, t.fuel - 1));
                    lit.when(t -> t.fuel <= 0).target(TorchSt.BURNT_OUT);
                    lit.on(TorchEv.DOUSE).target(TorchSt.UNLIT);
                    lit.state(TorchSt.GLOWING, g -> {
                        g.initial(TorchSt.DIM);
                        // glow is GLOWING's own data (sent only while it is active): cleared when it is left
                        g.onEntry(t -> t.glow = 0);
                        g.onExit(t -> t.glow = 0);
                        g.on(TorchEv.FAN).target(TorchSt.BURNING);
                        // the ticked glow: dim for three ticks, bright for two
                        g.state(TorchSt.DIM, d -> {
                            d.onUpdate(t -> t.glow++);
                            d.when(t -> t.glow >= 3).action((t, e) -> t.glow = 0).target(TorchSt.BRIGHT);
                        });
                        g.state(TorchSt.BRIGHT, b -> {
                            b.onUpdate(t -> t.glow++);
                            b.when(t -> t.glow >= 2).action((t, e) -> t.glow = 0).target(TorchSt.DIM);
                        });
                    });
                    lit.state(TorchSt.BURNING, b -> {
                        // the time-queued burn: four ticks, smouldering then blazing
                        b.initial(TorchSt.SMOULDER);
                        b.onEntry(t -> t.burnLeft = 4);
                        b.onExit(t -> t.burnLeft = 0);
                        b.onUpdate(t -> { t.burnLeft--; t.fuel = Math.max(0, t.fuel - 2); });
                        b.when(t -> t.burnLeft <= 0).target(TorchSt.GLOWING);
                        b.state(TorchSt.SMOULDER, s -> s.when(t -> t.burnLeft <= 2).target(TorchSt.BLAZE));
                        b.state(TorchSt.BLAZE);
                    });
                })
                .finalState(TorchSt.BURNT_OUT) // for good: nothing relights a torch without fuel
                .build();
    }

    /** Fuel belongs to the torch; glow and burn counters to the states that use them (the networked HSM's stateful nodes). */
    static SnapshotCodec<Torch> torchCodec(Chart<Torch> chart) {
        return SnapshotCodec.builder(chart)
                .ownerData(new IntField<>(61, t -> t.fuel, (t, v) -> t.fuel = v)) // fuel stays in 0..60
                .stateData(TorchSt.GLOWING, new IntField<>(4, t -> t.glow, (t, v) -> t.glow = v))
                .stateData(TorchSt.BURNING, new IntField<>(5, t -> Math.max(0, t.burnLeft), (t, v) -> t.burnLeft = v))
                .build();
    }

    record TorchState(int fuel, int glow, int burnLeft) {}

    static final OwnerState<Torch, TorchState> TORCH_STATE = new OwnerState<>() {
        @Override
        public TorchState copyOut(Torch t) {
            return new TorchState(t.fuel, t.glow, t.burnLeft);
        }

        @Override
        public void copyIn(TorchState s, Torch t) {
            t.fuel = s.fuel();
            t.glow = s.glow();
            t.burnLeft = s.burnLeft();
        }
    };

    // ------------------------------------------------------------------ the hero

    enum HeroEv { MOVE, RUN, STOP, ATTACK }

    enum HeroSt { IDLE, MOVING, WALK, RUN, ATTACKING }

    static final class Hero {
        int x;
        int stamina = 6;
        int swing;
    }

    static Chart<Hero> heroChart() {
        return Chart.<Hero>builder("hero")
                .initial(HeroSt.IDLE)
                .global(g -> g.on(HeroEv.ATTACK).target(HeroSt.ATTACKING))
                .state(HeroSt.IDLE, s -> {
                    s.onUpdate(h -> h.stamina = Math.min(6, h.stamina + 1));
                    s.on(HeroEv.MOVE).target(HeroSt.WALK);
                    s.on(HeroEv.RUN).target(HeroSt.RUN);
                })
                .state(HeroSt.MOVING, m -> {
                    m.initial(HeroSt.WALK);
                    m.on(HeroEv.STOP).target(HeroSt.IDLE);
                    m.state(HeroSt.WALK, w -> {
                        w.onUpdate(h -> h.x = Math.min(500, h.x + 1));
                        w.on(HeroEv.RUN).target(HeroSt.RUN);
                    });
                    m.state(HeroSt.RUN, r -> {
                        r.onUpdate(h -> { h.x = Math.min(500, h.x + 2); h.stamina--; });
                        r.when(h -> h.stamina <= 0).target(HeroSt.WALK);
                        r.on(HeroEv.MOVE).target(HeroSt.WALK);
                    });
                })
                .state(HeroSt.ATTACKING, a -> {
                    a.onEntry(h -> h.swing = 0);
                    a.onExit(h -> h.swing = 0); // swing is ATTACKING's own data
                    a.onUpdate(h -> h.swing++);
                    a.when(h -> h.swing >= 2).target(HeroSt.IDLE);
                })
                .build();
    }

    static SnapshotCodec<Hero> heroCodec(Chart<Hero> chart) {
        return SnapshotCodec.builder(chart)
                .ownerData(new OwnerData<Hero, int[]>() {
                    @Override
                    public void write(Hero h, BitWriter out) {
                        out.writeBounded(h.x, 501);
                        out.writeBounded(Math.max(0, h.stamina), 7);
                    }

                    @Override
                    public int[] read(BitReader in) throws SnapshotException {
                        return new int[] {(int) in.readBounded(501), (int) in.readBounded(7)};
                    }

                    @Override
                    public void apply(Hero h, int[] v) {
                        h.x = v[0];
                        h.stamina = v[1];
                    }
                })
                .stateData(HeroSt.ATTACKING, new IntField<>(3, h -> h.swing, (h, v) -> h.swing = v))
                .build();
    }

    record HeroState(int x, int stamina, int swing) {}

    static final OwnerState<Hero, HeroState> HERO_STATE = new OwnerState<>() {
        @Override
        public HeroState copyOut(Hero h) {
            return new HeroState(h.x, h.stamina, h.swing);
        }

        @Override
        public void copyIn(HeroState s, Hero h) {
            h.x = s.x();
            h.stamina = s.stamina();
            h.swing = s.swing();
        }
    };

    // ------------------------------------------------------------------ small codec helpers

    interface IntGetter<C> {
        int get(C owner);
    }

    interface IntSetter<C> {
        void set(C owner, int value);
    }

    /** One bounded int field of the owner, as owner data or as a state's own data (the same three steps). */
    record IntField<C>(int count, IntGetter<C> get, IntSetter<C> set) implements OwnerData<C, Integer>, StateData<C, Integer> {
        @Override
        public void write(C owner, BitWriter out) {
            out.writeBounded(Math.min(count - 1, get.get(owner)), count);
        }

        @Override
        public Integer read(BitReader in) throws SnapshotException {
            return (int) in.readBounded(count);
        }

        @Override
        public void apply(C owner, Integer value) {
            set.set(owner, value);
        }
    }

    // ------------------------------------------------------------------ the network

    /**
     * A one-way UDP link on loopback with simulated latency and loss. Each packet really crosses
     * the socket at once (so the run stays tick-synchronous), then waits in a queue until its
     * arrival tick; the seeded loss drops it on arrival.
     */
    static final class Link implements AutoCloseable {
        final DatagramSocket from;
        final DatagramSocket to;
        final int latency;
        final double loss;
        final SplittableRandom random;
        final TreeMap<Long, List<byte[]>> inFlight = new TreeMap<>();
        int sent;
        int lost;
        long bytes;

        Link(int latency, double loss, long seed) throws IOException {
            InetAddress loopback = InetAddress.getLoopbackAddress();
            this.from = new DatagramSocket(0, loopback);
            this.to = new DatagramSocket(0, loopback);
            this.to.setSoTimeout(5_000);
            this.latency = latency;
            this.loss = loss;
            this.random = new SplittableRandom(seed);
        }

        void send(long now, byte[] payload) {
            try {
                from.send(new DatagramPacket(payload, payload.length, to.getLocalSocketAddress()));
                byte[] buf = new byte[2048];
                DatagramPacket p = new DatagramPacket(buf, buf.length);
                to.receive(p);
                byte[] got = java.util.Arrays.copyOf(p.getData(), p.getLength());
                sent++;
                bytes += got.length;
                if (random.nextDouble() < loss) {
                    lost++;
                    return;
                }
                inFlight.computeIfAbsent(now + latency, k -> new ArrayList<>()).add(got);
            } catch (IOException e) {
                throw new UncheckedIOException("loopback UDP failed", e);
            }
        }

        List<byte[]> arrivals(long now) {
            List<byte[]> out = new ArrayList<>();
            while (!inFlight.isEmpty() && inFlight.firstKey() <= now) {
                out.addAll(inFlight.pollFirstEntry().getValue());
            }
            return out;
        }

        @Override
        public void close() {
            from.close();
            to.close();
        }
    }

    // ------------------------------------------------------------------ the run

    public static void run(PrintStream out) {
        run(out, 42, 60, 3, 0.15);
    }

    static void run(PrintStream out, Stage stage) {
        run(out, 42, 60, 3, 0.15, stage);
    }

    public static void run(PrintStream out, long seed, int ticks, int latency, double loss) {
        run(out, seed, ticks, latency, loss, Stage.NONE);
    }

    static void run(PrintStream out, long seed, int ticks, int latency, double loss, Stage stage) {
        Chart<Torch> torchChart = torchChart();
        Chart<Hero> heroChart = heroChart();
        SnapshotCodec<Torch> torchCodec = torchCodec(torchChart);
        SnapshotCodec<Hero> heroCodec = heroCodec(heroChart);

        // The server: authoritative machines.
        Machine<Torch> serverTorch = torchChart.newMachine(new Torch());
        Machine<Hero> serverHero = heroChart.newMachine(new Hero());
        stage.show("server torch", serverTorch);
        stage.show("server hero", serverHero);
        serverTorch.start();
        serverHero.start();
        // The client: predicted machines on rollback timelines, and shadows to decode into.
        Machine<Torch> clientTorch = torchChart.newMachine(new Torch());
        Machine<Hero> clientHero = heroChart.newMachine(new Hero());
        stage.show("client torch (predicted)", clientTorch);
        stage.show("client hero (predicted)", clientHero);
        int capacity = 2 * latency + 8;
        Timeline<Torch, TorchState> torchLine = Timeline.builder(clientTorch, TORCH_STATE).capacity(capacity).build();
        Timeline<Hero, HeroState> heroLine = Timeline.builder(clientHero, HERO_STATE).capacity(capacity).build();
        Machine<Torch> torchShadow = torchChart.newMachine(new Torch());
        Machine<Hero> heroShadow = heroChart.newMachine(new Hero());

        SplittableRandom keys = new SplittableRandom(seed);
        SplittableRandom others = new SplittableRandom(seed * 31 + 7);
        out.println("Netplay (networked HSM): a client predicts a torch and a hero, a server confirms; UDP on 127.0.0.1");
        out.println("latency " + latency + " ticks each way, loss " + Math.round(loss * 100) + "%, seed " + seed);
        out.println("torch: " + torchCodec.numbering().count() + " legal (configuration, history) combinations -> "
                + torchCodec.numbering().bits() + " bits; hero: " + heroCodec.numbering().count() + " -> "
                + heroCodec.numbering().bits() + " bits");

        int rollbacks = 0;
        int corrected = 0;
        int rejected = 0;
        long snapshotBytes = 0;
        int snapshots = 0;
        TreeMap<Long, HeroEv> serverHeroInputs = new TreeMap<>();
        try (Link up = new Link(latency, loss, seed + 1); Link down = new Link(latency, loss, seed + 2)) {
            for (long t = 1; t <= ticks + 3L * latency; t++) {
                stage.tick(t);
                boolean playing = t <= ticks;
                // Client: its own key presses, predicted at once and sent to the server.
                HeroEv key = playing && keys.nextInt(4) == 0 ? HeroEv.values()[keys.nextInt(4)] : null;
                List<Input> heroInputs = new ArrayList<>();
                if (key != null) {
                    heroInputs.add(Input.fire(key));
                }
                heroInputs.add(Input.update());
                heroLine.advance(t, heroInputs);
                torchLine.advance(t, Input.update()); // the client cannot know what others do
                up.send(t, inputPacket(t, key));

                // Server: takes in the inputs that arrived, simulates tick t - latency, sends snapshots.
                for (byte[] p : up.arrivals(t)) {
                    readInput(p, serverHeroInputs);
                }
                long s = t - latency;
                if (s >= 1) {
                    HeroEv heroKey = serverHeroInputs.remove(s);
                    if (heroKey != null) {
                        serverHero.fire(heroKey);
                    }
                    serverHero.update();
                    TorchEv other = playing && others.nextInt(6) == 0 ? TorchEv.values()[others.nextInt(3)] : null;
                    if (other != null) {
                        out.println("tick " + t + ": on the server someone else does " + other + " to the torch (server tick " + s + ")");
                        serverTorch.fire(other);
                    }
                    serverTorch.update();
                    byte[] torchBytes = torchCodec.encode(serverTorch);
                    byte[] heroBytes = heroCodec.encode(serverHero);
                    snapshotBytes += torchBytes.length + heroBytes.length;
                    snapshots++;
                    down.send(t, snapshotPacket(s, torchBytes, heroBytes));
                }

                // Client: confirms the snapshots that arrived, rolling back and re-predicting.
                for (byte[] p : down.arrivals(t)) {
                    try {
                        Snapshot snap = readSnapshot(p);
                        if (snap.tick() < torchLine.oldestTick() || snap.tick() > torchLine.present()) {
                            continue; // too old for the buffer: a later snapshot supersedes it
                        }
                        torchCodec.decodeInto(snap.torch(), torchShadow);
                        heroCodec.decodeInto(snap.hero(), heroShadow);
                        RollbackResult<TorchState> tr = torchLine.confirm(Confirmation.of(
                                snap.tick(), torchShadow.snapshot(), TORCH_STATE.copyOut(torchShadow.owner())));
                        RollbackResult<HeroState> hr = heroLine.confirm(Confirmation.of(
                                snap.tick(), heroShadow.snapshot(), HERO_STATE.copyOut(heroShadow.owner())));
                        rollbacks += (tr.rolledBack() ? 1 : 0) + (hr.rolledBack() ? 1 : 0);
                        if (tr.mispredictionCorrected()) {
                            corrected++;
                            out.println("tick " + t + ": torch rolled back to tick " + snap.tick() + ", replayed "
                                    + tr.replayedTicks() + " ticks, now " + clientTorch.activeStates());
                        }
                        if (hr.mispredictionCorrected()) {
                            corrected++;
                            out.println("tick " + t + ": hero rolled back to tick " + snap.tick() + " (an input was lost), now "
                                    + clientHero.activeStates() + " at x=" + clientHero.owner().x);
                        }
                    } catch (SnapshotException e) {
                        rejected++;
                        out.println("tick " + t + ": refused a snapshot: " + e.getMessage());
                    }
                }
            }
            out.println("packets client->server: " + up.sent + " sent, " + up.lost + " lost; server->client: "
                    + down.sent + " sent, " + down.lost + " lost");
        } catch (IOException e) {
            throw new UncheckedIOException("could not open loopback UDP sockets", e);
        }
        out.println("bytes per snapshot (torch + hero, whole bytes): " + String.format("%.2f", snapshotBytes / (double) snapshots));
        out.println("rollbacks performed: " + rollbacks + ", mispredictions corrected: " + corrected
                + ", snapshots refused: " + rejected);
        // The server is `latency` ticks behind the client: compare the client's prediction for that tick.
        long serverTick = ticks + 3L * latency - latency;
        var torchThen = torchLine.snapshotAt(serverTick);
        var heroThen = heroLine.snapshotAt(serverTick);
        boolean agree = torchThen.machine().equals(serverTorch.snapshot())
                && torchThen.owner().equals(TORCH_STATE.copyOut(serverTorch.owner()))
                && heroThen.machine().equals(serverHero.snapshot())
                && heroThen.owner().equals(HERO_STATE.copyOut(serverHero.owner()));
        out.println("client's prediction for tick " + serverTick + " equals the server's state: " + agree
                + " (torch " + serverTorch.activeStates() + " fuel " + serverTorch.owner().fuel
                + ", hero " + serverHero.activeStates() + " at x=" + serverHero.owner().x + ")");
        if (!agree) {
            out.println("  client predicted torch " + torchThen + ", hero " + heroThen);
            out.println("  server has torch " + serverTorch.snapshot() + " " + TORCH_STATE.copyOut(serverTorch.owner())
                    + ", hero " + serverHero.snapshot() + " " + HERO_STATE.copyOut(serverHero.owner()));
        }
    }

    record Snapshot(long tick, byte[] torch, byte[] hero) {}

    static byte[] inputPacket(long tick, HeroEv key) {
        return bytes(out -> {
            out.writeLong(tick);
            out.writeByte(key == null ? -1 : key.ordinal());
        });
    }

    static void readInput(byte[] packet, TreeMap<Long, HeroEv> into) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(packet))) {
            long tick = in.readLong();
            int key = in.readByte();
            if (key >= 0 && key < HeroEv.values().length) {
                into.put(tick, HeroEv.values()[key]);
            }
        } catch (IOException e) {
            // a malformed input packet is ignored: the server never trusts the client
        }
    }

    static byte[] snapshotPacket(long tick, byte[] torch, byte[] hero) {
        return bytes(out -> {
            out.writeLong(tick);
            out.writeShort(torch.length);
            out.write(torch);
            out.writeShort(hero.length);
            out.write(hero);
        });
    }

    static Snapshot readSnapshot(byte[] packet) throws SnapshotException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(packet))) {
            long tick = in.readLong();
            byte[] torch = new byte[in.readUnsignedShort()];
            in.readFully(torch);
            byte[] hero = new byte[in.readUnsignedShort()];
            in.readFully(hero);
            if (in.available() > 0) {
                throw new SnapshotException(SnapshotException.Reason.TRAILING_BYTES, "bytes after the snapshot packet");
            }
            return new Snapshot(tick, torch, hero);
        } catch (IOException e) {
            throw new SnapshotException(SnapshotException.Reason.TRUNCATED, "snapshot packet cut short");
        }
    }

    interface Writes {
        void to(DataOutputStream out) throws IOException;
    }

    static byte[] bytes(Writes w) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            w.to(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    private NetplayDemo() {}
}
