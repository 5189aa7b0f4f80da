package dev.arbor.inspector.capture;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineListener;
import dev.arbor.core.StateKind;

/**
 * The listener the inspector attaches to one machine: each callback becomes one record in the
 * ring of the thread running the machine. Nothing here allocates, locks or waits.
 *
 * <p>Idle ticks are counted, not written: the count goes out as one {@link Kind#TICKS} record
 * before the next record, so an idle machine costs an increment a tick. When a record is dropped
 * (the ring was full) the probe writes nothing more until it can write the whole configuration
 * ({@link Kind#SYNC}) at a point where it is stable: the start of a tick or an event, the gate, or
 * a variable set between steps.
 */
public final class Probe implements MachineListener {
    final Capture capture;
    final int slot;
    final Machine<?> machine;
    final String name;
    /** Where events sent from the page go instead of {@link Machine#post}, or null. */
    final java.util.function.Consumer<String> sender;
    /** The ring of the thread this probe last wrote on. */
    private Ring ring;
    /** The ring's words and references while this probe holds its cursor. */
    private long[] words;
    private Object[] refs;
    private int mask;
    /** Where this probe's next record goes while it holds the ring's cursor (for a step). */
    private long cursor;
    /** The end of the room this probe may write to, or 0 when it does not hold the cursor. */
    private long end;
    private int pendingTicks;
    /** A record was dropped: write nothing until the configuration has been written whole (game thread only). */
    boolean lost;
    /** Records not written while {@link #lost} (the ring counts the one that found it full); read racily for statistics. */
    long skipped;
    /** The words the last resync needed, or would have: the room the next one waits for before it reads the machine. */
    private int syncWords = 8;
    /** The enum type whose constants this probe writes as codes rather than references, once it has seen one. */
    private Class<?> codedType;
    /** The code of {@link #codedType}'s first constant. */
    private int codeBase;
    /** The chart the records so far refer to; a move onto another is announced ({@link Kind#CHART}). */
    private Chart<?> chart;
    /**
     * The chart of the configuration last written whole (attach, sync). When a step ends on another
     * chart, the machine moved: its configuration on the new chart is written whole, since the
     * states it kept were mapped onto new ids without a callback.
     */
    private Chart<?> described;
    /** The chart whose variables {@link #variableCount} counts: counted again only when the machine moves. */
    private Chart<?> counted;
    private int variableCount;

    Probe(Capture capture, int slot, Machine<?> machine, String name, java.util.function.Consumer<String> sender) {
        this.capture = capture;
        this.slot = slot;
        this.machine = machine;
        this.name = name;
        this.sender = sender;
        this.chart = machine.chart();
        this.described = chart;
        variableCount(chart);
    }

    public int slot() {
        return slot;
    }

    public Machine<?> machine() {
        return machine;
    }

    Ring ring() {
        Ring r = ring;
        if (r == null || r.owner != Thread.currentThread()) {
            r = ring = capture.ringFor(Thread.currentThread());
        }
        return r;
    }

    /** Writes a record of one word and publishes it (outside a step: attaching, a reload). */
    void put(int kind, Cause cause, int a, Object ref) {
        add(kind, cause, a, ref);
        publish();
    }

    /** Gives back the cursor this probe holds, if it does, and makes what the thread's ring holds visible to the collector. */
    void publish() {
        Ring r = ring;
        if (end != 0) {
            r.commit(giveBack());
        } else if (r == null || r.owner != Thread.currentThread()) {
            return; // nothing written on this thread
        }
        r.publish();
    }

    /** No longer holds the ring's cursor: where its records end. */
    long giveBack() {
        end = 0;
        return cursor;
    }

    /**
     * Writes a record of one word at the cursor this probe holds for the step. Inlined into every
     * callback site of the engine, so kept to the few bytecodes of the common case: a comparison
     * and a store. Anything else (the step's first record, which takes the cursor; the end of the
     * known room; a loss) goes to {@link #addSlowly}.
     */
    private void add(int kind, Cause cause, int a, Object ref) {
        long head = Kind.head(kind, cause, slot, a, 0);
        long c = cursor;
        if (c < end) {
            int i = (int) c & mask;
            if (ref == null) {
                words[i] = head; // no reference store: the reader knows from the head that there is none
            } else {
                words[i] = head | Kind.REF;
                refs[i] = ref;
            }
            cursor = c + 1;
        } else if (lost) {
            skipped++; // waiting to resync: counted, cheaply, since a saturated inspector is here for most records
        } else {
            addSlowly(head, 0, 0, ref);
        }
    }

