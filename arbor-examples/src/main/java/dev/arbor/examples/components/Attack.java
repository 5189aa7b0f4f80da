package dev.arbor.examples.components;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;

/** Strikes a target every few ticks until it falls. */
public final class Attack<C extends Body & Attack.Fighter> implements Behavior<C> {

    /** What Attack needs of an agent beyond a body. */
    public interface Fighter {
        /** Deals damage to the current foe; returns the foe's health left. */
        int strike(int damage);

        int foeHealth();
    }

    private final int damage;
    private final int everyTicks;

    public Attack(int damage, int everyTicks) {
        this.damage = damage;
        this.everyTicks = everyTicks;
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
