package dev.arbor.net.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Chart;
import dev.arbor.core.ChartBuilder;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.StateKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ChartNumberingTest {

    @Test
    void torchCountsByHand() {
        ChartNumbering n = new ChartNumbering(TestCharts.torch());
        // Unlit, Dim, Bright, Smoulder, Blaze, BurntOut
        assertThat(n.configurations()).isEqualTo(6);
        assertThat(n.configurationBits()).isEqualTo(3);
        // deep history of Lit: nothing, or one of Lit's 4 configurations
        assertThat(n.count()).isEqualTo(6 * 5);
        assertThat(n.bits()).isEqualTo(5);
    }

    @Test
    void countsOfTheOtherCharts() {
        assertThat(new ChartNumbering(TestCharts.flat()).count()).isEqualTo(5);
        // OFF + M1a, M1b, M2a, M2b; HS 3, HD 5, HN 3, HX 3
        ChartNumbering h = new ChartNumbering(TestCharts.nestedHistory());
        assertThat(h.configurations()).isEqualTo(5);
        assertThat(h.count()).isEqualTo(5L * 3 * 5 * 3 * 3);
        // P: R1 (A1, A2x, A2y) x R2 (B1, B2) = 6, + OUT = 7; PH 7, PS 2, R1H 4, R2S 3
        ChartNumbering r = new ChartNumbering(TestCharts.regions());
        assertThat(r.configurations()).isEqualTo(7);
        assertThat(r.count()).isEqualTo(7L * 7 * 2 * 4 * 3);
        // IDLE, WORK 2x2, END = 6; H 5
        ChartNumbering rs = new ChartNumbering(TestCharts.restoreChart());
        assertThat(rs.count()).isEqualTo(6 * 5);
    }

    static List<Chart<Object>> charts() {
        List<Chart<Object>> all = new ArrayList<>(TestCharts.all());
        all.add(TestCharts.<Object>torchAsObject());
        return all;
    }

    @Test
    void everyIndexGivesADistinctStateThatMachinesAcceptAndRanksBack() {
        for (Chart<Object> chart : charts()) {
            ChartNumbering n = new ChartNumbering(chart);
            Set<MachineState> seen = new HashSet<>();
            Machine<Object> m = chart.newMachine(new Object());
            for (long i = 0; i < n.count(); i++) {
                MachineState s = n.stateAt(i);
                assertThat(seen.add(s)).as("%s index %d", chart.name(), i).isTrue();
                m.restore(s, dev.arbor.core.Cause.RESTORE); // never throws: only legal states
                assertThat(m.snapshot()).isEqualTo(s);
                assertThat(n.indexOf(s)).isEqualTo(i);
            }
            assertThatThrownBy(() -> n.stateAt(n.count())).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> n.stateAt(-1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /**
     * An independent count: every subset of states tried as the active set (and, for each history
     * state, every subset as its record), counted when the core's own check accepts it.
     */
    @Test
    void countsAgreeWithTheCoresOwnValidityCheckByBruteForce() {
        for (Chart<Object> chart : charts()) {
            int states = chart.stateCount();
            if (states > 16) {
                continue;
            }
            ChartNumbering n = new ChartNumbering(chart);
            Machine<Object> m = chart.newMachine(new Object());
            MachineState legal = n.stateAt(0);
            long configurations = 0;
            for (int mask = 0; mask < (1 << states); mask++) {
                MachineState s = new MachineState(ids(mask, states), legal.history(), impliedHalted(chart, mask));
                if (accepts(m, s)) {
                    configurations++;
                }
            }
            assertThat(configurations).as(chart.name()).isEqualTo(n.configurations());
            long combinations = configurations;
            for (int h : n.historyStates()) {
                long records = 0;
                for (int mask = 0; mask < (1 << states); mask++) {
                    int[][] history = legal.history();
                    history[h] = ids(mask, states);
                    if (accepts(m, new MachineState(legal.active(), history, legal.halted()))) {
                        records++;
                    }
                }
                combinations *= records;
            }
            assertThat(combinations).as(chart.name()).isEqualTo(n.count());
        }
    }

    private static boolean impliedHalted(Chart<?> chart, int mask) {
        for (int c : chart.children(0)) {
            if (chart.kind(c) == StateKind.FINAL && (mask & (1 << c)) != 0) {
                return true;
            }
        }
        return false;
    }

    private static int[] ids(int mask, int states) {
        int[] out = new int[Integer.bitCount(mask)];
        int k = 0;
        for (int s = 0; s < states; s++) {
            if ((mask & (1 << s)) != 0) {
                out[k++] = s;
            }
        }
        return out;
    }

    private static boolean accepts(Machine<Object> m, MachineState s) {
        try {
            m.restore(s, dev.arbor.core.Cause.RESTORE);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    void statesReachedByPlayingRankAndUnrankToThemselves() {
        SplittableRandom r = new SplittableRandom(5);
        TestCharts.Ev[] events = TestCharts.Ev.values();
        for (Chart<Object> chart : charts()) {
            ChartNumbering n = new ChartNumbering(chart);
            for (int run = 0; run < 50; run++) {
                Machine<Object> m = chart.newMachine(new Object());
                m.start();
                for (int step = 0; step < 40; step++) {
                    MachineState s = m.snapshot(); // numbered: the configuration and history records
                    assertThat(n.stateAt(n.indexOf(s))).isEqualTo(new MachineState(s.active(), s.history(), s.halted()));
                    assertThat(n.configurationAt(n.configurationIndex(s.active()))).isEqualTo(s.active());
                    m.fire(events[r.nextInt(events.length)]);
                }
            }
        }
    }

    @Test
    void illegalStatesAreRefused() {
        ChartNumbering n = new ChartNumbering(TestCharts.torch());
        Machine<TestCharts.Torch> m = TestCharts.torch().newMachine(new TestCharts.Torch());
        assertThatThrownBy(() -> n.indexOf(m.snapshot())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("torch");
    }

    @Test
    void chartsWithTooManyCombinationsAreRefusedByName() {
        ChartBuilder<Object> b = Chart.builder("huge");
        b.initial("P");
        b.parallel("P", p -> {
            for (int i = 0; i < 32; i++) {
                String region = "R" + i;
                p.state(region, reg -> {
                    reg.initial(region + "a");
                    for (char c = 'a'; c <= 'd'; c++) {
                        reg.state(region + c);
                    }
                });
            }
        });
        Chart<Object> huge = b.allowUnreachable().build();
        assertThatThrownBy(() -> new ChartNumbering(huge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'huge'")
                .hasMessageContaining("2^62");
    }

    @Test
    void aChartWithTooManyConfigurationsToTabulateUnranksEachOneTheSameWay() throws SnapshotException {
        ChartBuilder<Object> b = Chart.builder("wide");
        b.initial("P");
        b.parallel("P", p -> {
            for (int i = 0; i < 3; i++) {
                String region = "R" + i;
                p.state(region, reg -> {
                    reg.initial(region + "a");
                    for (char c = 'a'; c <= 'g'; c++) {
                        reg.state(region + c);
                    }
                });
            }
        });
        Chart<Object> wide = b.allowUnreachable().build();
        SnapshotCodec<Object> codec = SnapshotCodec.of(wide);
        ChartNumbering n = codec.numbering();
        assertThat(n.configurations()).isEqualTo(7 * 7 * 7); // above the 256 configurations tabulated
        SnapshotCodec.Workspace<Object> workspace = codec.newWorkspace();
        Machine<Object> source = wide.newMachine(new Object());
        Machine<Object> target = wide.newMachine(new Object());
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (long r = 0; r < n.configurations(); r++) {
            int[] config = n.configurationAt(r);
            assertThat(n.configurationIndex(config)).isEqualTo(r);
            assertThat(seen.add(java.util.Arrays.toString(config))).isTrue();
            source.restore(n.stateAt(r), dev.arbor.core.Cause.RESTORE);
            workspace.decodeInto(codec.encode(source), target);
            assertThat(target.snapshot()).isEqualTo(source.snapshot());
        }
    }

    @Test
    void numbersUpTo2To62AreAccepted() {
        ChartBuilder<Object> b = Chart.builder("big");
        b.initial("P");
        b.parallel("P", p -> {
            for (int i = 0; i < 31; i++) {
                String region = "R" + i;
                p.state(region, reg -> {
                    reg.initial(region + "a");
                    for (char c = 'a'; c <= 'd'; c++) {
                        reg.state(region + c);
                    }
                });
            }
        });
        Chart<Object> big = b.allowUnreachable().build();
        ChartNumbering n = new ChartNumbering(big);
        assertThat(n.count()).isEqualTo(1L << 62);
        assertThat(n.bits()).isEqualTo(62);
        MachineState last = n.stateAt(n.count() - 1);
        assertThat(n.indexOf(last)).isEqualTo(n.count() - 1);
        big.newMachine(new Object()).restore(last, dev.arbor.core.Cause.RESTORE);
    }
}
