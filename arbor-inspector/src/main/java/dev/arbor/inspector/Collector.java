package dev.arbor.inspector;

import dev.arbor.analysis.Coverage;
import dev.arbor.core.Chart;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.dispatch.Telegram;
import dev.arbor.inspector.capture.Attached;
import dev.arbor.inspector.capture.Capture;
import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.capture.Ring;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import dev.arbor.inspector.model.Rec;
import dev.arbor.inspector.model.Wire;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The inspector's collector thread: drains the game threads' rings, turns each raw record into a
 * wire {@link Rec} (events named, charts described, errors summarised, targetless transitions
 * named: the work the game thread is spared), applies it to the {@link Model} and appends it to
 * the recording when there is one. Each chart it meets first is handed to the {@link Analyses}.
 */
final class Collector implements Ring.Reader, Runnable {
    /** Records applied per hold of the model's lock, so that frames are not kept waiting. */
    private static final int BATCH = 4096;
    /**
     * Passes over the rings before the collector rests, so that a game writing faster than it
     * reads (records are then dropped and counted) does not keep it busy: the rings' indices and
     * words move between the game's cores and the collector's a bounded number of times a second.
     */
    private static final int PASSES = 4;
    private static final long BUSY_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Capture capture;
    private final Model model;
    private final Charts charts = new Charts();
    private final Analyses analyses;
    /** The targetless transitions named so far, by chart, state and event (bounded: cleared when full). */
    private final Map<Targetless, Integer> targetless = new HashMap<>();
    private final boolean[] isNew = new boolean[1];
    private volatile Writer recording;
    private long seq;
    private long droppedSeen;
    private final Rec scratch = new Rec();
    /** Each machine's chart as its records announce it (attach, a move onto another): what its microsteps expand by. */
    private Chart<?>[] chartOf = new Chart<?>[64];
    private static final String[] CAUSES = java.util.Arrays.stream(dev.arbor.core.Cause.values())
            .map(c -> c.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);
    private int failures;
    private volatile boolean running = true;
    private final Thread thread;

    Collector(Capture capture, Model model) {
        this.capture = capture;
        this.model = model;
        this.analyses = new Analyses(model, Analyses.BUDGET);
        this.thread = new Thread(this, "arbor-inspector-collector");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drainAll();
        closeRecording();
        analyses.close();
    }

    @Override
    public void run() {
        while (running) {
            int n = drainOnce();
            for (int k = 1; k < PASSES && n >= BATCH; k++) {
                n = drainOnce();
            }
            LockSupport.parkNanos(n == 0 ? IDLE_NANOS : BUSY_NANOS);
        }
    }

    /** Drains until the rings are empty (used on stop, and by tests through {@link Inspector#flush}). */
    void drainAll() {
        while (drainOnce() > 0) {
            // keep going
        }
    }

    private int drainOnce() {
        int n;
        synchronized (model) {
            n = capture.drain(this, BATCH);
            long dropped = capture.dropped();
            if (dropped != droppedSeen) {
                droppedSeen = dropped;
            }
        }
        if (n > 0) {
            flushRecording();
        }
        return n;
    }

    long dropped() {
        return capture.dropped();
    }

    /** Records read so far (racy: for statistics). */
    long collected() {
        return seq;
    }

    // ---------------------------------------------------------------- raw record to wire record

    @Override
    public void record(long head, long tick, long x, long y, long z, Object ref) {
        try {
            convert(head, tick, x, y, z, ref);
        } catch (RuntimeException e) {
            // A record the inspector cannot show (a chart it cannot draw, say) is reported and skipped:
            // the collector goes on.
            failures++;
            if (failures <= 3) {
                System.err.println("arbor-inspector: skipped a " + Kind.NAMES[Kind.kind(head)] + " record: " + e);
                e.printStackTrace();
            }
        }
    }

