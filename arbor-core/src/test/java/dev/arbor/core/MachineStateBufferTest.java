package dev.arbor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.MachineStateBuffer.StateSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The reusable form of a machine's state ({@link MachineStateBuffer}): {@link Machine#snapshotInto}
 * fills it with what {@link Machine#snapshot()} holds, {@link Machine#restore(MachineStateBuffer,
 * Cause)} puts it back as the {@link MachineState} form does, and a buffer wrong in any part is
 * refused whole, with a message naming the part and the state, the machine unchanged. One buffer
 * serves every call, as a codec's does. The chart is {@link SnapshotFutureTest}'s, which uses every
 * feature that remembers something.
 */
class MachineStateBufferTest {

    @Test
    void aReusedBufferHoldsWhatSnapshotsHoldAndRestoresTheSameFuture() {
        Chart<Trace> chart = SnapshotFutureTest.chart();
        MachineStateBuffer buffer = new MachineStateBuffer(chart);
        List<String> seen = new ArrayList<>();
        for (int seed = 0; seed < 20; seed++) {
            Random r = new Random(seed);
            Trace refOwner = new Trace();
            Machine<Trace> ref = Trace.started(chart, refOwner);
            for (int step = 0; step < 200; step++) {
                SnapshotFutureTest.input(r).accept(ref);
                ref.snapshotInto(buffer);
                MachineState s = ref.snapshot();
                assertThat(buffer.toState()).as("seed %d step %d", seed, step).isEqualTo(s);
                note(buffer, seen);
                if (step % 9 != 4) {
                    continue;
                }
                Trace copyOwner = new Trace();
                copyOwner.set("tired", refOwner.flag("tired"));
                Machine<Trace> copy = chart.newMachine(copyOwner);
                copy.addListener(copyOwner);
                copy.restore(buffer, Cause.RESTORE);
                assertThat(copy.snapshot()).as("seed %d step %d: round trip", seed, step).isEqualTo(s);
                refOwner.take();
                copyOwner.take();
                Random future = new Random(seed * 1000L + step);
                for (int k = 0; k < 15; k++) {
                    Consumer<Machine<Trace>> in = SnapshotFutureTest.input(future);
                    in.accept(ref);
                    in.accept(copy);
                    assertThat(copyOwner.take()).as("seed %d step %d input %d", seed, step, k).isEqualTo(refOwner.take());
                }
                assertThat(copy.snapshot()).isEqualTo(ref.snapshot());
                copy.restore(buffer, Cause.RESTORE); // the same buffer again, onto a machine that moved on
                assertThat(copy.snapshot()).isEqualTo(s);
            }
        }
        assertThat(seen).contains("previous", "pushed", "plan step", "plan resume", "clock", "finished",
                "fired timer", "deferred", "history");
    }

    private static void note(MachineStateBuffer b, List<String> seen) {
        boolean step = false;
        boolean resume = false;
        for (int i = 0; i < b.planCount(); i++) {
            step |= b.planStep(i) >= 0;
            resume |= b.planStep(i) < 0;
        }
        boolean clock = false;
        boolean finished = false;
        boolean history = false;
        for (int st = 0; st < b.chart().stateCount(); st++) {
            clock |= b.clock(st) != 0;
            finished |= b.finished(st);
            history |= b.chart().kind(st) == StateKind.DEEP_HISTORY && !b.history(st).isEmpty();
        }
        boolean fired = false;
        for (int t = 0; t < b.chart().transitionCount(); t++) {
            fired |= b.timerFired(t);
        }
        String[] names = {"previous", "pushed", "plan step", "plan resume", "clock", "finished", "fired timer",
                "deferred", "history"};
        boolean[] present = {!b.previous().isEmpty(), b.pushedCount() > 0, step, resume, clock, finished, fired,
                b.deferredCount() > 0, history};
        for (int i = 0; i < names.length; i++) {
            if (present[i] && !seen.contains(names[i])) {
                seen.add(names[i]);
            }
        }
    }

