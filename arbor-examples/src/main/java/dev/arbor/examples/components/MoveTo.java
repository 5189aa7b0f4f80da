package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import java.util.function.ToIntFunction;

/**
 * Walks toward a target position a few units per tick; finished on arrival. The target is a
 * parameter, either fixed or read from the agent (a patrol waypoint, the nearest piece of trash).
 */
public final class MoveTo<C extends Body> implements Behavior<C> {
    private final String place;
    private final ToIntFunction<C> target;
    private final int speed;

    public MoveTo(String place, ToIntFunction<C> target, int speed) {
        if (speed <= 0) {
            throw new IllegalArgumentException("speed must be positive: " + speed);
        }
        this.place = place;
        this.target = target;
        this.speed = speed;
    }

    public static <C extends Body> MoveTo<C> to(String place, int position, int speed) {
        return new MoveTo<>(place, c -> position, speed);
    }

    @Override
    public void onEnter(C agent, Activity<C> activity) {
        agent.say("heads for " + place + " (" + target.applyAsInt(agent) + ")");
    }

    @Override
    public void onUpdate(C agent, Activity<C> activity) {
        int goal = target.applyAsInt(agent);
        int here = agent.position();
        int step = Math.min(speed, Math.abs(goal - here));
        agent.moveTo(here + Integer.signum(goal - here) * step);
    }

    @Override
    public boolean isFinished(C agent, Activity<C> activity) {
        return agent.position() == target.applyAsInt(agent);
    }
}
