package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;

/**
 * Strikes a target every few ticks until it falls. A record, so that a chart file configures it
 * by its components: {@code {"use": "Attack", "damage": 3, "everyTicks": 1}}.
 *
 * @param damage     the damage of one strike
 * @param everyTicks how many ticks apart the strikes are
 */
public record Attack<C extends Body & Attack.Fighter>(int damage, int everyTicks) implements Behavior<C> {

    /** What Attack needs of an agent beyond a body. */
    public interface Fighter {
        /** Deals damage to the current foe; returns the foe's health left. */
        int strike(int damage);

        int foeHealth();
    }

    public Attack {
        if (everyTicks <= 0) {
            throw new IllegalArgumentException("everyTicks must be positive: " + everyTicks);
        }
    }

    @Override
    public void onUpdate(C agent, Activity<C> activity) {
        if (activity.ticks() % everyTicks == 0) {
            int left = agent.strike(damage);
            agent.say("strikes for " + damage + ", foe at " + left);
        }
    }

    @Override
    public boolean isFinished(C agent, Activity<C> activity) {
        return agent.foeHealth() <= 0;
    }
}
