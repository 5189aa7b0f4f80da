package dev.arbor.examples;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.NamedEvent;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.demo.Stage;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * West World after Buckland: Miner Bob digs, banks, drinks and sleeps; his wife Elsa does the
 * house work, makes blip visits to the bathroom from her global state, and cooks when Bob tells
 * her, by telegram, that he is home; the stew's readiness is a delayed telegram. States are typed
 * by their owner ({@code Chart<Miner>}, {@code Chart<Elsa>}); transitions are asked for in code
 * with {@link Machine#goTo} and {@link Machine#revert}, as Buckland's states do.
 *
 * <p>Deterministic: the same seed gives the same transcript.
 *
 * <p>Both charts also exist as designers' files, {@code charts/miner.json} and {@code charts/wife.json},
 * written with the components of {@link MinerComponents} and {@link WifeComponents}; they load
 * as {@link #minerChartFromFile()} and {@link #elsaChartFromFile()} and behave as the charts built here.
 */
public final class WestWorld {

    static final int BOB = 1;
    static final int ELSA = 2;

    /** Telegrams; also named events, so that a chart file's {@code "event": "STEW_READY"} matches them. */
    enum Msg implements NamedEvent { HI_HONEY_IM_HOME, STEW_READY }

    enum Place { SHACK, GOLDMINE, BANK, SALOON }

    // ------------------------------------------------------------------ Bob

    enum MinerState { DIG, BANK, SLEEP, DRINK, EAT }

    /** The miner: his purse, his thirst, his fatigue, and the world he talks to. */
    static final class Miner implements Say.Speaker {
        static final int MAX_NUGGETS = 3;
        static final int THIRST_LEVEL = 5;
        static final int COMFORT_LEVEL = 5;
        static final int TIREDNESS = 5;

        final World world;
        Place location = Place.SHACK;
        int goldCarried;
        int moneyInBank;
        int thirst;
        int fatigue;

        Miner(World world) {
            this.world = world;
        }

        @Override
        public void say(String line) {
            world.say("Miner Bob", line);
        }

        boolean pocketsFull() {
            return goldCarried >= MAX_NUGGETS;
        }

        boolean thirsty() {
            return thirst >= THIRST_LEVEL;
        }

        boolean fatigued() {
            return fatigue > TIREDNESS;
        }

        void walkTo(Place p, String line) {
            if (location != p) {
                say(line);
                location = p;
            }
        }
    }

    static Chart<Miner> minerChart() {
        return Chart.<Miner>builder("miner-bob")
                .allowUnreachable() // Bob's states are entered by goTo, in code, as in Buckland's
                .initial(MinerState.SLEEP)
                .onUpdate(bob -> bob.thirst++) // Miner::Update, before any state acts
                .state(MinerState.DIG, s -> {
                    s.onEntry(bob -> bob.walkTo(Place.GOLDMINE, "Walkin' to the goldmine"));
                    s.onUpdate((m, bob) -> {
                        bob.goldCarried++;
                        bob.fatigue++;
                        bob.say("Pickin' up a nugget");
                        if (bob.pocketsFull()) {
                            m.goTo(MinerState.BANK);
                        } else if (bob.thirsty()) {
                            m.goTo(MinerState.DRINK);
                        }
                    });
                    s.onExit(bob -> bob.say("Ah'm leavin' the goldmine with mah pockets full o' sweet gold"));
                })
                .state(MinerState.BANK, s -> {
                    s.onEntry(bob -> bob.walkTo(Place.BANK, "Goin' to the bank. Yes siree"));
                    s.onUpdate((m, bob) -> {
                        bob.moneyInBank += bob.goldCarried;
                        bob.goldCarried = 0;
                        bob.say("Depositin' gold. Total savings now: " + bob.moneyInBank);
                        if (bob.moneyInBank >= Miner.COMFORT_LEVEL) {
                            bob.say("WooHoo! Rich enough for now. Back home to mah li'l lady");
                            m.goTo(MinerState.SLEEP);
                        } else {
                            m.goTo(MinerState.DIG);
                        }
                    });
                    s.onExit(bob -> bob.say("Leavin' the bank"));
                })
                .state(MinerState.SLEEP, s -> {
                    s.onEntry(bob -> {
                        if (bob.location != Place.SHACK) {
                            bob.say("Walkin' home");
                            bob.location = Place.SHACK;
                            bob.world.send(BOB, ELSA, 0, Msg.HI_HONEY_IM_HOME);
                        }
                    });
                    s.onUpdate((m, bob) -> {
                        if (!bob.fatigued()) {
                            bob.say("All mah fatigue has drained away. Time to find more gold!");
                            m.goTo(MinerState.DIG);
                        } else {
                            bob.fatigue--;
                            bob.say("ZZZZ... ");
                        }
                    });
                    s.on(Msg.STEW_READY).action((bob, msg) -> bob.say("Okay Hun, ahm a comin'!")).target(MinerState.EAT);
                    s.onExit(bob -> bob.say("Leaving the house"));
                })
                .state(MinerState.DRINK, s -> {
                    s.onEntry(bob -> bob.walkTo(Place.SALOON, "Boy, ah sure is thusty! Walking to the saloon"));
                    s.onUpdate((m, bob) -> {
                        bob.moneyInBank = Math.max(0, bob.moneyInBank - 2);
                        bob.thirst = 0;
                        bob.say("That's mighty fine sippin' liquer");
                        m.goTo(MinerState.DIG);
                    });
                    s.onExit(bob -> bob.say("Leaving the saloon, feelin' good"));
                })
                .state(MinerState.EAT, s -> {
                    s.onEntry(bob -> bob.say("Smells Reaaal goood Elsa!"));
                    s.onUpdate((m, bob) -> {
                        bob.say("Tastes real good too!");
                        m.revert(); // a blip: back to whatever he was doing
                    });
                    s.onExit(bob -> bob.say("Thankya li'l lady. Ah better get back to whatever ah wuz doin'"));
                })
                .build();
    }

    // ------------------------------------------------------------------ Elsa

    enum WifeState { HOUSEWORK, BATHROOM, COOK }

    /** Bob's wife: her chores come from the world's seeded random numbers. */
    static final class Elsa implements Say.Speaker {
        final World world;
        boolean cooking;

        Elsa(World world) {
            this.world = world;
        }

        @Override
        public void say(String line) {
            world.say("Elsa", line);
        }
    }

    static Chart<Elsa> elsaChart() {
        return Chart.<Elsa>builder("elsa")
                .allowUnreachable() // the bathroom is entered by goTo from the global state
                .initial(WifeState.HOUSEWORK)
                .global(g -> {
                    // Elsa's global state: every tick, whatever she is doing, nature may call (a blip)...
                    g.onUpdate((m, elsa) -> {
                        if (elsa.world.random.nextInt(10) == 1 && !m.isIn(WifeState.BATHROOM)) {
                            m.goTo(WifeState.BATHROOM);
                        }
                    });
                    // ...and Bob's telegram is handled wherever she is.
                    g.on(Msg.HI_HONEY_IM_HOME)
                            .action((elsa, msg) -> elsa.say("Hi honey. Let me make you some of mah fine country stew"))
                            .target(WifeState.COOK);
                })
                .state(WifeState.HOUSEWORK, s -> s.onUpdate(elsa -> {
                    switch (elsa.world.random.nextInt(3)) {
                        case 0 -> elsa.say("Moppin' the floor");
                        case 1 -> elsa.say("Washin' the dishes");
                        default -> elsa.say("Makin' the bed");
                    }
                }))
                .state(WifeState.BATHROOM, s -> {
                    s.onEntry(elsa -> elsa.say("Walkin' to the can. Need to powda mah pretty li'l nose"));
                    s.onUpdate((m, elsa) -> {
                        elsa.say("Ahhhhhh! Sweet relief!");
                        m.revert();
                    });
                    s.onExit(elsa -> elsa.say("Leavin' the john"));
                })
                .state(WifeState.COOK, s -> {
                    s.onEntry(elsa -> {
                        if (!elsa.cooking) {
                            elsa.say("Putting the stew in the oven");
                            elsa.world.send(ELSA, ELSA, 2, Msg.STEW_READY); // two ticks to cook
                            elsa.cooking = true;
                        }
                    });
                    s.onUpdate(elsa -> elsa.say("Fussin' over food"));
                    s.on(Msg.STEW_READY).action((elsa, msg) -> {
                        elsa.say("StewReady! Lets eat");
                        elsa.world.send(ELSA, BOB, 0, Msg.STEW_READY);
                        elsa.cooking = false;
                    }).target(WifeState.HOUSEWORK);
                    s.onExit(elsa -> elsa.say("Puttin' the stew on the table"));
                })
                .build();
    }

    // ------------------------------------------------------------------ the world

    /** The clock, the random numbers, the telegrams and the transcript: passed in, never static. */
    static final class World {
        final SplittableRandom random;
        final Dispatcher dispatcher = new Dispatcher();
        final Consumer<String> out;
        long now;

        World(long seed, Consumer<String> out) {
            this.random = new SplittableRandom(seed);
            this.out = out;
        }

        void say(String who, String line) {
            out.accept(who + ": " + line);
        }

        void send(int from, int to, long delay, Msg msg) {
            dispatcher.send(now, delay, from, to, msg);
        }
    }

    /** Prints the active state path whenever an agent's configuration changes. */
    static MachineListener paths(PrintStream out, String who) {
        return new MachineListener() {
            @Override
            public void onEntry(Machine<?> m, int state, Cause cause) {
                if (m.chart().children(state).length == 0) {
                    List<String> path = new ArrayList<>();
                    for (int s = state; s > 0; s = m.chart().parent(s)) {
                        path.add(0, m.chart().stateName(s));
                    }
                    out.println("  [" + who + " is in " + String.join("/", path) + "]");
                }
            }
        };
    }

    /** Bob's chart loaded from {@code charts/miner.json}. */
    static Chart<Miner> minerChartFromFile() {
        return ChartFiles.load("miner.json", new MinerComponents());
    }

    /** Elsa's chart loaded from {@code charts/wife.json}. */
    static Chart<Elsa> elsaChartFromFile() {
        return ChartFiles.load("wife.json", new WifeComponents());
    }

    public static void run(PrintStream out, long seed, int ticks) {
        run(minerChart(), elsaChart(), new MachineListener() {}, out, seed, ticks, Stage.NONE);
    }

    /** The demo with given charts for Bob and Elsa, and one more listener on both machines. */
    static void run(Chart<Miner> minerChart, Chart<Elsa> elsaChart, MachineListener watcher,
                    PrintStream out, long seed, int ticks, Stage stage) {
        World world = new World(seed, out::println);
        Machine<Miner> bob = minerChart.newMachine(new Miner(world));
        Machine<Elsa> elsa = elsaChart.newMachine(new Elsa(world));
        bob.addListener(paths(out, "Bob")).addListener(watcher);
        elsa.addListener(paths(out, "Elsa")).addListener(watcher);
        world.dispatcher.register(BOB, bob).register(ELSA, elsa);
        stage.show("Bob", bob);
        stage.show("Elsa", elsa);
        stage.show(world.dispatcher);
        out.println("West World (Buckland), seed " + seed + ", " + ticks + " ticks");
        bob.start();
        elsa.start();
        for (long t = 1; t <= ticks; t++) {
            stage.tick(t);
            world.now = t;
            out.println("-- tick " + t);
            bob.update();
            elsa.update();
            world.dispatcher.deliver(t);
        }
    }

    /** The seed the demo runs with, and tools' owners are made with. */
    static final long DEFAULT_SEED = 7;

    public static void run(PrintStream out) {
        run(out, Stage.NONE);
    }

    static void run(PrintStream out, Stage stage) {
        run(minerChart(), elsaChart(), new MachineListener() {}, out, DEFAULT_SEED, 30, stage);
    }

    private WestWorld() {}
}
