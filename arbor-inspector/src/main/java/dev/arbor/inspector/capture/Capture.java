package dev.arbor.inspector.capture;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.core.MigrationReport;
import dev.arbor.core.dispatch.Dispatcher;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The game-thread side of an inspector: the probes of attached machines, the rings they write,
 * the game tick and the gate through which the game loop lets the inspector pause and step it.
 *
 * <p>Attaching, detaching and the gate run on the game thread (the thread that runs the machines);
 * {@link #drain} runs on the inspector's collector thread; pausing, stepping and selecting come
 * from the web server's threads.
 */
public final class Capture {
    private final int ringCapacity;
    private final List<Ring> rings = new CopyOnWriteArrayList<>();
    private final Map<Machine<?>, Probe> probes = new IdentityHashMap<>();
    /** The attached probes by slot (null where detached), replaced whole on attach and detach, so the gate reads it without a lock. */
    private volatile Probe[] bySlot = new Probe[0];
    private final Map<Dispatcher, TelegramProbe> dispatchers = new IdentityHashMap<>();
    private final Map<Chart<?>, int[]> clockStates = new IdentityHashMap<>();
    private int nextSlot;
    /**
     * Written by the gate, read by probes on every record: a plain field, so that reading it costs
     * a load (a probe on another thread than the gate's may stamp a record with the tick before).
     */
    private long tick;
    /** The constants of the enum types probes write as codes, by type number (copied whole when one is added). */
    private volatile Object[][] coded = new Object[0][];
    /** Records the probes of detached machines skipped (part of {@link #dropped}). */
    private volatile long skippedByDetached;
    /** Some probe lost records and waits to resync. */
    volatile boolean lost;
    /** Machines whose clocks the gate samples (the ones a page shows), by slot. */
    private volatile int[] sampled = new int[0];

    private final ReentrantLock gateLock = new ReentrantLock();
    private final Condition gateOpened = gateLock.newCondition();
    private volatile boolean paused;
    private int stepsGranted;
    /** Work the page asked to be done on the game thread at the gate (setting a variable while paused). */
    private final java.util.concurrent.ConcurrentLinkedQueue<Runnable> atGate = new java.util.concurrent.ConcurrentLinkedQueue<>();

    public Capture(int ringCapacity) {
        this.ringCapacity = ringCapacity;
    }

    // ---------------------------------------------------------------- game thread

    /**
     * Attaches a machine: describes it in an {@link Kind#ATTACH} record, then listens.
     *
     * @throws IllegalArgumentException when it is attached already
     */
    public synchronized int attach(Machine<?> machine, String name, Consumer<String> sender) {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(name, "name");
        if (probes.containsKey(machine)) {
            throw new IllegalArgumentException("machine '" + name + "' is attached already (as '"
                    + probes.get(machine).slot + "')");
        }
        if (nextSlot > Kind.MAX_SLOT) {
            throw new IllegalStateException("an inspector numbers at most " + (Kind.MAX_SLOT + 1) + " machines");
        }
        Probe p = new Probe(this, nextSlot++, machine, name, sender);
        probes.put(machine, p);
        Probe[] all = Arrays.copyOf(bySlot, Math.max(bySlot.length, p.slot + 1));
        all[p.slot] = p;
        bySlot = all;
        p.put(Kind.ATTACH, Cause.NORMAL, 0, Attached.of(machine, name));
        machine.addListener(p);
        return p.slot;
    }

    /** Detaches a machine; false when it was not attached. */
    public synchronized boolean detach(Machine<?> machine) {
        Probe p = probes.remove(machine);
        if (p == null) {
            return false;
        }
        machine.removeListener(p);
        Probe[] all = bySlot.clone();
        all[p.slot] = null;
        bySlot = all;
        p.lost = false;
        skippedByDetached += p.skipped;
        p.put(Kind.DETACH, Cause.NORMAL, 0, null);
        return true;
    }

    /** Attaches a dispatcher: its pending telegrams now, then every telegram sent, delivered or dropped. */
    public synchronized void attach(Dispatcher dispatcher) {
        Objects.requireNonNull(dispatcher, "dispatcher");
        if (dispatchers.containsKey(dispatcher)) {
            throw new IllegalArgumentException("this dispatcher is attached already");
        }
        if (dispatcher.listener() != null) {
            throw new IllegalArgumentException("this dispatcher has a listener already: " + dispatcher.listener());
        }
        TelegramProbe t = new TelegramProbe(this, dispatcher);
        dispatchers.put(dispatcher, t);
        t.announcePending();
        dispatcher.setListener(t);
    }

    /** Detaches a dispatcher; false when it was not attached. */
    public synchronized boolean detach(Dispatcher dispatcher) {
        TelegramProbe t = dispatchers.remove(dispatcher);
        if (t == null) {
            return false;
        }
        dispatcher.setListener(null);
        return true;
    }

    /** The report of a machine's move onto a new chart (from a ChartWatcher), after its records. */
    public void reloaded(Machine<?> machine, MigrationReport report) {
        Probe p = probe(machine);
        if (p != null) {
            p.chartChanged();
            p.put(Kind.RELOAD, Cause.RELOAD, 0, report);
        }
    }

    synchronized Probe probe(Machine<?> machine) {
        return probes.get(machine);
    }

    /** The slot of an attached machine, or -1. */
    public synchronized int slotOf(Machine<?> machine) {
        Probe p = probes.get(machine);
        return p == null ? -1 : p.slot;
    }

    /** Where page events for the machine in a slot go instead of its {@code post}, or null. */
    public Consumer<String> senderAt(int slot) {
        Probe[] all = bySlot;
        Probe p = slot >= 0 && slot < all.length ? all[slot] : null;
        return p == null ? null : p.sender;
    }

    /** The attached machine in a slot, or null. */
    public Machine<?> machineAt(int slot) {
        Probe[] all = bySlot;
        Probe p = slot >= 0 && slot < all.length ? all[slot] : null;
        return p == null ? null : p.machine;
    }

    public synchronized int attachedCount() {
        return probes.size();
    }

    /**
     * The game loop's gate, called once per tick before the machines tick: resyncs probes that
     * lost records, samples the clocks of the machines a page shows, while paused waits until a
     * step or a resume is granted, then counts the tick.
     *
     * @return the tick about to run
     */
    public long gate() throws InterruptedException {
        if (lost) {
            resyncAll();
        }
        int[] s = sampled;
        if (s.length > 0) {
            sampleClocks(s); // as the last tick left them: what a paused page shows
        }
        if (!atGate.isEmpty()) {
            runAtGate();
        }
        if (paused) {
            waitForStep();
        }
        long t = tick + 1;
        tick = t;
        return t;
    }

    private void waitForStep() throws InterruptedException {
        while (true) {
            runAtGate(); // outside the lock: the work may take a while, and the page may resume meanwhile
            gateLock.lock();
            try {
                if (!paused || stepsGranted > 0) {
                    if (stepsGranted > 0) {
                        stepsGranted--;
                    }
                    return;
                }
                if (atGate.isEmpty()) { // work handed over signals under the lock, so none is missed
                    gateOpened.await(250, TimeUnit.MILLISECONDS);
                }
            } finally {
                gateLock.unlock();
            }
        }
    }

    private void runAtGate() {
        for (Runnable r = atGate.poll(); r != null; r = atGate.poll()) {
            r.run();
        }
    }

    private void resyncAll() {
        boolean all = true;
        for (Probe p : bySlot) {
            if (p != null && p.lost) {
                all &= p.ring().owner == Thread.currentThread() && p.resync();
            }
        }
        lost = !all;
    }

    private void sampleClocks(int[] slots) {
        Probe[] all = bySlot;
        for (int slot : slots) {
            Probe p = slot >= 0 && slot < all.length ? all[slot] : null;
            if (p != null && !p.lost) {
                p.sampleClocks(clockStates(p.machine.chart()));
            }
        }
    }

    /** The states of a chart that keep a clock: those with behaviours or timers. */
    private int[] clockStates(Chart<?> chart) {
        int[] states = clockStates.get(chart);
        if (states == null) {
            boolean[] timed = new boolean[chart.stateCount()];
            for (int t = 0; t < chart.transitionCount(); t++) {
                if (chart.transitionInfo(t).mode() == Chart.TransitionInfo.Mode.TIMER) {
                    timed[chart.transitionSource(t)] = true;
                }
            }
            for (int s = 0; s < chart.stateCount(); s++) {
                timed[s] |= !chart.stateInfo(s).behaviors().isEmpty();
            }
            int n = 0;
            for (boolean b : timed) {
                n += b ? 1 : 0;
            }
            states = new int[n];
            for (int s = 0, k = 0; s < timed.length; s++) {
                if (timed[s]) {
                    states[k++] = s;
                }
            }
            clockStates.put(chart, states);
        }
        return states;
    }

    long tick() {
        return tick;
    }

    /**
     * The code of the first constant of an enum type whose constants probes write as numbers
     * (numbering the type the first time), or 0 when it cannot be coded. A code is
     * {@code (type << 16) + 1 + ordinal}: never 0, which means "a reference".
     */
    synchronized int codeBase(Class<?> enumType) {
        Object[][] types = coded;
        for (int id = 0; id < types.length; id++) {
            if (((Enum<?>) types[id][0]).getDeclaringClass() == enumType) {
                return (id << 16) + 1;
            }
        }
        Object[] constants = enumType.getEnumConstants();
        if (types.length == Short.MAX_VALUE || constants.length >= 0xFFFF) {
            return 0;
        }
        Object[][] more = Arrays.copyOf(types, types.length + 1);
        more[types.length] = constants;
        coded = more; // published before any record that uses the code
        return (types.length << 16) + 1;
    }

    /** The event a probe wrote as {@code code} ({@link #codeBase}). */
    public Object event(int code) {
        return coded[code >>> 16][(code & 0xFFFF) - 1];
    }

    Ring ringFor(Thread thread) {
        for (Ring r : rings) {
            if (r.owner == thread) {
                return r;
            }
        }
        Ring r = new Ring(ringCapacity, thread);
        rings.add(r);
        return r;
    }

    // ---------------------------------------------------------------- server threads

    /**
     * Hands work to the game thread: the gate runs it at its next pass, or at once while it waits
     * paused. The work must not throw.
     *
     * @param work what to run on the game thread
     */
    public void atGate(Runnable work) {
        atGate.add(Objects.requireNonNull(work, "work"));
        gateLock.lock();
        try {
            gateOpened.signalAll();
        } finally {
            gateLock.unlock();
        }
    }

    /** Pauses the game at its next gate. */
    public void pause() {
        paused = true;
    }

    /** Lets one tick through the gate while paused. */
    public void step() {
        gateLock.lock();
        try {
            if (paused) {
                stepsGranted++;
                gateOpened.signalAll();
            }
        } finally {
            gateLock.unlock();
        }
    }

    public void resume() {
        gateLock.lock();
        try {
            paused = false;
            stepsGranted = 0;
            gateOpened.signalAll();
        } finally {
            gateLock.unlock();
        }
    }

    public boolean paused() {
        return paused;
    }

    /** The game tick of the last gate. */
    public long currentTick() {
        return tick;
    }

    /** Chooses the machines whose clocks the gate samples. */
    public void sample(int[] slots) {
        sampled = slots.clone();
    }

    // ---------------------------------------------------------------- collector thread

    /** Hands every record written so far to {@code reader}, ring by ring; returns how many. */
    public int drain(Ring.Reader reader, int maxPerRing) {
        int n = 0;
        for (Ring r : rings) {
            n += r.drain(reader, maxPerRing);
        }
        return n;
    }

    /** Frees what the rings hold without reading it ({@link Ring#discard}); returns how many words. */
    public int discard() {
        int n = 0;
        for (Ring r : rings) {
            n += r.discard();
        }
        return n;
    }

    /** Records dropped so far: the ones that found a ring full, and the ones not written while a probe waited to resync. */
    public long dropped() {
        long n = skippedByDetached;
        for (Ring r : rings) {
            n += r.dropped();
        }
        for (Probe p : bySlot) {
            n += p == null ? 0 : p.skipped;
        }
        return n;
    }

    /** Words written and not yet drained (a record is one to four). */
    public int pending() {
        int n = 0;
        for (Ring r : rings) {
            n += r.pending();
        }
        return n;
    }
}
