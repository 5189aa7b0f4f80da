package dev.arbor.net.codec;

import static dev.arbor.net.codec.SnapshotCodecTest.reasonOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Activity;
import dev.arbor.core.Behavior;
import dev.arbor.core.Cause;
import dev.arbor.core.Chart;
import dev.arbor.core.ErrorPolicy;
import dev.arbor.core.HistoryType;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.net.codec.SnapshotException.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The rest of a machine's state in snapshots (issue 12): the previous and pushed configurations,
 * plans, clocks, finished behaviours, fired timers and deferred events round-trip exactly —
 * exhaustively over a small chart's states, and along seeded runs of a chart that uses every
 * feature — in the bits the layout promises, and untrusted bytes are refused with nothing changed.
 */
public class FutureCodecTest {

    public enum Ev { X, Y, GO, BLIP, ALARM, CLEAR, WORK, BUSY, DONE }

    record Pause(int ticks) implements Behavior<Object> {
        @Override
        public boolean isFinished(Object owner, Activity<Object> activity) {
            return activity.ticks() >= ticks;
        }
    }

    /** A: timers (one keeps A active), defers X; B: a behaviour; Y: B → A. Small enough to enumerate. */
    static Chart<Object> tiny() {
        return Chart.<Object>builder("tiny")
                .deferLimit(2)
                .pushLimit(2)
                .initial("A")
                .state("A", a -> {
                    a.defer(Ev.X);
                    a.after(2).action((o, e) -> { });
                    a.after(3).target("B");
                })
                .state("B", b -> {
                    b.use(new Pause(5));
                    b.on(Ev.Y).target("A");
                    b.on(Ev.X).target("B");
                })
                .build();
    }

    static SnapshotCodec<Object> codec(Chart<Object> chart) {
        return SnapshotCodec.builder(chart).events(EventCodec.ofEnum(Ev.class)).build();
    }

    @Test
    void everyStateOfASmallChartRoundTripsExactly() throws SnapshotException {
        Chart<Object> chart = tiny();
        SnapshotCodec<Object> codec = codec(chart);
        ChartNumbering numbering = codec.numbering();
        int a = chart.stateId("A");
        int b = chart.stateId("B");
        int onceTimer = -1;
        for (int t = 0; t < chart.transitionCount(); t++) {
            if (chart.timerKeepsSource(t)) {
                onceTimer = t;
            }
        }
        List<int[]> configs = new ArrayList<>();
        for (long r = 0; r < numbering.configurations(); r++) {
            configs.add(numbering.configurationAt(r));
        }
        List<int[]> previousOptions = new ArrayList<>(configs);
        previousOptions.add(new int[0]);
        List<int[][]> pushedOptions = new ArrayList<>();
        pushedOptions.add(new int[0][]);
        for (int[] c1 : configs) {
            pushedOptions.add(new int[][] {c1});
            for (int[] c2 : configs) {
                pushedOptions.add(new int[][] {c1, c2});
            }
        }
        List<List<Object>> deferredOptions = List.of(List.of(), List.of(Ev.X), List.of(Ev.X, Ev.Y), List.of(Ev.GO, Ev.GO));
        int checked = 0;
        for (int[] config : configs) {
            boolean inA = Arrays.binarySearch(config, a) >= 0;
            long[] clockValues = inA ? new long[] {0, 1, 2, 3} : new long[] {0, 1, 5, 1L << 40};
            for (long clock : clockValues) {
                for (int flag = 0; flag < 2; flag++) {
                    long[] clocks = new long[chart.stateCount()];
                    clocks[inA ? a : b] = clock;
                    int[] finished = !inA && flag == 1 ? new int[] {b} : new int[0];
                    int[] fired = inA && flag == 1 ? new int[] {onceTimer} : new int[0];
                    for (int[] previous : previousOptions) {
                        for (int[][] pushed : pushedOptions) {
                            for (List<Object> deferred : deferredOptions) {
                                MachineState s = new MachineState(config, new int[chart.stateCount()][0], false,
                                        previous, pushed, List.of(), clocks, finished, fired, deferred);
                                Machine<Object> m = chart.newMachine(new Object());
                                m.restore(s, Cause.RESTORE);
                                byte[] bytes = codec.encode(m);
                                assertThat(codec.decodeState(bytes)).as("%s", s).isEqualTo(s);
                                Machine<Object> copy = chart.newMachine(new Object());
                                codec.decodeInto(bytes, copy);
                                assertThat(copy.snapshot()).isEqualTo(s);
                                assertThat(bytes.length).isLessThanOrEqualTo(codec.maxBytes());
                                checked++;
                            }
                        }
                    }
                }
            }
        }
        assertThat(checked).isEqualTo(configs.size() * 4 * 2 * previousOptions.size() * pushedOptions.size() * 4);
    }

