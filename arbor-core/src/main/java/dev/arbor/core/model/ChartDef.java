package dev.arbor.core.model;


/** A whole chart as the builders describe it: the root state and chart-wide settings. */
public final class ChartDef {
    public final String name;
    public final StateDef root;
    /** The API's {@code ErrorPolicy.RAISE_ERROR_EVENT}; rethrow by default. */
    public boolean raisesErrorEvents;
    /** The API's {@code UpdateOrder.OUTER_FIRST}, the default. */
    public boolean updatesOuterFirst = true;
    public UserAction unhandled;
    /** The API's {@code UnknownEvents.REJECT}: an event the chart does not know is an error; the builders start from the JVM's default. */
    public boolean rejectsUnknownEvents;
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
