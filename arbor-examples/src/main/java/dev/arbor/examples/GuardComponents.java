package dev.arbor.examples;

import static dev.arbor.examples.ChartFiles.behaviorType;

import dev.arbor.core.Condition;
import dev.arbor.core.StateAction;
import dev.arbor.examples.GuardDemo.Guard;
import dev.arbor.examples.components.Attack;
import dev.arbor.examples.components.MoveTo;
import dev.arbor.examples.components.Pause;
import dev.arbor.examples.components.WithinRange;
import dev.arbor.io.ComponentLibrary;
import dev.arbor.io.ComponentRegistry;
import java.util.function.Consumer;

/**
 * The guard's components (the component HSM), by the names {@code charts/guard.json} uses: the shared
 * {@link MoveTo}, {@link Pause} and {@link Attack} behaviours, conditions on the guard's shift,
 * health and intruder, and its lines. Each does what the corresponding code in
 * {@link GuardDemo#chart()} does.
 */
public final class GuardComponents implements ComponentLibrary<Guard> {

    /** Holds when the intruder stands within a range of the guard, as {@link WithinRange} on the intruder's position. */
    record IntruderWithinRange(int range) implements Condition<Guard> {
        @Override
        public boolean test(Guard guard) {
            return WithinRange.holds(guard, guard.foePosition, range);
        }
    }

    /** Holds when the guard's health is down to a level. */
    record HealthAtMost(int health) implements Condition<Guard> {
        @Override
        public boolean test(Guard guard) {
            return guard.health <= health;
        }
    }


    /** Says a line followed by the guard's health: {@code "fight over (health 4)"}. */
    record SayWithHealth(String line) implements StateAction<Guard> {
        @Override
        public void run(Guard guard) {
            guard.say(line + " (health " + guard.health + ")");
        }
    }

    @Override
    public String name() {
        return "guard";
    }

    @Override
    public ComponentRegistry<Guard> components() {
        return ComponentRegistry.<Guard>create()
                .behavior("MoveTo", behaviorType(MoveTo.Fixed.class), "Walks to a place at a speed; finished on arrival")
                .behavior("Pause", behaviorType(Pause.class), "Waits a number of ticks, doing something; finished then")
                .behavior("Attack", behaviorType(Attack.class), "Hits the intruder for some damage every few ticks")
                .condition("ShiftOver", guard -> guard.tick >= guard.shiftEnds, "Holds once the guard's shift has ended")
                .condition("IntruderWithinRange", IntruderWithinRange.class, "Holds when the intruder stands within a range of the guard")
                .condition("HealthAtMost", HealthAtMost.class, "Holds when the guard's health is down to a level")
                .action("Say", Say.class, "Says a line")
                .action("SayWithHealth", SayWithHealth.class, "Says a line followed by the guard's health");
    }

    /** A guard at its post whose shift ends when the demo's does, saying its lines to {@code log}. */
    @Override
    public Guard newOwner(Consumer<String> log) {
        return new Guard(log, GuardDemo.DEFAULT_SHIFT_ENDS);
    }
}