    @Test
    void theRestOfTheStateTakesTheBitsTheLayoutPromises() {
        Chart<Object> chart = tiny();
        SnapshotCodec<Object> codec = codec(chart);
        Machine<Object> m = chart.newMachine(new Object());
        m.start(); // A: no previous (1), A's clock in 2 bits (0..3), A's once timer (1), nothing rare (1)
        long header = codec.headerBits();
        assertThat(codec.encode(m)).hasSize((int) ((header + 1 + 2 + 1 + 1 + 7) / 8));
        m.fire(Ev.X); // deferred: rare (1) + pushed depth 0 (2 bits for 0..2) + deferred count (2) + X (4 bits: 9 events)
        assertThat(m.deferredCount()).isEqualTo(1);
        assertThat(codec.encode(m)).hasSize((int) ((header + 1 + 2 + 1 + 1 + 2 + 2 + 4 + 7) / 8));
    }

    /** Every feature that remembers, as in arbor-core's SnapshotFutureTest (shared with RollbackFutureTest). */
    public static Chart<Object> rich() {
        var b = Chart.<Object>builder("rich")
                .errorPolicy(ErrorPolicy.RAISE_ERROR_EVENT)
                .allowUnreachable()
                .deferLimit(3)
                .pushLimit(2)
                .initial("PATROL");
        b.on(Ev.BLIP).action((m, o, e) -> m.goTo("EMOTE"));
        b.on(Ev.ALARM).action((m, o, e) -> m.push("ALARMED"));
        return b
                .state("PATROL", p -> {
                    p.initial("WALK");
                    p.history("PH", HistoryType.DEEP);
                    p.on(Ev.WORK).plan("TO_GATE", "WATCH", "TO_TOWER").resumeAfter();
                    p.on(Ev.BUSY).target("BUSY");
                    p.on(Ev.X).action((o, e) -> { });
                    p.state("WALK", w -> {
                        w.after(4).action((o, e) -> { });
                        w.after(9).target("REST");
                    });
                    p.state("REST", r -> r.use(new Pause(3)).then("WALK"));
                    p.state("JOB", j -> {
                        j.initial("TO_GATE");
                        j.state("TO_GATE", s -> s.use(new Pause(2)));
                        j.state("WATCH", s -> s.use(new Pause(1)));
                        j.state("TO_TOWER", s -> s.use(new Pause(2)));
                    });
                })
                .state("BUSY", s -> {
                    s.defer(Ev.X);
                    s.on(Ev.DONE).target("PH");
                    s.after(6).target("PH");
                })
                .state("EMOTE", s -> s.after(2).action((m, o, e) -> m.revert()))
                .state("ALARMED", s -> s.on(Ev.CLEAR).action((m, o, e) -> m.pop()))
                .build();
    }

