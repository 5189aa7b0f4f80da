package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;

/** Waits a number of ticks, counted by the state's activity clock. */
public final class Pause<C extends Body> implements Behavior<C> {
    private final int ticks;
    private final String doing;

    public Pause(int ticks, String doing) {
        this.ticks = ticks;
        this.doing = doing;
    }

    @Override
    public void onEnter(C agent, Activity<C> activity) {
        agent.say(doing);
    }

    @Override
    public boolean isFinished(C agent, Activity<C> activity) {
        return activity.ticks() >= ticks;
    }
}
