package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import dev.arbor.inspector.capture.Capture;
import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.capture.Ring;
import dev.arbor.inspector.model.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The game thread's side: records in order, drops counted when the ring is full, the configuration resent after a loss. */
class CaptureTest {
    private Capture capture;
    private Model model;
    private Collector collector;
    private Machine<Npc.Owner> npc;

    /** A started NPC machine attached to a capture of {@code ringWords} whose collector feeds a model keeping {@code traceLength} entries. */
    private void watch(int ringWords, int traceLength) {
        capture = new Capture(ringWords);
        model = new Model(traceLength);
        collector = new Collector(capture, model);
        npc = Npc.chart().newMachine(new Npc.Owner());
        capture.attach(npc, "npc", null);
        npc.start();
    }

    /** A raw record's kind as the ring holds it: a wire name, or {@code microstep} (expanded by the collector). */
    private static String kind(long head) {
        return Kind.kind(head) == Kind.MICROSTEP ? "microstep" : Kind.NAMES[Kind.kind(head)];
    }

    private static long enter(int state) {
        return Kind.head(Kind.ENTER, Cause.NORMAL, 3, state, 0);
    }

    @Test
    void aFullRingDropsAndCountsInsteadOfWaiting() {
        Ring ring = new Ring(8, Thread.currentThread());
        // the first record of tick 5 is preceded by a two-word tick mark: six one-word records fit in eight words
        for (int i = 0; i < 8; i++) {
            ring.put(5, enter(i), null);
        }
        assertThat(ring.dropped()).isEqualTo(2);
        List<String> read = new ArrayList<>();
        Ring.Reader reader = (head, tick, x, y, z, ref) -> read.add(Kind.NAMES[Kind.kind(head)] + " " + Kind.a(head)
                + " slot " + Kind.slot(head) + " tick " + tick + (ref == null ? "" : " " + ref));
        assertThat(ring.drain(reader, 100)).isEqualTo(8);
        assertThat(read).containsExactly("enter 0 slot 3 tick 5", "enter 1 slot 3 tick 5", "enter 2 slot 3 tick 5",
                "enter 3 slot 3 tick 5", "enter 4 slot 3 tick 5", "enter 5 slot 3 tick 5");
        // room again; a record of four words carries its extra words; the tick is marked once more when it changes
        assertThat(ring.put(6, Kind.head(Kind.SENT, Cause.NORMAL, 0, 0, 3), 11, 12, 13, "ev")).isTrue();
        read.clear();
        ring.drain((head, tick, x, y, z, ref) -> read.add(Kind.NAMES[Kind.kind(head)] + " " + tick + " " + x + " "
                + y + " " + z + " " + ref), 100);
        assertThat(read).containsExactly("sent 6 11 12 13 ev");
        assertThat(ring.pending()).isZero();
    }

    @Test
    void aReaderThatThrowsDoesNotMakeARecordReadTwice() {
        Ring ring = new Ring(16, Thread.currentThread());
        for (int i = 0; i < 3; i++) {
            ring.put(0, enter(i), "e" + i);
        }
        List<Object> seen = new ArrayList<>();
        try {
            ring.drain((head, tick, x, y, z, ref) -> {
                seen.add(ref);
                if (Kind.a(head) == 1) {
                    throw new IllegalStateException("boom");
                }
            }, 100);
        } catch (IllegalStateException expected) {
            // the collector reports it and goes on
        }
        ring.drain((head, tick, x, y, z, ref) -> seen.add(ref), 100);
        assertThat(seen).containsExactly("e0", "e1", "e2");
    }