    @Test
    void alongSeededRunsEverySnapshotRoundTripsAndEveryPrefixAndCorruptionIsRefusedWithNothingChanged()
            throws SnapshotException {
        Chart<Object> chart = rich();
        SnapshotCodec<Object> codec = codec(chart);
        Ev[] events = Ev.values();
        List<String> seen = new ArrayList<>();
        for (int seed = 0; seed < 20; seed++) {
            Random r = new Random(seed);
            Machine<Object> m = chart.newMachine(new Object());
            m.start();
            Machine<Object> target = chart.newMachine(new Object());
            target.start();
            for (int step = 0; step < 150; step++) {
                if (r.nextInt(100) < 45) {
                    m.update();
                } else {
                    m.fire(events[r.nextInt(events.length)]);
                }
                MachineState s = m.snapshot();
                note(s, seen);
                byte[] bytes = codec.encode(m);
                assertThat(codec.decodeState(bytes)).as("seed %d step %d", seed, step).isEqualTo(s);
                if (step % 10 != 0) {
                    continue;
                }
                MachineState before = target.snapshot();
                for (int len = 0; len < bytes.length; len++) {
                    byte[] prefix = Arrays.copyOf(bytes, len);
                    assertThat(reasonOf(() -> codec.decodeInto(prefix, target))).isEqualTo(Reason.TRUNCATED);
                }
                for (int bit = codec.fingerprintBits(); bit < 8 * bytes.length; bit++) {
                    byte[] flipped = bytes.clone();
                    flipped[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
                    try {
                        MachineState decoded = codec.decodeState(flipped); // a different legal state, or refused
                        Machine<Object> probe = chart.newMachine(new Object());
                        codec.decodeInto(flipped, probe);
                        assertThat(probe.snapshot()).isEqualTo(decoded);
                    } catch (SnapshotException refused) {
                        assertThat(refused.reason()).isNotNull();
                    }
                }
                assertThat(target.snapshot()).isEqualTo(before);
                codec.decodeInto(bytes, target);
                assertThat(target.snapshot()).isEqualTo(s);
            }
        }
        assertThat(seen).contains("previous", "pushed", "plan step", "plan resume", "clock", "fired timer", "deferred");
    }

    private static void note(MachineState s, List<String> seen) {
        String[] names = {"previous", "pushed", "plan step", "plan resume", "clock", "finished", "fired timer", "deferred"};
        boolean[] present = {s.previous().length > 0, s.pushed().length > 0,
                s.plans().stream().anyMatch(p -> p.step() >= 0), s.plans().stream().anyMatch(p -> p.step() < 0),
                s.clocks().length > 0, s.finished().length > 0, s.firedTimers().length > 0, !s.deferred().isEmpty()};
        for (int i = 0; i < names.length; i++) {
            if (present[i] && !seen.contains(names[i])) {
                seen.add(names[i]);
            }
        }
    }

    @Test
    void randomBytesAreRefusedWithNothingChanged() {
        Chart<Object> chart = rich();
        SnapshotCodec<Object> codec = codec(chart);
        Machine<Object> target = chart.newMachine(new Object());
        target.start();
        MachineState before = target.snapshot();
        Random r = new Random(7);
        for (int i = 0; i < 5_000; i++) {
            byte[] junk = new byte[1 + r.nextInt(40)];
            r.nextBytes(junk);
            assertThat(reasonOf(() -> codec.decodeInto(junk, target))).isNotNull();
        }
        assertThat(target.snapshot()).isEqualTo(before);
    }

    @Test
    void aChartThatDefersEventsNeedsAnEventCodec() {
        assertThatThrownBy(() -> SnapshotCodec.of(tiny()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("chart 'tiny' defers events")
                .hasMessageContaining("EventCodec.ofEnum");
    }

    @Test
    void aDeferredEventTheCodecCannotReadIsRefused() {
        Chart<Object> chart = tiny();
        EventCodec picky = new EventCodec() {
            @Override
            public void write(Object event, BitWriter out) {
                out.writeBits(((Ev) event).ordinal(), 4);
            }

            @Override
            public Object read(BitReader in) throws SnapshotException {
                long v = in.readBits(4);
                return Ev.values()[(int) v]; // throws for values past the last constant
            }
        };
        SnapshotCodec<Object> codec = SnapshotCodec.builder(chart).events(picky).build();
        Machine<Object> m = chart.newMachine(new Object());
        m.start();
        m.fire(Ev.X);
        byte[] bytes = codec.encode(m);
        int lastEventBit = (int) (codec.headerBits() + 1 + 2 + 1 + 1 + 2 + 2); // where X's 4 bits start
        byte[] bad = bytes.clone();
        for (int k = 0; k < 4; k++) { // 15: no such constant
            bad[(lastEventBit + k) >>> 3] |= (byte) (0x80 >>> ((lastEventBit + k) & 7));
        }
        Machine<Object> target = chart.newMachine(new Object());
        assertThat(reasonOf(() -> codec.decodeInto(bad, target))).isEqualTo(Reason.INVALID_DATA);
        assertThat(target.isStarted()).isFalse();
    }
}
