package dev.arbor.inspector.model;

import dev.arbor.inspector.capture.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the inspector knows, built from records alone (live or replayed): the charts, every
 * attached machine's configuration, last event and transition, history records, clocks, designer
 * variables and recent trace, the telegrams between agents, and what the machines of each chart
 * have covered ({@link ChartCoverage}); with, beside the records, what each chart's analysis found
 * when the inspector has the chart to analyse (live, not in a replay). Every part is bounded: a machine keeps its last
 * {@code traceLength} trace entries (consecutive idle ticks folded into one), the telegram view
 * its last {@link #TELEGRAMS}.
 *
 * <p>Not thread-safe: the inspector applies records and reads views under one lock, never on the game thread.
 */
public final class Model {
    /** Telegrams kept for the sequence view. */
    public static final int TELEGRAMS = 400;
    /** Pending telegrams tracked. */
    public static final int PENDING = 10_000;

    private final int traceLength;
    private final Map<Integer, ChartView> charts = new HashMap<>();
    /** Per chart id: what its machines covered. */
    private final Map<Integer, ChartCoverage> coverage = new HashMap<>();
    /** Which states have history states, and what those record. */
    private final HistoryRecords historyRecords = new HistoryRecords();
    private final List<MachineView> machines = new ArrayList<>();
    /** The telegrams between agents. */
    private final TelegramLog telegramLog = new TelegramLog();
    private long seq;
    private long tick;
    private long version;
    private int attachedCount;

    public Model(int traceLength) {
        if (traceLength < 1) {
            throw new IllegalArgumentException("traceLength must be at least 1, not " + traceLength);
        }
        this.traceLength = traceLength;
    }

    // ---------------------------------------------------------------- views

    /** One entry of a machine's trace: a record, lightened. Reused when it falls off the end of the trace. */
    public static final class Entry {
        public long seq;
        public long tick;
        public long step;
        public int kind;
        public String cause;
        /** The state, transition or variable, or a tick record's count. */
        public long a;
        /** A variable record's raw value. */
        public long b;
        /** A variable record's: the raw value it replaced, for going back across it in time. */
        public long was;
        /** A variable record's: code set it between the machine's steps. */
        public boolean between;
        public String text;
        /** The chart whose ids {@link #a} is read with: the machine's chart when the record was written. */
        public int chart;
        /** What this record replaced, for going back across it in time; null when it is undone by its own kind. */
        public Prior prior;

        Entry set(Rec r, long step, int chart, Prior prior) {
            this.chart = chart;
            this.prior = prior;
            this.seq = r.seq;
            this.tick = r.tick;
            this.step = step;
            this.kind = r.kind;
            this.cause = r.cause;
            this.a = r.a;
            this.b = r.b;
            this.was = 0;
            this.between = r.between;
            this.text = r.kind == Kind.RELOAD && r.report != null ? r.report.text() : r.text;
            return this;
        }
    }

    /**
     * What a record replaced, so that time travel can go back across it: the configuration,
     * history and variables before a move onto another chart or a sync, the history before a
     * restore, or the history records an exit overwrote. A variable record keeps the one value it
     * replaced itself ({@link Entry#was}).
     *
     * @param chart     the chart the ids before were read with
     * @param active    the active states before, or null when the record did not change them
     * @param history   the history records before, or null when the record did not change them
     * @param variables the variables' raw values before (by id, read with {@code chart}), or null
     *                  when the record did not change them
     */
    public record Prior(int chart, List<Integer> active, Map<Integer, List<Integer>> history, List<Integer> variables) {}

    /**
     * A machine's configuration after one step, as time travel shows it.
     *
     * @param step      the step
     * @param chart     the chart its ids are read with
     * @param active    the active states, in id order
     * @param history   per history state, what it recorded
     * @param variables the designer variables' raw values, by variable id of {@code chart}
     */
    public record Configuration(long step, int chart, List<Integer> active, Map<Integer, List<Integer>> history,
                                List<Integer> variables) {}

    /** A telegram between agents, as the sequence view shows it. */
    public static final class TelegramView {
        public final long receipt;
        public final int sender;
        public final int receiver;
        public final String event;
        public final long sentAt;
        public final long due;
        /** When it was delivered, or -1; -2 when dropped. */
        public long deliveredAt = -1;

        TelegramView(long receipt, int sender, int receiver, String event, long sentAt, long due) {
            this.receipt = receipt;
            this.sender = sender;
            this.receiver = receiver;
            this.event = event;
            this.sentAt = sentAt;
            this.due = due;
        }
    }

    /** An attached machine. */
    public final class MachineView {
        public final int slot;
        public final String name;
        public int chart;
        public boolean[] active;
        public String lastEvent;
        public int lastTransition = -1;
        public long lastTick;
        public boolean detached;
        /** Per history state: what it recorded. */
        public final Map<Integer, List<Integer>> history = new LinkedHashMap<>();
        /** Per timed active state: ticks it has been active (from the last sampled clocks). */
        public final Map<Integer, Long> clocks = new LinkedHashMap<>();
        /** The designer variables' raw values, by variable id of {@link #chart}. */
        public int[] variables = new int[0];
        public Rec.Report lastReport;
        public long reportSeq;
        /** Changes whenever anything of this machine does. */
        public long version;
        final ArrayDeque<Entry> trace = new ArrayDeque<>();
        long step;
        private String stepCause = "normal";
        /** The last step is a variable set by code between steps: whatever comes next is another step. */
        private boolean stepBetween;
        /** The last step: whether it only ticked and ran update actions, and which. */
        private boolean stepQuiet;
        private int stepSignature;
        private int stepSize;
        /** The step before it, when it was quiet: its tick record and signature (-1: not quiet). */
        private Entry quietTicks;
        private int quietSignature;
        final List<Integer> exitedThisStep = new ArrayList<>();
        /** What the record being applied replaced, kept with its trace entry. */
        private Prior prior;
        /** The raw value the variable record being applied replaced. */
        private int replaced;

        MachineView(int slot, String name) {
            this.slot = slot;
            this.name = name;
        }

        public ChartView chartView() {
            return charts.get(chart);
        }

        /** The active leaf path, such as {@code PATROL/WALK} ({@code a | b} for several regions). */
        public String leafPath() {
            ChartView c = chartView();
            if (c == null || active == null) {
                return "";
            }
            StringBuilder b = new StringBuilder();
            for (int s = 0; s < active.length; s++) {
                if (active[s] && s > 0 && isActiveLeaf(c, s)) {
                    if (b.length() > 0) {
                        b.append(" | ");
                    }
                    b.append(c.states().get(s).path());
                }
            }
            return b.toString();
        }

        private boolean isActiveLeaf(ChartView c, int s) {
            for (int k = 0; k < active.length; k++) {
                if (active[k] && c.states().get(k).parent() == s) {
                    return false;
                }
            }
            return true;
        }

        /** The active states' ids. */
        public List<Integer> activeIds() {
            List<Integer> out = new ArrayList<>();
            if (active != null) {
                for (int s = 0; s < active.length; s++) {
                    if (active[s]) {
                        out.add(s);
                    }
                }
            }
            return out;
        }

        /** The trace entries kept, oldest first. */
        public List<Entry> trace() {
            return new ArrayList<>(trace);
        }

        /** The variables' raw values as they are now, by id. */
        public List<Integer> variableValues() {
            return listOf(variables);
        }

        /** The history records as they are now, copied. */
        Map<Integer, List<Integer>> historyCopy() {
            Map<Integer, List<Integer>> copy = new LinkedHashMap<>();
            history.forEach((h, rec) -> copy.put(h, List.copyOf(rec)));
            return copy;
        }

        /**
         * The configuration after each step time travel can reach, oldest first, the last being
         * the live one: the live configuration with every later record undone, each read with the
         * chart that was current then. Moves onto other charts, syncs, restores and variable records
         * are undone by what they replaced; an attach is where the trace's knowledge begins
         * ({@link TimeTravel}).
         */
        public List<Configuration> configurations() {
            return TimeTravel.configurations(this);
        }

        /** Text a filter is matched against: name, chart and active state names. */
        public String searchText() {
            ChartView c = chartView();
            StringBuilder b = new StringBuilder(name).append('\n').append(c == null ? "" : c.name());
            if (c != null && active != null) {
                for (int s = 1; s < active.length; s++) {
                    if (active[s]) {
                        b.append('\n').append(c.states().get(s).name());
                    }
                }
            }
            return b.toString();
        }

        private void append(Rec r) {
            // A move's announcement and its configuration written whole belong to the move's step.
            boolean withinMove = (r.kind == Kind.CHART || r.kind == Kind.SYNC) && r.cause.equals("reload")
                    && stepCause.equals("reload") && stepSize > 0;
            // A variable set by code between steps is a step of its own.
            boolean between = r.kind == Kind.VARIABLE && r.between;
            boolean begins = r.kind == Kind.EVENT || r.kind == Kind.TICKS || r.kind == Kind.ATTACH
                    || ((r.kind == Kind.CHART || r.kind == Kind.SYNC) && !withinMove) || !r.cause.equals(stepCause)
                    || between || stepBetween;
            if (begins) {
                endStep();
                step++;
                if (r.cause.equals("restore") && !stepCause.equals("restore")) {
                    if (prior == null) {
                        prior = new Prior(chart, null, historyCopy(), null);
                    }
                    history.clear(); // a restore puts back history records the trace does not show
                }
                stepCause = r.cause;
                stepBetween = between;
                stepQuiet = r.kind == Kind.TICKS;
                stepSignature = 1;
                stepSize = 0;
                exitedThisStep.clear();
            } else if (r.kind != Kind.UPDATE) {
                stepQuiet = false;
            }
            if (r.kind == Kind.UPDATE) {
                stepSignature = 31 * stepSignature + (int) r.a;
            }
            r.step = step;
            Entry recycled = trace.size() >= traceLength ? trace.removeFirst() : null;
            if (recycled == quietTicks) {
                quietTicks = null; // fell off: nothing to fold into
            }
            Entry e = (recycled == null ? new Entry() : recycled).set(r, step, chart, prior);
            if (r.kind == Kind.VARIABLE) {
                e.was = replaced;
            }
            trace.addLast(e);
            prior = null;
            stepSize++;
        }

        /**
         * The step just ended: when it only ticked and ran the same update actions as the quiet
         * step before it, it is folded into that one (its tick count grows), so idle NPCs do not
         * flush their traces.
         */
        private void endStep() {
            if (stepSize == 0) {
                return;
            }
            if (stepQuiet && quietTicks != null && quietSignature == stepSignature && stepSize <= trace.size()
                    && trace.contains(quietTicks)) {
                Iterator<Entry> it = trace.descendingIterator();
                long count = 0;
                for (int i = 0; i < stepSize; i++) {
                    Entry e = it.next();
                    if (e.kind == Kind.TICKS) {
                        count += e.a;
                    }
                    it.remove();
                }
                quietTicks.a += count;
                step--;
                return;
            }
            if (stepQuiet) {
                Iterator<Entry> it = trace.descendingIterator();
                Entry first = null;
                for (int i = 0; i < stepSize && it.hasNext(); i++) {
                    first = it.next();
                }
                quietTicks = first != null && first.kind == Kind.TICKS ? first : null;
                quietSignature = stepSignature;
            } else {
                quietTicks = null;
            }
        }
    }

    static List<Integer> listOf(int[] values) {
        Integer[] boxed = new Integer[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return List.of(boxed);
    }

    // ---------------------------------------------------------------- a chart file that does not load

    /**
     * One thing wrong with a chart file that did not load.
     *
     * @param file    the file as the loader names it
     * @param line    its line, from 1 (0 when the problem has no place in the file)
     * @param column  its column, from 1 (0 when it has no place)
     * @param message what is wrong
     * @param state   the name of the state it concerns, or null
     */
    public record LoadProblem(String file, int line, int column, String message, String state) {}

    /**
     * A save of a watched chart file that did not load: the game goes on with the chart it had.
     *
     * @param file     the file
     * @param problems what is wrong, in file order
     * @param tick     the game tick when the failure was seen
     */
    public record LoadFailure(String file, List<LoadProblem> problems, long tick) {
        public LoadFailure {
            problems = List.copyOf(problems);
        }
    }

    private LoadFailure loadFailure;

    /** A watched file failed to load: shown until a good save loads. */
    public void loadFailed(LoadFailure failure) {
        loadFailure = failure;
        version++;
    }

    /** A watched file loaded: any failure shown is over. */
    public void loaded() {
        if (loadFailure != null) {
            loadFailure = null;
            version++;
        }
    }

    /** {@return the last save that did not load, or null once a good one has} */
    public LoadFailure loadFailure() {
        return loadFailure;
    }

    // ---------------------------------------------------------------- applying records

    /** Adds a chart definition (before the records that use it). */
    public void addChart(ChartView chart) {
        charts.put(chart.id(), chart);
        coverage.put(chart.id(), new ChartCoverage(chart));
        version++;
    }

    /** {@return what the machines of chart {@code id} covered, or null when there is no such chart} */
    public ChartCoverage coverage(int id) {
        return coverage.get(id);
    }

    /** What chart {@code id}'s analysis says now (it runs in the background: first that it runs, then what it found). */
    public void analysed(int id, AnalysisView analysis) {
        ChartCoverage c = coverage.get(id);
        if (c != null) {
            c.analysed(analysis);
            version++;
        }
    }

    public ChartView chart(int id) {
        return charts.get(id);
    }

    public Map<Integer, ChartView> charts() {
        return charts;
    }

    /** Applies one record. Records of unknown machines or charts are ignored (their attach was lost). */
    public void apply(Rec r) {
        seq = Math.max(seq, r.seq);
        tick = Math.max(tick, r.tick);
        version++;
        switch (r.kind) {
            case Kind.SENT, Kind.DELIVERED, Kind.DROPPED, Kind.AGENT, Kind.PENDING -> telegramLog.telegram(r);
            default -> machineRecord(r);
        }
    }

    private void machineRecord(Rec r) {
        if (r.kind == Kind.ATTACH) {
            attach(r);
            return;
        }
        MachineView m = machine(r.machine);
        if (m == null || m.detached) {
            return;
        }
        m.version++;
        m.lastTick = r.tick;
        ChartView c = m.chartView();
        covered(m, r);
        switch (r.kind) {
            case Kind.DETACH -> {
                m.detached = true;
                attachedCount--;
                return;
            }
            case Kind.CLOCK -> {
                m.clocks.put((int) r.a, r.b);
                return; // sampled, not part of the trace
            }
            case Kind.CHART -> {
                ChartView to = charts.get(r.chart);
                if (to != null) {
                    m.prior = new Prior(m.chart, m.activeIds(), m.historyCopy(), m.variableValues());
                    ChartMoves.moveOnto(m, c, r.chart, to);
                    m.activeIds().forEach(coverage.get(m.chart)::reached); // the states kept: in them on the new chart
                }
            }
            case Kind.EVENT -> m.lastEvent = r.text;
            case Kind.ENTER -> {
                if (r.a < m.active.length) {
                    m.active[(int) r.a] = true;
                }
            }
            case Kind.EXIT -> {
                int s = (int) r.a;
                if (s < m.active.length) {
                    m.active[s] = false;
                    m.clocks.remove(s);
                    m.exitedThisStep.add(s);
                    if (historyRecords.hasHistoryChild(c, s)) {
                        Map<Integer, List<Integer>> before = m.historyCopy();
                        HistoryRecords.recordHistory(m, c, s);
                        m.prior = new Prior(m.chart, null, before, null);
                    }
                }
            }
            case Kind.TRANSITION -> m.lastTransition = (int) r.a;
            case Kind.SYNC -> {
                m.prior = new Prior(m.chart, m.activeIds(), m.historyCopy(), m.variableValues());
                java.util.Arrays.fill(m.active, false); // the whole configuration follows
                m.history.clear();
                m.clocks.clear();
            }
            case Kind.ACTIVE -> {
                if (r.a < m.active.length) {
                    m.active[(int) r.a] = true;
                }
                return; // part of the sync
            }
            case Kind.RECORDED -> {
                m.history.computeIfAbsent((int) r.a, h -> new ArrayList<>()).add((int) r.b);
                return;
            }
            case Kind.VARIABLE -> {
                if (r.a >= 0 && r.a < m.variables.length) {
                    m.replaced = m.variables[(int) r.a];
                    m.variables[(int) r.a] = (int) r.b;
                }
            }
            case Kind.VALUE -> {
                if (r.a >= 0 && r.a < m.variables.length) {
                    m.variables[(int) r.a] = (int) r.b;
                }
                return; // part of the sync
            }
            case Kind.RELOAD -> {
                m.lastReport = r.report;
                m.reportSeq = r.seq;
            }
            default -> { }
        }
        m.append(r);
    }


    /** What a record of a machine on its chart covers: a state it is in, a transition it took. */
    private void covered(MachineView m, Rec r) {
        ChartCoverage cov = coverage.get(m.chart);
        if (cov == null) {
            return;
        }
        switch (r.kind) {
            case Kind.ENTER, Kind.ACTIVE -> cov.reached(r.a);
            case Kind.TRANSITION -> cov.took(r.a);
            case Kind.INTERNAL -> cov.took(r.c);
            default -> { }
        }
    }

    private void attach(Rec r) {
        Rec.Attach a = r.attach;
        ChartView c = charts.get(a.chart());
        if (c == null) {
            return;
        }
        MachineView m = machine(r.machine);
        if (m == null) {
            while (machines.size() <= r.machine) {
                machines.add(null);
            }
            m = new MachineView(r.machine, a.name());
            machines.set(r.machine, m);
            attachedCount++;
        }
        m.chart = a.chart();
        m.active = new boolean[c.states().size()];
        for (int s : a.active()) {
            m.active[s] = true;
        }
        m.history.clear();
        m.history.putAll(a.history());
        m.clocks.clear();
        m.variables = new int[c.variables().size()];
        for (int v = 0; v < m.variables.length; v++) {
            m.variables[v] = v < a.variables().size() ? a.variables().get(v) : c.variables().get(v).initial();
        }
        m.lastTick = r.tick;
        m.version++;
        ChartCoverage cov = coverage.get(a.chart());
        a.active().forEach(cov::reached);
        m.append(r);
    }
    // ---------------------------------------------------------------- reading

    public MachineView machine(int slot) {
        return slot >= 0 && slot < machines.size() ? machines.get(slot) : null;
    }

    /** The attached machines, in slot order. */
    public List<MachineView> machines() {
        List<MachineView> out = new ArrayList<>(attachedCount);
        for (MachineView m : machines) {
            if (m != null && !m.detached) {
                out.add(m);
            }
        }
        return out;
    }

    public int attachedCount() {
        return attachedCount;
    }

    /** The telegrams kept, oldest first. */
    public List<TelegramView> telegrams() {
        return telegramLog.telegrams();
    }

    /** The telegrams sent and neither delivered nor dropped, by due tick. */
    public List<TelegramView> pendingTelegrams() {
        return telegramLog.pendingTelegrams();
    }

    /** The name of an agent: its attached machine's, else {@code #id}. */
    public String agentName(int agent) {
        Integer slot = telegramLog.agentSlot(agent);
        MachineView m = slot == null ? null : machine(slot);
        return m == null ? "#" + agent : m.name;
    }

    public long seq() {
        return seq;
    }

    public long tick() {
        return tick;
    }

    /** Changes whenever anything does. */
    public long version() {
        return version;
    }

    public long telegramVersion() {
        return telegramLog.telegramVersion();
    }
}
