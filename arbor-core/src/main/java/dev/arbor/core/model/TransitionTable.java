package dev.arbor.core.model;

import java.util.Arrays;

/**
 * The chart's transitions as columns indexed by transition id, made by
 * {@link TransitionResolution}. Transitions are numbered in document order of their source and
 * declaration; after the declared ones come one placeholder per handler state
 * ({@link CompiledChart#HANDLER}), the placeholder of programmatic moves
 * ({@link CompiledChart#moveTransition}) and the steps of plans ({@link CompiledChart#PLAN}).
 * Read as {@code chart.transitions.source[t]}.
 */
public final class TransitionTable {
    public final int[] source;
    public final int[][] targets;
    /** {@link CompiledChart#EVENT}, {@link CompiledChart#EVENTLESS}, ... */
    public final byte[] mode;
    /** 1 for a local transition, else 0. */
    public final byte[] local;
    /**
     * Precomputed domain, with {@link CompiledChart#DOMAIN_STAYS_ACTIVE} set when the domain
     * itself is not exited; {@link CompiledChart#NO_DOMAIN} for a targetless transition.
     */
    public final int[] domain;
    public final UserGuard[] guard;
    public final UserAction[] action;
    /** Per transition: the dense ids of its triggers (the wildcard aside). */
    public final int[][] triggerIds;
    /** Per transition: its triggers as declared (done triggers resolved to their state), for tools. */
    public final Trigger[][] triggers;
    /** Per transition: whether any event takes it (a {@code "*"} trigger). */
    public final boolean[] anyTrigger;
    public final String[] label;
    /** Per transition: the plan steps after its target (empty for most). */
    public final int[][] plan;
    /** Per transition: whether it saves the configuration it interrupts, to resume after its plan. */
    public final boolean[] resume;
    /** Per plan transition: the container its steps run in (their least common compound ancestor). */
    public final int[] planContainer;
    /** Per {@link CompiledChart#PLAN} transition: the step whose finishing it follows; -1 for every other transition. */
    public final int[] planFrom;
    /** Per transition: for a timer, the ticks its source must have been active; 0 for every other transition. */
    public final long[] after;
    /**
     * Per transition: whether it is a timer that leaves its source active when it fires (internal,
     * or local into the source), so that the machine must remember it fired in this activation.
     */
    public final boolean[] timerOnce;
    /** Per handler state: the id of its placeholder transition; -1 for every other state. */
    public final int[] ofHandler;

    TransitionTable(int m, int stateCount) {
        source = new int[m];
        targets = new int[m][];
        mode = new byte[m];
        local = new byte[m];
        domain = new int[m];
        guard = new UserGuard[m];
        action = new UserAction[m];
        triggerIds = new int[m][];
        triggers = new Trigger[m][];
        Arrays.fill(triggers, new Trigger[0]);
        anyTrigger = new boolean[m];
        label = new String[m];
        plan = new int[m][];
        Arrays.fill(plan, CompiledChart.NONE);
        resume = new boolean[m];
        planContainer = new int[m];
        planFrom = new int[m];
        Arrays.fill(planFrom, -1);
        after = new long[m];
        timerOnce = new boolean[m];
        ofHandler = new int[stateCount];
        Arrays.fill(ofHandler, -1);
    }
}