    private void convert(long head, long tick, long x, long y, long z, Object ref) {
        int kind = Kind.kind(head);
        if (kind == Kind.MICROSTEP) {
            expand(head, tick, x, ref);
            return;
        }
        Rec r = scratch; // the model copies what it keeps; a recording writes it out at once
        r.clear();
        r.seq = ++seq;
        r.kind = kind;
        r.cause = CAUSES[Kind.cause(head).ordinal()];
        r.machine = Kind.slot(head);
        r.tick = tick;
        r.a = Kind.a(head);
        r.b = x;
        Object event = ref;
        switch (kind) { // an event the probe wrote as a code
            case Kind.EVENT, Kind.UNHANDLED, Kind.DEFERRED, Kind.RECALLED -> {
                if (r.a != 0) {
                    event = capture.event((int) r.a);
                    r.a = 0;
                }
            }
            case Kind.TRANSITION, Kind.INTERNAL -> {
                if (x != 0) {
                    event = capture.event((int) x);
                    r.b = 0;
                }
            }
            default -> { }
        }
        switch (kind) {
            case Kind.ATTACH -> {
                Attached at = (Attached) ref;
                r.attach = new Rec.Attach(at.name(), chart(at.chart()).id(), at.active(), at.history(), at.variables());
                chartIs(r.machine, at.chart());
            }
            case Kind.CHART -> {
                r.chart = chart((Chart<?>) ref).id();
                chartIs(r.machine, (Chart<?>) ref);
            }
            case Kind.DETACH -> chartIs(r.machine, null); // its records end here: the chart is not held for it
            case Kind.RELOAD -> {
                MigrationReport m = (MigrationReport) ref;
                r.report = new Rec.Report(m.fromChart(), m.toChart(), m.toString(), m.kept(), m.entered(),
                        m.gone().stream().map(g -> new Rec.Gone(g.state(), g.fallback())).toList());
            }
            case Kind.ERROR -> r.text = describe((Throwable) ref);
            case Kind.INTERNAL -> {
                r.text = eventName(event);
                r.c = targetlessTaken(r.machine, (int) r.a, event);
            }
            case Kind.VARIABLE, Kind.VALUE -> {
                r.b = (int) x; // the raw value, in the low half
                r.between = (x & Kind.BETWEEN_STEPS) != 0;
            }
            case Kind.SENT, Kind.DELIVERED -> {
                r.machine = 0;
                r.a = x >> 32;
                r.c = (int) x;
                r.b = y;
                r.due = z;
                r.text = eventName(ref);
            }
            case Kind.PENDING -> {
                List<Rec.Telegram> ts = new ArrayList<>();
                for (Object o : (List<?>) ref) {
                    Telegram t = (Telegram) o;
                    ts.add(new Rec.Telegram(t.receipt(), t.dueTick(), t.sender(), t.receiver(), eventName(t.event())));
                }
                r.pending = ts;
            }
            default -> r.text = eventName(event);
        }
        model.apply(r);
        Writer w = recording;
        if (w != null) {
            try {
                w.write(Wire.record(r));
                w.write('\n');
            } catch (IOException e) {
                recordingFailed(e);
            }
        }
    }

    /**
     * A compiled microstep, as the records it stands for: the exits, the transition (with the
     * event), the entries, all with its cause and tick. A machine whose attach has not been read
     * yet is not shown yet, so its microstep is skipped like its other records.
     */
    private void expand(long head, long tick, long x, Object ref) {
        int slot = Kind.slot(head);
        Chart<?> chart = slot < chartOf.length ? chartOf[slot] : null;
        if (chart == null) {
            return;
        }
        dev.arbor.core.Cause cause = Kind.cause(head);
        int t = Kind.a(head);
        int leaf = (int) x;
        int code = (int) (x >>> 32);
        for (int s : chart.microstepExits(leaf, t)) {
            convert(Kind.head(Kind.EXIT, cause, slot, s, 0), tick, 0, 0, 0, null);
        }
        convert(Kind.head(Kind.TRANSITION, cause, slot, t, 1), tick, code, 0, 0, ref);
        for (int s : chart.microstepEntries(t)) {
            convert(Kind.head(Kind.ENTER, cause, slot, s, 0), tick, 0, 0, 0, null);
        }
    }

