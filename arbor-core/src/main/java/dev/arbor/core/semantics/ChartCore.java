package dev.arbor.core.semantics;

import dev.arbor.core.Done;
import dev.arbor.core.model.ChartDef;
import dev.arbor.core.model.CompiledChart;
import java.util.Objects;

/**
 * A chart as the engine runs it: its compiled model, its completion events, the step's scratch
 * per thread, and the one home of the choice of tier that dispatches its events and ticks — the
 * compiled dispatch the speed tier makes ({@link SpeedTier}), the flat and region paths, or the
 * general SCXML step. {@code dev.arbor.core.Chart}, the public face, extends it.
 */
public abstract class ChartCore {

    /** The compiled model every machine of the chart runs. */
    protected final CompiledChart compiled;
    /** Per compound or parallel state: its completion event, filled in by the public face; null for other states. */
    protected final Done[] doneEvents;
    /** Scratch for steps, per thread: machines are confined to one thread, charts are shared. */
    final ThreadLocal<Scratch.Pool> scratch = ThreadLocal.withInitial(() -> new Scratch.Pool(this));

    /**
     * When a chart is specialized (system property {@code arbor.specialize}): {@link #AT_BUILD}
     * ({@code build}, the default: when it is built, on the building thread), a count of events its
     * machines dispatch first (then on a background thread; {@code eager} is 0: at the first
     * event, on the caller's thread), or {@link #NEVER} ({@code off}).
     */
    static final int SPECIALIZE_AFTER = specializeAfter(System.getProperty("arbor.specialize", "build"));
    static final int NEVER = -2;
    static final int AT_BUILD = -3;
    /**
     * Whether charts are compiled with the flat and region paths precomputed: unless the system
     * property {@code arbor.flat} is {@code off}, which runs every chart on the general SCXML step,
     * the tier the others are compared with.
     */
    static final boolean PRECOMPUTED_PATHS = !"off".equals(System.getProperty("arbor.flat", "on").trim());

    /** The chart's compiled dispatch (see {@link SpeedTier}); null until made, or for good when it cannot be. */
    private SpecializedDispatch specialized;
    /** Dispatches left before specializing; racy decrements only delay it. */
    private int untilSpecialized = SPECIALIZE_AFTER;
    /** Whether ticks may take the flat path (a flat chart without behaviours); tests turn it off to compare. */
    boolean flatTicks;
    /**
     * Whether a tick in which no timer is due may only move the clock on (a chart whose polled
     * transitions are all timers, without update actions, behaviours or plans); tests turn it off
     * to compare.
     */
    boolean timerTicks;
    /** Whether events may take the flat path (a chart without parallel states); tests turn it off to compare. */
    boolean flatSteps;
    /** Whether events may take the region path (a chart with parallel states, specialized); tests turn it off to compare. */
    boolean regionSteps;

    /** Compiles a chart definition with the paths this run's tiers use ({@link #PRECOMPUTED_PATHS}). */
    protected static CompiledChart compile(ChartDef def) {
        return new CompiledChart(def, PRECOMPUTED_PATHS);
    }

    /** {@link #compile} with other functions in place of the definition's own. */
    protected static CompiledChart compileSubstituted(ChartDef def, dev.arbor.core.model.UserCodeSubstitution code) {
        return new CompiledChart(def, PRECOMPUTED_PATHS, code);
    }

    protected ChartCore(CompiledChart compiled) {
        this.compiled = compiled;
        this.flatTicks = compiled.ticks.polled != null;
        this.timerTicks = Ticks.onlyTimers(compiled);
        this.flatSteps = compiled.flat;
        this.regionSteps = compiled.regions;
        this.doneEvents = new Done[compiled.stateCount];
        if (SPECIALIZE_AFTER == AT_BUILD) {
            // Before any machine runs, so that no caller is ever compiled by the JIT while the chart
            // is still interpreted: a caller compiled then keeps the interpreter's profile, and
            // measured about 5 ns an event slower (docs/benchmarks.md).
            untilSpecialized = NEVER;
            specialized = specializeOrNull(compiled);
        } else if (SPECIALIZE_AFTER != NEVER && SpeedTier.found() == null) {
            untilSpecialized = NEVER; // no speed tier on this platform: interpreted, without counting events
        }
    }

