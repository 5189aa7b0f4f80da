package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.SnapshotException.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The part of a snapshot after the configuration and history: everything else that decides what
 * the machine does next ({@link MachineState}'s previous and pushed configurations, plans, clocks,
 * finished behaviours, fired timers and deferred events), in the fewest bits this chart allows.
 *
 * <p><b>Layout</b>, in order:
 * <ol>
 *   <li>1 bit: whether there is a previous configuration ({@code revert}); if so, its rank among
 *       the chart's configurations ({@link ChartNumbering#configurationBits()} bits);</li>
 *   <li>for each active state in document order: a state with behaviours, its clock + 1 as an
 *       Elias gamma code and 1 bit "finished"; a state with timers only, its clock (which
 *       saturates at its largest timer) in {@code ceil(log2(largest + 1))} bits; then 1 bit
 *       "fired" for each of its timers that keep it active. States with neither take nothing;</li>
 *   <li>1 bit: whether anything is pushed, planned or deferred; if so: the pushed depth in
 *       {@code ceil(log2(pushLimit + 1))} bits and each configuration's rank; for a chart with
 *       plans, the number of plan entries + 1 (gamma) and each entry — a step as its index among
 *       the chart's plan steps and its container as the levels above it, a saved configuration as
 *       its container's id and its rank (1 bit says which, when the chart has both kinds); for a
 *       chart that defers events, their number in {@code ceil(log2(deferLimit + 1))} bits, then
 *       each through the {@link EventCodec}.</li>
 * </ol>
 * Everything read is a legal value by construction; what only the engine can judge (a plan's
 * container) is checked by {@code Machine.restore} before anything changes.
 */
final class FutureLayout {
    private final Chart<?> chart;
    private final ChartNumbering numbering;
    private final int n;
    private final int[] depth;
    private final boolean[] behaviors;
    /** Per state: its largest timer, 0 when it has none. */
    private final long[] maxAfter;
    /** Per state: its timers that keep it active when they fire, by transition id. */
    private final int[][] onceTimers;
    /** The states a plan may enter next, in increasing order. */
    private final int[] planSteps;
    private final boolean hasPlanSteps;
    private final boolean hasResume;
    private final boolean defers;
    private final int pushLimit;
    private final int deferLimit;