    /** A targetless step of a machine's chart: its state, and the event's name and class (what names the transition). */
    private record Targetless(Chart<?> chart, int state, String event, Class<?> type) {}

    /**
     * The targetless transition that consumed {@code event} in {@code state}, named from the
     * machine's chart without the guards' outcomes ({@link Coverage#targetlessTaken}); -1 when it
     * cannot be named.
     */
    private int targetlessTaken(int slot, int state, Object event) {
        Chart<?> chart = slot < chartOf.length ? chartOf[slot] : null;
        if (chart == null || state < 0 || state >= chart.stateCount()) {
            return -1;
        }
        Targetless key = new Targetless(chart, state, event == null ? null : eventName(event),
                event == null ? null : event.getClass());
        Integer t = targetless.get(key);
        if (t == null) {
            if (targetless.size() >= 4096) {
                targetless.clear();
            }
            t = Coverage.targetlessTaken(chart, state, event);
            targetless.put(key, t);
        }
        return t;
    }

    private void chartIs(int slot, Chart<?> chart) {
        if (slot >= chartOf.length) {
            chartOf = java.util.Arrays.copyOf(chartOf, Math.max(slot + 1, 2 * chartOf.length));
        }
        chartOf[slot] = chart;
    }

    /** The chart's view; a chart seen for the first time is announced (to the model and the recording). */
    private ChartView chart(Chart<?> chart) {
        ChartView v = charts.view(chart, isNew);
        if (isNew[0]) {
            model.addChart(v);
            analyses.submit(v.id(), chart);
            Writer w = recording;
            if (w != null) {
                try {
                    w.write(Wire.chart(v));
                    w.write('\n');
                } catch (IOException e) {
                    recordingFailed(e);
                }
            }
        }
        return v;
    }

    /** How an event is shown: an enum constant's name, a String itself, anything else its toString. */
    static String eventName(Object event) {
        if (event == null) {
            return null;
        }
        if (event instanceof Enum<?> e) {
            return e.name();
        }
        String s;
        try {
            s = String.valueOf(event);
        } catch (RuntimeException e) {
            s = event.getClass().getSimpleName() + " (toString threw " + e.getClass().getSimpleName() + ")";
        }
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + (m.length() > 300 ? m.substring(0, 300) + "…" : m));
    }

    // ---------------------------------------------------------------- recording

    /** Starts writing the stream to {@code out}: the charts known so far, then every attached machine as it is now, then the records. */
    void record(Writer out) throws IOException {
        synchronized (model) {
            BufferedWriter w = new BufferedWriter(out, 1 << 16);
            w.write(Wire.hello());
            w.write('\n');
            for (ChartView c : model.charts().values()) {
                w.write(Wire.chart(c));
                w.write('\n');
            }
            for (Model.MachineView m : model.machines()) {
                Rec r = new Rec();
                r.seq = m.trace().isEmpty() ? 0 : m.trace().get(0).seq;
                r.kind = Kind.ATTACH;
                r.machine = m.slot;
                r.tick = m.lastTick;
                r.attach = new Rec.Attach(m.name, m.chart, m.activeIds(), m.history, m.variableValues());
                w.write(Wire.record(r));
                w.write('\n');
            }
            w.flush();
            closeRecording();
            recording = w;
        }
    }

    private void flushRecording() {
        Writer w = recording;
        if (w != null) {
            try {
                w.flush();
            } catch (IOException e) {
                recordingFailed(e);
            }
        }
    }

    private void recordingFailed(IOException e) {
        System.err.println("arbor-inspector: recording stopped: " + e.getMessage());
        closeRecording();
    }

    void closeRecording() {
        Writer w = recording;
        recording = null;
        if (w != null) {
            try {
                w.close();
            } catch (IOException ignored) {
                // already reported, or nothing more to write
            }
        }
    }
}