    /**
     * The chart's specialized dispatch, or null when the platform has no speed tier, the chart
     * cannot have one or specializing failed.
     */
    private static SpecializedDispatch specializeOrNull(CompiledChart compiled) {
        SpeedTier tier = SpeedTier.found();
        if (tier == null) {
            return null;
        }
        try {
            return tier.specialize(compiled);
        } catch (RuntimeException | LinkageError e) {
            return null; // the interpreter serves every chart; specializing is only faster
        }
    }

    /**
     * The specialized dispatch, counting an event towards it: by default the chart was specialized
     * when it was built; with {@code arbor.specialize=N} it is once its machines have dispatched N
     * events, on a background thread as the JIT's compilers do (specializing takes milliseconds
     * to tens of them: a deep chart about 90 ms the first time on the project's machine, too long
     * for a game's frame), the interpreter serving until it is ready; with {@code eager}, at the
     * first event on the caller's thread. Null before, and always for charts the specializer does
     * not take. It is published through a plain field: its own fields are final (the memory
     * model's guarantee for final fields covers what they reach) and its classes are initialised
     * before it is published. A volatile read on every event measured about 4 ns: it keeps the JIT
     * from reusing loads across the inlined dispatch.
     */
    SpecializedDispatch specialized() {
        SpecializedDispatch s = specialized;
        if (s != null || untilSpecialized < 0) {
            return s;
        }
        if (--untilSpecialized > 0) {
            return null;
        }
        untilSpecialized = -1;
        if (SPECIALIZE_AFTER == 0) {
            return specialize();
        }
        SpeedTier tier = SpeedTier.found();
        if (tier != null) {
            tier.inBackground(this::specialize);
        }
        return null;
    }

    private synchronized SpecializedDispatch specialize() {
        if (specialized == null && untilSpecialized >= -1) {
            specialized = specializeOrNull(compiled);
            untilSpecialized = NEVER;
        }
        return specialized;
    }

    /** Specializes now, whatever the setting (null without a speed tier); for tests that compare both dispatches. */
    synchronized SpecializedDispatch specializeNow() {
        SpeedTier tier = SpeedTier.found();
        specialized = tier == null ? null : tier.specialize(compiled);
        untilSpecialized = NEVER;
        return specialized;
    }

    /** Keeps this chart interpreted, whatever the setting; for tests that compare both dispatches. */
    synchronized void neverSpecialize() {
        specialized = null;
        untilSpecialized = NEVER;
    }

    /**
     * Makes this chart interpreted again, to be specialized on the background thread after its
     * machines dispatch {@code events} more events, whatever the setting; for tests of that path.
     */
    synchronized void specializeInBackgroundAfter(int events) {
        specialized = null;
        untilSpecialized = Math.max(1, events);
    }

    /** The specialized dispatch if it is ready, without counting an event towards it; for tests. */
    SpecializedDispatch specializedIfReady() {
        return specialized;
    }

    /** Ticks by the general path only; for tests that compare it with the flat one. */
    void generalTicksOnly() {
        flatTicks = false;
        timerTicks = false;
    }

    /** Events and ticks by the general SCXML step only, never specialized; for tests that compare the tiers. */
    synchronized void generalOnly() {
        neverSpecialize();
        flatTicks = false;
        timerTicks = false;
        flatSteps = false;
        regionSteps = false;
    }

    static int specializeAfter(String setting) {
        switch (setting.strip()) {
            case "build":
                return AT_BUILD;
            case "off":
                return NEVER;
            case "eager":
                return 0;
            default:
                try {
                    int n = Integer.parseInt(setting.strip());
                    if (n >= 0) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                throw new IllegalArgumentException("system property arbor.specialize must be 'build', a number of events"
                        + " (0 or more), 'eager' or 'off', not '" + setting + "'");
        }
    }

    /** The id of the state with this key or name; throws naming the chart when it has none. */
    protected static int stateId(CompiledChart c, Object stateKey) {
        Objects.requireNonNull(stateKey, "stateKey");
        int id = c.idOf(stateKey);
        if (id < 0) {
            throw new IllegalArgumentException("chart '" + c.name + "' has no state '" + stateKey + "'"
                    + c.unknownStateHint(stateKey));
        }
        return id;
    }
}
