package dev.arbor.core;

import dev.arbor.core.internal.CompiledChart;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable, compiled statechart: the states, transitions and actions shared by every
 * {@link Machine} made from it. Build one with {@link #builder(String)} (declared transitions) or
 * {@link #handlers(String)} (state objects that handle events in code); share it between any
 * number of machines and threads.
 *
 * <p>At run time states are small int ids in document order (root = 0); keys and names stay here
 * for tools and tests.
 *
 * @param <C> the owner (context) type: the object every action receives
 */
public final class Chart<C> {

    /** The key of every chart's root state. Its name is {@code "root"}. */
    public static final Object ROOT = new Object() {
        @Override
        public String toString() {
            return "root";
        }
    };

    final CompiledChart compiled;
    final Done[] doneEvents;
    /** Scratch for steps, per thread: machines are confined to one thread, charts are shared. */
    final ThreadLocal<Scratch.Pool> scratch = ThreadLocal.withInitial(() -> new Scratch.Pool(this));

    /**
     * Events a chart's machines dispatch before it is specialised (system property
     * {@code arbor.specialize}: a count, {@code eager} for 0, or {@code off}).
     */
    static final int SPECIALIZE_AFTER = specializeAfter(System.getProperty("arbor.specialize", "1000"));

    /** The chart's compiled dispatch (see {@link Specializer}); null until made, or for good when it cannot be. */
    private SpecializedDispatch specialized;
    /** Dispatches left before specialising; racy decrements only delay it. */
    private int untilSpecialized = SPECIALIZE_AFTER;
    /** Whether ticks may take the flat path (a flat chart without behaviours); tests turn it off to compare. */
    boolean flatTicks;

    Chart(CompiledChart compiled) {
        this.compiled = compiled;
        this.flatTicks = compiled.tickPolled != null;
        this.doneEvents = new Done[compiled.stateCount];
        for (int s = 0; s < compiled.stateCount; s++) {
            if (compiled.doneSets[s] != null) {
                doneEvents[s] = new Done(this, s, compiled.key[s], compiled.stateName[s]);
            }
        }
    }

    /**
     * The specialised dispatch, once this chart has dispatched enough events to be worth it; null
     * before, and always for charts the specialiser does not take. Specialising takes tens of
     * milliseconds (a deep chart about 90 ms on the project's machine), too long for a game's
     * frame, so it runs on a background thread as the JIT's compilers do, and the interpreter
     * serves the chart until it is ready; with {@code arbor.specialize=eager} it runs at once, on
     * the caller's thread. It is published through a plain field: its own fields are final (the
     * memory model's guarantee for final fields covers what they reach) and its classes are
     * initialised before it is published. A volatile read on every event measured about 4 ns:
     * it keeps the JIT from reusing loads across the inlined dispatch.
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
        Background.run(this::specialize);
        return null;
    }

    private synchronized SpecializedDispatch specialize() {
        if (specialized == null && untilSpecialized >= -1) {
            try {
                specialized = Specializer.specialize(compiled);
            } catch (RuntimeException | LinkageError e) {
                specialized = null; // the interpreter serves every chart; specialising is only faster
            }
            untilSpecialized = -2;
        }
        return specialized;
    }

    /** The one daemon thread charts are specialised on, started on first use. */
    private static final class Background {
        private static final java.util.concurrent.Executor EXECUTOR =
                java.util.concurrent.Executors.newSingleThreadExecutor(task -> {
                    Thread t = new Thread(task, "arbor-specializer");
                    t.setDaemon(true);
                    return t;
                });

        static void run(Runnable task) {
            EXECUTOR.execute(task);
        }
    }

    /** Specialises now, whatever the setting; for tests that compare both dispatches. */
    synchronized SpecializedDispatch specializeNow() {
        specialized = Specializer.specialize(compiled);
        untilSpecialized = -2;
        return specialized;
    }

    /** Keeps this chart interpreted, whatever the setting; for tests that compare both dispatches. */
    synchronized void neverSpecialize() {
        specialized = null;
        untilSpecialized = -2;
    }

    /** The specialised dispatch if it is ready, without counting an event towards it; for tests. */
    SpecializedDispatch specializedIfReady() {
        return specialized;
    }

    /** Ticks by the general path only; for tests that compare it with the flat one. */
    void generalTicksOnly() {
        flatTicks = false;
    }

    static int specializeAfter(String setting) {
        switch (setting.strip()) {
            case "off":
                return -2;
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
                throw new IllegalArgumentException("system property arbor.specialize must be a number of events"
                        + " (0 or more), 'eager' or 'off', not '" + setting + "'");
        }
    }

    /** Starts a chart whose transitions are declared with a fluent builder. */
    public static <C> ChartBuilder<C> builder(String name) {
        return new ChartBuilder<>(name);
    }

    /** Starts a chart of handler-style states: objects that decide in code what each event does. */
    public static <C> HandlerChartBuilder<C> handlers(String name) {
        return new HandlerChartBuilder<>(name);
    }

    /** Makes a new, not yet started machine for this owner. */
    public Machine<C> newMachine(C owner) {
        return new Machine<>(this, owner);
    }

    public String name() {
        return compiled.name;
    }

    /** The number of states, including the root and history pseudo-states. */
    public int stateCount() {
        return compiled.stateCount;
    }

    /**
     * The id of the state with this key (a String also finds a state by name).
     *
     * @throws IllegalArgumentException if the chart has no such state
     */
    public int stateId(Object stateKey) {
        Objects.requireNonNull(stateKey, "stateKey");
        int id = compiled.idOf(stateKey);
        if (id < 0) {
            throw new IllegalArgumentException("chart '" + compiled.name + "' has no state '" + stateKey + "'");
        }
        return id;
    }

    /** Whether the chart has a state with this key or name. */
    public boolean hasState(Object stateKey) {
        return compiled.idOf(stateKey) >= 0;
    }

    public Object stateKey(int state) {
        return compiled.key[state];
    }

    public String stateName(int state) {
        return compiled.stateName[state];
    }

    /**
     * The path of a state: the names from the root down, root excluded, joined by {@code '/'}
     * (such as {@code "patrol/walk"}; the root's path is empty). {@link Machine#moveTo} matches
     * states of two versions of a chart by their paths.
     */
    public String statePath(int state) {
        return Migration.path(compiled, state);
    }

    /** The parent of a state, or -1 for the root. */
    public int parent(int state) {
        return compiled.parent[state];
    }

    /** The depth of a state: 0 for the root. */
    public int depth(int state) {
        return compiled.depth[state];
    }

    /** The children of a state in document order (history pseudo-states excluded). */
    public int[] children(int state) {
        return compiled.children[state].clone();
    }

    /** What kind of state this is. */
    public StateKind kind(int state) {
        return StateKind.values()[compiled.kind[state]];
    }

    public int transitionCount() {
        return compiled.transitionCount;
    }

    public int transitionSource(int transition) {
        return compiled.tSource[transition];
    }

    /** The declared targets of a transition (empty for internal and handler transitions). */
    public int[] transitionTargets(int transition) {
        return compiled.tTargets[transition].clone();
    }

    /**
     * How many levels up a transition's target lies from its source: seed 000's "level", computed
     * by the compiler (positive: up the hierarchy; negative: down; 0: same level).
     */
    public int transitionLevel(int transition) {
        int[] targets = compiled.tTargets[transition];
        if (targets.length == 0) {
            return 0;
        }
        return compiled.depth[compiled.tSource[transition]] - compiled.depth[targets[0]];
    }

    /** A short description of a transition, such as {@code "s1 A -> s1"}. */
    public String describeTransition(int transition) {
        return compiled.tLabel[transition];
    }

    @Override
    public String toString() {
        return "Chart[" + compiled.name + ", " + compiled.stateCount + " states, "
                + compiled.transitionCount + " transitions: " + Arrays.toString(compiled.stateName) + "]";
    }
}