    @Test
    void afterALossTheMachineIsDescribedWholeAgainAndTheModelAgrees() {
        watch(64, 64);
        // 100 events of 4 records each overflow a ring of 64 that nobody drains
        for (int i = 0; i < 100; i++) {
            npc.fire(Npc.Ev.ARRIVED);
        }
        assertThat(capture.dropped()).isGreaterThan(0);
        collector.drainAll();
        npc.fire(Npc.Ev.SEE_ENEMY); // a stable point: the probe resends the whole machine, then the event
        npc.update();
        collector.drainAll();
        Model.MachineView m = model.machine(0);
        assertThat(m.activeIds()).containsExactly(0, npc.chart().stateId(Npc.St.COMBAT));
        assertThat(m.trace()).extracting(e -> Kind.NAMES[e.kind]).containsSubsequence("sync", "event", "exit", "transition", "enter");
        // PATROL's history recorded WALK (where the hundredth ARRIVED left it) when SEE_ENEMY left PATROL
        assertThat(m.history).containsEntry(npc.chart().stateId(Npc.St.PATROL_HISTORY),
                java.util.List.of(npc.chart().stateId(Npc.St.WALK)));
    }

    @Test
    void idleTicksAreCountedNotWrittenAndRepeatedQuietTicksFoldIntoOneEntry() {
        watch(1024, 64);
        for (int i = 0; i < 50; i++) {
            npc.update(); // WALK: no update action, so nothing is written
        }
        assertThat(capture.pending()).isEqualTo(6); // a tick mark (two words), attach, enter the root, PATROL and WALK
        npc.fire(Npc.Ev.ARRIVED);
        for (int i = 0; i < 40; i++) {
            npc.update(); // WAIT's update action runs every tick
        }
        npc.fire(Npc.Ev.SEE_ENEMY);
        collector.drainAll();
        List<String> trace = new ArrayList<>();
        for (Model.Entry e : model.machine(0).trace()) {
            trace.add(Kind.NAMES[e.kind] + (e.kind == Kind.TICKS ? " " + e.a : ""));
        }
        assertThat(trace).containsExactly("attach", "enter", "enter", "enter",
                "tick 50", "event", "exit", "transition", "enter",
                "tick 40", "update", // forty ticks in WAIT, folded into one step
                "event", "exit", "exit", "transition", "enter");
    }

    @Test
    void detachingStopsTheRecordsAndTheMachinePaysNothingAgain() {
        watch(256, 16);
        assertThat(capture.detach(npc)).isTrue();
        int before = capture.pending();
        npc.fire(Npc.Ev.ARRIVED);
        assertThat(capture.pending()).isEqualTo(before);
        assertThat(capture.detach(npc)).isFalse();
        collector.drainAll();
        assertThat(model.machines()).isEmpty();
    }

    @Test
    void anIdleMachineIsResentAtTheGateWithItsHistory() throws Exception {
        watch(64, 64);
        npc.fire(Npc.Ev.ARRIVED);
        npc.fire(Npc.Ev.SEE_ENEMY); // PATROL's history records WAIT
        npc.fire(Npc.Ev.HIT); // STUNNED, which takes no event: the next ones are unhandled
        for (int i = 0; i < 40; i++) {
            npc.fire(Npc.Ev.ARRIVED); // two records each fill the ring nobody drains
        }
        assertThat(capture.dropped()).isGreaterThan(0);
        collector.drainAll();
        capture.gate(); // the machine is idle: the gate resends it
        collector.drainAll();
        Model.MachineView m = model.machine(0);
        assertThat(m.activeIds()).isEqualTo(activeIds(npc));
        assertThat(m.history).containsEntry(npc.chart().stateId(Npc.St.PATROL_HISTORY),
                java.util.List.of(npc.chart().stateId(Npc.St.WAIT)));
    }

