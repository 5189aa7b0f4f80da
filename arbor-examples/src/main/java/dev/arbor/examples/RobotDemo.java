package dev.arbor.examples;

import dev.arbor.core.Chart;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.demo.Stage;
import dev.arbor.examples.components.Walker;
import dev.arbor.examples.components.MoveTo;
import dev.arbor.examples.components.Pause;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The update-driven HSM's cleaning robot (Millington, Figure 5.17): it searches for trash and cleans it up; a
 * low-power alarm on the outer level interrupts whatever it is doing, it heads to its charger,
 * recharges, and then resumes cleaning where it left off, through a deep history state (the
 * self-test that starts the first cleaning round is not repeated). Driven by
 * {@link Machine#update()} ticks with polled transitions; the outer alarm takes priority over the
 * inner transitions in the same tick.
 *
 * <p>The chart also exists as a designers' file, {@code charts/robot.json}, written with the
 * components of {@link RobotComponents}; it loads as {@link #chartFromFile()} and behaves as the
 * chart built here.
 */
public final class RobotDemo {

    enum St { CLEANING, SELF_TEST, SEARCH, CLEAN, CLEANING_HISTORY, GET_POWER, HEAD_HOME, RECHARGE, CHARGED, FINISHED }

    /** The robot on a one-dimensional floor: position, battery, and the trash it knows of. */
    static final class Robot extends Walker implements Say.Speaker {
        static final int LOW_POWER = 6;
        static final int FULL_POWER = 20;
        static final int CHARGER = 0;

        final List<Integer> trash = new ArrayList<>();
        int power = 14;
        long tick;

        Robot(Consumer<String> out, long seed) {
            super(out, "robot", 10);
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < 4; i++) {
                trash.add(1 + random.nextInt(30));
            }
        }

        void pickUp() {
            trash.remove(Integer.valueOf(position()));
            say("picked up trash at " + position() + "; left: " + trash);
        }

        /** The nearest known trash; where it stands when none is left. */
        int nearestTrash() {
            int position = position();
            if (trash.isEmpty()) {
                return position;
            }
            int best = trash.get(0);
            for (int t : trash) {
                if (Math.abs(t - position) < Math.abs(best - position)) {
                    best = t;
                }
            }
            return best;
        }
    }

    static Chart<Robot> chart() {
        return Chart.<Robot>builder("cleaning-robot")
                .initial(St.CLEANING)
                .state(St.CLEANING, c -> {
                    c.initial(St.SELF_TEST); // only on the first entry: history skips it afterwards
                    c.history(St.CLEANING_HISTORY, HistoryType.DEEP);
                    c.onUpdate(r -> r.power--); // cleaning drains the battery
                    // The alarm: an outer-level transition, tested before anything inside CLEANING.
                    c.when(r -> r.power < Robot.LOW_POWER)
                            .action((r, e) -> r.say("LOW POWER ALARM at " + r.power))
                            .target(St.GET_POWER);
                    c.when(r -> r.trash.isEmpty()).target(St.FINISHED);
                    c.state(St.SELF_TEST, s -> s.use(new Pause<>(1, "runs its self-test")).then(St.SEARCH));
                    c.state(St.SEARCH, s -> s.use(new MoveTo<>("trash", Robot::nearestTrash, 2)).then(St.CLEAN));
                    c.state(St.CLEAN, s -> {
                        s.use(new Pause<>(2, "scrubs the floor"));
                        // Resumed by history away from its trash (after recharging): look again.
                        s.when(r -> !r.trash.contains(r.position()))
                                .action((r, e) -> r.say("is not where it was cleaning; searching again"))
                                .target(St.SEARCH);
                        // Only a finished scrub removes the trash: an interrupted one leaves it there.
                        s.onDone().action((r, e) -> r.pickUp()).target(St.SEARCH);
                    });
                })
                .state(St.GET_POWER, g -> {
                    g.initial(St.HEAD_HOME);
                    g.onDone().action((r, e) -> r.say("recharged, resuming")).target(St.CLEANING_HISTORY);
                    g.state(St.HEAD_HOME, s -> s.use(MoveTo.to("charger", Robot.CHARGER, 3)).then(St.RECHARGE));
                    g.state(St.RECHARGE, s -> {
                        s.onUpdate(r -> r.power = Math.min(Robot.FULL_POWER, r.power + 5));
                        s.when(r -> r.power >= Robot.FULL_POWER).target(St.CHARGED);
                    });
                    g.finalState(St.CHARGED);
                })
                .finalState(St.FINISHED, f -> f.onEntry(r -> r.say("floor clean; shutting down")))
                .build();
    }

    /** The chart loaded from {@code charts/robot.json}. */
    static Chart<Robot> chartFromFile() {
        return ChartFiles.load("robot.json", new RobotComponents());
    }

    public static void run(PrintStream out, long seed, int maxTicks) {
        run(chart(), new MachineListener() {}, out, seed, maxTicks, Stage.NONE);
    }

    /** The demo with a given chart, and one more listener on the machine. */
    static void run(Chart<Robot> chart, MachineListener watcher, PrintStream out, long seed, int maxTicks, Stage stage) {
        Robot robot = new Robot(out::println, seed);
        Machine<Robot> m = chart.newMachine(robot);
        m.addListener(WestWorld.paths(out, "robot")).addListener(watcher);
        out.println("Cleaning robot (Millington), seed " + seed + "; trash at " + robot.trash);
        stage.show("robot", m);
        m.start();
        for (long t = 1; t <= maxTicks && !m.isHalted(); t++) {
            stage.tick(t);
            robot.tick = t;
            m.update();
            out.println("-- tick " + t + ": at " + robot.position() + ", power " + robot.power);
        }
    }

    /** The seed the demo runs with, and tools' owners are made with. */
    static final long DEFAULT_SEED = 3;

    public static void run(PrintStream out) {
        run(out, Stage.NONE);
    }

    static void run(PrintStream out, Stage stage) {
        run(chart(), new MachineListener() {}, out, DEFAULT_SEED, 80, stage);
    }

    private RobotDemo() {}
}
