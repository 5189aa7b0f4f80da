package dev.arbor.examples;

import static dev.arbor.examples.ChartFiles.behaviorType;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Condition;
import dev.arbor.core.StateAction;
import dev.arbor.examples.RobotDemo.Robot;
import dev.arbor.examples.components.MoveTo;
import dev.arbor.examples.components.Pause;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.function.Consumer;

/**
 * The cleaning robot's components (the update-driven HSM), by the names {@code charts/robot.json} uses: the
 * shared {@link MoveTo} and {@link Pause} behaviours, a walk to the nearest trash, its battery's
 * conditions and the actions that drain and charge it. Each does what the corresponding code in
 * {@link RobotDemo#chart()} does.
 */
public final class RobotComponents implements ComponentLibrary<Robot> {

    /** Walks to the nearest trash it knows of, as {@code new MoveTo<>("trash", Robot::nearestTrash, speed)} does. */
    record MoveToNearestTrash(int speed) implements Behavior<Robot> {
        MoveToNearestTrash {
            if (speed <= 0) {
                throw new IllegalArgumentException("speed must be positive: " + speed);
            }
        }

        @Override
        public void onEnter(Robot robot, Activity<Robot> activity) {
            MoveTo.announce(robot, "trash", robot.nearestTrash());
        }

        @Override
        public void onUpdate(Robot robot, Activity<Robot> activity) {
            MoveTo.stepToward(robot, robot.nearestTrash(), speed);
        }

        @Override
        public boolean isFinished(Robot robot, Activity<Robot> activity) {
            return robot.position() == robot.nearestTrash();
        }
    }

    /** Holds while the battery is below a level. */
    record PowerBelow(int level) implements Condition<Robot> {
        @Override
        public boolean test(Robot robot) {
            return robot.power < level;
        }
    }

    /** Holds once the battery has reached a level. */
    record PowerAtLeast(int level) implements Condition<Robot> {
        @Override
        public boolean test(Robot robot) {
            return robot.power >= level;
        }
    }

    /** Charges the battery by so much, up to full. */
    record Recharge(int perTick) implements StateAction<Robot> {
        @Override
        public void run(Robot robot) {
            robot.power = Math.min(Robot.FULL_POWER, robot.power + perTick);
        }
    }


    @Override
    public String name() {
        return "robot";
    }

    @Override
    public ComponentRegistry<Robot> components() {
        return ComponentRegistry.<Robot>create()
                .behavior("MoveTo", behaviorType(MoveTo.Fixed.class), "Drives to a place at a speed; finished on arrival")
                .behavior("MoveToNearestTrash", MoveToNearestTrash.class, "Drives to the nearest trash it knows of")
                .behavior("Pause", behaviorType(Pause.class), "Waits a number of ticks, doing something; finished then")
                .condition("PowerBelow", PowerBelow.class, "Holds while the battery is below a level")
                .condition("PowerAtLeast", PowerAtLeast.class, "Holds once the battery has reached a level")
                .condition("NoTrashLeft", robot -> robot.trash.isEmpty(), "Holds when no trash is left on the floor")
                .condition("OnTrash", robot -> robot.trash.contains(robot.position()), "Holds when the robot stands on trash")
                .action("Say", Say.class, "Says a line")
                .action("DrainBattery", robot -> robot.power--, "Uses one unit of the battery")
                .action("Recharge", Recharge.class, "Charges the battery by so much a tick, up to full")
                .action("SoundLowPowerAlarm", robot -> robot.say("LOW POWER ALARM at " + robot.power), "Says the low-power alarm with the battery's level")
                .action("PickUpTrash", Robot::pickUp, "Picks up the trash the robot stands on");
    }

    /** A robot on the demo's floor (the demo's seed places the trash), saying its lines to {@code log}. */
    @Override
    public Robot newOwner(Consumer<String> log) {
        return new Robot(log, RobotDemo.DEFAULT_SEED);
    }
}