    @Test
    void eventsOfAnEnumGoAsCodesAndAnythingElseAsItselfAndTheTraceNamesBoth() {
        watch(256, 64);
        capture.drain((head, tick, x, y, z, ref) -> { }, 1000);
        npc.fire(Npc.Ev.ARRIVED);
        npc.fire("a-string-event");
        List<String> raw = new ArrayList<>();
        capture.drain((head, tick, x, y, z, ref) -> raw.add(kind(head)
                + (Kind.kind(head) == Kind.EVENT || Kind.kind(head) == Kind.UNHANDLED ? " a=" + (Kind.a(head) != 0) : "")
                + (Kind.kind(head) == Kind.MICROSTEP ? " code=" + ((x >>> 32) != 0) : "")
                + " ref=" + ref), 1000);
        // the enum constant travels as a number (no reference store on the game thread), the string as itself;
        // the compiled microstep from WALK to WAIT is one record
        assertThat(raw).containsExactly("event a=true ref=null", "microstep code=true ref=null",
                "event a=false ref=a-string-event", "unhandled a=false ref=a-string-event");

        Capture watched = new Capture(256);
        Model model = new Model(64);
        Collector collector = new Collector(watched, model);
        Machine<Npc.Owner> guard = Npc.chart().newMachine(new Npc.Owner());
        watched.attach(guard, "guard", null);
        guard.start();
        guard.fire(Npc.Ev.SEE_ENEMY);
        guard.fire("another");
        collector.drainAll();
        assertThat(model.machine(0).trace()).filteredOn(e -> e.kind == Kind.EVENT || e.kind == Kind.TRANSITION)
                .extracting(e -> Kind.NAMES[e.kind] + " " + e.text)
                .containsExactly("event SEE_ENEMY", "transition SEE_ENEMY", "event another");
    }

    @Test
    void aStepsRecordsAreWrittenDuringTheStepAndPublishedTogetherWhenItEnds() {
        watch(256, 64);
        List<Integer> pendingDuringStep = new ArrayList<>();
        npc.addListener(new dev.arbor.core.MachineListener() {
            @Override
            public void onEntry(Machine<?> m, int state, Cause cause) {
                pendingDuringStep.add(capture.pending());
            }
        });
        int before = capture.pending();
        npc.fire(Npc.Ev.ARRIVED); // event, exit, transition (two words), enter
        assertThat(pendingDuringStep).containsExactly(before);
        assertThat(capture.pending()).isEqualTo(before + 5);
    }

    @Test
    void everyRecordNotWrittenIsCountedAsDropped() {
        // the same story into a ring that holds it all and into one that fills: what the small one
        // kept and what it counted as dropped add up to what the large one kept
        int[] kept = new int[2];
        long[] dropped = new long[2];
        int[] sizes = {64, 1 << 14};
        for (int k = 0; k < 2; k++) {
            watch(sizes[k], 64);
            for (int i = 0; i < 100; i++) {
                npc.fire(i % 2 == 0 ? Npc.Ev.ARRIVED : Npc.Ev.ORDER);
            }
            int[] n = {0};
            capture.drain((head, tick, x, y, z, ref) -> n[0]++, 1 << 16);
            kept[k] = n[0];
            dropped[k] = capture.dropped();
        }
        assertThat(dropped[1]).isZero();
        assertThat(dropped[0]).isGreaterThan(0);
        assertThat(kept[0] + dropped[0]).isEqualTo(kept[1]);
    }

    @Test
    void aLongStepIsWrittenWholeAndInOrder() {
        enum Ev { GO }
        // one event whose action fires it again 40 times: one step of 41 transitions, over 160 records
        int[] left = {40};
        dev.arbor.core.Chart<Object> pingPong = dev.arbor.core.Chart.builder("ping-pong")
                .initial("A")
                .state("A", a -> a.on(Ev.GO).action((Machine<Object> m, Object o, Ev e) -> {
                    if (left[0]-- > 0) {
                        m.fire(Ev.GO); // queued: processed within the same step
                    }
                }).target("B"))
                .state("B", b -> b.on(Ev.GO).action((Machine<Object> m, Object o, Ev e) -> {
                    if (left[0]-- > 0) {
                        m.fire(Ev.GO);
                    }
                }).target("A"))
                .build();
        Capture big = new Capture(1 << 12);
        Machine<Object> m = pingPong.newMachine(new Object());
        big.attach(m, "ping-pong", null);
        m.start();
        big.drain((head, tick, x, y, z, ref) -> { }, 1 << 12);
        m.fire(Ev.GO);
        List<String> kinds = new ArrayList<>();
        big.drain((head, tick, x, y, z, ref) -> kinds.add(kind(head)), 1 << 12);
        assertThat(big.dropped()).isZero();
        assertThat(kinds).hasSize(41 * 2);
        for (int k = 0; k < 41; k++) {
            assertThat(kinds.subList(2 * k, 2 * k + 2)).as("step %d", k).containsExactly("event", "microstep");
        }
        assertThat(m.isIn(pingPong.stateId("A")) ? "A" : "B").isEqualTo("B"); // 41 moves from A
    }