    /** A record of two words: its head says one extra word, {@code x}; it may also carry a reference. */
    private void add(int kind, Cause cause, int a, long x, Object ref) {
        long head = Kind.head(kind, cause, slot, a, 1);
        long c = cursor;
        if (c + 1 < end) {
            int i = (int) c & mask;
            if (ref == null) {
                words[i] = head;
            } else {
                words[i] = head | Kind.REF;
                refs[i] = ref;
            }
            words[(int) (c + 1) & mask] = x;
            cursor = c + 2;
        } else if (lost) {
            skipped++;
        } else {
            addSlowly(head, 1, x, ref);
        }
    }

    private void addSlowly(long head, int extra, long x, Object ref) {
        Ring r = ring;
        if (end != 0) { // the end of the room known when the cursor was taken: read the consumer's index
            long room = r.room(cursor + 1 + extra);
            if (room < 0) {
                end = 0;
                r.abandon(cursor);
                skipped++;
                lost();
                return;
            }
            end = room;
        } else {
            r = ring();
            long ticks = pendingTicks == 0 ? 0 : Kind.head(Kind.TICKS, Cause.NORMAL, slot, pendingTicks, 0);
            if (!r.lend(this, capture.tick(), ticks)) {
                skipped += pendingTicks == 0 ? 1 : 2;
                pendingTicks = 0;
                lost();
                return;
            }
            pendingTicks = 0;
            words = r.words;
            refs = r.refs;
            mask = r.mask;
            cursor = r.next;
            end = r.limit;
        }
        int i = (int) cursor & mask;
        if (ref == null) {
            words[i] = head;
        } else {
            words[i] = head | Kind.REF;
            refs[i] = ref;
        }
        if (extra != 0) {
            words[(int) (cursor + 1) & mask] = x;
        }
        cursor += 1 + extra;
    }

    /** A record whose argument is the event: its code when it has one, else the event itself. */
    private void putEvent(int kind, Cause cause, Object event) {
        int code = code(event);
        add(kind, cause, code, code == 0 ? event : null);
    }

    /** A record about a state or transition that also names the event: its code in a second word, or the event. */
    private void putWithEvent(int kind, Cause cause, int a, Object event) {
        int code = code(event);
        if (code != 0) {
            add(kind, cause, a, code, null);
        } else {
            add(kind, cause, a, event);
        }
    }

    /**
     * An event as a number the collector turns back into it, or 0 when it goes as a reference.
     * Writing a number instead of a reference spares the game thread the garbage collector's
     * write barrier on every event record: the constants of one enum type (the first this machine
     * fires) are coded; anything else goes as itself.
     */
    private int code(Object event) {
        if (event != null && event.getClass() == codedType) {
            return codeBase + ((Enum<?>) event).ordinal();
        }
        return codedType == null ? firstCode(event) : 0;
    }

    private int firstCode(Object event) {
        if (event instanceof Enum<?> e && event.getClass().isEnum()) {
            int base = capture.codeBase(event.getClass());
            if (base != 0) {
                codedType = event.getClass();
                codeBase = base;
                return base + e.ordinal();
            }
        }
        return 0;
    }

    /** Records of this machine were dropped: nothing more is written until a {@link #resync}. */
    void lost() {
        lost = true;
        capture.lost = true;
    }

    /**
     * At a point where the configuration is stable: if records were lost, writes the machine's
     * configuration, history records and variables whole ({@link Kind#SYNC}) when the ring has room
     * for them. Reads every state: O(states), after a loss only; allocates nothing.
     */
    boolean resync() {
        if (!lost) {
            return true;
        }
        if (!writeWhole(Cause.NORMAL)) {
            return false;
        }
        lost = false;
        return true;
    }