    @Test
    void aBufferWrongInAnyPartIsRefusedWholeAndTheMachineStaysAsItWas() {
        Trace t = new Trace();
        Machine<Trace> m = Trace.started(SnapshotFutureTest.chart(), t);
        Chart<Trace> c = m.chart();
        m.fire(SnapshotFutureTest.In.BUSY);
        MachineState good = m.snapshot();
        int root = 0;
        int patrol = c.stateId("PATROL");
        int walk = c.stateId("WALK");
        int rest = c.stateId("REST");
        int busy = c.stateId("BUSY");
        int history = c.stateId("PH");
        int walkTimer = -1;
        int restTimer = -1;
        for (int tr = 0; tr < c.transitionCount(); tr++) {
            if (c.timerKeepsSource(tr)) {
                walkTimer = tr;
            } else if (c.transitionInfo(tr).mode() == Chart.TransitionInfo.Mode.TIMER
                    && c.transitionInfo(tr).source() == busy) {
                restTimer = tr;
            }
        }
        int onceTimer = walkTimer;
        int leavingTimer = restTimer;
        List<Consumer<MachineStateBuffer>> breaks = List.of(
                b -> b.active().clear(),
                b -> b.active().add(walk), // WALK without PATROL
                b -> b.setHalted(true),
                b -> b.history(history).add(patrol), // a deep history records leaves
                b -> {
                    b.previous().clear();
                    b.previous().add(root);
                    b.previous().add(walk);
                },
                b -> {
                    b.addPushed().add(root);
                    b.pushed(0).add(walk);
                },
                b -> {
                    for (int i = 0; i < 3; i++) {
                        b.addPushed().add(root);
                        b.pushed(i).add(busy);
                    }
                },
                b -> b.addPlanStep(c.stateId("JOB"), walk),
                b -> b.addPlanStep(99, walk),
                b -> b.addPlanResume(patrol),
                b -> b.setClock(walk, 5),
                b -> b.setClock(busy, -1),
                b -> b.setClock(busy, 7), // past BUSY's largest timer (6)
                b -> b.setFinished(walk),
                b -> b.setTimerFired(onceTimer), // WALK's timer, WALK not active
                b -> b.setTimerFired(leavingTimer),
                b -> {
                    for (int i = 0; i < 4; i++) {
                        b.defer(SnapshotFutureTest.In.REQ);
                    }
                });
        List<String> expected = List.of("no state is active",
                "'WALK' is active but its parent 'PATROL' is not",
                "halted, but no top-level final state is active",
                "history 'PH': 'PATROL' is not a leaf below 'PATROL'",
                "previous configuration: 'WALK' is active but its parent 'PATROL' is not",
                "pushed configuration 0: 'WALK' is active but its parent 'PATROL' is not",
                "3 pushed configurations, the chart allows 2",
                "plan entry 0: step " + walk + " is not a state inside 'JOB'",
                "plan entry 0: container id 99 is out of range",
                "plan entry 0: a saved configuration is empty",
                "'WALK' has a clock but is not an active state with behaviours or timers",
                "the clock of 'BUSY' is negative (-1)",
                "the clock of 'BUSY' (7) is past its largest timer (6)",
                "'WALK' is finished but is not an active state with behaviours",
                "is marked fired but is not a timer that keeps its active source",
                "is marked fired but is not a timer that keeps its active source",
                "4 deferred events, the chart keeps at most 3");
        assertThat(breaks).hasSameSizeAs(expected);
        MachineStateBuffer buffer = new MachineStateBuffer(c);
        t.take();
        for (int i = 0; i < breaks.size(); i++) {
            m.snapshotInto(buffer);
            breaks.get(i).accept(buffer);
            assertThatThrownBy(() -> m.restore(buffer, Cause.RESTORE))
                    .as("break %d", i)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a state of chart 'future'")
                    .hasMessageContaining(expected.get(i));
            assertThat(m.snapshot()).isEqualTo(good);
            assertThat(t.take()).isEmpty();
        }
        m.snapshotInto(buffer);
        buffer.history(history).clear();
        buffer.history(history).add(rest); // a legal record: accepted
        m.restore(buffer, Cause.RESTORE);
        assertThat(m.snapshot().history(history)).containsExactly(rest);
    }

