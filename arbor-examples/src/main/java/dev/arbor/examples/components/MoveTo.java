package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import java.util.function.ToIntFunction;

/**
 * Walks toward a target position a few units per tick; finished on arrival. The target is a
 * parameter, either fixed or read from the agent (a patrol waypoint, the nearest piece of trash).
 * A chart file configures the fixed form, {@link Fixed}.
 */
public final class MoveTo<C extends Body> implements Behavior<C> {
    private final String place;
    private final ToIntFunction<C> target;
    private final int speed;

    public MoveTo(String place, ToIntFunction<C> target, int speed) {
        requirePositive(speed);
        this.place = place;
        this.target = target;
        this.speed = speed;
    }

    public static <C extends Body> MoveTo<C> to(String place, int position, int speed) {
        return new MoveTo<>(place, c -> position, speed);
    }

    @Override
    public void onEnter(C agent, Activity<C> activity) {
        announce(agent, place, target.applyAsInt(agent));
    }

    @Override
    public void onUpdate(C agent, Activity<C> activity) {
        stepToward(agent, target.applyAsInt(agent), speed);
    }

    @Override
    public boolean isFinished(C agent, Activity<C> activity) {
        return agent.position() == target.applyAsInt(agent);
    }

    /**
     * MoveTo with a fixed target, in the form a chart file configures by its components:
     * {@code {"use": "MoveTo", "place": "the gate", "x": 0, "speed": 2}}. It walks exactly as
     * {@link MoveTo#to MoveTo.to(place, x, speed)} does.
     *
     * @param place what the agent calls the place it heads for
     * @param x     the place's position
     * @param speed the most units walked in one tick
     */
    public record Fixed<C extends Body>(String place, int x, int speed) implements Behavior<C> {
        public Fixed {
            requirePositive(speed);
        }

        @Override
        public void onEnter(C agent, Activity<C> activity) {
            announce(agent, place, x);
        }

        @Override
        public void onUpdate(C agent, Activity<C> activity) {
            stepToward(agent, x, speed);
        }

        @Override
        public boolean isFinished(C agent, Activity<C> activity) {
            return agent.position() == x;
        }
    }

    /** What an agent says when it sets out for a place: the start of every walk. */
    public static void announce(Body agent, String place, int goal) {
        agent.say("heads for " + place + " (" + goal + ")");
    }

    /** One tick of walking: at most {@code speed} units toward {@code goal}, never past it. */
    public static void stepToward(Body agent, int goal, int speed) {
        int here = agent.position();
        int step = Math.min(speed, Math.abs(goal - here));
        agent.moveTo(here + Integer.signum(goal - here) * step);
    }

    private static void requirePositive(int speed) {
        if (speed <= 0) {
            throw new IllegalArgumentException("speed must be positive: " + speed);
        }
    }
}