    @Test
    void aStepInsideAnotherMachinesStepKeepsBothMachinesRecordsInOrder() {
        enum Ev { GO }
        Capture capture = new Capture(1 << 10);
        Chart<Object> inner = Chart.builder("inner").initial("X")
                .state("X", x -> x.on(Ev.GO).target("Y"))
                .state("Y", y -> { })
                .build();
        Machine<Object> b = inner.newMachine(new Object());
        // A's action steps B: B's step runs while A's holds the ring's cursor
        Chart<Object> outer = Chart.builder("outer").initial("P")
                .state("P", x -> x.on(Ev.GO).action((Object o, Ev e) -> b.fire(Ev.GO)).target("Q"))
                .state("Q", y -> { })
                .build();
        Machine<Object> a = outer.newMachine(new Object());
        int slotA = capture.attach(a, "a", null);
        int slotB = capture.attach(b, "b", null);
        a.start();
        b.start();
        capture.drain((head, tick, x, y, z, ref) -> { }, 1 << 10);

        a.fire(Ev.GO);

        List<String> read = new ArrayList<>();
        capture.drain((head, tick, x, y, z, ref) -> read.add((Kind.slot(head) == slotA ? "a " : Kind.slot(head) == slotB ? "b " : "? ")
                + kind(head)), 1 << 10);
        assertThat(read).containsExactly("a event", "a microstep", "b event", "b microstep");
        assertThat(capture.dropped()).isZero();
    }

    @Test
    void aMachineSteppedOnAnotherThreadWritesIntoThatThreadsRing() throws Exception {
        watch(1 << 10, 64);
        npc.fire(Npc.Ev.ARRIVED); // WALK to WAIT on this thread
        Thread other = new Thread(() -> npc.fire(Npc.Ev.ARRIVED)); // and back to WALK on another
        other.start();
        other.join(5_000);
        npc.fire(Npc.Ev.SEE_ENEMY); // and on to COMBAT here again
        collector.drainAll();
        // this thread's ring is read first, then the other's: each ring's records are whole and in order
        List<String> trace = new ArrayList<>();
        for (Model.Entry e : model.machine(0).trace()) {
            trace.add(Kind.NAMES[e.kind]);
        }
        assertThat(trace).containsExactly("attach", "enter", "enter", "enter",
                "event", "exit", "transition", "enter",
                "event", "exit", "exit", "transition", "enter",
                "event", "exit", "transition", "enter");
        assertThat(capture.dropped()).isZero();
        // the rings are not ordered with each other: a machine that moves between threads is shown
        // out of order until its next sync (see docs/inspector.md)
    }

    @Test
    void aStepThatRunsOutOfRoomIsDroppedWholeAndTheMachineIsResentAfterIt() {
        watch(64, 64);
        collector.drainAll();
        // 64 words hold twenty-one events of three words (event, microstep of two; the tick is marked
        // already): the twenty-second runs out of room at its microstep
        for (int i = 0; i < 30; i++) {
            npc.fire(Npc.Ev.ARRIVED);
        }
        assertThat(capture.pending()).isEqualTo(21 * 3);
        assertThat(capture.dropped()).isEqualTo(9 * 2); // the twenty-second's two records, and the eight after it
        collector.drainAll();
        List<String> kinds = new ArrayList<>();
        for (Model.Entry e : model.machine(0).trace()) {
            kinds.add(Kind.NAMES[e.kind]);
        }
        // no step is cut short: every event that was kept has its exit, transition and entry
        int events = java.util.Collections.frequency(kinds, "event");
        assertThat(java.util.Collections.frequency(kinds, "transition")).isEqualTo(events);
        npc.fire(Npc.Ev.SEE_ENEMY);
        collector.drainAll();
        assertThat(model.machine(0).activeIds()).isEqualTo(activeIds(npc));
    }