    /**
     * Writes the machine's chart (when the records have not announced it), configuration, history
     * records and variables whole ({@link Kind#SYNC}), with {@code cause}: after a loss, and at the
     * end of a move onto another chart, where what the machine kept and mapped is not in the
     * records. False, and nothing written, when the ring has no room.
     */
    private boolean writeWhole(Cause cause) {
        Ring r = ring();
        if (!r.hasRoom(syncWords)) {
            return false; // still full: checked without reading the machine, since this runs on every step until it fits
        }
        Chart<?> c = machine.chart();
        int n = c.stateCount();
        int count = 0;
        for (int s = 0; s < n; s++) {
            if (machine.isIn(s)) {
                count++;
            }
            if (c.kind(s) == StateKind.SHALLOW_HISTORY || c.kind(s) == StateKind.DEEP_HISTORY) {
                count += machine.recordedCount(s);
            }
        }
        int variables = variableCount(c);
        count += variables;
        syncWords = 2 * count + 5; // a tick mark, the ticks, the chart, the sync, then one or two words a record
        if (!r.hasRoom(syncWords)) {
            return false;
        }
        long tick = capture.tick();
        if (pendingTicks > 0 && cause != Cause.NORMAL) { // the ticks before a move are the machine's, not lost
            r.put(tick, Kind.head(Kind.TICKS, Cause.NORMAL, slot, pendingTicks, 0), null);
        }
        if (c != chart) {
            chart = c;
            r.put(tick, Kind.head(Kind.CHART, cause, slot, 0, 0), c);
        }
        r.put(tick, Kind.head(Kind.SYNC, cause, slot, count, 0), null);
        for (int s = 0; s < n; s++) {
            if (machine.isIn(s)) {
                r.put(tick, Kind.head(Kind.ACTIVE, cause, slot, s, 0), null);
            }
            if (c.kind(s) == StateKind.SHALLOW_HISTORY || c.kind(s) == StateKind.DEEP_HISTORY) {
                for (int j = machine.recordedCount(s) - 1; j >= 0; j--) {
                    r.put(tick, Kind.head(Kind.RECORDED, cause, slot, s, 1), machine.recorded(s, j), null);
                }
            }
        }
        if (variables > 0) {
            dev.arbor.core.Variables v = machine.variables(); // made with the machine (or by the move) when its chart declares any
            for (int i = 0; i < variables; i++) {
                r.put(tick, Kind.head(Kind.VALUE, cause, slot, i, 1), v.value(i) & 0xFFFF_FFFFL, null);
            }
        }
        pendingTicks = 0;
        described = c;
        return true;
    }

    /**
     * How many variables chart {@code c} declares: counted when the probe is made and again when
     * the machine has moved onto another chart (the list is copied then), so that a resync reads
     * no more than the machine.
     */
    private int variableCount(Chart<?> c) {
        if (c != counted) {
            counted = c;
            variableCount = c.variables().size();
        }
        return variableCount;
    }

    /** A RELOAD step on a chart the records have not announced yet: announce it first. */
    private void checkChart(Cause cause) {
        if (cause == Cause.RELOAD) {
            announceChart(cause);
        }
    }

    private void announceChart(Cause cause) {
        Chart<?> now = machine.chart();
        if (now != chart) {
            chart = now;
            add(Kind.CHART, cause, 0, now);
        }
    }

    @Override
    public void onStepEnd(Machine<?> m) {
        if (end != 0) { // else nothing of this step's is waiting: a nested step's end, or a Ring.put, published it
            publish();
        }
        if (m.chart() != described && !lost && !writeWhole(Cause.RELOAD)) {
            lost(); // no room for the whole configuration: written at the next resync instead
        }
    }

    @Override
    public void onTick(Machine<?> m, Cause cause) {
        if (lost && !(ring.mayHaveRoom(syncWords) && resync())) {
            return;
        }
        if (end != 0) { // the count goes before what follows: the next record takes the cursor again and writes it
            publish();
        }
        pendingTicks++;
    }

