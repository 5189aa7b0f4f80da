package dev.arbor.core.internal;

import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.UpdateOrder;

/** A whole chart as the builders describe it: the root state and chart-wide settings. */
public final class ChartDef {
    public final String name;
    public final StateDef root;
    public ErrorPolicy errorPolicy = ErrorPolicy.RETHROW;
    public UpdateOrder updateOrder = UpdateOrder.OUTER_FIRST;
    public Act unhandled;
    public int maxMicrosteps = 10_000;
    /** The most deferred events a machine keeps. */
    public int deferLimit = 64;
    /** The most configurations {@code push} keeps. */
    public int pushLimit = 16;
    public boolean allowUnreachable;
    /** Whether machines draw from their seeded generator, so that snapshots must hold its state. */
    public boolean drawsRandom;
    /** The designer variables, in declaration order. */
    public final java.util.List<dev.arbor.core.Variable> variables = new java.util.ArrayList<>();
    /** Handler charts choose targets at run time, so reachability cannot be judged. */
    public boolean dynamicTargets;

    public ChartDef(String name, StateDef root) {
        this.name = name;
        this.root = root;
    }
}