    @Test
    void aMicrostepWrittenAsOneRecordIsShownAsTheExitsTransitionAndEntriesItStandsFor() {
        enum Ev { GO, BACK }
        Chart<Object> doors = Chart.builder("doors").initial("CLOSED")
                .state("CLOSED", c -> c.on("open").target("OPEN"))
                .state("OPEN", o -> {
                    o.initial("AJAR");
                    o.state("AJAR", a -> a.on(Ev.GO).target("WIDE"));
                    o.state("WIDE", w -> w.on(Ev.BACK).target("AJAR"));
                    o.on("close").target("CLOSED");
                })
                .build();
        Capture capture = new Capture(1 << 12);
        Model model = new Model(256);
        Collector collector = new Collector(capture, model);
        // one machine alone (its compiled microsteps are one record each); one that another listener
        // also hears, exit by exit (the machine then reports each state, and the probe writes each)
        Machine<Object> whole = doors.newMachine(new Object());
        Machine<Object> each = doors.newMachine(new Object());
        each.addListener(new dev.arbor.core.MachineListener() { });
        capture.attach(whole, "whole", null);
        capture.attach(each, "each", null);
        whole.start();
        each.start();
        collector.drainAll();
        List<Object> script = List.of("open", Ev.GO, Ev.BACK, Ev.GO, "close", "open", "close");
        int[] microsteps = {0};
        for (Object e : script) {
            whole.fire(e);
            each.fire(e);
            capture.drain((head, tick, x, y, z, ref) -> {
                if (Kind.kind(head) == Kind.MICROSTEP) {
                    microsteps[0]++;
                }
                collector.record(head, tick, x, y, z, ref);
            }, 1 << 12);
        }
        assertThat(microsteps[0]).as("microsteps written whole").isEqualTo(script.size());
        List<String> shownWhole = shown(model.machine(0), doors);
        assertThat(shownWhole).isEqualTo(shown(model.machine(1), doors));
        assertThat(shownWhole.subList(shownWhole.indexOf("event close"), shownWhole.size())).containsExactly(
                "event close", "exit WIDE", "exit OPEN", "transition OPEN \"close\" -> CLOSED close", "enter CLOSED",
                "event open", "exit CLOSED", "transition CLOSED \"open\" -> OPEN open", "enter OPEN", "enter AJAR",
                "event close", "exit AJAR", "exit OPEN", "transition OPEN \"close\" -> CLOSED close", "enter CLOSED");
    }

    /** A machine's trace after its attach, each entry its kind, state or transition and event, as the page lists it. */
    private static List<String> shown(Model.MachineView m, Chart<?> chart) {
        List<String> out = new ArrayList<>();
        for (Model.Entry e : m.trace()) {
            switch (e.kind) {
                case Kind.ATTACH -> { }
                case Kind.EXIT, Kind.ENTER -> out.add(Kind.NAMES[e.kind] + " " + chart.stateName((int) e.a));
                case Kind.TRANSITION -> out.add("transition " + chart.describeTransition((int) e.a) + " " + e.text);
                default -> out.add(Kind.NAMES[e.kind] + " " + e.text);
            }
            assertThat(e.cause).isEqualTo("normal");
        }
        return out;
    }

    private static List<Integer> activeIds(Machine<?> m) {
        List<Integer> out = new ArrayList<>();
        for (int s = 0; s < m.chart().stateCount(); s++) {
            if (m.isIn(s)) {
                out.add(s);
            }
        }
        return out;
    }
}
