package dev.arbor.examples.components;

import dev.arbor.core.Condition;
import java.util.function.ToIntFunction;

/** A game-defined condition component: something is within a range of the agent (the component HSM's {@code GSurroundings}). */
public final class WithinRange<C extends Body> implements Condition<C> {
    private final ToIntFunction<C> where;
    private final int range;

    public WithinRange(ToIntFunction<C> where, int range) {
        this.where = where;
        this.range = range;
    }

    @Override
    public boolean test(C agent) {
        return holds(agent, where.applyAsInt(agent), range);
    }

    /** Whether a position is at most {@code range} units from the agent. */
    public static boolean holds(Body agent, int position, int range) {
        return Math.abs(position - agent.position()) <= range;
    }
}