    @Override
    public void onEvent(Machine<?> m, Object event, Cause cause) {
        if (lost && !(ring.mayHaveRoom(syncWords) && resync())) { // checked inline: a saturated inspector is here every event
            skipped++;
            return;
        }
        putEvent(Kind.EVENT, cause, event);
    }

    @Override
    public void onEntry(Machine<?> m, int state, Cause cause) {
        checkChart(cause);
        add(Kind.ENTER, cause, state, null);
    }

    /** One record for a compiled microstep's exits, transition and entries: the collector expands it. */
    @Override
    public boolean takesMicrosteps() {
        return true;
    }

    @Override
    public void onMicrostep(Machine<?> m, int leaf, int transition, Object event, Cause cause) {
        checkChart(cause);
        int code = code(event);
        add(Kind.MICROSTEP, cause, transition, (long) code << 32 | leaf, code == 0 ? event : null);
    }

    @Override
    public void onExit(Machine<?> m, int state, Cause cause) {
        add(Kind.EXIT, cause, state, null);
    }

    @Override
    public void onTransition(Machine<?> m, int transition, Object event, Cause cause) {
        checkChart(cause);
        putWithEvent(Kind.TRANSITION, cause, transition, event);
    }

    @Override
    public void onInternal(Machine<?> m, int state, Object event, Cause cause) {
        putWithEvent(Kind.INTERNAL, cause, state, event);
    }

    @Override
    public void onUpdate(Machine<?> m, int state, Cause cause) {
        add(Kind.UPDATE, cause, state, null);
    }

    @Override
    public void onUnhandled(Machine<?> m, Object event, Cause cause) {
        putEvent(Kind.UNHANDLED, cause, event);
    }

    @Override
    public void onError(Machine<?> m, int state, Throwable error, Cause cause) {
        add(Kind.ERROR, cause, state, error);
    }

    @Override
    public void onLog(Machine<?> m, int state, String line, Cause cause) {
        add(Kind.LOG, cause, state, line);
    }

    /**
     * A variable changed. Within a step it is a record of the step, as any other. Set by code
     * between the machine's steps, it is marked so ({@link Kind#BETWEEN_STEPS}: a step of its
     * own, since no step will end to publish it) and published at once; between steps is also a
     * point where a probe waiting to resync may write the whole configuration, which then holds
     * the new value.
     */
    @Override
    public void onVariable(Machine<?> m, int variable, int value, Cause cause) {
        if (m.isStepping()) {
            checkChart(cause);
            add(Kind.VARIABLE, cause, variable, value & 0xFFFF_FFFFL, null);
            return;
        }
        if (lost) {
            if (!(ring.mayHaveRoom(syncWords) && resync())) {
                skipped++;
            }
            return;
        }
        add(Kind.VARIABLE, Cause.NORMAL, variable, Kind.BETWEEN_STEPS | (value & 0xFFFF_FFFFL), null);
        publish();
    }

    @Override
    public void onDeferred(Machine<?> m, Object event, Cause cause) {
        putEvent(Kind.DEFERRED, cause, event);
    }

    @Override
    public void onRecalled(Machine<?> m, Object event, Cause cause) {
        putEvent(Kind.RECALLED, cause, event);
    }

    /**
     * Writes the ticks counted since the machine's last record and the clocks of its active timed
     * states: the gate does, for the machines a page shows, so that their ticks and clocks move
     * while they run without events.
     */
    void sampleClocks(int[] clockStates) {
        if (pendingTicks > 0 && end == 0) {
            if (!ring().put(capture.tick(), Kind.head(Kind.TICKS, Cause.NORMAL, slot, pendingTicks, 0), null)) {
                pendingTicks = 0;
                lost();
                return;
            }
            pendingTicks = 0;
        }
        for (int s : clockStates) {
            long t = machine.ticksInState(s);
            if (t >= 0) {
                add(Kind.CLOCK, Cause.NORMAL, s, t, null);
            }
        }
        publish();
    }

    /** Announces a move onto another chart made outside a step (the report follows). */
    void chartChanged() {
        Chart<?> now = machine.chart();
        if (now != chart) {
            chart = now;
            put(Kind.CHART, Cause.RELOAD, 0, now);
        }
    }

    Chart<?> chart() {
        return chart;
    }
}