    @Test
    void fillingChecksOnlyWhatTheArraysCanHold() {
        Chart<Trace> chart = SnapshotFutureTest.chart();
        MachineStateBuffer b = new MachineStateBuffer(chart);
        int n = chart.stateCount();
        assertThatThrownBy(() -> b.active().add(n)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> b.active().add(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> b.history(chart.stateId("WALK")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'WALK'")
                .hasMessageContaining("not a history state");
        assertThatThrownBy(() -> b.defer(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> b.setTimerFired(chart.transitionCount())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> b.pushed(0)).isInstanceOf(IndexOutOfBoundsException.class);
        StateSet s = new StateSet(130);
        s.add(129);
        s.add(3);
        s.add(64);
        assertThat(s.toArray()).containsExactly(3, 64, 129);
        assertThat(s.next(4)).isEqualTo(64);
        assertThat(s.next(130)).isEqualTo(-1);
        assertThat(s.size()).isEqualTo(3);
    }

    @Test
    void aClearedBufferForgetsEverything() {
        Chart<Trace> chart = SnapshotFutureTest.chart();
        Machine<Trace> busy = Trace.started(chart, new Trace());
        busy.fire(SnapshotFutureTest.In.BUSY);
        busy.fire(SnapshotFutureTest.In.REQ);
        busy.update();
        MachineStateBuffer b = new MachineStateBuffer(chart);
        busy.snapshotInto(b);
        assertThat(b.deferredCount()).isEqualTo(1);
        assertThat(b.clock(chart.stateId("BUSY"))).isEqualTo(1);
        assertThat(b.previous().isEmpty()).isFalse();
        b.clear();
        assertThat(b.toState()).isEqualTo(chart.newMachine(new Trace()).snapshot());
        Machine<Trace> fresh = Trace.started(chart, new Trace());
        fresh.snapshotInto(b);
        assertThat(b.toState()).isEqualTo(fresh.snapshot());
    }

    @Test
    void misuseIsRefusedBeforeAnythingChanges() {
        Chart<Trace> chart = SnapshotFutureTest.chart();
        Machine<Trace> m = Trace.started(chart, new Trace());
        MachineState before = m.snapshot();
        MachineStateBuffer other = new MachineStateBuffer(SnapshotFutureTest.chart()); // an equal chart, not the same
        assertThatThrownBy(() -> m.restore(other, Cause.RESTORE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chart 'future'");
        assertThatThrownBy(() -> m.snapshotInto(other)).isInstanceOf(IllegalArgumentException.class);
        MachineStateBuffer mine = new MachineStateBuffer(chart);
        m.snapshotInto(mine);
        Chart<Trace> stepping = Chart.<Trace>builder("stepping")
                .initial("A")
                .state("A", a -> a.onEntry(o -> { }))
                .build();
        List<Throwable> thrown = new ArrayList<>();
        Machine<Trace> host = stepping.newMachine(new Trace());
        host.addListener(new MachineListener() {
            @Override
            public void onEntry(Machine<?> machine, int state, Cause cause) {
                if (!thrown.isEmpty()) {
                    return;
                }
                try {
                    m.restore(mine, Cause.RESTORE); // another machine: allowed
                    @SuppressWarnings("unchecked")
                    Machine<Trace> self = (Machine<Trace>) machine;
                    self.restore(new MachineStateBuffer(stepping), Cause.RESTORE);
                } catch (RuntimeException e) {
                    thrown.add(e);
                }
            }
        });
        host.start();
        assertThat(thrown).singleElement().isInstanceOf(IllegalStateException.class)
                .extracting(Throwable::getMessage).asString().contains("inside a step");
        assertThat(m.snapshot()).isEqualTo(before);
    }
}