    FutureLayout(Chart<?> chart, ChartNumbering numbering) {
        this.chart = chart;
        this.numbering = numbering;
        n = chart.stateCount();
        depth = new int[n];
        behaviors = new boolean[n];
        maxAfter = new long[n];
        boolean anyDefer = false;
        for (int s = 0; s < n; s++) {
            depth[s] = chart.depth(s);
            Chart.StateInfo info = chart.stateInfo(s);
            behaviors[s] = !info.behaviors().isEmpty();
            anyDefer |= !info.deferred().isEmpty();
        }
        List<List<Integer>> once = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            once.add(new ArrayList<>());
        }
        TreeSet<Integer> steps = new TreeSet<>();
        boolean resume = false;
        for (int t = 0; t < chart.transitionCount(); t++) {
            TransitionInfo info = chart.transitionInfo(t);
            if (info.mode() == TransitionInfo.Mode.TIMER) {
                maxAfter[info.source()] = Math.max(maxAfter[info.source()], info.after());
                if (chart.timerKeepsSource(t)) {
                    once.get(info.source()).add(t);
                }
            }
            if (info.mode().declared()) {
                steps.addAll(info.plan());
                resume |= info.resumeAfter();
            }
        }
        onceTimers = new int[n][];
        for (int s = 0; s < n; s++) {
            onceTimers[s] = once.get(s).stream().mapToInt(Integer::intValue).toArray();
        }
        planSteps = steps.stream().mapToInt(Integer::intValue).toArray();
        hasPlanSteps = planSteps.length > 0;
        hasResume = resume;
        defers = anyDefer;
        pushLimit = chart.pushLimit();
        deferLimit = chart.deferLimit();
    }

    /** Whether deferred events can occur, so that an {@link EventCodec} is needed. */
    boolean defers() {
        return defers;
    }

    /** The most bits this part can take, or -1 when it has no bound (clocks of behaviours, plans, events). */
    long maxBits() {
        if (defers || hasPlanSteps || hasResume) {
            return -1;
        }
        long bits = 1 + numbering.configurationBits() + 1 + BitWriter.bitsFor(pushLimit + 1L)
                + (long) pushLimit * numbering.configurationBits();
        for (int s = 0; s < n; s++) {
            if (behaviors[s]) {
                return -1;
            }
            if (maxAfter[s] > 0) {
                bits += BitWriter.bitsFor(maxAfter[s] + 1);
            }
            bits += onceTimers[s].length;
        }
        return bits;
    }

    // ---------------------------------------------------------------- writing

    void write(MachineState state, BitWriter out, EventCodec events) {
        int[] previous = state.previous();
        out.writeBoolean(previous.length > 0);
        if (previous.length > 0) {
            out.writeBounded(numbering.configurationIndex(previous), numbering.configurations());
        }
        int[] finished = state.finished();
        int[] fired = state.firedTimers();
        for (int s : state.active()) {
            if (behaviors[s]) {
                out.writeGamma(state.clock(s) + 1);
                out.writeBoolean(Arrays.binarySearch(finished, s) >= 0);
            } else if (maxAfter[s] > 0) {
                out.writeBounded(state.clock(s), maxAfter[s] + 1);
            }
            for (int t : onceTimers[s]) {
                out.writeBoolean(Arrays.binarySearch(fired, t) >= 0);
            }
        }
        int[][] pushed = state.pushed();
        List<MachineState.PlanEntry> plans = state.plans();
        List<Object> deferred = state.deferred();
        boolean rare = pushed.length > 0 || !plans.isEmpty() || !deferred.isEmpty();
        out.writeBoolean(rare);
        if (!rare) {
            return;
        }
        out.writeBounded(pushed.length, pushLimit + 1L);
        for (int[] config : pushed) {
            out.writeBounded(numbering.configurationIndex(config), numbering.configurations());
        }
        if (hasPlanSteps || hasResume) {
            out.writeGamma(plans.size() + 1L);
            for (MachineState.PlanEntry e : plans) {
                writePlanEntry(e, out);
            }
        } else if (!plans.isEmpty()) {
            throw new IllegalStateException("chart '" + chart.name() + "' declares no plan, but the machine has "
                    + plans.size() + " plan entries (restored by hand?)");
        }
        if (defers) {
            out.writeBounded(deferred.size(), deferLimit + 1L);
            for (Object e : deferred) {
                events.write(e, out);
            }
        } else if (!deferred.isEmpty()) {
            throw new IllegalStateException("chart '" + chart.name() + "' defers no event, but the machine keeps "
                    + deferred.size() + " (restored by hand?)");
        }
    }

    private void writePlanEntry(MachineState.PlanEntry e, BitWriter out) {
        boolean step = e.step() >= 0;
        if (hasPlanSteps && hasResume) {
            out.writeBoolean(step);
        }
        if (step) {
            int at = Arrays.binarySearch(planSteps, e.step());
            if (at < 0 || depth[e.step()] < depth[e.container()]) {
                throw new IllegalStateException("plan entry " + e + " is not a step of chart '" + chart.name() + "'");
            }
            out.writeBounded(at, planSteps.length);
            out.writeBounded(depth[e.step()] - depth[e.container()], depth[e.step()] + 1L);
        } else {
            if (!hasResume) {
                throw new IllegalStateException("chart '" + chart.name() + "' resumes no plan, but the machine has " + e);
            }
            out.writeBounded(e.container(), n);
            out.writeBounded(numbering.configurationIndex(e.configuration()), numbering.configurations());
        }
    }

    // ---------------------------------------------------------------- reading

    /** Reads this part after the configuration and history of {@code base}, and returns the whole state. */
    MachineState read(BitReader in, MachineState base, EventCodec events) throws SnapshotException {
        int[] previous = in.readBoolean() ? numbering.configurationAt(in.readBounded(numbering.configurations()))
                : new int[0];
        int[] active = base.active();
        long[] clocks = new long[n];
        List<Integer> finished = new ArrayList<>();
        List<Integer> fired = new ArrayList<>();
        for (int s : active) {
            if (behaviors[s]) {
                clocks[s] = in.readGamma() - 1;
                if (in.readBoolean()) {
                    finished.add(s);
                }
            } else if (maxAfter[s] > 0) {
                clocks[s] = in.readBounded(maxAfter[s] + 1);
            }
            for (int t : onceTimers[s]) {
                if (in.readBoolean()) {
                    fired.add(t);
                }
            }
        }
        fired.sort(null);
        int[][] pushed = new int[0][];
        List<MachineState.PlanEntry> plans = new ArrayList<>();
        List<Object> deferred = new ArrayList<>();
        if (in.readBoolean()) {
            pushed = new int[(int) in.readBounded(pushLimit + 1L)][];
            for (int i = 0; i < pushed.length; i++) {
                pushed[i] = numbering.configurationAt(in.readBounded(numbering.configurations()));
            }
            if (hasPlanSteps || hasResume) {
                long count = in.readGamma() - 1;
                for (long i = 0; i < count; i++) {
                    plans.add(readPlanEntry(in)); // each entry takes bits: a long count runs out of them
                }
            }
            if (defers) {
                int count = (int) in.readBounded(deferLimit + 1L);
                for (int i = 0; i < count; i++) {
                    deferred.add(readEvent(in, events, i));
                }
            }
            if (pushed.length == 0 && plans.isEmpty() && deferred.isEmpty()) {
                throw new SnapshotException(Reason.INVALID_DATA, "nothing pushed, planned or deferred, though the "
                        + "snapshot says there is (not the one encoding of this state)");
            }
        }
        return new MachineState(active, base.history(), base.halted(), previous, pushed, plans, clocks,
                finished.stream().mapToInt(Integer::intValue).toArray(),
                fired.stream().mapToInt(Integer::intValue).toArray(), deferred);
    }

    private MachineState.PlanEntry readPlanEntry(BitReader in) throws SnapshotException {
        boolean step = hasPlanSteps && (!hasResume || in.readBoolean());
        if (step) {
            int s = planSteps[(int) in.readBounded(planSteps.length)];
            int up = (int) in.readBounded(depth[s] + 1L);
            int container = s;
            for (int k = 0; k < up; k++) {
                container = chart.parent(container);
            }
            return new MachineState.PlanEntry(container, s, new int[0]);
        }
        int container = (int) in.readBounded(n);
        int[] config = numbering.configurationAt(in.readBounded(numbering.configurations()));
        return new MachineState.PlanEntry(container, -1, config);
    }

    private static Object readEvent(BitReader in, EventCodec events, int i) throws SnapshotException {
        Object e;
        try {
            e = events.read(in);
        } catch (SnapshotException se) {
            throw se;
        } catch (RuntimeException re) {
            throw new SnapshotException(Reason.INVALID_DATA, "deferred event " + i + " refused: " + re);
        }
        if (e == null) {
            throw new SnapshotException(Reason.INVALID_DATA, "deferred event " + i + " read as null");
        }
        return e;
    }
}
