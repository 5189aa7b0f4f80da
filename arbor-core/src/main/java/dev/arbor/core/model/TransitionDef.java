package dev.arbor.core.model;

import java.util.ArrayList;
import java.util.List;

/** One transition as the builders describe it, before compilation. Mutable; builder-owned. */
public final class TransitionDef {

    /** When the transition is considered. */
    public enum Mode {
        /** On an event matching one of its triggers. */
        EVENT,
        /** After every microstep, with no event (SCXML eventless, "always"). */
        EVENTLESS,
        /** On {@code Machine.update()} ticks only (game-loop polling). */
        POLLED
    }

    public final StateDef source;
    public final Mode mode;
    public final List<Trigger> triggers = new ArrayList<>();
    public UserGuard guard;
    public final List<UserAction> actions = new ArrayList<>();
    public final List<Object> targets = new ArrayList<>();
    /** A local transition (the source is not exited when the target is below it); external by default. */
    public boolean local;
    /** Plan steps after the first target: entered one by one as each finishes (the component HSM). */
    public final List<Object> plan = new ArrayList<>();
    /** Whether the interrupted configuration is saved, to resume when the plan is done. */
    public boolean resumeAfter;
    /** For a timed transition ({@link Mode#POLLED}): the ticks its source must have been active; 0 otherwise. */
    public long after;

    public TransitionDef(StateDef source, Mode mode) {
        this.source = source;
        this.mode = mode;
    }
}
