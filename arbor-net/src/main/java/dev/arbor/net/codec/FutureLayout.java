package dev.arbor.net.codec;

import dev.arbor.core.Chart;
import dev.arbor.core.Chart.TransitionInfo;
import dev.arbor.core.MachineState;
import dev.arbor.core.MachineStateBuffer;
import dev.arbor.core.MachineStateBuffer.StateSet;
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

    void write(MachineStateBuffer state, BitWriter out, EventCodec events) {
        StateSet previous = state.previous();
        out.writeBoolean(!previous.isEmpty());
        if (!previous.isEmpty()) {
            out.writeBounded(numbering.configurationIndex(previous), numbering.configurations());
        }
        StateSet active = state.active();
        for (int s = active.next(0); s >= 0; s = active.next(s + 1)) {
            if (behaviors[s]) {
                out.writeGamma(state.clock(s) + 1);
                out.writeBoolean(state.finished(s));
            } else if (maxAfter[s] > 0) {
                out.writeBounded(state.clock(s), maxAfter[s] + 1);
            }
            for (int t : onceTimers[s]) {
                out.writeBoolean(state.timerFired(t));
            }
        }
        int pushed = state.pushedCount();
        int plans = state.planCount();
        int deferred = state.deferredCount();
        boolean rare = pushed > 0 || plans > 0 || deferred > 0;
        out.writeBoolean(rare);
        if (!rare) {
            return;
        }
        out.writeBounded(pushed, pushLimit + 1L);
        for (int i = 0; i < pushed; i++) {
            out.writeBounded(numbering.configurationIndex(state.pushed(i)), numbering.configurations());
        }
        if (hasPlanSteps || hasResume) {
            out.writeGamma(plans + 1L);
            for (int i = 0; i < plans; i++) {
                writePlanEntry(state, i, out);
            }
        } else if (plans > 0) {
            throw new IllegalStateException("chart '" + chart.name() + "' declares no plan, but the machine has "
                    + plans + " plan entries (restored by hand?)");
        }
        if (defers) {
            out.writeBounded(deferred, deferLimit + 1L);
            for (int i = 0; i < deferred; i++) {
                events.write(state.deferred(i), out);
            }
        } else if (deferred > 0) {
            throw new IllegalStateException("chart '" + chart.name() + "' defers no event, but the machine keeps "
                    + deferred + " (restored by hand?)");
        }
    }

    private void writePlanEntry(MachineStateBuffer state, int i, BitWriter out) {
        int container = state.planContainer(i);
        int step = state.planStep(i);
        boolean isStep = step >= 0;
        if (hasPlanSteps && hasResume) {
            out.writeBoolean(isStep);
        }
        if (isStep) {
            int at = Arrays.binarySearch(planSteps, step);
            if (at < 0 || depth[step] < depth[container]) {
                throw new IllegalStateException("plan entry " + i + " (step " + step + " in " + container
                        + ") is not a step of chart '" + chart.name() + "'");
            }
            out.writeBounded(at, planSteps.length);
            out.writeBounded(depth[step] - depth[container], depth[step] + 1L);
        } else {
            if (!hasResume) {
                throw new IllegalStateException("chart '" + chart.name() + "' resumes no plan, but the machine has "
                        + "plan entry " + i + " saving " + state.planConfiguration(i));
            }
            out.writeBounded(container, n);
            out.writeBounded(numbering.configurationIndex(state.planConfiguration(i)), numbering.configurations());
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads this part into a buffer that holds the configuration and history already, telling
     * {@code at} which field it reads (for the message of a refusal). Allocates nothing but what
     * the event codec does.
     */
    void read(BitReader in, MachineStateBuffer into, EventCodec events, SnapshotCodec.Workspace<?> at)
            throws SnapshotException {
        at.reading("previous configuration", -1, in);
        if (in.readBoolean()) {
            numbering.configurationAt(in.readBounded(numbering.configurations()), into.previous());
        }
        StateSet active = into.active();
        for (int s = active.next(0); s >= 0; s = active.next(s + 1)) {
            if (behaviors[s]) {
                at.reading("clock", s, in);
                into.setClock(s, in.readGamma() - 1);
                at.reading("finished flag", s, in);
                if (in.readBoolean()) {
                    into.setFinished(s);
                }
            } else if (maxAfter[s] > 0) {
                at.reading("clock", s, in);
                into.setClock(s, in.readBounded(maxAfter[s] + 1));
            }
            if (onceTimers[s].length > 0) {
                at.reading("fired timer flags", s, in);
                for (int t : onceTimers[s]) {
                    if (in.readBoolean()) {
                        into.setTimerFired(t);
                    }
                }
            }
        }
        at.reading("flag for anything pushed, planned or deferred", -1, in);
        if (!in.readBoolean()) {
            return;
        }
        at.reading("pushed configurations", -1, in);
        int pushed = (int) in.readBounded(pushLimit + 1L);
        for (int i = 0; i < pushed; i++) {
            numbering.configurationAt(in.readBounded(numbering.configurations()), into.addPushed());
        }
        if (hasPlanSteps || hasResume) {
            at.reading("plan entries", -1, in);
            long count = in.readGamma() - 1;
            for (long i = 0; i < count; i++) {
                readPlanEntry(in, into); // each entry takes bits: a long count runs out of them
            }
        }
        if (defers) {
            at.reading("deferred events", -1, in);
            int count = (int) in.readBounded(deferLimit + 1L);
            for (int i = 0; i < count; i++) {
                into.defer(readEvent(in, events, i));
            }
        }
        if (into.pushedCount() == 0 && into.planCount() == 0 && into.deferredCount() == 0) {
            throw new SnapshotException(Reason.INVALID_DATA, "nothing pushed, planned or deferred, though the "
                    + "snapshot says there is (not the one encoding of this state)");
        }
    }

    private void readPlanEntry(BitReader in, MachineStateBuffer into) throws SnapshotException {
        boolean step = hasPlanSteps && (!hasResume || in.readBoolean());
        if (step) {
            int s = planSteps[(int) in.readBounded(planSteps.length)];
            int up = (int) in.readBounded(depth[s] + 1L);
            int container = s;
            for (int k = 0; k < up; k++) {
                container = chart.parent(container);
            }
            into.addPlanStep(container, s);
            return;
        }
        int container = (int) in.readBounded(n);
        numbering.configurationAt(in.readBounded(numbering.configurations()), into.addPlanResume(container));
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
