package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;

/**
 * Waits a number of ticks, counted by the state's activity clock. A record, so that a chart file
 * configures it by its components: {@code {"use": "Pause", "ticks": 2, "doing": "looks around"}}.
 *
 * @param ticks how many ticks the state lasts
 * @param doing what the agent says it does on entering the state
 */
public record Pause<C extends Body>(int ticks, String doing) implements Behavior<C> {

    @Override
    public void onEnter(C agent, Activity<C> activity) {
        agent.say(doing);
    }

    @Override
    public boolean isFinished(C agent, Activity<C> activity) {
        return activity.ticks() >= ticks;
    }
}
