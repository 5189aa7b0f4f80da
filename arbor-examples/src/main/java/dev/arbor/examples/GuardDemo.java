package dev.arbor.examples;

import static dev.arbor.core.Conditions.received;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.NamedEvent;
import dev.arbor.demo.Stage;
import dev.arbor.examples.components.Attack;
import dev.arbor.examples.components.Walker;
import dev.arbor.examples.components.MoveTo;
import dev.arbor.examples.components.Pause;
import dev.arbor.examples.components.WithinRange;
import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * The component HSM's NPC: a guard whose OnDuty (Patrol, Fight, Evade) and OffDuty (IdleAbout, Shopping)
 * behaviour is composed from the reusable {@link MoveTo}, {@link Pause} and {@link Attack}
 * components, each used by several states with different parameters. The patrol is a plan (gate,
 * look around, tower, look around), restarted by its container when it completes; an intruder
 * interrupts it, and once the fight is over the patrol resumes at the step it was interrupted in.
 * Conditions are components too: the fight starts only when the intruder was reported
 * ({@code received}) and is within range.
 *
 * <p>The chart also exists as a designers' file, {@code charts/guard.json}, written with the
 * components of {@link GuardComponents}; it loads as {@link #chartFromFile()} and behaves as the
 * chart built here.
 */
public final class GuardDemo {

    enum St {
        ON_DUTY, PATROL, START_ROUND, TO_GATE, WATCH_GATE, TO_TOWER, WATCH_TOWER, FIGHT, EVADE,
        OFF_DUTY, IDLE_ABOUT, SHOPPING, TO_MARKET, BUY, SHOPPING_DONE
    }

    /** Events; also named events, so that a chart file's {@code "event": "INTRUDER_SPOTTED"} matches them. */
    enum Ev implements NamedEvent { INTRUDER_SPOTTED }

    static final int GATE = 0;
    static final int TOWER = 12;
    static final int MARKET = 20;

    /** The guard: where it stands, its health, the intruder it may be fighting, the clock. */
    static final class Guard extends Walker implements Attack.Fighter, Say.Speaker {
        int health = 10;
        int foeHealth;
        int foePosition = -100;
        long tick;
        final long shiftEnds;

        Guard(Consumer<String> out, long shiftEnds) {
            super(out, "guard", 6);
            this.shiftEnds = shiftEnds;
        }

        @Override
        public int strike(int damage) {
            foeHealth -= damage;
            health -= 2; // the intruder fights back
            return foeHealth;
        }

        @Override
        public int foeHealth() {
            return foeHealth;
        }
    }

    static Chart<Guard> chart() {
        return Chart.<Guard>builder("guard")
                .initial(St.ON_DUTY)
                .state(St.ON_DUTY, duty -> {
                    duty.initial(St.PATROL);
                    duty.when(g -> g.tick >= g.shiftEnds).action((g, e) -> g.say("shift over")).target(St.OFF_DUTY);
                    duty.state(St.PATROL, patrol -> {
                        patrol.initial(St.START_ROUND);
                        // An interruption: the patrol step is saved and resumed after the fight. It is
                        // the patrol's, not the duty's: an intruder spotted during a fight would
                        // otherwise interrupt the fight too, and each would save one more
                        // configuration to resume (found by arbor check: "grows without bound").
                        patrol.when(received(Ev.INTRUDER_SPOTTED), new WithinRange<>(g -> g.foePosition, 4))
                                .action((g, e) -> g.say("engages the intruder"))
                                .target(St.FIGHT).resumeAfter();
                        // The container decides: when the plan's last step is done, start a new round.
                        patrol.onChildFinished().target(St.START_ROUND);
                        patrol.state(St.START_ROUND, s -> s.always()
                                .plan(St.TO_GATE, St.WATCH_GATE, St.TO_TOWER, St.WATCH_TOWER));
                        patrol.state(St.TO_GATE, s -> s.use(MoveTo.to("the gate", GATE, 2)));
                        patrol.state(St.WATCH_GATE, s -> s.use(new Pause<>(2, "looks around the gate")));
                        patrol.state(St.TO_TOWER, s -> s.use(MoveTo.to("the tower", TOWER, 2)));
                        patrol.state(St.WATCH_TOWER, s -> s.use(new Pause<>(2, "looks out from the tower")));
                    });
                    duty.state(St.FIGHT, s -> {
                        s.use(new Attack<>(3, 1));
                        s.when(g -> g.health <= 4).action((g, e) -> g.say("is hurt and falls back")).target(St.EVADE);
                        s.onExit(g -> g.say("fight over (health " + g.health + ")"));
                    });
                    // When it is done, the fight's resumeAfter takes the guard back to the patrol step it saved.
                    duty.state(St.EVADE, s -> s.use(MoveTo.to("the tower", TOWER, 3)));
                })
                .state(St.OFF_DUTY, off -> {
                    off.initial(St.IDLE_ABOUT);
                    off.state(St.IDLE_ABOUT, s -> s.use(new Pause<>(2, "leans on the wall")).then(St.SHOPPING));
                    off.state(St.SHOPPING, shop -> {
                        shop.initial(St.TO_MARKET);
                        shop.then(St.IDLE_ABOUT); // completed through its final child
                        shop.state(St.TO_MARKET, s -> s.use(MoveTo.to("the market", MARKET, 2)).then(St.BUY));
                        shop.state(St.BUY, s -> s.use(new Pause<>(1, "buys bread")).then(St.SHOPPING_DONE));
                        shop.finalState(St.SHOPPING_DONE);
                    });
                })
                .build();
    }

    /** The chart loaded from {@code charts/guard.json}. */
    static Chart<Guard> chartFromFile() {
        return ChartFiles.load("guard.json", new GuardComponents());
    }

    public static void run(PrintStream out, long intruderAt, int intruderHealth, long shiftEnds) {
        run(chart(), new MachineListener() {}, out, intruderAt, intruderHealth, shiftEnds, Stage.NONE);
    }

    /** The demo with a given chart, and one more listener on the machine. */
    static void run(Chart<Guard> chart, MachineListener watcher, PrintStream out,
                    long intruderAt, int intruderHealth, long shiftEnds, Stage stage) {
        Guard guard = new Guard(out::println, shiftEnds);
        Machine<Guard> m = chart.newMachine(guard);
        m.addListener(WestWorld.paths(out, "guard")).addListener(watcher);
        out.println("Guard NPC (component HSM): intruder at tick " + intruderAt + ", shift ends at tick " + shiftEnds);
        stage.show("guard", m);
        m.start();
        for (long t = 1; t <= shiftEnds + 10; t++) {
            stage.tick(t);
            guard.tick = t;
            if (t == intruderAt) {
                guard.foePosition = guard.position() + 3;
                guard.foeHealth = intruderHealth;
                out.println("  ! an intruder appears at " + guard.foePosition);
                m.fire(Ev.INTRUDER_SPOTTED);
            }
            m.update();
            out.println("-- tick " + t + ": at " + guard.position() + ", health " + guard.health);
        }
    }

    /** When the guard's shift ends in the demo, and for tools' owners. */
    static final long DEFAULT_SHIFT_ENDS = 34;

    public static void run(PrintStream out) {
        run(out, Stage.NONE);
    }

    static void run(PrintStream out, Stage stage) {
        run(chart(), new MachineListener() {}, out, 9, 10, DEFAULT_SHIFT_ENDS, stage);
    }

    private GuardDemo() {}
}
